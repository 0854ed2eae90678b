"""Co-op QWOP's immediate actions: what a player may do outside the rounds' submissions, and
how each is checked and applied.

During the pregame a controller proposes a race change and the others answer it (accept,
decline, withdraw); while the match runs anyone may buy a pack of cards with garnets. The rules
of proposals themselves (who must agree, what a player may learn) live in pregame.py; this
module turns them into the forms the platform shows and the transitions it applies."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.values import as_int
from games.words import count

from . import cards, pregame, races


def pack_rows(state, seat):
    """Every pack with its price, its cards and how many more `seat` may buy."""
    return [
        {
            "name": name,
            "price": price,
            "cards": "".join(contents),
            "bought": state["packs"][seat][name],
            "left": cards.PACK_LIMIT - state["packs"][seat][name],
        }
        for name, (price, contents) in cards.PACKS.items()
    ]


# what a player is offered ---------------------------------------------------------------------
def offered(engine, state, seat, open_phase_keys):
    """The actions `seat` may take now (the engine's `actions`); `engine` names the seat's athletes."""
    if state["finished"] or not open_phase_keys:
        return []
    out = []
    if pregame.PREGAME in open_phase_keys and 0 <= seat < len(state["names"]):
        out += _pregame_actions(engine, state, seat)
    packs = [p for p in pack_rows(state, seat) if p["left"] > 0] if 0 <= seat < len(state["names"]) else []
    if packs:
        choices = tuple(
            (p["name"], f"{p['name']} pack: {p['cards']} for {count(p['price'], 'garnet')}, {p['left']} left to buy")
            for p in packs
        )
        out.append(
            api.ActionSpec(
                "buy_pack",
                "Buy a pack of cards",
                api.FormSpec(
                    (api.Field("pack", "Pack", api.CHOICE, choices, required=True),),
                    submit_label="Buy",
                    intro="Paid from your season garnets; the cards join your hand at once. Each pack at most twice.",
                ),
            )
        )
    return out


def _pregame_actions(engine, state, seat):
    mine = tuple(
        (str(a["number"]), f"#{a['number']} with {engine.co_controller(state, a, seat)}")
        for a in engine.athletes_of(state, seat)
    )
    races_choice = tuple(races.RACES.items())
    out = [
        api.ActionSpec(
            "propose",
            "Propose a race change",
            api.FormSpec(
                (
                    api.Field("athlete", "Athlete", api.CHOICE, mine, required=True),
                    api.Field("race", "Race", api.CHOICE, races_choice, required=True),
                    api.Field(
                        "partner",
                        "Partner athlete",
                        api.INT,
                        min_value=1,
                        max_value=len(state["athletes"]),
                        required=True,
                        depends_on="race",
                        when=(races.THREE_LEGGED,),
                    ),
                ),
                submit_label="Propose",
                intro="It takes effect when every other controller accepts.",
            ),
        )
    ]
    seen = list(enumerate(pregame.seen_by(state, seat), start=1))  # (the seat's number, proposal)
    answerable = [(n, p) for n, p in seen if pregame.awaiting(p, state["athletes"], seat)]
    if answerable:
        out.append(
            _proposal_action("accept", "A proposal waits for your answer", answerable, "I agree", awaits_answer=True)
        )
    declinable = [(n, p) for n, p in seen if p["status"] == pregame.PENDING and p["proposer"] != seat]
    if declinable:
        out.append(_proposal_action("decline", "Decline a proposal", declinable, "Decline"))
    own = [(n, p) for n, p in seen if p["status"] == pregame.PENDING and p["proposer"] == seat]
    if own:
        out.append(_proposal_action("withdraw", "Withdraw your proposal", own, "Withdraw"))
    return out


def _proposal_action(name, title, numbered, label, awaits_answer=False):
    """Answered with a button beside each proposal in the inbox (the view template)."""
    choices = tuple((str(n), f"{n}: {pregame.describe(p)}") for n, p in numbered)
    return api.ActionSpec(
        name,
        title,
        api.FormSpec(
            (api.Field("proposal", "Proposal", api.CHOICE, choices, required=True),),
            submit_label=label,
            intro="Or decline it in the race proposals below." if awaits_answer else "",
        ),
        in_view=True,
        awaits_answer=awaits_answer,
    )


# applying an action ---------------------------------------------------------------------------
def apply(state, seat, name, data, ctx):
    """Check and apply one action (the engine's `apply_action`) on a copy of `state`."""
    if not isinstance(data, dict) or type(seat) is not int or not 0 <= seat < len(state["names"]):
        return api.Invalid("That action is not possible.")
    if state["finished"]:
        return api.Invalid("The match is over.")
    handler = {
        "propose": _propose,
        "accept": _answer,
        "decline": _answer,
        "withdraw": _answer,
        "buy_pack": _buy_pack,
    }.get(name)
    if handler is None:
        return api.Invalid("There is no such action in this game.")
    if name != "buy_pack" and state["round"] != 0:
        return api.Invalid("Races can only be changed during the pregame.")
    return handler(copy.deepcopy(state), seat, name, data, ctx)


def _propose(state, seat, name, data, ctx):
    if set(data) - {"athlete", "race", "partner"}:
        return api.Invalid("Unknown fields.")
    athlete = as_int(data.get("athlete"))
    partner = data.get("partner")
    if partner is not None and type(partner) is not int:
        return api.Invalid("The partner is an athlete's number.")
    race = data.get("race") if isinstance(data.get("race"), str) else None
    problem = pregame.check_proposal(state, seat, athlete if athlete is not None else -1, race, partner)
    if problem:
        return problem
    return api.Transition(state, pregame.propose(state, seat, athlete, race, partner))


def _answer(state, seat, name, data, ctx):
    if set(data) != {"proposal"}:
        return api.Invalid("Choose a proposal.")
    number = as_int(data["proposal"])
    proposal = pregame.find(state, seat, number)
    if proposal is None:
        return api.Invalid("There is no such proposal for you.")
    if proposal["status"] != pregame.PENDING:
        return api.Invalid(f"Proposal {number} is no longer waiting for answers.")
    if name == "withdraw":
        if proposal["proposer"] != seat:
            return api.Invalid("Only the player who made a proposal can withdraw it.")
        return api.Transition(state, pregame.close(state, seat, proposal, pregame.WITHDRAWN))
    if name == "decline":  # also after agreeing: an agreement can be taken back until it takes effect
        if proposal["proposer"] == seat:
            return api.Invalid("Withdraw your own proposal instead.")
        return api.Transition(state, pregame.close(state, seat, proposal, pregame.DECLINED))
    if seat in proposal["accepted"]:
        return api.Invalid(f"You have already agreed to proposal {number}.")
    return api.Transition(state, pregame.accept(state, seat, proposal))


def _buy_pack(state, seat, name, data, ctx):
    pack = data.get("pack") if set(data) == {"pack"} else None
    if not isinstance(pack, str) or pack not in cards.PACKS:
        return api.Invalid("Choose one of the packs: QQ, WP, OP or X.")
    price, contents = cards.PACKS[pack]
    if state["packs"][seat][pack] >= cards.PACK_LIMIT:
        return api.Invalid(f"You have bought the {pack} pack {cards.PACK_LIMIT} times already; that is the limit.")
    balance = ctx.balance(seat, api.GARNET)
    if balance < price:
        return api.Invalid(f"The {pack} pack costs {count(price, 'garnet')} and you have {balance}.")
    state["packs"][seat][pack] += 1
    for card in contents:
        state["hands"][seat][card] += 1
    event = api.private(
        seat,
        "qwop.pack",
        f"You bought a {pack} pack for {count(price, 'garnet')}: "
        f"{', '.join(contents)} joined your hand ({cards.hand_text(state['hands'][seat])}).",
        others=f"{state['names'][seat]} bought a {pack} pack for {count(price, 'garnet')}: "
        f"{', '.join(contents)} joined {state['names'][seat]}'s hand ({cards.hand_text(state['hands'][seat])}).",
    )
    return api.Transition(
        state, [event], ledger=[api.LedgerDelta(seat, api.GARNET, -price, f"Co-op QWOP: {pack} pack")]
    )
