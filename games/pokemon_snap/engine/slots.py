"""One time slot of Hell, resolved in the order of S3:

    1. every Activity F (Toughness compared at the slot's start; all losses, then all gains: S12a)
    2. every other activity at once, conditions read after F
    3. contest photos (a snapshot of the stats at that point)
    4. contest stat changes
    5. H losses that fall due (after the contest's own changes)
    6. the J counter grows by 1

`world` is the part of the match state the slots change (stats, A's doubling, H's pending loss,
E's first time, I's last donations, J's counter, contest entries); it is changed in place on a
copy the caller owns. An action is None (nothing) or {"do": letter, ...its choices}."""

from __future__ import annotations

from .stats import BEAUTY, CLEVER, COOL, CUTE, INDEX, LABELS, STATS, TOUGH, change_text

# Tuples of whole letters, so that `in` never matches a substring ("AB" in "ABCDEFGHIJ" is true).
ACTIVITIES = tuple("ABCDEFGHIJ")
CONTESTS = tuple("VWXYZ")


def is_contest(action) -> bool:
    return bool(action) and action["do"] in CONTESTS


def is_activity(action) -> bool:
    return bool(action) and action["do"] in ACTIVITIES


def resolve_slot(world, day, actions, earlier):
    """`actions`: seat -> this slot's action; `earlier`: seat -> that seat's earlier actions
    today (for D). Returns seat -> lines telling that seat what happened to it."""
    stats = world["stats"]
    lines = {seat: [] for seat in actions}
    factor = {seat: _use_doubling(world, seat, a) for seat, a in actions.items()}

    _activity_f(world, actions, factor, lines)
    deltas = {seat: [0] * 5 for seat in actions}
    donations = []
    j_takers = []
    gifts = {seat: 0 for seat in actions}  # Activity C's gifts received, told after one's own line
    for seat, action in actions.items():
        if is_activity(action) and action["do"] != "F":
            _activity(world, seat, action, factor[seat], earlier[seat], deltas, donations, j_takers, lines)
            if action["do"] == "C":
                gifts[action["target"]] += 1
    _share_j(world, j_takers, factor, deltas, lines)
    _tell_gifts(gifts, deltas, lines)
    for seat, delta in deltas.items():
        stats[str(seat)] = [max(0, v + d) for v, d in zip(stats[str(seat)], delta)]
    if donations or any(a and a["do"] == "I" for a in actions.values()):
        world["i_last"] = donations

    for seat, action in actions.items():  # photos first, all of them, then the changes
        if is_contest(action):
            world["entries"][action["do"]].append({"seat": seat, "day": day, "stats": list(stats[str(seat)])})
            lines[seat].append(f"Contest {action['do']}: your photo was taken at {_values(stats[str(seat)])}.")
    for seat, action in actions.items():
        if is_contest(action):
            _contest_change(stats, seat, action["do"], lines)
            _h_loss(world, seat, lines)
    world["j_counter"] += 1
    return lines


def _use_doubling(world, seat, action):
    """A's doubling is spent by the next activity, whatever it does (S12b); A itself keeps it."""
    if not is_activity(action) or action["do"] == "A":
        return 1
    doubled = world["doubled"].get(str(seat), False)
    world["doubled"][str(seat)] = False
    return 2 if doubled else 1


def _activity_f(world, actions, factor, lines):
    stats = world["stats"]
    tough = {seat: stats[str(seat)][TOUGH] for seat in actions}
    winners = []
    for seat, action in sorted(actions.items()):
        if action and action["do"] == "F":
            target = action["target"]
            if tough[seat] > tough[target]:
                winners.append((seat, target))
                lines[seat].append("Activity F: your Toughness was higher than your target's.")
            else:
                lines[seat].append("Activity F: your Toughness was not higher; nothing happened.")
    for _, target in winners:
        stats[str(target)][COOL] = max(0, stats[str(target)][COOL] - 1)
        lines.setdefault(target, []).append("Another Pokemon's Activity F took 1 Coolness from you.")
    for seat, _ in winners:
        stats[str(seat)][COOL] += 3 * factor[seat]
        lines[seat].append(f"+{3 * factor[seat]} Coolness.")


def _tell_gifts(gifts, deltas, lines):
    """Each C received: +2 Cuteness and one line, added after every seat's own activity so that
    neither the receiver's own line nor the order of its lines depends on the givers' seats
    (which would tell it whether a giver sits before or after it: S10, told without naming)."""
    for seat, count in gifts.items():
        deltas[seat][CUTE] += 2 * count
        lines[seat] += ["Another Pokemon's Activity C gave you 2 Cuteness."] * count


def _activity(world, seat, action, f, earlier, deltas, donations, j_takers, lines):
    """One activity other than F; its line tells exactly what it changed for the performer
    (`mine` is its own change alone, added to the seat's delta at the end)."""
    mine = [0] * 5
    _perform(world, seat, action, f, earlier, mine, donations, j_takers, lines)
    deltas[seat] = [d + m for d, m in zip(deltas[seat], mine)]


def _perform(world, seat, action, f, earlier, mine, donations, j_takers, lines):
    stats, do = world["stats"], action["do"]
    now = stats[str(seat)]
    if do == "A":
        world["doubled"][str(seat)] = True
        lines[seat].append("Activity A: your next activity's gains and losses are doubled.")
        return
    if do == "B":
        if now[CLEVER] >= 6:
            mine[BEAUTY] += 4 * f
    elif do == "C":
        mine[CLEVER] += 2 * f  # the target's +2 Cuteness is given by _tell_gifts
    elif do == "D":
        previous = next((a for a in reversed(earlier) if a), None)
        if is_contest(previous):
            mine[COOL] += 4 * f
        else:
            mine[BEAUTY] += 2 * f
    elif do == "E":
        first = not world["e_done"].get(str(seat), False)
        world["e_done"][str(seat)] = True
        mine[CUTE if first else TOUGH] += (2 if first else 5) * f
    elif do == "G":
        lose, gain = INDEX[action["lose"]], INDEX[action["gain"]]
        if now[lose] >= 3 * f:
            mine[lose] -= 3 * f
            mine[gain] += 5 * f
        else:
            lines[seat].append(f"Activity G failed: not {3 * f} {LABELS[action['lose']]} to lose.")
    elif do == "H":
        for i in range(5):
            mine[i] += f
        world["h_pending"][str(seat)] = world["h_pending"].get(str(seat), 0) + f
    elif do == "I":
        _activity_i(world, seat, action, f, mine, donations, lines)
    elif do == "J":
        j_takers.append((seat, action["attribute"]))
        return
    lines[seat].append(f"Activity {do}: {change_text(mine)}.")


def _activity_i(world, seat, action, f, mine, donations, lines):
    """S5, S12c: the gain looks back to the last earlier slot with any I; a failed donation is
    recorded as 0 and still counts as an I performed."""
    attribute, amount = INDEX[action["attribute"]], action["points"] * f
    if world["stats"][str(seat)][attribute] >= amount:
        mine[attribute] -= amount
        donations.append([action["attribute"], amount])
    else:  # a failed I changes nothing (S4) but counts as a donation of 0 (S12c)
        donations.append([action["attribute"], 0])
        lines[seat].append(f"Activity I failed: not {amount} {LABELS[action['attribute']]} to donate.")
        return
    last = world["i_last"]
    if last is None:
        for i in range(5):
            mine[i] += f
    elif len(last) == 1:
        mine[INDEX[last[0][0]]] += 2 * last[0][1] * f
    else:
        for name, given in last:
            mine[INDEX[name]] += given * f


def _share_j(world, takers, factor, deltas, lines):
    """S6: the counter split evenly among the slot's performers; the remainder stays."""
    if not takers:
        return
    share, world["j_counter"] = divmod(world["j_counter"], len(takers))
    for seat, action_stat in takers:
        deltas[seat][INDEX[action_stat]] += share * factor[seat]
        lines[seat].append(f"Activity J: +{share * factor[seat]} {LABELS[action_stat]}.")


def _contest_change(stats, seat, contest, lines):
    now = stats[str(seat)]
    before = list(now)
    if contest == "V":
        high = max(range(5), key=lambda i: (now[i], -i))  # the first of the tied highest (S7)
        now[high] = min(now)
    elif contest == "W":
        now[COOL] = now[CLEVER] = abs(now[COOL] - now[CLEVER])
    elif contest == "X":
        now[CUTE], now[BEAUTY] = max(0, now[CUTE] - 3), max(0, now[BEAUTY] - 3)
    elif contest == "Y":
        for i in range(5):
            if now[i] >= 6:
                now[i] = 3
    elif contest == "Z":
        now[TOUGH], now[BEAUTY] = now[TOUGH] // 2, now[BEAUTY] // 2
    lines[seat].append(f"Contest {contest}'s change: {change_text([a - b for a, b in zip(now, before)])}.")


def _h_loss(world, seat, lines):
    loss = world["h_pending"].pop(str(seat), 0)
    if loss:
        now = world["stats"][str(seat)]
        world["stats"][str(seat)] = [max(0, v - loss) for v in now]
        lines[seat].append(f"Activity H wore off: -{loss} to each stat.")


def _values(values):
    return ", ".join(f"{LABELS[name]} {v}" for name, v in zip(STATS, values))
