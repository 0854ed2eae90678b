"""Black and White: the engine the platform drives (rulings B1-B8, ../shared/games/black-and-white.md).

A two-player Death Match. Each player holds the tiles 0-8 (even black, odd white). Nine rounds;
each round is two one-player steps: the leader lays a tile, then the follower, who has seen its
colour, lays one. The higher number wins the round and a point, equal numbers win nothing; the
winner leads next, the same leader after a draw (B2). Colours are public, numbers secret to their
player and the host until the match is over (B1, B7). A missed step lays a tile drawn from the
player's hand with the match's seed (B3), and is said as one ("Time ran out for Otto: the seed
laid ..."), in the log and on the page, never as the player's choice. The match ends as soon as a lead cannot be caught (B4);
a tie goes to the last round won, and a match of nine draws is replayed once with the leader
swapped (B5)."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.blocks.death_match import death_match_outcome
from games.blocks.hands import draw_from, without
from games.blocks.leaders import seeded_first_leader, winner_leads
from games.blocks.points import last_decisive_winner, uncatchable_leader
from games.blocks.settings import first_problem
from games.blocks.steps import last_or_random, one_player_step
from games.secrets import HiddenMove
from games.values import as_int

from . import views
from .tiles import ROUNDS, TILES, colour, round_winner

LEAD, FOLLOW = "lead", "follow"


def step_key(state, step):
    return f"g{state['game']}-r{state['round']}-{step}"


class BlackAndWhite(api.GameEngine):
    slug = "black_and_white"
    name = "Black and White"
    kind = "death"
    min_seats = max_seats = 2
    default_settings = {"step_seconds": 60}
    settings_fields = (api.duration_setting("step_seconds", "Each step", "A player's time to lay a tile."),)
    summary = "Nine tiles each, numbers hidden, colours shown: win more rounds with the higher tile."
    secrets = (HiddenMove("a laid tile's number"),)  # the seeded first leader is public (B2)

    def validate_settings(self, settings, seats):
        return first_problem(super().validate_settings(settings, seats))

    def setup(self, seats, settings, rng):
        leader = seeded_first_leader(2, rng)  # B2
        state = {
            "settings": settings,
            "names": [s.name for s in seats],
            "game": 1,
            "first_leaders": [leader],
            "hands": [list(TILES), list(TILES)],
            "points": [0, 0],
            "round": 1,
            "leader": leader,
            "laid": None,
            "laid_missed": False,
            "rounds": [],
            "finished": False,
            "winner": None,
            "decided_by": "",
        }
        events = [api.public("start", f"The seed drew {state['names'][leader]} to lead the first round.")]
        return api.Transition(state, events, [self._step(state, LEAD)])

    def _step(self, state, step):
        seat = state["leader"] if step == LEAD else 1 - state["leader"]
        verb = "leads" if step == LEAD else "follows"
        title = f"{'Replay, r' if state['game'] == 2 else 'R'}ound {state['round']}: {state['names'][seat]} {verb}"
        return one_player_step(step_key(state, step), title, seat, state["settings"]["step_seconds"])  # B3

    # a player's step ------------------------------------------------------------------------
    def form(self, state, phase_key, seat):
        choices = tuple((str(t), f"{t} ({colour(t)})") for t in sorted(state["hands"][seat]))
        intro = ""
        if phase_key.endswith(FOLLOW) and state["laid"] is not None:
            intro = f"{state['names'][state['leader']]} laid a {colour(state['laid'])} tile."
        return api.FormSpec((api.Field("tile", "Your tile", api.RADIO, choices, required=True),), "Lay it", intro)

    def validate_submission(self, state, phase_key, seat, data):
        if not isinstance(data, dict) or set(data) != {"tile"}:
            return api.Invalid("Choose one tile.")
        step = LEAD if state["laid"] is None else FOLLOW
        if state["finished"] or phase_key != step_key(state, step):
            return api.Invalid("This step is over.")
        tile = as_int(data["tile"])
        if tile not in state["hands"][seat]:
            return api.Invalid("Choose one of the tiles you still hold.")
        return {"tile": tile}

    def default_submission(self, state, phase_key, seat, last, rng):
        return last_or_random(self, state, phase_key, seat, last, rng)  # B3: drawn from the seed

    def random_submission(self, state, phase_key, seat, rng):
        return {"tile": draw_from(rng, state["hands"][seat])}

    # the close of a step --------------------------------------------------------------------
    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        ((seat, sent),) = submissions.items()
        tile = sent["tile"]
        state["hands"][seat] = without(state["hands"][seat], tile)
        name = state["names"][seat]
        # B3: a missed step's tile was drawn by the seed; say so, to the player and to everyone (the
        # miss is public anyway, the number stays the player's), never as the player's own choice
        missed = seat in filled_in
        events = [
            api.private(
                seat,
                "laid",
                f"Time ran out: the seed laid your {tile}." if missed else f"You laid your {tile}.",
                others=f"Time ran out for {name}: the seed laid {tile}." if missed else f"{name} laid {tile}.",
            )
        ]
        if phase_key.endswith(LEAD):
            state["laid"], state["laid_missed"] = tile, missed
            said = f"time ran out for {name}: the seed led with" if missed else f"{name} leads with"
            events.append(api.public("led", f"Round {state['round']}: {said} a {colour(tile)} tile."))
            return api.Transition(state, events, [self._step(state, FOLLOW)])
        return self._end_round(state, tile, events, missed)

    def _end_round(self, state, followed, events, follow_missed=False):
        leader, laid = state["leader"], state["laid"]
        winner = round_winner(leader, laid, followed)
        if winner is not None:
            state["points"][winner] += 1
        tiles = [laid, followed] if leader == 0 else [followed, laid]
        missed = [seat for seat, gone in ((leader, state.get("laid_missed")), (1 - leader, follow_missed)) if gone]
        state["rounds"].append(
            {
                "game": state["game"],
                "round": state["round"],
                "leader": leader,
                "tiles": tiles,
                "winner": winner,
                "missed": sorted(missed),
            }
        )
        names = state["names"]
        said = f"{names[winner]} wins the round" if winner is not None else "a draw"
        follows = (
            f"Time ran out for {names[1 - leader]}: the seed followed"
            if follow_missed
            else f"{names[1 - leader]} follows"
        )
        events.append(
            api.public(
                "round",
                f"{follows} with a {colour(followed)} tile: {said}"
                f" ({names[0]} {state['points'][0]}, {names[1]} {state['points'][1]}).",
            )
        )
        state["leader"], state["laid"], state["laid_missed"] = winner_leads(leader, winner), None, False  # B2
        if self._decided(state):  # the platform announces the result (the outcome's summary)
            return api.Transition(state, events, [], finished=True)
        if state["round"] == ROUNDS:  # nine draws: B5's replay
            return self._replay(state, events)
        state["round"] += 1
        return api.Transition(state, events, [self._step(state, LEAD)])

    def _decided(self, state):
        """Who has won, said in words, or "" while the match goes on (B4, B5)."""
        names, points = state["names"], state["points"]
        left = ROUNDS - state["round"]
        winner, how = uncatchable_leader(points, left), "nobody can catch them"  # B4
        this_game = [r["winner"] for r in state["rounds"] if r["game"] == state["game"]]
        if winner is None and left == 0:
            winner, how = last_decisive_winner(this_game), "they won the last round that was not a draw"  # B5
            if winner is None and state["game"] == 2:
                winner, how = 1 - state["first_leaders"][1], "the replay was nine draws too: its first follower wins"
        if winner is None:
            return ""
        state["finished"], state["winner"] = True, winner
        state["decided_by"] = f"{names[winner]} wins {points[winner]}-{points[1 - winner]}: {how}."
        return state["decided_by"]

    def _replay(self, state, events):
        """B5: nine draws replay the match once, fresh tiles, the first leader swapped."""
        leader = 1 - state["first_leaders"][0]
        state.update(game=2, round=1, leader=leader, hands=[list(TILES), list(TILES)], points=[0, 0])
        state["first_leaders"].append(leader)
        events.append(
            api.public(
                "replay", f"Nine draws: the match is replayed with fresh tiles, {state['names'][leader]} leading."
            )
        )
        return api.Transition(state, events, [self._step(state, LEAD)])

    # what each viewer sees ------------------------------------------------------------------
    def view(self, state, viewer):
        return views.view(state, viewer)

    def outcome(self, state):
        winner = state["winner"] if state["winner"] is not None else 0
        return death_match_outcome(
            self.name,
            state["names"],
            winner,
            state["points"],
            summary=state["decided_by"],
            points_heading="Points (rounds won)" + (" in the replay" if state["game"] == 2 else ""),
            how=f"{state['decided_by']} A point is a round won with the higher tile; a drawn round gives none.",
        )


ENGINE = BlackAndWhite()
