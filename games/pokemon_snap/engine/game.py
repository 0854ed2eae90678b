"""Pokemon Snap: the engine the platform drives (seed 001, rulings S1-S12).

Two photographers (Heaven) and six Pokemon (Hell) play five days, one phase a day that waits on
all eight: Pokemon send a plan of three slots, photographers an exhibit and an ordered list. At a
day's close the slots resolve (slots.py), then the photos are taken, and each seat is told its
own part. After day 5 everything is revealed and the Heaven winner(s) get one timed prompt for
the ascension's choices (ascension.py)."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.blocks.settings import first_problem, one_of
from games.secrets import HiddenMove

from . import ascension, plans, prompts, views
from .contests import all_appeal_points
from .exhibits import PHOTOS, take_photos
from .exhibits import points as exhibit_points
from .missed import missed_lines
from .names import DEFAULT_POKEMON, MAX_NAME, PokemonNames, names_problem
from .slots import CONTESTS, resolve_slot
from .stats import START, stats_text

DAYS = 5
PHOTOGRAPHER, POKEMON = "photographer", "pokemon"
ASCENSION = "ascension"


def day_key(day: int) -> str:
    return f"day-{day}"


class PokemonSnap(api.GameEngine):
    slug = "pokemon_snap"
    name = "Pokemon Snap"
    kind = "main"
    min_seats = max_seats = 8
    roles = (PHOTOGRAPHER, POKEMON)
    role_for_status = {api.HEAVEN: PHOTOGRAPHER, api.HELL: POKEMON}
    default_settings = {
        "day1_seconds": 48 * 3600,
        "day_seconds": 24 * 3600,
        "ascension_seconds": 24 * 3600,
        "first_priority": 0,
        "pokemon_names": [],
    }
    seconds_range = (30, 7 * 24 * 3600)
    settings_fields = (
        api.duration_setting("day1_seconds", "Day 1", "Day 1's plans (longer: everyone may talk on day 1)."),
        api.duration_setting("day_seconds", "Days 2-5", "Each later day's plans."),
        api.duration_setting("ascension_seconds", "Ascension choice", "Heaven's answer after day 5."),
        api.Field(
            "first_priority",
            "Day 1 priority",
            api.CHOICE,
            api.setting_choices(
                (0, "Drawn from the match seed"), (1, "The lower-seated photographer"), (2, "The other photographer")
            ),
            required=True,
            help="Which photographer has priority on day 1.",
        ),
    )
    settings_rows = (PokemonNames(),)
    summary = "Two photographers shoot six Pokemon who train for contests over five days."
    secrets = (HiddenMove("a day's plan or exhibit"),)

    # settings and roles ---------------------------------------------------------------------
    def validate_settings(self, settings, seats):
        merged = first_problem(
            super().validate_settings(settings, seats),
            one_of(
                "first_priority",
                (0, 1, 2),
                "0 (drawn from the match seed), 1 (the lower-seated photographer) or 2 (the other)",
            ),
        )
        if isinstance(merged, api.Invalid):
            return merged
        names = merged["pokemon_names"]
        if (
            not isinstance(names, list)
            or len(names) > 6
            or any(not isinstance(n, str) or len(n.strip()) > MAX_NAME for n in names)
        ):
            return api.Invalid(
                f"pokemon_names is a list of up to 6 names of at most {MAX_NAME} characters, "
                "given to the Pokemon seats in seat order (blank: the default name)."
            )
        problem = names_problem(names)
        return api.Invalid(f"pokemon_names: {problem}") if problem else merged

    def default_roles(self, seats: int) -> list[str]:
        return [PHOTOGRAPHER] * 2 + [POKEMON] * (seats - 2)

    def check_roles(self, roles: list[str]) -> str | None:
        if roles.count(PHOTOGRAPHER) != 2 or roles.count(POKEMON) != len(roles) - 2:
            return "Pokemon Snap needs 2 photographers (Heaven) and 6 Pokemon (Hell)."
        return None

    def settings_report(self, settings):
        names = [n.strip() for n in settings["pokemon_names"]] + [""] * 6
        return [
            "Pokemon, in the Pokemon seats' order: " + ", ".join(names[i] or DEFAULT_POKEMON[i] for i in range(6)) + "."
        ]

    # setup ----------------------------------------------------------------------------------
    def setup(self, seats, settings, rng):
        roles = [s.role for s in seats]
        if self.check_roles(roles):
            roles = self.default_roles(len(seats))
        photographers = [i for i, r in enumerate(roles) if r == PHOTOGRAPHER]
        pokemon = [i for i, r in enumerate(roles) if r == POKEMON]
        given = [n.strip() for n in settings["pokemon_names"]] + [""] * 6
        first = settings["first_priority"] - 1 if settings["first_priority"] else rng.randrange(2)
        state = {
            "settings": settings,
            "names": [s.name for s in seats],
            "roles": roles,
            "photographers": photographers,
            "pokemon": pokemon,
            "pokemon_names": {str(p): given[i] or DEFAULT_POKEMON[i] for i, p in enumerate(pokemon)},
            "day": 1,
            "priority": first,
            "stage": "day",
            "finished": False,
            "world": {
                "stats": {str(p): [START] * 5 for p in pokemon},
                "doubled": {},
                "h_pending": {},
                "e_done": {},
                "i_last": None,
                "j_counter": 1,
                "entries": {c: [] for c in CONTESTS},
            },
            "activities": {},
            "contests_done": {},
            "plans": {},
            "lists": {},
            "log": {str(p): [] for p in pokemon},
            "photos": {str(h): {} for h in photographers},
            "photographed_by": {},
            "scores": None,
            "result": None,
        }
        names = state["names"]
        cast = "; ".join(f"{names[p]} is {state['pokemon_names'][str(p)]}" for p in pokemon)
        events = [
            api.public(
                "snap.start",
                f"Pokemon Snap: {names[photographers[0]]} and {names[photographers[1]]} are "
                f"the photographers; {cast}. Day 1: {names[photographers[first]]} has priority.",
            )
        ]
        return api.Transition(state, events, [self._day_spec(state, 1)])

    def _day_spec(self, state, day):
        seconds = state["settings"]["day1_seconds" if day == 1 else "day_seconds"]
        return api.PhaseSpec(day_key(day), f"Day {day}", tuple(range(len(state["names"]))), seconds)

    # forms ----------------------------------------------------------------------------------
    def _current_day(self, state, phase_key):
        return state["day"] if phase_key == day_key(state["day"]) and state["stage"] == "day" else None

    def _open_day(self, state, phase_key, seat):
        """The open day if `seat` is a seat of this match and `phase_key` names it, else None."""
        ok = type(seat) is int and 0 <= seat < len(state["names"])
        return self._current_day(state, phase_key) if ok else None

    def form(self, state, phase_key, seat):
        if phase_key == ASCENSION and state["stage"] == ASCENSION and seat in state["scores"]["heaven_winners"]:
            return prompts.ascension_form(state, seat)
        day = self._open_day(state, phase_key, seat)
        if day is None:
            return api.NO_FORM
        if seat in state["photographers"]:
            return plans.list_form(state, seat, day)
        return plans.plan_form(state, seat, day)

    def validate_submission(self, state, phase_key, seat, data):
        if not isinstance(data, dict):
            return api.Invalid("Send the form.")
        if phase_key == ASCENSION and state["stage"] == ASCENSION and seat in state["scores"]["heaven_winners"]:
            return prompts.clean_ascension(state, seat, data)
        day = self._open_day(state, phase_key, seat)
        if day is None:
            return api.Invalid("That day is not open.")
        allowed = {f.name for f in self.form(state, phase_key, seat).fields}
        if set(data) - allowed:
            return api.Invalid("The form has no such field.")
        if seat in state["photographers"]:
            return plans.clean_list(state, seat, data)
        return plans.clean_plan(state, seat, day, data)

    def default_submission(self, state, phase_key, seat, last, rng):
        if last is not None:
            return last
        if phase_key == ASCENSION:
            return {}
        if seat in state["photographers"]:
            return plans.missed_list(state, seat, rng)
        return plans.missed_plan(state, seat, rng)

    def random_submission(self, state, phase_key, seat, rng):
        if phase_key == ASCENSION:
            return prompts.random_ascension(state, seat, rng)
        day = self._open_day(state, phase_key, seat)
        if day is None:
            return {}
        if seat in state["photographers"]:
            return plans.missed_list(state, seat, rng)
        return plans.random_plan(state, seat, day, rng)

    # resolving ------------------------------------------------------------------------------
    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        if phase_key == ASCENSION and state["stage"] == ASCENSION:
            return self._ascend(state, submissions, rng, filled_in)
        day = self._current_day(state, phase_key)
        if day is None:
            return api.Transition(state)
        sent = self._read_day(state, day, submissions, rng)
        self._play_slots(state, day, sent)
        events = missed_lines(state, day, sent, filled_in, self.pokemon_label) + self._take_photos(state, day, sent)
        if day < DAYS:
            state["day"], state["priority"] = day + 1, 1 - state["priority"]
            holder = state["names"][state["photographers"][state["priority"]]]
            events.append(api.public("snap.day", f"Day {day} is over. Day {day + 1}: {holder} has priority."))
            return api.Transition(state, events, [self._day_spec(state, day + 1)])
        return self._score(state, events)

    def _read_day(self, state, day, submissions, rng):
        """Each seat's plan or list; a missed one was filled in by default_submission at the
        close (the platform keeps it, marked as such, beside the players' own)."""
        sent = {}
        for seat in range(len(state["names"])):
            sub = submissions.get(seat)
            photographer = seat in state["photographers"]
            cleaned = (
                (plans.clean_list(state, seat, sub) if photographer else plans.clean_plan(state, seat, day, sub))
                if isinstance(sub, dict)
                else api.Invalid("missing")
            )
            if isinstance(cleaned, api.Invalid):
                cleaned = plans.missed_list(state, seat, rng) if photographer else plans.missed_plan(state, seat, rng)
            sent[seat] = cleaned
        return sent

    def _play_slots(self, state, day, sent):
        actions = {p: plans.actions(sent[p]) for p in state["pokemon"]}
        state["plans"][str(day)] = {str(p): sent[p] for p in state["pokemon"]}
        for p, slots in actions.items():
            state["activities"].setdefault(str(p), {})[str(day)] = [
                a["do"] for a in slots if a and a["do"] not in CONTESTS
            ]
            for a in slots:
                if a and a["do"] in CONTESTS:
                    state["contests_done"].setdefault(str(p), {})[a["do"]] = day
        for slot, slot_name in enumerate(plans.SLOTS):
            lines = resolve_slot(
                state["world"], day, {p: actions[p][slot] for p in actions}, {p: actions[p][:slot] for p in actions}
            )
            for p in actions:
                state["log"][str(p)].append(
                    {
                        "day": day,
                        "slot": slot_name,
                        "lines": lines.get(p, []),
                        "stats": list(state["world"]["stats"][str(p)]),
                    }
                )

    def _take_photos(self, state, day, sent):
        hp = state["photographers"]
        first, second = hp[state["priority"]], hp[1 - state["priority"]]
        state["lists"][str(day)] = {str(h): sent[h] for h in hp}
        order = {h: plans.list_order(sent[h], len(state["pokemon"])) for h in hp}
        exhibit = {h: sent[h]["exhibit"] for h in hp}
        taken = dict(
            zip(
                (first, second),
                take_photos(order[first], order[second], PHOTOS[exhibit[first]], PHOTOS[exhibit[second]]),
            )
        )
        stats, names, events = state["world"]["stats"], state["names"], []
        by = state["photographed_by"][str(day)] = {}
        for h in hp:
            state["photos"][str(h)][exhibit[h]] = {"day": day, "photos": [[p, list(stats[str(p)])] for p in taken[h]]}
            for p in taken[h]:
                by[str(p)] = h
            shots = "; ".join(f"{self.pokemon_label(state, p)}: {stats_text(stats[str(p)])}" for p in taken[h])
            events.append(
                api.private(
                    h,
                    "snap.photos",
                    f"Day {day}: for Exhibit {exhibit[h]} you photographed {shots}.",
                    others=f"Day {day}: for Exhibit {exhibit[h]} {names[h]} photographed {shots}.",
                )
            )
        for p in state["pokemon"]:
            who = names[by[str(p)]] if str(p) in by else "nobody"
            events.append(
                api.private(
                    p,
                    "snap.stats",
                    f"After day {day} your stats are {stats_text(stats[str(p)])}; photographed by {who}.",
                    others=f"After day {day} {self.pokemon_label(state, p)}'s stats are "
                    f"{stats_text(stats[str(p)])}; photographed by {who}.",
                )
            )
        return events

    def _score(self, state, events):
        ap_by_contest = all_appeal_points(state["world"]["entries"])
        ap = {p: sum(table.get(p, 0) for table in ap_by_contest.values()) for p in state["pokemon"]}
        h0, h1 = state["photographers"]
        exhibits = {}
        for e in sorted(state["photos"][str(h0)]):
            mine = [s for _, s in state["photos"][str(h0)][e]["photos"]]
            theirs = [s for _, s in state["photos"][str(h1)][e]["photos"]]
            won = exhibit_points(e, mine, theirs)
            exhibits[e] = {str(h0): won, str(h1): 1 - won}
        points = {h: sum(x[str(h)] for x in exhibits.values()) for h in (h0, h1)}
        winners = ascension.heaven_winners(points)
        state["scores"] = {
            "ap_by_contest": {c: {str(s): v for s, v in t.items()} for c, t in ap_by_contest.items()},
            "ap": {str(p): v for p, v in ap.items()},
            "exhibits": exhibits,
            "points": {str(h): v for h, v in points.items()},
            "heaven_winners": winners,
        }
        state["stage"] = ASCENSION
        events.append(api.public("snap.scores", views.scores_text(state)))
        deciders = " and ".join(state["names"][h] for h in winners)
        spec = api.PhaseSpec(
            ASCENSION,
            "Ascension: Heaven's choices",
            tuple(winners),
            state["settings"]["ascension_seconds"],
            close_early=True,
        )
        events.append(
            api.public(
                "snap.ascension",
                f"Day 5 is over and everything is revealed. {deciders} now make Heaven's choices for the ascension.",
            )
        )
        return api.Transition(state, events, [spec])

    def _ascend(self, state, submissions, rng, filled_in):
        state["result"] = prompts.ascension_result(state, submissions, rng.choice)
        state["stage"], state["finished"] = "over", True
        # S12f: a choice not sent is left to the seed's draw; said as such, before the result
        events = [
            api.public("snap.missed", f"Time ran out for {state['names'][h]}: the seed drew what was not chosen.")
            for h in sorted(filled_in)
        ]
        return api.Transition(state, events + [api.public("snap.over", prompts.result_text(state))], [], finished=True)

    # what each viewer sees ------------------------------------------------------------------
    def pokemon_label(self, state, p):
        return f"{state['pokemon_names'][str(p)]} ({state['names'][p]})"

    def view(self, state, viewer):
        return views.view(self, state, viewer)

    def outcome(self, state):
        return views.outcome(state)

    def talk_problem(self, state, seats) -> str | None:
        return views.talk_problem(state, seats)


ENGINE = PokemonSnap()
