"""Mystery Cosign: the engine the platform drives (seed 004, rulings C1-C8).

The match is one chain of short steps, each opened the moment the last one closes: the
Advantage holder's choice, then per phase five collaboration rounds of three steps (P from
Player 1, Q from Player 2, both players' picks) and three shootouts. The operations' definitions
and the shootouts' targets, P and Q stay with the host until the match ends.

The order of the steps and what each waits on are in schedule.py; what each viewer sees is in
views.py."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.blocks.death_match import death_match_outcome
from games.blocks.settings import first_problem, one_of
from games.secrets import HiddenMove, HiddenSetting
from games.values import as_int
from games.words import count

from . import operations as ops
from . import views
from .settings_rows import OwnOperations, Targets
from .schedule import (ADVANTAGE, PHASES, SHOOTOUTS, phase_spec, picks_per_player, player_one, step_for,
                       step_index, steps, waits_on)

NUMBER_MAX = 999


class MysteryCosign(api.GameEngine):
    slug = "mystery_cosign"
    name = "Mystery Cosign"
    kind = "death"
    min_seats = max_seats = 2
    default_settings = {
        "operation_set": "sample",
        "operations": {},
        "targets": [],
        "advantage_seat": 0,
        "number_seconds": 30,
        "pick_seconds": 30,
        "shootout_seconds": 180,
        "advantage_seconds": 60,
    }
    seconds_range = (5, 48 * 3600)
    settings_fields = (
        api.Field("operation_set", "Operations", api.CHOICE, api.setting_choices(*ops.SETS.items()), required=True,
                  help="The twelve hidden operations; your own operations below may write over any letter."),
        api.Field("advantage_seat", "Advantage", api.CHOICE,
                  api.setting_choices((0, "The first seat"), (1, "The second seat")), required=True,
                  help="Who holds the Advantage (the Death Match's candidate usually sits first)."),
        api.duration_setting("number_seconds", "Number step", "Each collaboration step's number (the seed: 30s)."),
        api.duration_setting("pick_seconds", "Pick step", "Each collaboration step's pick (the seed: 30s)."),
        api.duration_setting("shootout_seconds", "Shootout", "Each shootout."),
        api.duration_setting("advantage_seconds", "Advantage choice", "The Advantage holder's choice."),
    )
    settings_rows = (OwnOperations(), Targets())
    summary = "Twelve hidden operations: probe them together, then outscore each other in shootouts."
    secrets = (HiddenMove("a player's pick"),
               HiddenSetting("an operation the host wrote", ({"operations": {"A": "a*b + 1"}},
                                                             {"operations": {"A": "a*b + 2"}})))

    # settings -------------------------------------------------------------------------------
    def validate_settings(self, settings, seats):
        merged = first_problem(super().validate_settings(settings, seats),
                               one_of("advantage_seat", (0, 1), "0 or 1: the seat that holds the Advantage"),
                               ops.check_custom)
        if isinstance(merged, api.Invalid):
            return merged
        targets = ops.check_targets(merged["targets"], PHASES * SHOOTOUTS)
        return targets if isinstance(targets, api.Invalid) else merged

    def prepare(self, settings, seats, rng):
        """Before the start, outside the match lock: the made set's definitions and the targets
        (C6), written into the settings so that `setup` evaluates nothing."""
        sources = ops.sources(settings, rng)
        targets = settings["targets"] or ops.make_targets(sources, SHOOTOUTS, PHASES, rng)
        if isinstance(targets, api.Invalid):
            return targets
        return {**settings, "operations": sources, "targets": targets}

    def draft_report(self, settings):
        return [] if ops.check_custom(settings) else [f"Operations: {ops.SETS[settings['operation_set']]}."]

    def settings_report(self, settings):
        custom = settings["operations"]
        if len(custom) < len(ops.LETTERS):  # not prepared yet (the admin prepares before reporting)
            return [f"Operations: {ops.SETS[settings['operation_set']]}."]
        lines = [f"Operations ({ops.SETS[settings['operation_set']]}; the host may write over any letter):"]
        lines += [f"{letter} = {custom[letter]}" for letter in ops.LETTERS]
        lines.append("Targets: " + "; ".join(f"shootout {n}: {', '.join(map(str, t))}"
                                             for n, t in enumerate(settings["targets"], start=1)))
        lines += ops.unreached_targets(custom, settings["targets"], SHOOTOUTS)
        return lines + ops.check_report(custom)

    # setup ----------------------------------------------------------------------------------
    def setup(self, seats, settings, rng):
        if len(settings["operations"]) < len(ops.LETTERS) or not settings["targets"]:
            prepared = self.prepare(settings, len(seats), rng)  # the platform prepares first
            if isinstance(prepared, api.Invalid):
                raise ValueError(prepared.message)
            settings = prepared
        state = {
            "settings": settings,
            "names": [s.name for s in seats],
            "ops": dict(settings["operations"]),
            "targets": settings["targets"],
            "advantage": settings["advantage_seat"],
            "first": None,
            "step": ADVANTAGE,
            "collabs": [],
            "shootouts": [],
            "finished": False,
            "winner": None,
            "decided_by": "",
        }
        holder = state["names"][state["advantage"]]
        event = api.public("cosign.start", f"{holder} holds the Advantage and chooses who is Player 1 first.")
        return api.Transition(state, [event], [phase_spec(state, ADVANTAGE)])

    # steps (the order and who each waits on: schedule.py) -----------------------------------
    def _current(self, state, phase_key, seat):
        """The open step `phase_key` if `seat` may submit to it now, else None."""
        step = step_for(phase_key)
        if step is None or state["finished"] or phase_key != state["step"]:
            return None
        if type(seat) is not int or seat not in waits_on(state, step):
            return None
        return step

    # forms and submissions ------------------------------------------------------------------
    def form(self, state, phase_key, seat):
        step = self._current(state, phase_key, seat)
        if step is None:
            return api.NO_FORM
        kind = step["kind"]
        if kind == ADVANTAGE:
            return api.FormSpec((api.Field("first", "Player 1 in the first collaboration round", api.CHOICE,
                                           (("me", "Me"), ("opponent", "My opponent")), required=True),),
                                submit_label="Choose", intro="Roles then alternate every round. If you do not "
                                                             "choose in time, you are Player 1 first.")
        number = lambda name, label: api.Field(name, label, api.INT, min_value=0, max_value=NUMBER_MAX, required=True)  # noqa: E731
        if kind == "P":
            return api.FormSpec((number("P", "P (0-999)"),), submit_label="Send P",
                                intro="You are Player 1. Miss the clock and P is a random number from 1 to 9.")
        if kind == "Q":
            collab = state["collabs"][-1]
            return api.FormSpec((number("Q", "Q (0-999)"),), submit_label="Send Q",
                                intro=f"You are Player 2. Player 1 gave P = {collab['P']}. Miss the clock and Q is "
                                      "a random number from 1 to 9.")
        if kind == "picks":
            count, collab = picks_per_player(step["phase"]), state["collabs"][-1]
            letters = tuple((letter, letter) for letter in ops.active(step["phase"]))
            return api.FormSpec((api.Field("picks", f"Pick {count} operations", api.MULTICHOICE, letters, required=True),),
                                submit_label="Pick", intro=f"P = {collab['P']}, Q = {collab['Q']}. Miss the clock and "
                                                          "your picks are drawn at random.")
        targets = state["targets"][step["number"] - 1]
        return api.FormSpec((
            api.Field("target", "Your target", api.CHOICE, tuple((str(t), str(t)) for t in targets), required=True),
            number("P", "P (0-999)"), number("Q", "Q (0-999)"),
        ), submit_label="Send", intro=f"Active operations: {', '.join(ops.active(step['phase']))}. You score one point "
                                      "for each of them whose value at (P, Q) is your target. No submission scores 0.")

    def validate_submission(self, state, phase_key, seat, data):
        step = self._current(state, phase_key, seat)
        if step is None:
            return api.Invalid("That step is not open for you.")
        if not isinstance(data, dict):
            return api.Invalid("A submission is a set of fields.")
        kind = step["kind"]
        expected = {ADVANTAGE: {"first"}, "P": {"P"}, "Q": {"Q"}, "picks": {"picks"}, "shootout": {"target", "P", "Q"}}[kind]
        if set(data) != expected:
            return api.Invalid(f"This step takes exactly: {', '.join(sorted(expected))}.")
        if kind == ADVANTAGE:
            return {"first": data["first"]} if data["first"] in ("me", "opponent") else api.Invalid("Choose me or my opponent.")
        for name in {"P", "Q"} & expected:
            if type(data[name]) is not int or not 0 <= data[name] <= NUMBER_MAX:
                return api.Invalid(f"{name} is a whole number from 0 to {NUMBER_MAX}.")
        if kind == "picks":
            return self._clean_picks(step, data["picks"])
        if kind == "shootout":
            target = as_int(data["target"])
            if target not in state["targets"][step["number"] - 1]:
                return api.Invalid("Choose one of the three targets.")
            return {"target": target, "P": data["P"], "Q": data["Q"]}
        return dict(data)

    @staticmethod
    def _clean_picks(step, picks):
        count, active = picks_per_player(step["phase"]), ops.active(step["phase"])
        if not isinstance(picks, list) or len(picks) != count:
            return api.Invalid(f"Pick exactly {count} different operations.", field="picks")
        if any(not isinstance(p, str) or p not in active for p in picks):
            return api.Invalid(f"Only the active operations can be picked: {', '.join(active)}.", field="picks")
        if len(set(picks)) != count:
            return api.Invalid(f"Pick exactly {count} different operations.", field="picks")
        return {"picks": sorted(picks)}

    def default_submission(self, state, phase_key, seat, last, rng):
        if last is not None:
            return last
        step = step_for(phase_key)
        kind = step["kind"]
        if kind == ADVANTAGE:
            return {"first": "me"}
        if kind in ("P", "Q"):
            return {kind: rng.randint(1, 9)}  # C4
        if kind == "picks":
            return {"picks": sorted(rng.sample(ops.active(step["phase"]), picks_per_player(step["phase"])))}
        return None  # C6: no shootout submission scores 0

    # resolution -----------------------------------------------------------------------------
    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        step = step_for(phase_key)
        events = getattr(self, f"_resolve_{step['kind'].lower()}")(state, step, submissions, filled_in)
        following = step_index()[phase_key] + 1
        if following == len(steps()):
            self._decide(state)
            return api.Transition(state, events + [api.public("cosign.result", state["decided_by"])], finished=True)
        state["step"] = steps()[following]["key"]
        return api.Transition(state, events, [phase_spec(state, state["step"])])

    def _resolve_advantage(self, state, step, submissions, filled_in):
        holder = state["advantage"]
        choice = (submissions.get(holder) or {"first": "me"})["first"]
        state["first"] = holder if choice == "me" else 1 - holder
        text = f"{state['names'][state['first']]} is Player 1 in the first round."
        if holder in filled_in:  # a missed choice takes the first move: said as the default it is
            text = f"Time ran out for {state['names'][holder]}: by default, {text}"
        return [api.public("cosign.first", text)]

    def _resolve_p(self, state, step, submissions, filled_in):
        p1 = player_one(state, step["round"])
        state["collabs"].append({"round": step["round"], "phase": step["phase"], "index": step["index"],
                                 "player1": p1, "P": submissions[p1]["P"], "Q": None, "picks": [[], []], "results": {}})
        gives = _giver(state, p1, filled_in, "Player 1")
        return [api.public("cosign.p", f"Round {step['phase']}.{step['index']}: {gives} P = {submissions[p1]['P']}.")]

    def _resolve_q(self, state, step, submissions, filled_in):
        collab = state["collabs"][-1]
        p2 = 1 - collab["player1"]
        collab["Q"] = submissions[p2]["Q"]
        gives = _giver(state, p2, filled_in, "Player 2")
        return [api.public("cosign.q", f"Round {step['phase']}.{step['index']}: {gives} Q = {collab['Q']}.")]

    def _resolve_picks(self, state, step, submissions, filled_in):
        collab = state["collabs"][-1]
        collab["picks"] = [submissions[seat]["picks"] for seat in (0, 1)]
        picked = sorted(set(collab["picks"][0]) | set(collab["picks"][1]))
        collab["results"] = {letter: ops.shown(state["ops"][letter], collab["P"], collab["Q"]) for letter in picked}
        chosen = "; ".join(f"time ran out for {state['names'][seat]}: the seed picked {', '.join(collab['picks'][seat])}"
                           if seat in filled_in else f"{state['names'][seat]} picked {', '.join(collab['picks'][seat])}"
                           for seat in (0, 1))
        values = ", ".join(f"{collab['P']} {letter} {collab['Q']} = {v}" for letter, v in collab["results"].items())
        return [api.public("cosign.results", f"Round {step['phase']}.{step['index']}: {chosen}. {values}.")]

    def _resolve_shootout(self, state, step, submissions, filled_in):
        active = ops.active(step["phase"])
        subs, points = [], []
        for seat in (0, 1):
            sub = submissions.get(seat)
            hits = 0
            if sub is not None:  # the values are kept: pages never evaluate an operation
                sub = {**sub, "values": {letter: ops.shown(state["ops"][letter], sub["P"], sub["Q"]) for letter in active}}
                hits = sum(1 for v in sub["values"].values() if v == sub["target"])
            subs.append(sub)
            points.append(hits)
        totals = [sum(s["points"][seat] for s in state["shootouts"]) + points[seat] for seat in (0, 1)]
        state["shootouts"].append({"number": step["number"], "phase": step["phase"], "index": step["index"],
                                   "subs": subs, "points": points, "totals": totals})
        text = ", ".join(f"{state['names'][seat]} {count(points[seat], 'point')}" for seat in (0, 1))
        # C6: no default is drawn for a shootout; a seat that sent nothing scores 0, said as a miss
        missed = "".join(f" Time ran out for {state['names'][seat]}: no answer, 0 points."
                         for seat in (0, 1) if subs[seat] is None)
        return [api.public("cosign.shootout", f"Shootout {step['index']} of phase {step['phase']}: {text}. "
                                              f"Totals: {totals[0]}-{totals[1]}.{missed}")]

    def _decide(self, state):
        """C7: more points wins; on a tie, whoever led at the most recent untied total after an
        earlier shootout; never untied: the Advantage holder."""
        state["finished"] = True
        names = state["names"]
        for shootout in reversed(state["shootouts"]):
            a, b = shootout["totals"]
            if a != b:
                state["winner"] = 0 if a > b else 1
                final = state["shootouts"][-1]["totals"]
                if shootout is state["shootouts"][-1]:
                    state["decided_by"] = f"{names[state['winner']]} wins {max(a, b)}-{min(a, b)}."
                else:
                    state["decided_by"] = (f"Tied {final[0]}-{final[1]}; {names[state['winner']]} wins, having led "
                                           f"{max(a, b)}-{min(a, b)} after shootout {shootout['number']} of 9, the "
                                           "most recent untied moment.")
                return
        state["winner"] = state["advantage"]
        state["decided_by"] = f"The totals were never untied; {names[state['winner']]} wins with the Advantage."

    # what each viewer sees (views.py) -------------------------------------------------------
    def view(self, state, viewer):
        return views.view(state, viewer)

    # the end --------------------------------------------------------------------------------
    def outcome(self, state):
        totals = state["shootouts"][-1]["totals"] if state["shootouts"] else [0, 0]
        winner = state["winner"] if state["winner"] is not None else state["advantage"]
        detail = [{"how": state["decided_by"]} if seat == winner else {} for seat in (0, 1)]
        return death_match_outcome(self.name, state["names"], winner, totals, detail,
                                   summary=f"Mystery Cosign is over. {state['decided_by']}",
                                   points_heading="Points (all shootouts)",
                                   how=f"{state['decided_by']} More points wins; on equal points, whoever led "
                                       "after the most recent shootout the totals were not tied; never untied, "
                                       "the Advantage.")

    # the bot --------------------------------------------------------------------------------
    def random_submission(self, state, phase_key, seat, rng):
        step = step_for(phase_key)
        kind = step["kind"] if step else None
        if kind == ADVANTAGE:
            return {"first": rng.choice(["me", "opponent"])}
        if kind in ("P", "Q"):
            return {kind: rng.randint(0, NUMBER_MAX)}
        if kind == "picks":
            return {"picks": rng.sample(ops.active(step["phase"]), picks_per_player(step["phase"]))}
        if kind == "shootout":
            target = rng.choice(state["targets"][step["number"] - 1])
            return {"target": str(target), "P": rng.randint(0, NUMBER_MAX), "Q": rng.randint(0, NUMBER_MAX)}
        return {}


ENGINE = MysteryCosign()


def _giver(state, seat, filled_in, role):
    """Who gave a number: the player, or the seed when their time ran out (C4)."""
    name = state["names"][seat]
    return f"time ran out for {name} ({role}): the seed gives" if seat in filled_in else f"{name} ({role}) gives"
