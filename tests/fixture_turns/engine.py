"""Call or Raise: a small turn-based betting game that proves the platform's turn sequences
(PhaseSpec.turn) and the defaults resolve is told of (filled_in). Installed only in tests.

Two players, each with `chips`. Each round both put in one chip and are dealt a card from 1 to
10 (two different cards, from the match's seed): each sees the other's card, never their own.
Then they take turns, the round's first player first (the seed draws round 1's; it alternates):
raise (pay what it takes to match, and `amount` more), call (match, and the cards are shown: the
higher takes the pot), or fold (the other takes the pot). A raise is at most `max_raise` and at
most what both can still pay, so a round ends. Each action is one turn phase of its own, with its
own deadline; a missed turn folds, and the log says so ("Time ran out: ..."). After `rounds`
rounds, or once a player cannot put in a chip, most chips wins."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.blocks.reveal import is_seat_among, sees_everything
from games.blocks.settings import first_problem, whole_number
from games.blocks.steps import one_player_step
from games.ranking import shared_ranks
from games.secrets import HiddenMove, SeededSecret
from games.values import as_int, direction_problem

RAISE, CALL, FOLD = "raise", "call", "fold"
NOTE_LENGTH = 50
NOTES = ("", "", "they look calm", "bluff next time?", "remember the 9")  # the bots' notes to themselves


def another_card(seat):
    """The state as the seed might have dealt it with another card for `seat` (and nothing else)."""

    def vary(state):
        state = copy.deepcopy(state)
        state["cards"][seat] = next(c for c in range(1, 11) if c not in state["cards"])
        return state

    return vary


class CallOrRaise(api.GameEngine):
    slug = "fixture_turns"
    # Each card is dealt by the seed and known to the other player only; the note is a hidden move.
    secrets = (
        SeededSecret("the first player's card", another_card(0), known_to=lambda state: (1,)),
        SeededSecret("the second player's card", another_card(1), known_to=lambda state: (0,)),
        HiddenMove("a note to yourself"),
    )
    name = "Call or Raise (fixture)"
    kind = "main"
    min_seats = max_seats = 2
    default_settings = {"rounds": 5, "chips": 10, "max_raise": 3, "turn_seconds": 60}
    settings_fields = (
        api.Field("rounds", "Rounds", api.INT, min_value=1, max_value=20, required=True),
        api.Field("chips", "Chips each", api.INT, min_value=2, max_value=100, required=True),
        api.Field("max_raise", "Largest raise", api.INT, min_value=1, max_value=20, required=True),
        api.duration_setting("turn_seconds", "Each turn"),
    )
    summary = "See their card, never yours: raise, call or fold."

    def validate_settings(self, settings, seats):
        return first_problem(
            super().validate_settings(settings, seats),
            whole_number("rounds", 1, 20),
            whole_number("chips", 2, 100),
            whole_number("max_raise", 1, 20),
        )

    def setup(self, seats, settings, rng):
        state = {
            "settings": settings,
            "names": [s.name for s in seats],
            "chips": [settings["chips"]] * 2,
            "round": 0,
            "first": rng.randrange(2),
            "rounds": [],
            "finished": False,
        }
        return self._deal(state, [], rng)

    # a round ------------------------------------------------------------------------------
    def _deal(self, state, events, rng):
        """The next round: antes, two cards, the first turn; or the end."""
        if state["round"] >= state["settings"]["rounds"] or min(state["chips"]) < 1:
            state["finished"], state["to_act"] = True, None
            return api.Transition(state, events, [], finished=True)
        state["round"] += 1
        if state["round"] > 1:
            state["first"] = 1 - state["first"]
        state["cards"] = rng.sample(range(1, 11), 2)
        state["chips"] = [c - 1 for c in state["chips"]]
        state["stakes"], state["turn"], state["to_act"], state["actions"] = [1, 1], 1, state["first"], []
        names = state["names"]
        events.append(
            api.public(
                "deal",
                f"Round {state['round']}: each puts in a chip and is dealt a card; {names[state['first']]} acts first.",
            )
        )
        for seat in (0, 1):  # each sees the other's card
            other, card = names[1 - seat], state["cards"][1 - seat]
            events.append(
                api.private(
                    seat,
                    "deal",
                    f"You see {other}'s card: {card}.",
                    others=f"{names[seat]} sees {other}'s card: {card}.",
                )
            )
        return api.Transition(state, events, [self._turn(state)])

    def _turn(self, state):
        seat = state["to_act"]
        return one_player_step(
            turn_key(state),
            f"Round {state['round']}, turn {state['turn']}: {state['names'][seat]}",
            seat,
            state["settings"]["turn_seconds"],
            turn=True,
        )

    # a player's move ----------------------------------------------------------------------
    def form(self, state, phase_key, seat):
        to_call, top = owed(state, seat), raise_limit(state, seat)
        choices = ((CALL, f"Call (pay {to_call})" if to_call else "Call (show the cards)"), (FOLD, "Fold"))
        if top:
            more = f"pay {to_call}, then 1 to {top} more" if to_call else f"1 to {top}"
            choices = ((RAISE, f"Raise ({more})"),) + choices
        fields = [api.Field("action", "Your move", api.RADIO, choices, required=True)]
        if top:  # sent and required only with a raise (the engine refuses it beside anything else all the same)
            fields.append(
                api.Field(
                    "amount",
                    "Raise by",
                    api.INT,
                    min_value=1,
                    max_value=top,
                    required=True,
                    depends_on="action",
                    when=(RAISE,),
                )
            )
        fields.append(
            api.Field(
                "note", "Note to yourself", api.TEXT, max_length=NOTE_LENGTH, help="Only you and the host read it."
            )
        )
        return api.FormSpec(tuple(fields), "Send")

    def validate_submission(self, state, phase_key, seat, data):
        if not isinstance(data, dict) or not set(data) <= {"action", "amount", "note"}:
            return api.Invalid("Choose raise, call or fold (and an amount with a raise).")
        if state["finished"] or phase_key != turn_key(state) or seat != state["to_act"]:
            return api.Invalid("It is not your turn.")
        action, top = data.get("action"), raise_limit(state, seat)
        if action not in (CALL, FOLD) and not (action == RAISE and top):
            return api.Invalid("Choose raise, call or fold." if top else "Choose call or fold: you cannot raise now.")
        cleaned = {"action": action}
        if action == RAISE:
            amount = as_int(data.get("amount"))
            if amount is None or not 1 <= amount <= top:
                return api.Invalid(f"Raise by a whole number from 1 to {top}.")
            cleaned["amount"] = amount
        elif "amount" in data:
            return api.Invalid("Amount goes only with Raise.")
        note = data.get("note", "")
        if not isinstance(note, str) or len(note) > NOTE_LENGTH or direction_problem(note):
            return api.Invalid(f"A note is at most {NOTE_LENGTH} characters of plain text.")
        return {**cleaned, "note": note} if note else cleaned

    def default_submission(self, state, phase_key, seat, last, rng):
        """A missed turn folds."""
        return last if last is not None else {"action": FOLD}

    def random_submission(self, state, phase_key, seat, rng):
        top = raise_limit(state, seat)
        action = rng.choice([RAISE, RAISE, CALL, CALL, FOLD] if top else [CALL, CALL, FOLD])
        data = {"action": action, **({"amount": str(rng.randint(1, top))} if action == RAISE else {})}
        note = rng.choice(NOTES)
        return {**data, "note": note} if note else data

    # the close of a turn --------------------------------------------------------------------
    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        seat = state["to_act"]
        move = submissions.get(seat) or {"action": FOLD}
        name, other = state["names"][seat], state["names"][1 - seat]
        timed_out = "Time ran out: " if seat in filled_in else ""  # a default is said as one
        state["actions"].append(
            {"seat": seat, "action": move["action"], "amount": move.get("amount"), "default": seat in filled_in}
        )
        if move["action"] == RAISE:
            paid = owed(state, seat) + move["amount"]
            state["chips"][seat] -= paid
            state["stakes"][seat] += paid
            state["turn"] += 1
            state["to_act"] = 1 - seat
            text = (
                f"{name} raises by {move['amount']}: {other} owes {move['amount']}, the pot is {sum(state['stakes'])}."
            )
            return api.Transition(state, [api.public("raise", text)], [self._turn(state)])
        if move["action"] == CALL:
            paid = owed(state, seat)
            state["chips"][seat] -= paid
            state["stakes"][seat] += paid
            winner = 0 if state["cards"][0] > state["cards"][1] else 1
            how = f"{name} calls" + (f" ({paid})" if paid else "")
        else:
            winner = 1 - seat
            how = f"{timed_out}{name} folds"
        pot = sum(state["stakes"])
        state["chips"][winner] += pot
        cards = state["cards"]
        state["rounds"].append(
            {"round": state["round"], "cards": list(cards), "winner": winner, "pot": pot, "actions": state["actions"]}
        )
        names = state["names"]
        text = (
            f"{how}; {names[winner]} takes the pot of {pot}. The cards: {names[0]} {cards[0]}, {names[1]} {cards[1]}."
        )
        return self._deal(state, [api.public(move["action"], text)], rng)

    # what each viewer sees -----------------------------------------------------------------
    def view(self, state, viewer):
        """Chips, stakes and the rounds played are public. A round's cards: each player sees the
        other's and never their own; a spectator neither, until the round ends (then the log and
        the rounds show both); the host both."""
        names = state["names"]
        out = {
            "round": state["round"],
            "rounds_total": state["settings"]["rounds"],
            "finished": state["finished"],
            "players": [{"name": n, "chips": c} for n, c in zip(names, state["chips"])],
            "rounds": [
                {
                    "round": r["round"],
                    "winner": names[r["winner"]],
                    "pot": r["pot"],
                    "cards": [f"{n} {c}" for n, c in zip(names, r["cards"])],
                }
                for r in state["rounds"]
            ],
        }
        if state["finished"]:
            return out
        out.update(
            {
                "stakes": [{"name": n, "stake": s} for n, s in zip(names, state["stakes"])],
                "pot": sum(state["stakes"]),
                "to_act": names[state["to_act"]],
            }
        )
        if sees_everything(viewer, state["finished"]):
            out["cards"] = [f"{n} {c}" for n, c in zip(names, state["cards"])]
        elif is_seat_among(viewer, (0, 1)):
            other = 1 - viewer.seat
            out["their_card"] = {"name": names[other], "card": state["cards"][other]}
        return out

    def outcome(self, state):
        chips = state["chips"]
        ranks = shared_ranks((0, 1), key=lambda seat: chips[seat], higher_is_better=True)
        standings = [api.Standing(seat, ranks[seat], chips[seat]) for seat in (0, 1)]
        top = [state["names"][s] for s in (0, 1) if ranks[s] == 1]
        return api.Outcome(standings, [], f"{' and '.join(top)} won Call or Raise.")


def turn_key(state):
    return f"r{state['round']}-t{state['turn']}"


def owed(state, seat):
    """What `seat` must pay to match the other's stake."""
    return state["stakes"][1 - seat] - state["stakes"][seat]


def raise_limit(state, seat):
    """The largest raise `seat` may make now (0: none): at most max_raise, what it has left once
    it has matched, and what the other has left to call it with."""
    return max(
        0, min(state["settings"]["max_raise"], state["chips"][seat] - owed(state, seat), state["chips"][1 - seat])
    )


ENGINE = CallOrRaise()
