"""Unique Bid: a small game that proves the platform before (and beside) any real game.

Each round every seat bids 1-10 in private; the highest bid nobody else made scores a point.
Every seat holds a secret code only it (and the host) may see, so leak tests have something to
look for. A hint costs a garnet (an immediate action with a ledger effect). After an even round
its winner gets a one-seat bonus prompt (a phase the engine decides on mid-match). The host may
grant a seat points with a private note, ask a seat a yes/no question that opens a one-seat
phase, or fine a seat a garnet of the season ledger (host actions, so the platform's host actions
have something to run). A missed bid is drawn at random, and the log says it as a default ("Time
ran out: ..."), from resolve's filled_in."""

import copy

from games import engine_api as api
from games.secrets import HiddenMove, SeededSecret


# A seat may guess the round's outcome beside its bid: the top bid (a number that goes only with
# that guess, a dependent field) or that nobody scores. Told privately after the round.
GUESSES = (("top", "Top bid"), ("none", "Nobody scores"))


def _guess(data):
    guess, top = data.get("guess"), data.get("guess_top")
    if guess is None:
        return {} if top is None else api.Invalid("The top bid goes only with that guess.")
    if guess == "none" and top is None:
        return {"guess": "none"}
    if guess == "top" and type(top) is int and 1 <= top <= 10:
        return {"guess": "top", "guess_top": top}
    return api.Invalid("Guess the top bid (a number from 1 to 10) or that nobody scores.")


def _guessed(seat, name, sub, top):
    """The private word on a seat's guess; `top` is the scoring bid (None: nobody scored)."""
    right = top is None if sub["guess"] == "none" else sub.get("guess_top") == top
    said = "nobody scores" if sub["guess"] == "none" else f"the top bid is {sub['guess_top']}"
    verdict = "right" if right else "wrong"
    return api.private(
        int(seat), "guess", f"Your guess ({said}) was {verdict}.", others=f"{name}'s guess ({said}) was {verdict}."
    )


class UniqueBid(api.GameEngine):
    slug = "fixture"
    name = "Unique Bid (fixture)"
    kind = "main"
    min_seats, max_seats = 2, 200
    default_settings = {"rounds": 3, "round_seconds": 60, "close_early": True}
    settings_fields = (
        api.Field("rounds", "Rounds", api.INT, min_value=1, max_value=20, required=True),
        api.duration_setting("round_seconds", "Each round"),
        api.Field(
            "close_early",
            "Close a round early",
            api.CHOICE,
            api.setting_choices((True, "Once everyone has bid"), (False, "Only at the deadline")),
            required=True,
        ),
    )
    summary = "Bid high, but alone."
    secrets = (
        HiddenMove("a bid"),
        SeededSecret(
            "seat 0's secret code", lambda state: _with_code(state, 0, "SECRET-0-0000"), known_to=lambda state: (0,)
        ),
    )

    def validate_settings(self, settings, seats):
        merged = super().validate_settings(settings, seats)
        if isinstance(merged, api.Invalid):
            return merged
        if not isinstance(merged["rounds"], int) or not 1 <= merged["rounds"] <= 20:
            return api.Invalid("rounds must be a whole number from 1 to 20.")
        if not isinstance(merged["round_seconds"], int) or not 1 <= merged["round_seconds"] <= 172800:
            return api.Invalid("round_seconds must be from 1 to 172800.")
        return merged

    def setup(self, seats, settings, rng):
        state = {
            "settings": settings,
            "names": [s.name for s in seats],
            "secrets": [f"SECRET-{s.index}-{rng.randint(1000, 9999)}" for s in seats],
            "scores": [0] * len(seats),
            "rounds": [],
            "hints": [0] * len(seats),
            "round": 1,
            "finished": False,
        }
        events = [
            api.private(
                s.index,
                "secret",
                f"Your secret code is {state['secrets'][s.index]}.",
                others=f"{s.name}'s secret code is {state['secrets'][s.index]}.",
            )
            for s in seats
        ]
        return api.Transition(state, events, [self._round_phase(state)])

    def _round_phase(self, state):
        n = state["round"]
        seats = tuple(range(len(state["names"])))
        return api.PhaseSpec(
            f"round-{n}", f"Round {n}", seats, state["settings"]["round_seconds"], state["settings"]["close_early"]
        )

    def form(self, state, phase_key, seat):
        if _yes_no(phase_key):
            return api.FormSpec(
                (api.Field("double", "Double your point?", api.CHOICE, (("yes", "Yes"), ("no", "No")), required=True),)
            )
        return api.FormSpec(
            (
                api.Field("bid", "Your bid", api.INT, min_value=1, max_value=10, required=True),
                api.Field("note", "Note to yourself", api.TEXT, max_length=50),
                api.Field("guess", "Guess", api.CHOICE, GUESSES),
                api.Field(
                    "guess_top",
                    "Number",
                    api.INT,
                    min_value=1,
                    max_value=10,
                    required=True,
                    depends_on="guess",
                    when=("top",),
                ),
            ),
            submit_label="Bid",
        )

    def validate_submission(self, state, phase_key, seat, data):
        if not isinstance(data, dict):
            return api.Invalid("A submission is a set of fields.")
        if set(data) - {"bid", "note", "double", "guess", "guess_top"}:
            return api.Invalid("Unknown fields.")
        if _yes_no(phase_key):
            return (
                {"double": data["double"]} if data.get("double") in ("yes", "no") else api.Invalid("Answer yes or no.")
            )
        bid = data.get("bid")
        if type(bid) is not int or not 1 <= bid <= 10:
            return api.Invalid("Bid a whole number from 1 to 10.")
        note = data.get("note", "")
        if not isinstance(note, str) or len(note) > 50:
            return api.Invalid("A note is at most 50 characters.")
        cleaned = {"bid": bid, "note": note} if note else {"bid": bid}
        guess = _guess(data)
        return guess if isinstance(guess, api.Invalid) else {**cleaned, **guess}

    def default_submission(self, state, phase_key, seat, last, rng):
        if last is not None:
            return last
        if _yes_no(phase_key):
            return {"double": "no"}
        return {"bid": rng.randint(1, 10)}

    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        if phase_key.startswith("ask"):  # the host's question: a yes is worth a point, and the round goes on
            seat, answer = next(iter(submissions.items()))
            if answer and answer["double"] == "yes":
                state["scores"][seat] += 1
            said = "yes" if answer and answer["double"] == "yes" else "no"
            return api.Transition(state, [api.public("asked", f"{state['names'][seat]} answered {said}.")])
        if phase_key.startswith("bonus"):
            seat, answer = next(iter(submissions.items()))
            if answer and answer["double"] == "yes":
                state["scores"][seat] += 1
            text = f"{state['names'][seat]} {'doubled' if answer['double'] == 'yes' else 'kept'} the point."
            if seat in filled_in:  # a default is said as one, never as a choice
                text = f"Time ran out: {state['names'][seat]} kept the point."
            return self._next_round(state, [api.public("bonus", text)])
        bids = {int(seat): sub["bid"] for seat, sub in submissions.items()}
        counts = {}
        for bid in bids.values():
            counts[bid] = counts.get(bid, 0) + 1
        unique = [b for b, c in counts.items() if c == 1]
        winner = top = None
        if unique:
            top = max(unique)
            winner = next(seat for seat, bid in bids.items() if bid == top)
            state["scores"][winner] += 1
        # "drawn": the seats whose bid the rules drew (kept so that a replay that told resolve
        # otherwise than the close did ends in a different state)
        state["rounds"].append({"bids": [bids[s] for s in sorted(bids)], "winner": winner, "drawn": sorted(filled_in)})
        who = state["names"][winner] if winner is not None else "nobody"
        events = [api.public("round", f"Round {state['round']}: bids {[bids[s] for s in sorted(bids)]}; {who} scores.")]
        events += [
            _guessed(seat, state["names"][int(seat)], sub, top) for seat, sub in submissions.items() if sub.get("guess")
        ]
        for seat in sorted(filled_in):  # a default is said as one, never as a choice
            events.append(
                api.public(
                    "default", f"Time ran out: {state['names'][seat]}'s bid of {bids[seat]} was drawn at random."
                )
            )
        if winner is not None and state["round"] % 2 == 0 and state["round"] < state["settings"]["rounds"]:
            spec = api.PhaseSpec(
                f"bonus-{state['round']}", f"Bonus for {who}", (winner,), state["settings"]["round_seconds"], True
            )
            return api.Transition(state, events, [spec])
        return self._next_round(state, events)

    def _next_round(self, state, events):
        if state["round"] >= state["settings"]["rounds"]:
            state["finished"] = True
            return api.Transition(state, events, [], finished=True)
        state["round"] += 1
        return api.Transition(state, events, [self._round_phase(state)])

    def actions(self, state, seat, open_phase_keys):
        if state["finished"] or not open_phase_keys:
            return []
        return [api.ActionSpec("hint", "Buy a hint (1 garnet)", api.FormSpec((), submit_label="Buy"))]

    def apply_action(self, state, seat, name, data, ctx, rng):
        if name != "hint" or data:
            return api.Invalid("There is no such action.")
        if ctx.balance(seat, api.GARNET) < 1:
            return api.Invalid("A hint costs 1 garnet and you have none.")
        state = copy.deepcopy(state)
        state["hints"][seat] += 1
        hint = f"Hint: the most common winning bid so far is {rng.randint(1, 10)}."
        return api.Transition(
            state,
            [api.private(seat, "hint", hint, others=f"{state['names'][seat]} bought a hint. {hint}")],
            ledger=[api.LedgerDelta(seat, api.GARNET, -1, "Bought a hint in Unique Bid")],
        )

    def view(self, state, viewer):
        out = {"round": state["round"], "scores": dict(zip(state["names"], state["scores"])), "rounds": state["rounds"]}
        if viewer.is_host or state["finished"]:
            out["secrets"] = state["secrets"]
        elif viewer.kind == api.SEAT:
            out["my_secret"] = state["secrets"][viewer.seat]
            out["my_hints"] = state["hints"][viewer.seat]
            out["my_bids"] = list(range(1, 11))  # the bids the picture offers to tap
        return out

    def outcome(self, state):
        scores = state["scores"]
        standings = [api.Standing(s, 1 + sum(o > scores[s] for o in scores), scores[s]) for s in range(len(scores))]
        awards = [api.LedgerDelta(s.seat, api.GARNET, 1, "Won Unique Bid") for s in standings if s.place == 1]
        return api.Outcome(standings, awards, "Unique Bid is over.")

    def random_submission(self, state, phase_key, seat, rng):
        if _yes_no(phase_key):
            return {"double": rng.choice(["yes", "no"])}
        return {"bid": rng.randint(1, 10)}

    def random_action(self, state, seat, open_phase_keys, ctx, rng):
        if ctx.balance(seat, api.GARNET) >= 1 and rng.random() < 0.1:
            return ("hint", {})
        return None

    # host actions ---------------------------------------------------------------------------
    def host_actions(self, state):
        if state["finished"]:
            return []
        seats = tuple((str(i), name) for i, name in enumerate(state["names"]))
        grant = api.FormSpec(
            (
                api.Field("seat", "Seat", api.CHOICE, seats, required=True),
                api.Field("points", "Points", api.INT, min_value=1, max_value=3, required=True),
                api.Field("note", "Private note to the seat", api.TEXT, max_length=80),
            ),
            submit_label="Grant",
        )
        ask = api.FormSpec((api.Field("seat", "Seat", api.CHOICE, seats, required=True),), submit_label="Ask")
        fine = api.FormSpec((api.Field("seat", "Seat", api.CHOICE, seats, required=True),), submit_label="Fine")
        return [
            api.ActionSpec("grant", "Grant points", grant),
            api.ActionSpec("ask", "Ask a seat", ask),
            api.ActionSpec("fine", "Fine a garnet", fine),
        ]

    def apply_host_action(self, state, name, data, ctx, rng):
        if state["finished"] or name not in ("grant", "ask", "fine") or not isinstance(data, dict):
            return api.Invalid("There is no such host action now.")
        allowed = {"grant": {"seat", "points", "note"}, "ask": {"seat"}, "fine": {"seat"}}[name]
        if set(data) - allowed:
            return api.Invalid("Unknown fields.")
        seat = data.get("seat")
        if not isinstance(seat, str) or not seat.isdigit() or int(seat) >= len(state["names"]):
            return api.Invalid("Choose one of the seats.")
        seat = int(seat)
        state = copy.deepcopy(state)
        who = state["names"][seat]
        if name == "fine":  # the platform refuses it if the seat's season balance has no garnet
            return api.Transition(
                state,
                [api.public("fine", f"The host fined {who} a garnet.")],
                ledger=[api.LedgerDelta(seat, api.GARNET, -1, "Fined by the host in Unique Bid")],
            )
        if name == "ask":
            state["asked"] = state.get("asked", 0) + 1
            key = f"ask-{state['asked']}"
            spec = api.PhaseSpec(key, f"The host asks {who}", (seat,), state["settings"]["round_seconds"], True)
            return api.Transition(state, [api.public("ask", f"The host asks {who} a question.")], [spec])
        points, note = data.get("points"), data.get("note", "")
        if type(points) is not int or not 1 <= points <= 3:
            return api.Invalid("Grant 1 to 3 points.")
        if not isinstance(note, str) or len(note) > 80:
            return api.Invalid("A note is at most 80 characters.")
        state["scores"][seat] += points
        events = [api.public("grant", f"The host granted {who} {points} point{'s' if points > 1 else ''}.")]
        if note:
            events.append(api.private(seat, "note", f"A note from the host: {note}", others=f"Note to {who}: {note}"))
        return api.Transition(state, events)

    def random_host_action(self, state, ctx, rng):
        if state["finished"] or rng.random() >= 0.2:
            return None
        seat = str(rng.randrange(len(state["names"])))
        if rng.random() < 0.5:
            return ("ask", {"seat": seat})
        if ctx.balance(int(seat), api.GARNET) >= 1 and rng.random() < 0.3:
            return ("fine", {"seat": seat})
        return ("grant", {"seat": seat, "points": rng.randint(1, 3), "note": "From the bot host."})


def _yes_no(phase_key):
    return phase_key.startswith(("bonus", "ask"))


FIXTURE = UniqueBid()


def _with_code(state, seat, code):
    """The state as set up, had the seed drawn `code` for `seat`."""
    state = copy.deepcopy(state)
    state["secrets"][seat] = code
    return state
