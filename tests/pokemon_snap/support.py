"""Small worlds for Pokemon Snap's slot rules: Pokemon numbered 0, 1, 2, … with given stats."""

from games.pokemon_snap.engine.slots import CONTESTS, resolve_slot


def world(*stats, j_counter=1):
    return {
        "stats": {str(i): list(s) for i, s in enumerate(stats)},
        "doubled": {},
        "h_pending": {},
        "e_done": {},
        "i_last": None,
        "j_counter": j_counter,
        "entries": {c: [] for c in CONTESTS},
    }


def slot(w, actions, earlier=None, day=1):
    """Resolve one slot: `actions` maps some Pokemon to an action; the rest do nothing."""
    everyone = {int(s): actions.get(int(s)) for s in w["stats"]}
    before = {seat: (earlier or {}).get(seat, []) for seat in everyone}
    return resolve_slot(w, day, everyone, before)


def stats(w, seat):
    return w["stats"][str(seat)]


def do(letter, **choices):
    return {"do": letter, **choices}
