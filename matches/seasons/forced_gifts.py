"""Transfers the rules force on a player after a match (F10: a player who ends with more tokens
of life than they may keep gives the extras away to players the rules name), as prompts: the
player chooses recipients on their season page until the deadline; after it, the host confirms
the fallback. Every transfer is two ledger entries in one transaction, like a gift."""

from datetime import timedelta

from django.db.models.functions import Lower
from django.conf import settings
from django.db import transaction

from matches import clock
from matches.core.lifecycle import Done, Refused
from matches.models import ForcedGift, LedgerEntry, SeasonPlayer, balances_for, kind_labels


def prompts_for_match(match, players, by_seat_balances, now):
    """Open a prompt for every seat over a cap the outcome sets (called as the result is
    confirmed, with the balances after its awards). Returns the prompts."""
    prompts = []
    for kind, keep, allowed in match.outcome.get("forced_gifts", []):
        for seat, member in sorted(players.items()):
            extra = by_seat_balances.get(member.pk, {}).get(kind, 0) - keep
            recipients = [players[s].pk for s in allowed if s != seat and s in players]
            if extra > 0 and recipients:
                prompts.append(
                    ForcedGift.objects.create(
                        season=match.season,
                        player=member,
                        kind=kind,
                        remaining=extra,
                        recipients=recipients,
                        match=match,
                        deadline=now + timedelta(seconds=settings.FORCED_GIFT_SECONDS),
                        reason=f"{match.title}: {member.display_name} may keep at most {keep}",
                    )
                )
    return prompts


def check_give(prompt, recipient, amount, now):
    if prompt.status != ForcedGift.OPEN:
        return "That transfer is done."
    if now > prompt.deadline:
        return "The deadline has passed: the host gives them to the players the rules name."
    if recipient is None or recipient.pk not in prompt.recipients:
        return "Choose one of the players the rules name."
    if recipient.status != SeasonPlayer.ACTIVE:
        return f"{recipient.display_name} is eliminated and cannot receive."
    if type(amount) is not int or not 1 <= amount <= prompt.remaining:
        return f"Give from 1 to {prompt.remaining}."
    have = balances_for(prompt.season, [prompt.player_id]).get(prompt.player_id, {}).get(prompt.kind, 0)
    if have < amount:
        return f"You have {have}; you cannot give {amount}."
    return None


def do_give(prompt_id, member, recipient_id, amount):
    with transaction.atomic():
        prompt = ForcedGift.objects.select_for_update().filter(pk=prompt_id, player=member).first()
        if prompt is None:
            raise Refused("There is no such transfer of yours.")
        recipient = SeasonPlayer.objects.filter(pk=recipient_id, season=prompt.season_id).first()
        problem = check_give(prompt, recipient, amount, clock.now())
        if problem:
            raise Refused(problem)
        _transfer(prompt, recipient, amount, by=member.user)
    return Done(f"You gave {recipient.display_name} {amount}.")


def do_fallback(prompt_id, season, by=None):
    """After the deadline, the host's confirmation: what is left goes round the allowed
    recipients (active ones, by name), as much as the player still holds."""
    with transaction.atomic():
        prompt = ForcedGift.objects.select_for_update().filter(pk=prompt_id, season=season).first()
        if prompt is None or prompt.status != ForcedGift.OPEN:
            raise Refused("There is no open transfer with that number.")
        if clock.now() <= prompt.deadline:
            raise Refused("The player may still choose until the deadline.")
        have = balances_for(season, [prompt.player_id]).get(prompt.player_id, {}).get(prompt.kind, 0)
        receivers = list(
            SeasonPlayer.objects.filter(pk__in=prompt.recipients, status=SeasonPlayer.ACTIVE).order_by(
                Lower("display_name"), "pk"
            )
        )
        units = min(prompt.remaining, max(have, 0)) if receivers else 0
        for i in range(units):
            _transfer(prompt, receivers[i % len(receivers)], 1, by=by)
        prompt.status = ForcedGift.DONE
        prompt.save(update_fields=["status"])
    return Done(f"Fallback confirmed: {units} given.")


def _transfer(prompt, recipient, amount, by):
    what = f"{amount} {kind_labels(prompt.season).get(prompt.kind, prompt.kind).lower()}"
    reason = f"{prompt.player.display_name} gave {recipient.display_name} {what} ({prompt.reason})"
    LedgerEntry.objects.create(
        season=prompt.season, player=prompt.player, kind=prompt.kind, amount=-amount, reason=reason, created_by=by
    )
    LedgerEntry.objects.create(
        season=prompt.season, player=recipient, kind=prompt.kind, amount=amount, reason=reason, created_by=by
    )
    prompt.remaining -= amount
    if prompt.remaining == 0:
        prompt.status = ForcedGift.DONE
    prompt.save(update_fields=["remaining", "status"])


def open_prompts(season, member=None):
    prompts = ForcedGift.objects.filter(season=season, status=ForcedGift.OPEN).select_related("player")
    return list(prompts.filter(player=member) if member is not None else prompts)
