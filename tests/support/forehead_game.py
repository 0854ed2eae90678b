"""Forehead, a game made for the side-channel suite's own tests (never installed): two players are
dealt a card each (1-9, by the match's seed) held to the forehead, so each sees the other's card
and never their own. Alice says stay or fold, then Bob, each move announced at once; whoever
stayed with the higher card wins, and folding the penalty card (a setting) costs a point.

Every move is public, so its only secret is the deal (and, in SecretPenaltyForehead, the
penalty card, which only the host knows until the end). The Leaky variants tell a player their
own card, or the players the penalty card: the suite must fail them."""

import copy

from games import engine_api as api
from games.blocks.reveal import sees_everything, visible_to_others
from games.blocks.settings import first_problem, whole_number
from games.secrets import HiddenSetting, SeededSecret

CARDS = range(1, 10)
TURNS = ("alice-says", "bob-says")


def other_card(seat):
    """The deal as the seed could have drawn it: `seat` holds a card nobody was dealt."""

    def vary(state):
        state = copy.deepcopy(state)
        state["cards"][seat] = next(c for c in CARDS if c not in state["cards"])
        return state

    return vary


class Forehead(api.GameEngine):
    slug = "forehead"
    name = "Forehead (test)"
    kind = "death"
    min_seats = max_seats = 2
    default_settings = {"turn_seconds": 60, "penalty_card": 5}
    settings_fields = (
        api.duration_setting("turn_seconds", "Each turn"),
        api.Field("penalty_card", "Folding this card costs a point", api.INT, min_value=1, max_value=9),
    )
    summary = "Your card is on your forehead: stay or fold."
    secrets = (
        SeededSecret("Alice's card", other_card(0), known_to=lambda state: (1,)),
        SeededSecret("Bob's card", other_card(1), known_to=lambda state: (0,)),
    )
    penalty_public = True
    leaks_own_card = leaks_penalty = False

    def validate_settings(self, settings, seats):
        return first_problem(super().validate_settings(settings, seats), whole_number("penalty_card", 1, 9))

    def setup(self, seats, settings, rng):
        state = {
            "settings": settings,
            "names": [s.name for s in seats],
            "cards": rng.sample(list(CARDS), 2),
            "said": [],
            "points": [0, 0],
            "finished": False,
            "winner": None,
        }
        return api.Transition(state, [api.public("deal", "The cards are dealt.")], [self._turn(state, 0)])

    def _turn(self, state, seat):
        return api.PhaseSpec(
            TURNS[seat],
            f"{state['names'][seat]}: stay or fold",
            (seat,),
            state["settings"]["turn_seconds"],
            close_early=True,
        )

    def form(self, state, phase_key, seat):
        return api.FormSpec(
            (api.Field("say", "Stay or fold", api.RADIO, (("stay", "Stay"), ("fold", "Fold")), required=True),)
        )

    def validate_submission(self, state, phase_key, seat, data):
        if not isinstance(data, dict) or set(data) != {"say"} or data["say"] not in ("stay", "fold"):
            return api.Invalid("Stay or fold.")
        if state["finished"] or phase_key != TURNS[len(state["said"])] or seat != len(state["said"]):
            return api.Invalid("It is not your turn.")
        return {"say": data["say"]}

    def default_submission(self, state, phase_key, seat, last, rng):
        return last if last is not None else {"say": "stay"}

    def random_submission(self, state, phase_key, seat, rng):
        return {"say": rng.choice(("stay", "fold"))}

    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        seat = len(state["said"])
        say = submissions[seat]["say"]
        state["said"].append(say)
        events = [api.public("say", f"{state['names'][seat]} says {say}.")]
        if say == "fold" and state["cards"][seat] == state["settings"]["penalty_card"]:
            state["points"][seat] -= 1
        if seat == 0:
            return api.Transition(state, events, [self._turn(state, 1)])
        stayed = [s for s in (0, 1) if state["said"][s] == "stay"]
        winner = max(stayed, key=lambda s: state["cards"][s]) if stayed else None
        if winner is not None:
            state["points"][winner] += 1
        state["finished"], state["winner"] = True, winner
        return api.Transition(state, events, [], finished=True)

    def view(self, state, viewer):
        finished = state["finished"]
        out = {
            "names": state["names"],
            "said": state["said"],
            "points": state["points"],
            "finished": finished,
            "cards": [self._card(state, seat, viewer) for seat in (0, 1)],
        }
        if self.penalty_public or self.leaks_penalty or sees_everything(viewer, finished):
            out["penalty_card"] = state["settings"]["penalty_card"]
        return out

    def _card(self, state, seat, viewer):
        record = {"name": state["names"][seat], "card": state["cards"][seat]}
        if self.leaks_own_card and viewer.kind == api.SEAT:
            return record
        return visible_to_others(record, seat, ("card",), viewer, state["finished"])

    def outcome(self, state):
        points = state["points"]
        standings = [api.Standing(s, 1 if points[s] >= points[1 - s] else 2, points[s]) for s in (0, 1)]
        return api.Outcome(standings, [], "Forehead is over.")


class SecretPenaltyForehead(Forehead):
    slug = "forehead_penalty"
    penalty_public = False
    secrets = Forehead.secrets + (HiddenSetting("the penalty card", ({"penalty_card": 3}, {"penalty_card": 8})),)


class LeakyForehead(Forehead):
    slug = "forehead_leaky"
    leaks_own_card = True


class LeakyPenaltyForehead(SecretPenaltyForehead):
    slug = "forehead_penalty_leaky"
    leaks_penalty = True
