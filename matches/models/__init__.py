"""The platform's tables, one module per concern: seasons and their ledger (seasons), attendance (absences), matches
and their play (matches), talk (talk), reminders and webhook notices (notices). Still one Django
app: every model is imported here, so `matches.models` is where Django and the rest of the
platform find them. Writes go through the core (matches.core.lifecycle) and the features, never
straight from a view."""

from matches.models.absences import Absence, Extension, MissedStep, absent_at
from matches.models.matches import Action, Event, Match, MatchPlayer, Phase, Submission, new_seed, state_hash
from matches.models.notices import (
    PUSH_KINDS,
    Preferences,
    PushDevice,
    PushSent,
    Reminder,
    WebhookNotice,
    default_push_kinds,
    default_reminder_minutes,
    new_calendar_token,
)
from matches.models.seasons import (
    LEDGER_KIND_CHOICES,
    ForcedGift,
    LedgerEntry,
    Season,
    SeasonCurrency,
    SeasonInvitation,
    SeasonPlayer,
    StatusChange,
    balances_for,
    communal_pool,
    kind_labels,
)
from matches.models.saved_games import SavedGame
from matches.models.seats import SeatHolder, SeatRequest
from matches.models.talk import Conversation, Message, new_talk_token

__all__ = [
    "Absence",
    "Extension",
    "MissedStep",
    "absent_at",
    "Action",
    "Conversation",
    "Event",
    "ForcedGift",
    "LEDGER_KIND_CHOICES",
    "LedgerEntry",
    "Match",
    "MatchPlayer",
    "Message",
    "Phase",
    "PUSH_KINDS",
    "Preferences",
    "PushDevice",
    "PushSent",
    "Reminder",
    "SavedGame",
    "SeatHolder",
    "SeatRequest",
    "Season",
    "SeasonCurrency",
    "SeasonInvitation",
    "SeasonPlayer",
    "StatusChange",
    "Submission",
    "WebhookNotice",
    "balances_for",
    "communal_pool",
    "default_push_kinds",
    "default_reminder_minutes",
    "kind_labels",
    "new_calendar_token",
    "new_seed",
    "new_talk_token",
    "state_hash",
]
