import pytest

from games import registry
from tests.fixture_game.engine import FIXTURE

# The fixture game is a test double for "some game": registered for the test run only.
registry.register(FIXTURE)


@pytest.fixture
def fixture_engine():
    return FIXTURE
