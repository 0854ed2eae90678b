"""Gifts between the players of a season: garnets or tokens of life, from one active player to
another, written as two ledger entries in one transaction (check, then do).

The two members' rows are locked in id order first, so two gifts racing on one balance
serialise (and cannot deadlock): the second sees the first's entries and is refused if the
balance is now short. SQLite serialises whole write transactions (IMMEDIATE) to the same effect."""

from django.db import transaction

from games.engine_api import GARNET, TOKEN_OF_LIFE
from games.words import count

from matches.core.lifecycle import Done, Refused
from matches.core import events
from matches.models import LedgerEntry, Season, SeasonPlayer, balances_for

GIFTABLE = {GARNET: ("garnet", "garnets"), TOKEN_OF_LIFE: ("token of life", "tokens of life")}


def giftable(season):
    """{kind: words} that players of `season` may give: garnets, tokens of life, and the
    season's own currencies marked giftable."""
    return {**GIFTABLE, **{c.kind: (c.name, c.name + "s") for c in season.currencies.filter(giftable=True)}}


MAX_GIFT = 1000


def check_gift(season, giver, recipient, kind, amount):
    """Why this gift cannot be made now, or None (the members as locked, balances fresh)."""
    if season.gifts_frozen:
        return "The host has frozen gifts for now."
    kinds = giftable(season)
    if kind not in kinds:
        return "Only garnets, tokens of life and this season's giftable currencies can be given."
    if type(amount) is not int or not 1 <= amount <= MAX_GIFT:
        return f"Give a whole number from 1 to {MAX_GIFT}."
    if recipient is None:
        return "Choose a player of this season."
    if recipient.pk == giver.pk:
        return "You cannot give to yourself."
    if giver.status != SeasonPlayer.ACTIVE:
        return "You are eliminated: you can no longer give."
    if recipient.status != SeasonPlayer.ACTIVE:
        return f"{recipient.display_name} is eliminated and cannot receive."
    have = balances_for(season, [giver.pk]).get(giver.pk, {}).get(kind, 0)
    if have < amount:
        return f"You have {count(have, *kinds[kind])}; you cannot give {amount}."
    return None


def do_gift(giver_id, recipient_id, kind, amount, by=None):
    with transaction.atomic():
        giver = SeasonPlayer.objects.filter(pk=giver_id).select_related("season").first()
        if giver is None:
            raise Refused("You are not a player of this season.")
        season = Season.objects.get(pk=giver.season_id)
        ids = sorted({giver_id, recipient_id} if type(recipient_id) is int else {giver_id})
        locked = {
            m.pk: m for m in SeasonPlayer.objects.select_for_update().filter(season=season, pk__in=ids).order_by("pk")
        }
        giver, recipient = locked[giver_id], locked.get(recipient_id)
        problem = check_gift(season, giver, recipient, kind, amount)
        if problem:
            raise Refused(problem)
        what = count(amount, *giftable(season)[kind])
        LedgerEntry.objects.create(
            season=season,
            player=giver,
            kind=kind,
            amount=-amount,
            reason=f"{giver.display_name} gave {recipient.display_name} {what}",
            created_by=by,
        )
        LedgerEntry.objects.create(
            season=season,
            player=recipient,
            kind=kind,
            amount=amount,
            reason=f"{giver.display_name} gave {recipient.display_name} {what}",
            created_by=by,
        )
        events.publish(
            events.GiftGiven(
                recipient.pk,
                f"{giver.display_name} gave you {what}",
                f"In {season.name}, {giver.display_name} gave you {what}.",
            )
        )
        return Done(f"You gave {recipient.display_name} {what}.")
