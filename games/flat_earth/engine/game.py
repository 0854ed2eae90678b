"""The Flat Earth Theory: the engine the platform drives (seed 003, rulings F1-F12).

A pregame for questions, then nine pipelined windows (F3): window k takes the votes on round k-1's
proposals and the proposals of round k on one form; round k-1 is resolved when window k closes, and
round k's proposals are revealed, anonymous and merged, for window k+1. After window 9 the positions
decide a winner per vector and the losers.

What counts as "sent" for closing a window early: a player has sent once they submitted the window's
form (it may propose nothing and vote nothing: no vote on a movement proposal accepts it, F5). A
window that closes with a player's form missing counts it as exactly that."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.secrets import HiddenMove
from games.values import as_int

from . import geometry, result, views
from .missed import missed_windows
from .geometry import VECTORS
from .options_rows import ROUNDS, MovementOptions

WINDOWS = ROUNDS + 1
PREGAME = "pregame"
NONE, MOVE, SHIFT = "none", "move", "shift"
DIRECTIONS = (("cw", "clockwise"), ("ccw", "anticlockwise"))


def window_key(k: int) -> str:
    return f"window-{k}"


def window_number(key: object) -> int | None:
    if not isinstance(key, str) or not key.startswith("window-"):
        return None
    k = as_int(key[len("window-"):])
    return k if k is not None and 1 <= k <= WINDOWS else None


def generate_options(rng, players: int) -> list[list[list[int]]]:
    """F1: per round 3-6 distinct vectors with whole components from -5 to 5 (never more
    options than players, since each option needs a distinct player)."""
    rounds = []
    for _ in range(ROUNDS):
        count = rng.randint(3, min(6, players))
        pool = [(x, y) for x in range(-5, 6) for y in range(-5, 6)]
        rounds.append([list(v) for v in rng.sample(pool, count)])
    return rounds


class FlatEarth(api.GameEngine):
    slug = "flat_earth"
    name = "The Flat Earth Theory"
    kind = "main"
    min_seats, max_seats, default_seats = 5, 20, 13
    default_settings = {"pregame_seconds": 24 * 3600, "window_seconds": 24 * 3600, "options": []}
    seconds_range = (30, 7 * 24 * 3600)
    settings_fields = (
        api.duration_setting("pregame_seconds", "Pregame", "Before window 1: for questions."),
        api.duration_setting("window_seconds", "Each window", "Each of the nine windows of proposals and votes "
                                                               "(it closes early once everyone has sent)."),
    )
    settings_rows = (MovementOptions(),)
    summary = "Propose and vote on movements across a plane and shifts of four vectors; travel furthest along one."
    secrets = (HiddenMove("a window's proposals and votes"),)

    # settings -------------------------------------------------------------------------------
    def validate_settings(self, settings, seats):
        merged = super().validate_settings(settings, seats)
        if isinstance(merged, api.Invalid):
            return merged
        options = merged["options"]
        if options == []:
            return merged
        if not isinstance(options, list) or len(options) != ROUNDS:
            return api.Invalid(f"options is [] (generated) or {ROUNDS} lists of movement vectors, one per round.")
        for number, vectors in enumerate(options, start=1):
            if isinstance(vectors, list) and len(vectors) > seats:  # F: each option goes to a different player
                return api.Invalid(f"Movement options, round {number}: {len(vectors)} options for {seats} players; "
                                   f"a round has at most one option per player.")
            if (not isinstance(vectors, list) or not 1 <= len(vectors) <= seats
                    or any(not isinstance(v, list) or len(v) != 2 or any(type(c) is not int or abs(c) > 100 for c in v)
                           for v in vectors)):
                return api.Invalid(f"Round {number}: 1 to {seats} vectors [x, y] with whole components from -100 to 100.")
            if len({tuple(v) for v in vectors}) != len(vectors):
                return api.Invalid(f"Round {number}: the movement options must be different vectors.")
        return merged

    # setup ----------------------------------------------------------------------------------
    def setup(self, seats, settings, rng):
        n = len(seats)
        state = {
            "settings": settings, "names": [s.name for s in seats], "window": 0,
            "options": settings["options"] or generate_options(rng, n),
            "vectors": dict(geometry.START_ANGLES), "positions": [[0, 0] for _ in range(n)],
            "paths": [[[0, 0]] for _ in range(n)], "proposals": {}, "submitted": {}, "votes": {},
            "results": [], "finished": False, "winners": {}, "losers": {},
        }
        events = [api.public("flat.start", "The Flat Earth Theory: everyone starts at (0, 0); vectors A 0°, B 90°, "
                             "C 180°, D 270°. The pregame is for questions; round 1's options come with window 1.")]
        spec = api.PhaseSpec(PREGAME, "Pregame: questions", (), settings["pregame_seconds"])
        return api.Transition(state, events, [spec])

    def _window_spec(self, state, k):
        parts = []
        if k >= 2:
            parts.append(f"votes on round {k - 1}")
        if k <= ROUNDS:
            parts.append(f"proposals for round {k}")
        return api.PhaseSpec(window_key(k), f"Window {k}: {' and '.join(parts)}", tuple(range(len(state["names"]))),
                             state["settings"]["window_seconds"], close_early=True,
                             submitters_public=False)  # proposals are anonymous: so is who sent one

    # forms ----------------------------------------------------------------------------------
    def _current(self, state, phase_key, seat):
        k = window_number(phase_key)
        if k is None or k != state["window"] or state["finished"] or type(seat) is not int:
            return None
        return k if 0 <= seat < len(state["names"]) else None

    def named_in(self, state, round_number, seat):
        return [p for p in state["proposals"].get(str(round_number), []) if p["kind"] == MOVE and seat in p["assign"]]

    def shifts_of(self, state, round_number):
        return [p for p in state["proposals"].get(str(round_number), []) if p["kind"] == SHIFT]

    def form(self, state, phase_key, seat):
        k = self._current(state, phase_key, seat)
        if k is None:
            return api.NO_FORM
        fields = []
        if k >= 2:
            for p in self.named_in(state, k - 1, seat):
                fields.append(api.Field(f"vote_{p['id']}", f"Round {k - 1}, proposal {p['id']}: {self.describe(state, k - 1, p)}",
                                        api.RADIO, (("accept", "Accept"), ("reject", "Reject")),
                                        help="No vote accepts it."))
            shifts = self.shifts_of(state, k - 1)
            if shifts:
                fields.append(api.Field("shift_vote", f"Round {k - 1}: your vote for one shift (optional)", api.CHOICE,
                                        tuple((str(p["id"]), f"{p['id']}: {self.describe(state, k - 1, p)}") for p in shifts)))
        if k <= ROUNDS:
            names = tuple((str(s), name) for s, name in enumerate(state["names"]))
            fields.append(api.Field("kind", f"Round {k}: your proposal", api.RADIO,
                                    ((NONE, "No proposal"), (MOVE, "A movement proposal"), (SHIFT, "A shift proposal"))))
            for i, option in enumerate(state["options"][k - 1]):
                fields.append(api.Field(f"option_{i}", f"Option {i + 1} ({option[0]}, {option[1]}) goes to", api.CHOICE, names))
            fields += [api.Field("shift_vector", "Shift: vector", api.CHOICE, tuple((v, v) for v in VECTORS)),
                       api.Field("shift_dir", "Shift: direction", api.CHOICE, DIRECTIONS),
                       api.Field("shift_degrees", "Shift: degrees (0-30)", api.INT, min_value=0, max_value=geometry.MAX_SHIFT)]
        return api.FormSpec(tuple(fields), submit_label="Send", intro="You can send again to change it until the window closes.")

    def validate_submission(self, state, phase_key, seat, data):
        k = self._current(state, phase_key, seat)
        if k is None or not isinstance(data, dict):
            return api.Invalid("That window is not open.")
        allowed = {f.name for f in self.form(state, phase_key, seat).fields}
        if set(data) - allowed:
            return api.Invalid("The form has no such field.")
        read = self._read(state, k, seat, data)
        return read if isinstance(read, api.Invalid) else read[0]

    def _read(self, state, k, seat, data):
        """(the submission as it is kept, the proposal, the rejected proposal ids, the shift
        voted for), or Invalid. What is kept is form data again, so reading it twice agrees."""
        kept, rejects, shift_vote = {}, [], None
        if k >= 2:
            for p in self.named_in(state, k - 1, seat):
                vote = data.get(f"vote_{p['id']}", "accept")
                if vote not in ("accept", "reject"):
                    return api.Invalid("A vote is accept or reject.")
                if vote == "reject":
                    rejects.append(p["id"])
                    kept[f"vote_{p['id']}"] = "reject"
            if data.get("shift_vote") not in (None, ""):
                shift_vote = as_int(data["shift_vote"])
                if shift_vote not in [p["id"] for p in self.shifts_of(state, k - 1)]:
                    return api.Invalid("Vote for one of the round's shift proposals.")
                kept["shift_vote"] = str(shift_vote)
        proposal = None
        if k <= ROUNDS:
            proposal = self._clean_proposal(state, k, data)
            if isinstance(proposal, api.Invalid):
                return proposal
            kept.update(_as_form(proposal))
        return kept, proposal, rejects, shift_vote

    def _clean_proposal(self, state, k, data):
        kind = data.get("kind", NONE)
        if kind in (None, "", NONE):
            return None
        if kind == MOVE:
            options = state["options"][k - 1]
            assign = [as_int(data.get(f"option_{i}")) for i in range(len(options))]
            if any(s is None or not 0 <= s < len(state["names"]) for s in assign):
                return api.Invalid("A movement proposal gives every option to a player.")
            if len(set(assign)) != len(assign):
                return api.Invalid("A movement proposal gives each option to a different player.")
            return {"kind": MOVE, "assign": assign}
        if kind == SHIFT:
            vector, direction, degrees = data.get("shift_vector"), data.get("shift_dir"), data.get("shift_degrees")
            if not isinstance(vector, str) or vector not in tuple(VECTORS) or direction not in ("cw", "ccw") \
                    or type(degrees) is not int or not 0 <= degrees <= geometry.MAX_SHIFT:
                return api.Invalid("A shift proposal names a vector, a direction and 0 to 30 whole degrees.")
            problem = geometry.shift_problem(state["vectors"], vector, direction, degrees)
            if problem:
                return api.Invalid(problem)
            return {"kind": SHIFT, "vector": vector, "dir": direction, "degrees": degrees}
        return api.Invalid("Choose no proposal, a movement proposal or a shift proposal.")

    def default_submission(self, state, phase_key, seat, last, rng):
        return last if last is not None else {}  # nothing sent: no proposal, no vote (F5: accepts)

    def random_submission(self, state, phase_key, seat, rng):
        k = self._current(state, phase_key, seat)
        data = {}
        if k is None:
            return data
        if k >= 2:
            for p in self.named_in(state, k - 1, seat):
                data[f"vote_{p['id']}"] = rng.choice(["accept", "accept", "reject"])
            shifts = self.shifts_of(state, k - 1)
            if shifts and rng.random() < 0.5:
                data["shift_vote"] = str(rng.choice(shifts)["id"])
        if k <= ROUNDS:
            roll = rng.random()
            if roll < 0.5:
                players = rng.sample(range(len(state["names"])), len(state["options"][k - 1]))
                data.update({"kind": MOVE, **{f"option_{i}": str(s) for i, s in enumerate(players)}})
            elif roll < 0.7:
                vector, direction = rng.choice(VECTORS), rng.choice(["cw", "ccw"])
                for degrees in (rng.randint(0, 30), 0):
                    if not geometry.shift_problem(state["vectors"], vector, direction, degrees):
                        data.update({"kind": SHIFT, "shift_vector": vector, "shift_dir": direction, "shift_degrees": degrees})
                        break
        return data

    # resolving ------------------------------------------------------------------------------
    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        if phase_key == PREGAME and state["window"] == 0:
            return self._open(state, 1, [])
        k = window_number(phase_key)
        if k is None or k != state["window"]:
            return api.Transition(state)
        read = {seat: self._read(state, k, seat, sub or {}) for seat, sub in submissions.items()}
        read = {seat: r if not isinstance(r, api.Invalid) else ({}, None, [], None) for seat, r in read.items()}
        events = missed_windows(state["names"], k, filled_in)
        if k >= 2:
            events += self._resolve_round(state, k - 1, read)
        if k <= ROUNDS:
            events += self._reveal(state, k, read)
        if k == WINDOWS:
            return self._finish(state, events, rng)
        return self._open(state, k + 1, events)

    def _open(self, state, k, events):
        state["window"] = k
        if k <= ROUNDS:
            options = ", ".join(f"({x}, {y})" for x, y in state["options"][k - 1])
            events.append(api.public("flat.options", f"Round {k}'s movement options: {options}."))
        return api.Transition(state, events, [self._window_spec(state, k)])

    def _reveal(self, state, k, read):
        """F4: round k's proposals, without proposers, identical ones merged, in an order that
        says nothing of who sent what."""
        raw = {seat: r[1] for seat, r in sorted(read.items()) if r[1]}
        state["submitted"][str(k)] = {str(seat): p for seat, p in raw.items()}
        merged = sorted({_canonical(p): p for p in raw.values()}.items(), key=lambda item: item[0])
        proposals = []
        for number, (_, p) in enumerate(merged, start=1):
            p = dict(p)
            if p["kind"] == SHIFT and p["degrees"] == 0:
                p["dir"] = "cw"
            proposals.append({"id": number, **p})
        state["proposals"][str(k)] = proposals
        if not proposals:
            return [api.public("flat.proposals", f"Round {k}: nobody made a proposal.")]
        listed = "; ".join(f"{p['id']}: {self.describe(state, k, p)}" for p in proposals)
        return [api.public("flat.proposals", f"Round {k}'s proposals (anonymous, identical ones merged): {listed}.")]

    def _resolve_round(self, state, k, read):
        proposals = state["proposals"].get(str(k), [])
        votes = {seat: {"reject": r[2], "shift_vote": r[3]} for seat, r in read.items()}
        state["votes"][str(k)] = {str(s): {"reject": v["reject"], "shift": v["shift_vote"]} for s, v in votes.items()}
        options = state["options"][k - 1]
        taken = {seat: [] for seat in range(len(state["names"]))}
        passed = []
        for p in proposals:
            if p["kind"] != MOVE:
                continue
            rejecting = [s for s in p["assign"] if p["id"] in votes.get(s, {}).get("reject", [])]
            if len(rejecting) <= 1:  # F5: passes with at most one rejection
                passed.append(p["id"])
                for i, s in enumerate(p["assign"]):
                    if s not in rejecting:
                        taken[s].append(tuple(options[i]))
        for seat, moves in taken.items():
            state["positions"][seat] = list(geometry.move(tuple(state["positions"][seat]), moves))
            state["paths"][seat].append(list(state["positions"][seat]))
        shift_note = self._enact_shift(state, k, proposals, votes)
        state["results"].append({"round": k, "passed": passed, "shift": shift_note, "vectors": dict(state["vectors"])})
        angles = ", ".join(f"{v} {a}°" for v, a in state["vectors"].items())
        events = [api.public("flat.vectors", f"After round {k} the vectors point: {angles}.")]
        for seat, name in enumerate(state["names"]):
            where = geometry.where_text(tuple(state["positions"][seat]), state["vectors"])
            events.append(api.private(seat, "flat.position", f"After round {k} you are at {where}.",
                                      others=f"After round {k} {name} is at {where}."))
        return events

    def _enact_shift(self, state, k, proposals, votes):
        """F5, F11c: the shift with the most votes, unless tied or unvoted; void if it would now
        cross or land on another vector (the runner-up is not tried)."""
        tally = {}
        for v in votes.values():
            if v.get("shift_vote") is not None:
                tally[v["shift_vote"]] = tally.get(v["shift_vote"], 0) + 1
        if not tally:
            return "no votes"
        top = max(tally.values())
        leaders = [pid for pid, n in tally.items() if n == top]
        if len(leaders) > 1:
            return "tied"
        p = next(p for p in proposals if p["id"] == leaders[0])
        if geometry.shift_problem(state["vectors"], p["vector"], p["dir"], p["degrees"]):
            return "void"
        state["vectors"][p["vector"]] = geometry.shifted(state["vectors"][p["vector"]], p["dir"], p["degrees"])
        return f"enacted {p['id']}"

    def _finish(self, state, events, rng):
        keys = self.keys(state)
        state["winners"] = geometry.winners(keys, rng.choice)
        state["losers"] = geometry.losers(keys, state["winners"])
        state["finished"] = True
        names = state["names"]
        said = "; ".join(f"{v}: {names[s]}" for v, s in state["winners"].items())
        events.append(api.public("flat.over", f"The Flat Earth Theory is over. Winners: {said}."))
        return api.Transition(state, events, [], finished=True)

    @staticmethod
    def keys(state):
        return {v: {s: geometry.distance_key(tuple(p), a) for s, p in enumerate(state["positions"])}
                for v, a in state["vectors"].items()}

    # words ----------------------------------------------------------------------------------
    def describe(self, state, k, p):
        if p["kind"] == MOVE:
            return ", ".join(f"({x}, {y}) to {state['names'][s]}" for (x, y), s in zip(state["options"][k - 1], p["assign"]))
        if p["degrees"] == 0:
            return f"turn {p['vector']} by 0°"
        return f"turn {p['vector']} {p['degrees']}° {'clockwise' if p['dir'] == 'cw' else 'anticlockwise'}"

    # what each viewer sees (views.py) -------------------------------------------------------
    windows, rounds = WINDOWS, ROUNDS

    def view(self, state, viewer):
        return views.view(self, state, viewer)

    @staticmethod
    def canonical(p: dict) -> tuple:
        return _canonical(p)

    def outcome(self, state):
        won = set(state["winners"].values())
        lost = {s for seats in state["losers"].values() for s in seats}
        standings = result.result_rows(state)
        awards = [api.LedgerDelta(seat, api.MARK_OF_ELIMINATION, 1, "The Flat Earth Theory: a Mark of Elimination "
                                  "for the next Main Match", api.MARK_NEXT) for seat in sorted(lost)]
        statuses = {seat: api.HEAVEN if seat in won else api.HELL for seat in range(len(state["names"]))}
        keepers = tuple(seat for seat in range(len(state["names"])) if seat not in lost)
        return api.Outcome(standings, awards, "The Flat Earth Theory is over.", statuses,
                           [(api.TOKEN_OF_LIFE, 1, keepers)],  # F10
                           columns=result.RESULT_COLUMNS, places_note=result.PLACES_NOTE)


def _as_form(proposal: dict | None) -> dict:
    if proposal is None:
        return {}
    if proposal["kind"] == MOVE:
        return {"kind": MOVE, **{f"option_{i}": str(s) for i, s in enumerate(proposal["assign"])}}
    return {"kind": SHIFT, "shift_vector": proposal["vector"], "shift_dir": proposal["dir"],
            "shift_degrees": proposal["degrees"]}


def _canonical(p: dict) -> tuple:
    """F11d: identical movement proposals name the same player for every option; 0-degree
    shifts of one vector are one proposal whatever their direction."""
    if p["kind"] == MOVE:
        return (MOVE, tuple(p["assign"]))
    return (SHIFT, p["vector"], "" if p["degrees"] == 0 else p["dir"], p["degrees"])


ENGINE = FlatEarth()
