import pytest


@pytest.fixture
def fixture_engine():
    from tests.fixture_game.engine import FIXTURE

    return FIXTURE
