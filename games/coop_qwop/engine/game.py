"""Co-op QWOP: the engine the platform drives (seed 000, rulings Q1-Q14).

A pregame phase that waits on nobody (race proposals and packs are immediate actions: actions.py,
on the rules in pregame.py), then one phase per round that waits on every player; submissions are
partial and revisable until the deadline. Who controls which athlete is known only to its two
controllers and the host until the match ends."""

from __future__ import annotations

import copy
import itertools

from games import engine_api as api
from games.blocks.reveal import is_seat_among, sees_everything
from games.secrets import HiddenMove, SeededSecret
from games.words import count

from . import actions, cards, pregame, races
from .movement import CARDS, MOVEMENT, X, play_round
from .pregame import PREGAME


def round_key(n: int) -> str:
    return f"round-{n}"


def round_of(phase_key: str) -> int | None:
    prefix, _, number = phase_key.partition("-")
    return int(number) if prefix == "round" and number.isdigit() else None


def new_athlete(number: int, controllers: tuple[int, int]) -> dict:
    return {"number": number, "controllers": list(controllers), "race": races.DASH, "partner": None,
            "moves": [], "down_in": None, "deferred": None}


def _pairs_swapped(state: dict) -> dict:
    """The state as the seed could have drawn it (Q1), otherwise in one thing only: athletes 1 and
    2 with each other's controllers."""
    state = copy.deepcopy(state)
    first, second = (next(a for a in state["athletes"] if a["number"] == n) for n in (1, 2))
    first["controllers"], second["controllers"] = second["controllers"], first["controllers"]
    return state


def _controllers(state: dict, *numbers: int) -> set[int]:
    return {seat for a in state["athletes"] if a["number"] in numbers for seat in a["controllers"]}


class CoopQwop(api.GameEngine):
    slug = "coop_qwop"
    name = "Co-op QWOP"
    kind = "main"
    min_seats = max_seats = 8
    default_settings = {"pregame_seconds": 48 * 3600, "round_seconds": 24 * 3600, "rounds": 5}
    seconds_range = (30, 7 * 24 * 3600)
    settings_fields = (
        api.duration_setting("pregame_seconds", "Pregame", "Before round 1: for buying packs and talking."),
        api.duration_setting("round_seconds", "Each round", "How long players have to play a card each round."),
        api.Field("rounds", "Rounds", api.INT, min_value=1, max_value=7, required=True,
                  help="Rounds of cards (1 to 7; the hand holds 35 cards)."),
    )
    summary = "Every pair of players shares an athlete: steer 7 of them through four races with awkward cards."
    secrets = (HiddenMove("a round's cards"),
               SeededSecret("who controls athletes 1 and 2", lambda state: _pairs_swapped(state),
                            known_to=lambda state: _controllers(state, 1, 2)))

    # settings -------------------------------------------------------------------------------
    def validate_settings(self, settings, seats):
        merged = super().validate_settings(settings, seats)
        if isinstance(merged, api.Invalid):
            return merged
        if type(merged["rounds"]) is not int or not 1 <= merged["rounds"] <= 7:
            return api.Invalid("rounds must be a whole number from 1 to 7 (the hand holds 35 cards).")
        return merged

    # setup ----------------------------------------------------------------------------------
    def setup(self, seats, settings, rng):
        pairs = list(itertools.combinations(range(len(seats)), 2))
        numbers = rng.sample(range(1, len(pairs) + 1), len(pairs))  # Q1: numbers don't reveal pairs
        athletes = sorted((new_athlete(n, p) for n, p in zip(numbers, pairs)), key=lambda a: a["number"])
        state = {
            "settings": settings,
            "names": [s.name for s in seats],
            "round": 0,
            "athletes": athletes,
            "hands": [cards.new_hand() for _ in seats],
            "spent": [0 for _ in seats],
            "packs": [{name: 0 for name in cards.PACKS} for _ in seats],
            "proposals": [],
            "history": [],
            "finished": False,
        }
        events = [api.public("qwop.setup", f"{len(athletes)} athletes line up in the 100m dash. The pregame is open: "
                                           "controllers may move their athletes to other races.")]
        for seat in range(len(seats)):
            mine = ", ".join(f"#{a['number']} with {self.co_controller(state, a, seat)}" for a in self.athletes_of(state, seat))
            events.append(api.private(seat, "qwop.athletes", f"Your athletes: {mine}.", others=f"{seats[seat].name}'s athletes: {mine}."))
        return api.Transition(state, events, [api.PhaseSpec(PREGAME, "Pregame", (), settings["pregame_seconds"])])

    # helpers --------------------------------------------------------------------------------
    @staticmethod
    def athletes_of(state, seat):
        """The athletes `seat` controls, by number."""
        return [a for a in state["athletes"] if seat in a["controllers"]]

    @staticmethod
    def co_controller(state, athlete, seat):
        """The name of the player who controls `athlete` with `seat` ("?" if `seat` does not)."""
        other = next(c for c in athlete["controllers"] if c != seat) if seat in athlete["controllers"] else None
        return state["names"][other] if other is not None else "?"

    @staticmethod
    def _final(state, n):
        return n == state["settings"]["rounds"]

    @staticmethod
    def _needs_declaration(athlete, seat, n):
        """Did `seat` play an X on `athlete` last round that round `n` processes (Q5)?"""
        if athlete["deferred"] is None or athlete["down_in"] == n:
            return False
        return athlete["deferred"][athlete["controllers"].index(seat)] == X

    def _current_round(self, state, phase_key, seat):
        n = round_of(phase_key)
        if n is None or n != state["round"] or state["finished"]:
            return None
        if type(seat) is not int or not 0 <= seat < len(state["names"]):
            return None
        return n

    # forms and submissions ------------------------------------------------------------------
    def form(self, state, phase_key, seat):
        n = self._current_round(state, phase_key, seat)
        if n is None:
            return api.NO_FORM
        hand = state["hands"][seat]
        allowed = MOVEMENT if self._final(state, n) else CARDS
        choices = tuple((c, f"{c} ({hand[c]} left)") for c in allowed)
        fields = []
        for athlete in self.athletes_of(state, seat):
            number = athlete["number"]
            label = f"#{number} with {self.co_controller(state, athlete, seat)} · {races.RACES[athlete['race']]}"
            if athlete["down_in"] == n:
                label += " · down this round: the card is spent for nothing"
            fields.append(api.Field(f"card_{number}", label, api.CHOICE, choices))
            if self._needs_declaration(athlete, seat, n):
                fields.append(api.Field(f"declare_{number}", f"#{number}: your X from round {n - 1} becomes",
                                        api.CHOICE, tuple((c, c) for c in MOVEMENT),
                                        help="Costs no card. Left empty, it is drawn at random at the deadline."))
        intro = f"Your hand: {cards.hand_text(hand)}. One card on each athlete; a blank one is drawn at random " \
                "from your remaining Q/W/O/P cards at the deadline. You may revise until the deadline."
        if self._final(state, n):
            intro += " X cannot be played in the final round: its movement would never be processed."
        return api.FormSpec(tuple(fields), submit_label="Save my cards", intro=intro)

    def _allowed_keys(self, state, seat, n):
        keys = {}
        for athlete in self.athletes_of(state, seat):
            keys[f"card_{athlete['number']}"] = "card"
            if self._needs_declaration(athlete, seat, n):
                keys[f"declare_{athlete['number']}"] = "declare"
        return keys

    def validate_submission(self, state, phase_key, seat, data):
        n = self._current_round(state, phase_key, seat)
        if n is None:
            return api.Invalid("That round is not open.")
        if not isinstance(data, dict):
            return api.Invalid("A submission is a set of cards.")
        allowed = self._allowed_keys(state, seat, n)
        unknown = [k for k in data if k not in allowed]
        if unknown:
            return api.Invalid("That names an athlete you do not control, or a declaration you do not owe.")
        for key, value in data.items():
            if allowed[key] == "declare" and value not in tuple(MOVEMENT):
                return api.Invalid("An X becomes Q, W, O or P.")
            if allowed[key] == "card" and value not in tuple(CARDS):
                return api.Invalid("Play Q, W, O, P or X.")
            if allowed[key] == "card" and value == X and self._final(state, n):
                return api.Invalid("X cannot be played in the final round: its movement would never be processed.")
        played = [v for k, v in data.items() if allowed[k] == "card"]
        short = cards.over_hand(state["hands"][seat], played)
        if short:
            return api.Invalid(f"You hold only {count(state['hands'][seat][short], short + ' card')}.")
        return dict(sorted(data.items()))

    def default_submission(self, state, phase_key, seat, last, rng):
        n = self._current_round(state, phase_key, seat)
        if n is None:
            return last
        counted = dict(last or {})
        allowed = self._allowed_keys(state, seat, n)
        missing = [k for k, kind in allowed.items() if kind == "card" and k not in counted]
        played = [v for k, v in counted.items() if allowed.get(k) == "card"]
        drawn = cards.draw_missing(state["hands"][seat], played, len(missing), not self._final(state, n), rng)
        for key, card in zip(missing, drawn):
            if card is not None:
                counted[key] = card
        for key, kind in allowed.items():
            if kind == "declare" and key not in counted:
                counted[key] = rng.choice(MOVEMENT)
        if not counted and last is None:
            return None  # nothing legal was left to play: this player contributes nothing
        return counted

    # resolution -----------------------------------------------------------------------------
    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        if phase_key == PREGAME:
            return self._end_pregame(state)
        n = round_of(phase_key)
        plays, declarations = {}, {}
        for athlete in state["athletes"]:
            number, controllers = athlete["number"], athlete["controllers"]
            subs = [submissions.get(seat) or {} for seat in controllers]
            plays[number] = [sub.get(f"card_{number}") for sub in subs]
            declarations[number] = [sub.get(f"declare_{number}") for sub in subs]
            for seat, card in zip(controllers, plays[number]):
                if card is not None:
                    state["hands"][seat][card] -= 1
                    state["spent"][seat] += 1
        report = play_round(state["athletes"], plays, declarations, n)
        state["history"].append({"round": n, "athletes": [report[a["number"]] for a in state["athletes"]]})
        events = [api.public("qwop.round", self._round_text(state, n, report), round=n)]
        # a missed or part-sent round was completed by the seed: said as such, to everyone (the
        # miss is public anyway, the cards are in the round's line) and to the player with what counted
        for seat in sorted(filled_in):
            events.append(api.public("qwop.missed", f"Time ran out for {state['names'][seat]}: the seed filled "
                                                    f"in what was not sent in round {n}.", round=n))
            said = f"round {n}; counted: {_counted_text(submissions.get(seat))}."
            events.append(api.private(seat, "qwop.missed", f"Time ran out: the seed completed your {said}", round=n,
                                      others=f"Time ran out for {state['names'][seat]}: the seed completed their {said}"))
        if self._final(state, n):
            state["finished"] = True
            return api.Transition(state, events, [], finished=True)
        state["round"] = n + 1
        return api.Transition(state, events, [self._round_phase(state)])

    def _end_pregame(self, state):
        lapsed = pregame.lapse(state)
        state["round"] = 1
        counts = ", ".join(f"{name} {sum(1 for a in state['athletes'] if a['race'] == race)}"
                           for race, name in races.RACES.items())
        text = f"The pregame is over; races are set ({counts})."
        if lapsed:
            text += f" {count(lapsed, 'proposal')} still waiting for answers lapsed."
        return api.Transition(state, [api.public("qwop.pregame_over", text)], [self._round_phase(state)])

    def _round_phase(self, state):
        n, seats = state["round"], tuple(range(len(state["names"])))
        return api.PhaseSpec(round_key(n), f"Round {n} of {state['settings']['rounds']}", seats,
                             state["settings"]["round_seconds"])

    @staticmethod
    def _round_text(state, n, report):
        parts = []
        for athlete in state["athletes"]:
            r = report[athlete["number"]]
            note = " (down)" if r["down"] else " (X: waits a round)" if r["deferred"] else ""
            if r["declared"]:
                note += f" [+ round {n - 1}'s {''.join(c or '-' for c in r['declared'])}]"
            if r["falls"]:
                note += " falls!"
            parts.append(f"#{athlete['number']} {''.join(c or '-' for c in r['cards'])} {r['move'] / 10:+.1f} m{note}")
        return f"Round {n}: " + "; ".join(parts) + "."

    # what each viewer sees ------------------------------------------------------------------
    def view(self, state, viewer):
        reveal = sees_everything(viewer, state["finished"])
        out = {
            "round": state["round"],
            "rounds": state["settings"]["rounds"],
            "stage": "over" if state["finished"] else PREGAME if state["round"] == 0 else "round",
            "races": races.RACES,
            "athletes": [self._public_athlete(state, a, reveal) for a in state["athletes"]],
            "tables": [{"race": race, "name": races.RACES[race], "rows": rows}
                       for race, rows in races.race_tables(state["athletes"]).items()],
            "history": state["history"],
        }
        if state["finished"]:
            out["players"] = self._named_players(state)
        if viewer.is_host:
            out["hands"] = [{"name": name, "hand": hand, "packs": packs} for name, hand, packs
                            in zip(state["names"], state["hands"], state["packs"])]
            out["proposals"] = [self._proposal_row(state, p, None) for p in state["proposals"]]
        elif is_seat_among(viewer, range(len(state["names"]))):
            out.update(self._seat_view(state, viewer.seat))
        return out

    def _public_athlete(self, state, athlete, reveal):
        row = {"number": athlete["number"], "race": athlete["race"], "partner": athlete["partner"],
               "distance": races.distance(athlete), "moves": athlete["moves"],
               "down": athlete["down_in"] is not None and athlete["down_in"] == state["round"],
               "waiting": athlete["deferred"] is not None}
        if reveal:
            row["controllers"] = [state["names"][s] for s in athlete["controllers"]]
        return row

    def _seat_view(self, state, seat):
        n = state["round"]
        mine = []
        for athlete in self.athletes_of(state, seat):
            mine.append({**self._public_athlete(state, athlete, False),
                         "with": self.co_controller(state, athlete, seat),
                         "declaration_due": n >= 1 and self._needs_declaration(athlete, seat, n)})
        proposals = [self._proposal_row(state, p, seat) for p in pregame.seen_by(state, seat)]
        return {"mine": mine, "hand": state["hands"][seat], "packs": actions.pack_rows(state, seat),
                "inbox": proposals}

    @staticmethod
    def _proposal_row(state, proposal, seat):
        """A proposal as `seat` may see it, in their own numbering: no names, no count of the
        acceptances (the host, `seat` None, sees everything)."""
        row = {"text": pregame.describe(proposal), "status": proposal["status"]}
        if seat is None:
            row["id"] = proposal["id"]
            row["proposer"] = state["names"][proposal["proposer"]]
            row["missing"] = len(pregame.involved(proposal, state["athletes"]) - set(proposal["accepted"]))
        else:
            row["id"] = pregame.number_for(state, seat, proposal)
            row["yours"] = proposal["proposer"] == seat
            row["to_answer"] = pregame.awaiting(proposal, state["athletes"], seat)
            row["can_decline"] = (proposal["status"] == pregame.PENDING and not row["yours"]
                                  and seat in pregame.involved(proposal, state["athletes"]))
        return row

    def _named_players(self, state):
        players = races.player_standings(state["athletes"], len(state["names"]))
        for p in players:
            p["name"] = state["names"][p["seat"]]
        return players

    # the end --------------------------------------------------------------------------------
    def outcome(self, state):
        return races.outcome(state["athletes"], state["names"])

    # immediate actions: race proposals and packs (actions.py) -------------------------------
    def actions(self, state, seat, open_phase_keys):
        return actions.offered(self, state, seat, open_phase_keys)

    def apply_action(self, state, seat, name, data, ctx, rng):
        return actions.apply(state, seat, name, data, ctx)

    # the bots -------------------------------------------------------------------------------
    def random_submission(self, state, phase_key, seat, rng):
        n = self._current_round(state, phase_key, seat)
        if n is None:
            return {}
        hand = dict(state["hands"][seat])
        allowed = MOVEMENT if self._final(state, n) else CARDS
        data = {}
        for athlete in self.athletes_of(state, seat):
            deck = [c for c in allowed for _ in range(hand[c])]
            if deck and rng.random() > 0.1:  # sometimes leave a card for the deadline to draw
                card = rng.choice(deck)
                hand[card] -= 1
                data[f"card_{athlete['number']}"] = card
            if self._needs_declaration(athlete, seat, n) and rng.random() > 0.2:
                data[f"declare_{athlete['number']}"] = rng.choice(MOVEMENT)
        return data

    def random_action(self, state, seat, open_phase_keys, ctx, rng):
        specs = {a.name: a for a in self.actions(state, seat, open_phase_keys)}
        if "accept" in specs and rng.random() < 0.6:
            return "accept", {"proposal": specs["accept"].form.fields[0].choices[0][0]}
        if "propose" in specs and rng.random() < 0.3:
            athlete = rng.choice(self.athletes_of(state, seat))
            race = rng.choice(list(races.RACES))
            partner = None
            if race == races.THREE_LEGGED:
                partner = rng.choice([a["number"] for a in state["athletes"] if a["number"] != athlete["number"]])
            data = {"athlete": str(athlete["number"]), "race": race, **({"partner": partner} if partner else {})}
            if pregame.check_proposal(state, seat, athlete["number"], race, partner) is None:
                return "propose", data
        if "buy_pack" in specs and rng.random() < 0.05:
            pack = rng.choice([c for c, _ in specs["buy_pack"].form.fields[0].choices])
            if ctx.balance(seat, api.GARNET) >= cards.PACKS[pack][0]:
                return "buy_pack", {"pack": pack}
        return None


ENGINE = CoopQwop()


def _counted_text(counted):
    """A seat's counted cards and declarations in words: "#3 Q, #5 X, #5's X becomes W"."""
    parts = []
    read = sorted((int(key.split("_", 1)[1]), key.startswith("declare"), value) for key, value in (counted or {}).items())
    for number, declared, value in read:  # by athlete, its card before its declaration
        parts.append(f"#{number}'s X becomes {value}" if declared else f"#{number} {value}")
    return ", ".join(parts) or "nothing"
