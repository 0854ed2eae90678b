"""Host-run game: a game whose rounds, forms and results the host makes, for the games of a
season that have no engine of their own (issue 34).

The setup (settings rows) names the counters each player holds, who sees each, and optional
teams. Nothing happens until the host acts: "open_round" opens a round (a phase) with a form
the host wrote a field a row; at its close the answers are kept (private to the host unless
the round's reveal rule says otherwise); "publish_result" applies the host's result for the
last closed round in one step; "end_match" sets the places and the season awards. One round
is open at a time. Pure Python, like every engine."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.secrets import HiddenMove, HiddenSetting

from . import bots, ending, proposals, results, rounds, setup, views
from .fields import clean, missed, names_of
from .words import Refusal

OPEN_ROUND, PUBLISH_RESULT, END_MATCH = "open_round", "publish_result", "end_match"
TEMPLATE = "open_template_"  # and the template's number: a round opened from a saved form


class HostRun(api.GameEngine):
    slug = "host_run"
    name = "Host-run game"
    kind = "main"  # the host chooses Main or Death Match on the setup form, as for every game
    min_seats, max_seats, default_seats = 2, setup.MAX_SEATS, 6
    default_settings = {
        "game_name": "",
        "rules_text": "",
        "teams": [],
        "counters": setup.DEFAULT_COUNTERS,
        "templates": [],
    }  # round templates a new match starts with (a saved game's)
    # the match's own title is the setup form's "title": this names the game played, if the host wants
    settings_fields = (
        api.Field(
            "game_name",
            "Name of the game played",
            api.TEXT,
            max_length=80,
            help="Optional: the archive's name for it, shown above the players.",
        ),
    )
    settings_rows = (setup.RulesRows(), setup.TeamRows(), setup.CounterRows())
    # A player's answer is theirs and the host's until the round's reveal rule says otherwise; a
    # counter the host alone sees is the host's from its start (the two settings differ only there).
    secrets = (
        HiddenMove("a player's answer"),
        HiddenSetting(
            "a counter only the host sees",
            (
                {
                    "counters": setup.DEFAULT_COUNTERS
                    + [{"name": "Favour", "start": 2, "low": 0, "high": 9, "sees": setup.HOST}]
                },
                {
                    "counters": setup.DEFAULT_COUNTERS
                    + [{"name": "Favour", "start": 7, "low": 0, "high": 9, "sees": setup.HOST}]
                },
            ),
        ),
    )
    summary = "Any game of the archive: the host opens rounds with forms, players answer, the host writes results."

    def validate_settings(self, settings, seats):
        merged = super().validate_settings(settings, seats)
        if isinstance(merged, api.Invalid):
            return merged
        try:  # the checked values are kept: "10" typed in the JSON box is stored as 10
            checked = setup.check_setup(merged, seats)
        except Refusal as refusal:
            return api.Invalid(str(refusal))
        problem = rounds.check_templates(merged["templates"])
        return api.Invalid(problem) if problem else checked

    def setup(self, seats, settings, rng):
        state = {
            "settings": {"game_name": settings["game_name"], "rules_text": settings["rules_text"]},
            "names": [s.name for s in seats],
            "teams": copy.deepcopy(settings["teams"]),
            "counters": copy.deepcopy(settings["counters"]),
            "values": [[c["start"] for c in settings["counters"]] for _ in seats],
            "out": [False] * len(seats),
            "rounds": [],
            "results": [],
            "templates": copy.deepcopy(settings.get("templates", [])),
            "finished": False,
            "places": None,
            "awards": [],
            "summary": "",
        }
        return api.Transition(state, [api.public("start", "The host opens the rounds, one at a time.")])

    def reusable_settings(self, state, settings):
        # the templates saved while the match ran are the game as much as its counters are
        return {**settings, "templates": copy.deepcopy(state["templates"])}

    # host actions ---------------------------------------------------------------------------
    def host_actions(self, state):
        if state["finished"]:
            return []
        last = state["rounds"][-1] if state["rounds"] else None
        if last and not last["closed"]:
            return []  # one round at a time: the host may close it early from the match page
        actions = [api.ActionSpec(OPEN_ROUND, "Open a round", rounds.open_round_form(state))]
        actions += [
            api.ActionSpec(
                f"{TEMPLATE}{k}",
                f"Open a round from the template {t['name']}",
                rounds.open_round_form(state, t["data"]),
            )
            for k, t in enumerate(state["templates"])
        ]
        if last and not last["published"]:
            actions.append(
                api.ActionSpec(PUBLISH_RESULT, f"Publish the result of round {last['n']}", results.publish_form(state))
            )
            actions += proposals.actions(state)
        return actions + [api.ActionSpec(END_MATCH, "End the match", ending.end_form(state))]

    def apply_host_action(self, state, name, data, ctx, rng):
        if name not in {a.name for a in self.host_actions(state)}:
            return api.Invalid("The host cannot do that now.")
        if not isinstance(data, dict):
            return api.Invalid("Fill in the form.")
        state = copy.deepcopy(state)
        try:
            if name == OPEN_ROUND or name.startswith(TEMPLATE):
                rnd = rounds.read_round(data, state)
                rounds.save_template(state, data)
                state["rounds"].append(rnd)
                event = api.public("round_opened", f"Round {rnd['n']} opens: {rnd['title']}.", round=rnd["n"])
                return api.Transition(state, [event], [rounds.phase(rnd)])
            if name.startswith(proposals.PREFIX):
                return api.Transition(state, proposals.propose(state, name, data, rng))
            if name == PUBLISH_RESULT:
                events = results.publish(state, state["rounds"][-1], results.read_result(data, state))
                return api.Transition(state, events)
            return api.Transition(state, ending.end(state, ending.read_end(data, state)), finished=True)
        except Refusal as refusal:
            return api.Invalid(str(refusal))

    def random_host_action(self, state, ctx, rng):
        return bots.host_action(state, rng)

    # a round's answers ------------------------------------------------------------------------
    def _open_round(self, state, phase_key, seat):
        rnd = state["rounds"][-1] if state["rounds"] else None
        if rnd is None or rnd["closed"] or rnd["key"] != phase_key or seat not in rnd["waits_on"]:
            return None
        return rnd

    def form(self, state, phase_key, seat):
        rnd = self._open_round(state, phase_key, seat)
        return rounds.form(rnd, state, seat) if rnd else api.NO_FORM

    def validate_submission(self, state, phase_key, seat, data):
        rnd = self._open_round(state, phase_key, seat)
        if rnd is None:
            return api.Invalid("This round is not open to you.")
        if not isinstance(data, dict):
            return api.Invalid("Fill in the round's form.")
        expected = {n for i, d in enumerate(rnd["fields"], 1) for n in names_of(d, i)}
        if set(data) - expected:
            return api.Invalid("The answer has fields this round's form does not.")
        cleaned = {}
        try:
            for i, d in enumerate(rnd["fields"], 1):
                cleaned.update(clean(d, i, data, state, seat))
        except Refusal as refusal:
            return api.Invalid(str(refusal))
        return cleaned

    def default_submission(self, state, phase_key, seat, last, rng):
        rnd = self._open_round(state, phase_key, seat)
        if rnd is None or last is not None:
            # an answer sent is counted as sent: its blank fields take their missed rule at the
            # close (rounds.close), told to that player alone, so nobody else learns which it left blank
            return last
        answer = {}
        for i, d in enumerate(rnd["fields"], 1):
            answer.update(missed(d, i, state, seat, rng))
        return answer or None

    def random_submission(self, state, phase_key, seat, rng):
        rnd = self._open_round(state, phase_key, seat)
        return bots.answer(state, rnd, seat, rng) if rnd else {}

    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        rnd = state["rounds"][-1] if state["rounds"] else None
        if rnd is None or rnd["closed"] or rnd["key"] != phase_key:
            return api.Transition(state)  # not this game's phase (a replay of an older record): nothing moves
        return api.Transition(state, rounds.close(state, rnd, submissions, frozenset(filled_in), rng))

    # who sees and says what ---------------------------------------------------------------
    def view(self, state, viewer):
        return views.view(state, viewer)

    def talk_problem(self, state, seats):
        rule = views.current_talk(state)
        if rule == rounds.NOBODY:
            return "Nobody may talk during this round."
        if rule == rounds.TEAMS:
            teams = {s: t["name"] for t in state["teams"] for s in t["seats"]}
            if len({teams.get(s, f"alone {s}") for s in seats}) != 1:
                return "During this round players talk only within their own team."
        return None

    def outcome(self, state):
        return ending.outcome(state)
