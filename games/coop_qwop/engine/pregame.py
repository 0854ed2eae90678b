"""Race changes in the pregame: ruling Q7. A controller proposes, the other controllers accept
with an explicit button; three-legged proposals need every controller of both athletes.

Who proposed, who controls the partner athlete, and how many acceptances a proposal still needs
are never told: a proposal names athletes only, and nobody hears of another's acceptance until
the proposal takes effect (a count would tell a three-legged proposer whether three or four
players are involved). Each player numbers the proposals they see on their own: a number counted
across the match would tell a player how many proposals others made."""

from __future__ import annotations

from games import engine_api as api

from .races import DASH, RACES, THREE_LEGGED

PREGAME = "pregame"  # the pregame phase's key
PENDING, TAKEN, DECLINED, WITHDRAWN, LAPSED = "pending", "taken", "declined", "withdrawn", "lapsed"
MAX_PENDING_PER_SEAT = 30  # a bound on what one player can make others read


def describe(proposal: dict) -> str:
    if proposal["race"] == THREE_LEGGED:
        return f"athlete #{proposal['athlete']} and #{proposal['partner']} to run the three-legged race together"
    return f"athlete #{proposal['athlete']} to the {RACES[proposal['race']]}"


def involved(proposal: dict, athletes: list[dict]) -> set[int]:
    """Every controller of every athlete the proposal moves."""
    seats = set(athletes[proposal["athlete"] - 1]["controllers"])
    if proposal["partner"] is not None:
        seats |= set(athletes[proposal["partner"] - 1]["controllers"])
    return seats


def check_proposal(state: dict, seat: int, athlete: int, race: str, partner: int | None) -> api.Invalid | None:
    athletes = state["athletes"]
    if not 1 <= athlete <= len(athletes) or seat not in athletes[athlete - 1]["controllers"]:
        return api.Invalid("You can only propose a race for one of your own athletes.")
    if race not in RACES:
        return api.Invalid("Choose one of the four races.")
    current = athletes[athlete - 1]
    if race == THREE_LEGGED:
        if partner is None or not 1 <= partner <= len(athletes) or partner == athlete:
            return api.Invalid("A three-legged proposal names another athlete as the partner.")
        if current["partner"] == partner:
            return api.Invalid(f"Athletes #{athlete} and #{partner} already run together.")
    else:
        if partner is not None:
            return api.Invalid("Only a three-legged proposal names a partner.")
        if current["race"] == race:
            return api.Invalid(f"Athlete #{athlete} already runs the {RACES[race]}.")
    pending = [p for p in state["proposals"] if p["status"] == PENDING]
    if any((p["athlete"], p["race"], p["partner"]) == (athlete, race, partner) for p in pending):
        return api.Invalid("That proposal is already waiting for answers.")
    if sum(1 for p in pending if p["proposer"] == seat) >= MAX_PENDING_PER_SEAT:
        return api.Invalid(f"You have {MAX_PENDING_PER_SEAT} proposals waiting; withdraw some first.")
    return None


def seen_by(state: dict, seat: int) -> list[dict]:
    """The proposals `seat` sees (those moving an athlete they control), in order: the seat's own
    numbering is a proposal's place in this list. Who controls what never changes, so a number,
    once given, stays."""
    return [p for p in state["proposals"] if seat in involved(p, state["athletes"])]


def number_for(state: dict, seat: int, proposal: dict) -> int:
    return next(i for i, p in enumerate(seen_by(state, seat), start=1) if p is proposal)


def propose(state: dict, seat: int, athlete: int, race: str, partner: int | None) -> list[api.Event]:
    """Record a checked proposal (mutates `state`)."""
    proposal = {
        "id": len(state["proposals"]) + 1,
        "athlete": athlete,
        "race": race,
        "partner": partner,
        "proposer": seat,
        "accepted": [seat],
        "status": PENDING,
    }
    state["proposals"].append(proposal)
    events = [
        api.private(
            seat,
            "qwop.proposed",
            f"You made proposal {number_for(state, seat, proposal)}: "
            f"{describe(proposal)}. Waiting for the other controllers.",
            others=f"{state['names'][seat]} proposed {describe(proposal)}.",
        )
    ]
    for other in sorted(involved(proposal, state["athletes"]) - {seat}):
        events.append(
            api.private(
                other,
                "qwop.proposal",
                f"Proposal {number_for(state, other, proposal)}: {describe(proposal)}. It needs your answer.",
                others=f"{state['names'][other]} was asked to answer a proposal: {describe(proposal)}.",
            )
        )
    return events


def awaiting(proposal: dict, athletes: list[dict], seat: int) -> bool:
    """Does this pending proposal wait for `seat`'s answer?"""
    return proposal["status"] == PENDING and seat in involved(proposal, athletes) and seat not in proposal["accepted"]


def find(state: dict, seat: int, number: object) -> dict | None:
    """The proposal `seat` knows by `number` (their own numbering), or None."""
    seen = seen_by(state, seat)
    if type(number) is not int or not 1 <= number <= len(seen):
        return None
    return seen[number - 1]


def accept(state: dict, seat: int, proposal: dict) -> list[api.Event]:
    """Record an acceptance; the proposal takes effect with the last one (mutates `state`).
    Until then only the one who accepted is told."""
    proposal["accepted"].append(seat)
    if involved(proposal, state["athletes"]) - set(proposal["accepted"]):
        return [
            api.private(
                seat,
                "qwop.accepted",
                f"You agreed to proposal {number_for(state, seat, proposal)} "
                f"({describe(proposal)}). It takes effect when every controller has agreed.",
                others=f"{state['names'][seat]} agreed to a proposal ({describe(proposal)}).",
            )
        ]
    proposal["status"] = TAKEN
    return [api.public("qwop.race_change", take_effect(state["athletes"], proposal))]


def close(state: dict, seat: int, proposal: dict, status: str) -> list[api.Event]:
    """Decline or withdraw: the proposal is over for everyone involved (mutates `state`)."""
    proposal["status"] = status
    verb = "declined" if status == DECLINED else "withdrawn"
    return [
        api.private(
            s,
            "qwop.proposal_closed",
            f"Proposal {number_for(state, s, proposal)} ({describe(proposal)}) was {verb}; nothing changes.",
            others=f"Told to {state['names'][s]}: the proposal ({describe(proposal)}) was {verb}; nothing changes.",
        )
        for s in sorted(involved(proposal, state["athletes"]))
    ]


def lapse(state: dict) -> int:
    """At the pregame deadline every pending proposal lapses (mutates `state`)."""
    pending = [p for p in state["proposals"] if p["status"] == PENDING]
    for p in pending:
        p["status"] = LAPSED
    return len(pending)


def take_effect(athletes: list[dict], proposal: dict) -> str:
    """Move the athlete(s); an abandoned three-legged partner goes back to the 100m dash."""
    moving = [athletes[proposal["athlete"] - 1]]
    if proposal["partner"] is not None:
        moving.append(athletes[proposal["partner"] - 1])
    numbers = {a["number"] for a in moving}
    left_behind = []
    for athlete in moving:
        old = athlete["partner"]
        if old is not None and old not in numbers:
            athletes[old - 1].update(race=DASH, partner=None)
            left_behind.append(old)
    for athlete in moving:
        athlete["race"] = proposal["race"]
        others = numbers - {athlete["number"]}
        athlete["partner"] = others.pop() if others else None
    text = (
        f"Athletes #{moving[0]['number']} and #{moving[1]['number']} now run the three-legged race together."
        if len(moving) == 2
        else f"Athlete #{moving[0]['number']} now runs the {RACES[proposal['race']]}."
    )
    for number in left_behind:
        text += f" Athlete #{number} loses its partner and goes back to the 100m dash."
    return text
