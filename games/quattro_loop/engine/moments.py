"""A moment: the effects that resolve at once (ruling L10, L13c). One letter's effects on both
loops resolve together: each runs alone on its own copy of the loops as they were before the
letter, then the copies merge:
- a card's value: clamp(value before + the sum of each effect's unclamped change);
- colour assignments: the opponent's effect first, the loop owner's own effect last; a merged
  value of 0 is colourless;
- slot moves (swap, rotate): permutations, the opponent's first, the owner's last."""

from __future__ import annotations

from .effects import NeedAnswer, Run, clamp


def resolve(cards, loops, effects, answers):
    """`effects`: [(owner, slot, effect)] of one moment. Returns ("ask", [questions]) with the
    first unanswered question of every effect that has one, or ("done", cards, loops, notes)."""
    runs, questions = [], []
    for index, (owner, slot, effect) in enumerate(effects):
        run = Run(cards, loops, owner, slot, answers, prefix=str(index))
        try:
            runs.append(run.run(effect))
        except NeedAnswer as need:
            questions.append(need.question)
    if questions:
        return "ask", questions
    if len(runs) == 1:
        only = runs[0]
        return "done", only.cards, only.loops, [(only.owner, only.slot, only.notes)]
    return ("done", *merge(cards, loops, runs), [(r.owner, r.slot, r.notes) for r in runs])


def merge(cards, loops, runs):
    merged = {cid: dict(card) for cid, card in cards.items()}
    owner_of = {cid: seat for seat, loop in enumerate(loops) for cid in loop if cid is not None}
    for cid, card in merged.items():
        changes = [run.unclamped[cid] - cards[cid]["v"] for run in runs if cid in run.unclamped]
        if changes:
            card["v"] = clamp(cards[cid]["v"] + sum(changes))
        for run in sorted(runs, key=lambda r: r.owner == owner_of.get(cid)):  # the loop owner's last
            for assigned, colour in run.colours:
                if assigned == cid:
                    card["c"] = colour
        if card["v"] == 0:
            card["c"] = None
    new_loops = []
    for seat, loop in enumerate(loops):
        current = list(loop)
        for run in sorted(runs, key=lambda r: r.owner == seat):
            current = [current[i] for i in run.perm[seat]]
        new_loops.append(current)
    return merged, new_loops
