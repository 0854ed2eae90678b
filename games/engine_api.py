"""The contract between the platform and a game engine.

Pure Python on purpose: no Django import here or in any engine. An engine is a set of pure
functions over a JSON-serialisable state dict. The platform owns time, storage, people and
money; the engine owns the rules. Everything random comes in as a `random.Random` the platform
derives from the match seed, so every step can be replayed.

Flow of a match, as the platform drives it:

    t = engine.setup(seats, settings, rng)          # initial state, events, first phases to open
    while phases are open:
        a seat posts data for an open phase   -> engine.validate_submission(...)  (cleaned | Invalid)
        a seat runs an immediate action       -> engine.apply_action(...)       (Transition | Invalid)
        a phase closes (deadline, early, host):
            for each waited-on seat: engine.default_submission(..., last, rng)  (fills what is missing)
            t = engine.resolve(state, phase_key, submissions, rng)  # new state, events, phases to open
    engine.outcome(state)                            # standings and proposed season awards
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

# --- who is looking --------------------------------------------------------------------------

SPECTATOR = "spectator"
SEAT = "seat"
HOST = "host"


@dataclass(frozen=True)
class Viewer:
    """Who a view or an event is for: a spectator, one seat, or the host."""

    kind: str
    seat: int | None = None

    @classmethod
    def spectator(cls) -> Viewer:
        return cls(SPECTATOR)

    @classmethod
    def host(cls) -> Viewer:
        return cls(HOST)

    @classmethod
    def for_seat(cls, seat: int) -> Viewer:
        return cls(SEAT, seat)

    @property
    def is_host(self) -> bool:
        return self.kind == HOST

    @property
    def is_spectator(self) -> bool:
        return self.kind == SPECTATOR


# --- events ----------------------------------------------------------------------------------

PUBLIC = "public"  # everyone, spectators included
PRIVATE = "private"  # one seat (and the host)
HOST_ONLY = "host"  # the host only (until the match ends)


@dataclass(frozen=True)
class Event:
    """One line of the match's log. `text` is what a person reads; `data` is for programs."""

    kind: str
    text: str
    visibility: str = PUBLIC
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, viewer: Viewer) -> bool:
        if viewer.is_host or self.visibility == PUBLIC:
            return True
        return self.visibility == PRIVATE and viewer.kind == SEAT and viewer.seat == self.seat


def public(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, text, PUBLIC, None, data)


def private(seat: int, kind: str, text: str, **data: Any) -> Event:
    return Event(kind, text, PRIVATE, seat, data)


def host_only(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, text, HOST_ONLY, None, data)


# --- phases and forms ------------------------------------------------------------------------


@dataclass(frozen=True)
class PhaseSpec:
    """A window the engine wants opened: who it waits on, for how long.

    `key` is unique within a match and stable (it names the phase in submissions and replays).
    A phase that waits on nobody (a pregame for immediate actions only) closes at its deadline.
    With `close_early`, the phase closes as soon as every seat it waits on has submitted.
    With `submitters_public` off, who has submitted is itself secret (anonymous proposals): only
    the host is shown it; players and spectators see nothing of it until the phase closes.
    """

    key: str
    title: str
    waits_on: tuple[int, ...]
    duration: int  # seconds
    close_early: bool = False
    submitters_public: bool = True


INT = "int"
CHOICE = "choice"
RADIO = "radio"  # a CHOICE shown as buttons to tap, for short lists on a phone
MULTICHOICE = "multichoice"
TEXT = "text"
DURATION = "duration"  # settings only: a number of seconds, typed by the host as 30s, 10m, 24h or 2d


@dataclass(frozen=True)
class Field:
    """One input of a form. The platform renders it and coerces the posted string(s) to:
    INT -> int, CHOICE and RADIO -> str (one of the choice values), MULTICHOICE -> list[str],
    TEXT -> str (at most `max_length`). A blank optional field is left out of the data."""

    name: str
    label: str
    kind: str = CHOICE
    choices: tuple[tuple[str, str], ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    max_length: int = 200
    required: bool = False
    help: str = ""
    initial: Any = None


@dataclass(frozen=True)
class FormSpec:
    fields: tuple[Field, ...]
    submit_label: str = "Submit"
    intro: str = ""


NO_FORM = FormSpec((), intro="Nothing to submit here.")  # for a phase or seat with nothing to send


@dataclass(frozen=True)
class ActionSpec:
    """An immediate action a seat may take now (a purchase, a proposal, an acceptance).
    With `in_view`, the game's own view template shows its buttons (say, one per proposal in
    an inbox) and the platform does not add its generic form. With `awaits_answer`, someone is
    waiting on this seat's answer: the play page puts the action at its top, form and all."""

    name: str
    title: str
    form: FormSpec
    in_view: bool = False
    awaits_answer: bool = False


# --- results of engine calls -----------------------------------------------------------------


@dataclass(frozen=True)
class Invalid:
    """A refusal a player can read. Engines return it instead of raising."""

    message: str


GARNET = "garnet"
TOKEN_OF_LIFE = "token_of_life"
MARK_OF_ELIMINATION = "mark_of_elimination"
ELIMINATION_CANDIDATE = "elimination_candidate"
COMMUNAL_GARNET = "communal_garnet"
ELIMINATED = "eliminated"  # confirming it also marks the season player eliminated
LEDGER_KINDS = (GARNET, TOKEN_OF_LIFE, MARK_OF_ELIMINATION, ELIMINATION_CANDIDATE, COMMUNAL_GARNET, ELIMINATED)


MARK_NEXT = "next"  # a Mark of Elimination for the next Main Match
MARK_THIS_AND_NEXT = "this_and_next"  # ... for this Main Match and the next
MARK_LASTS = (MARK_NEXT, MARK_THIS_AND_NEXT)


@dataclass(frozen=True)
class LedgerDelta:
    """A change to the season ledger. `seat` None means the season's communal pool. A Mark of
    Elimination says which Main Matches it is for (`lasts`, one of MARK_LASTS); it falls away
    after them."""

    seat: int | None
    kind: str
    amount: int
    reason: str
    lasts: str = ""


@dataclass
class Transition:
    """What an engine call produced: the new state, events, and phases to open now."""

    state: dict[str, Any]
    events: list[Event] = field(default_factory=list)
    open: list[PhaseSpec] = field(default_factory=list)
    finished: bool = False
    ledger: list[LedgerDelta] = field(default_factory=list)  # immediate actions only


@dataclass(frozen=True)
class SeatInfo:
    index: int
    name: str
    role: str = ""


@dataclass(frozen=True)
class Context:
    """What the platform knows that the rules may need: each seat's season balances."""

    balances: dict[int, dict[str, int]] = field(default_factory=dict)

    def balance(self, seat: int, kind: str) -> int:
        return self.balances.get(seat, {}).get(kind, 0)


@dataclass(frozen=True)
class Standing:
    seat: int
    place: int
    score: float
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    standings: list[Standing]
    awards: list[LedgerDelta]
    summary: str = ""
    # Season statuses the result proposes, confirmed by the host with the awards: seat -> one of
    # STATUSES ("heaven" or "hell": where a Main Match sends its players).
    statuses: dict[int, str] = field(default_factory=dict)
    # Balances the rules cap after the match (F10: extra tokens of life must be given away):
    # (kind, the most a player may keep, the seats who may receive). The platform works out the
    # transfers from the season balances and offers them to the host on the confirm page.
    forced_gifts: list[tuple[str, int, tuple[int, ...]]] = field(default_factory=list)


HEAVEN, HELL = "heaven", "hell"
STATUSES = (HEAVEN, HELL)


# --- the engine ------------------------------------------------------------------------------


class GameEngine:
    """Base class of every game. Subclasses set the class attributes and override the methods
    marked as required. All methods must be pure: same inputs, same outputs, no I/O, and they
    must not mutate the state they are given (copy it)."""

    slug: str = ""
    name: str = ""
    kind: str = "main"  # "main" (Main Match) or "death" (Death Match)
    min_seats: int = 2
    max_seats: int = 2
    default_seats: int | None = None  # the usual number of players, if not min_seats (the demo seats it)
    roles: tuple[str, ...] = ()  # role names the host may give seats; empty: no roles
    role_for_status: dict[str, str] = {}  # a seat left without a role takes its season status's (S1)
    default_settings: dict[str, Any] = {}
    # The settings a host sets in a form, each Field named after its key (a CHOICE's values are
    # the JSON of the setting's value, see `setting_choices`). Settings not listed here are expert
    # settings, written as JSON beside the form and checked by `validate_settings` all the same.
    settings_fields: tuple[Field, ...] = ()
    seconds_range: tuple[int, int] = (1, 7 * 24 * 3600)  # bounds of every "*_seconds" setting
    summary: str = ""  # one line for lists

    # settings -------------------------------------------------------------------------------
    def validate_settings(self, settings: dict[str, Any], seats: int) -> dict[str, Any] | Invalid:
        """Merge `settings` over the defaults and check them. Unknown keys are an error, and so
        is a duration ("*_seconds") that is not a whole number within `seconds_range`."""
        unknown = set(settings) - set(self.default_settings)
        if unknown:
            return Invalid(f"Unknown settings: {', '.join(sorted(unknown))}.")
        if not self.min_seats <= seats <= self.max_seats:
            return Invalid(f"{self.name} needs {self.seat_range_text()} players, not {seats}.")
        merged = {**self.default_settings, **settings}
        low, high = self.seconds_range
        for key in sorted(k for k in merged if k.endswith("_seconds")):
            if type(merged[key]) is not int or not low <= merged[key] <= high:
                return Invalid(f"{key} must be a whole number of seconds from {low} to {high}.")
        return merged

    def settings_report(self, settings: dict[str, Any]) -> list[str]:
        """Lines the host reads before starting (checks of host-written content)."""
        return []

    def draft_report(self, settings: dict[str, Any]) -> list[str]:
        """Lines the host reads about settings that did not validate, beyond the refusal itself
        (say, every board in words beside the mistakes). Must not trust `settings`."""
        return []

    def seat_range_text(self) -> str:
        if self.min_seats == self.max_seats:
            return str(self.min_seats)
        return f"{self.min_seats} to {self.max_seats}"

    def default_roles(self, seats: int) -> list[str]:
        """Roles for `seats` seats when nobody chose (the demo, playtests): in turn."""
        return [self.roles[i % len(self.roles)] for i in range(seats)] if self.roles else [""] * seats

    def check_roles(self, roles: list[str]) -> str | None:
        """Why these roles (one per seat, each one of `roles`) cannot start a match, or None."""
        return None

    def prepare(self, settings: dict[str, Any], seats: int, rng: random.Random) -> dict[str, Any] | Invalid:
        """Slow, seeded work on validated settings done once before the start, outside the match
        lock (say, making a match's hidden definitions): the settings `setup` then receives. The
        admin's check shows its result to the host before the start."""
        return settings

    # required -------------------------------------------------------------------------------
    def setup(self, seats: list[SeatInfo], settings: dict[str, Any], rng: random.Random) -> Transition:
        raise NotImplementedError

    def form(self, state: dict[str, Any], phase_key: str, seat: int) -> FormSpec:
        raise NotImplementedError

    def validate_submission(
        self, state: dict[str, Any], phase_key: str, seat: int, data: dict[str, Any]
    ) -> dict[str, Any] | Invalid:
        """Check posted data (already coerced to the form's types, but never trusted: any dict
        may arrive) and return the cleaned submission or an Invalid."""
        raise NotImplementedError

    def default_submission(
        self,
        state: dict[str, Any],
        phase_key: str,
        seat: int,
        last: dict[str, Any] | None,
        rng: random.Random,
    ) -> dict[str, Any] | None:
        """At the close: the submission that counts for a waited-on seat whose last (possibly
        partial) submission is `last`. Return `last` unchanged if it is complete; None means
        the seat contributes nothing."""
        raise NotImplementedError

    def resolve(
        self,
        state: dict[str, Any],
        phase_key: str,
        submissions: dict[int, dict[str, Any] | None],
        rng: random.Random,
    ) -> Transition:
        """Resolve a closed phase. `submissions` has an entry for every waited-on seat."""
        raise NotImplementedError

    def view(self, state: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Everything `viewer` may know, and nothing more. Pages and pushes use only this."""
        raise NotImplementedError

    def outcome(self, state: dict[str, Any]) -> Outcome:
        raise NotImplementedError

    def random_submission(
        self, state: dict[str, Any], phase_key: str, seat: int, rng: random.Random
    ) -> dict[str, Any]:
        """A random legal submission, as form data: the bot that `playtest` uses."""
        raise NotImplementedError

    # optional: who may talk --------------------------------------------------------------
    def talk_problem(self, state: dict[str, Any], seats: frozenset[int]) -> str | None:
        """Why these seats (two or more) may not talk together now, or None if they may. The
        platform asks before every message of a players' conversation; the default allows all."""
        return None

    # optional: immediate actions ------------------------------------------------------------
    def actions(self, state: dict[str, Any], seat: int, open_phase_keys: list[str]) -> list[ActionSpec]:
        return []

    def apply_action(
        self,
        state: dict[str, Any],
        seat: int,
        name: str,
        data: dict[str, Any],
        ctx: Context,
        rng: random.Random,
    ) -> Transition | Invalid:
        return Invalid("There is no such action in this game.")

    def random_action(
        self,
        state: dict[str, Any],
        seat: int,
        open_phase_keys: list[str],
        ctx: Context,
        rng: random.Random,
    ) -> tuple[str, dict[str, Any]] | None:
        """A random legal action for the bot, or None."""
        return None


def setting_choices(*pairs: tuple[Any, str]) -> tuple[tuple[str, str], ...]:
    """Choices of a settings Field: (the setting's value, its label), the value kept as JSON so
    that a number or null survives the form."""
    return tuple((json.dumps(value), label) for value, label in pairs)


def duration_setting(name: str, label: str, help: str = "") -> Field:
    return Field(name, label, DURATION, help=help, required=True)


def derive_rng(seed: int, label: str) -> random.Random:
    """The one way randomness enters a match: a stream per (match seed, step label)."""
    return random.Random(f"{seed}:{label}")
