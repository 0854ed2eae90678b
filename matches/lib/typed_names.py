"""Names people type (a season's, a player's, a username, a match's title, a season currency's)
never hold invisible text-direction characters: the rule is games.values.direction_problem
(engines use it for the names hosts type in a game's settings); here it is a Django validator for
model and form fields."""

from django.core.exceptions import ValidationError

from games.values import direction_problem

__all__ = ["direction_problem", "refuse_direction_controls"]


def refuse_direction_controls(value):
    problem = direction_problem(value)
    if problem:
        raise ValidationError(problem, code="direction_control")
