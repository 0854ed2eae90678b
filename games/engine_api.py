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
            t = engine.resolve(state, phase_key, submissions, rng, filled_in)  # new state, events, phases
        the host decides something (running or paused match):
            engine.host_actions(state)                                      (what the host may do now)
            engine.apply_host_action(state, name, data, ctx, rng)           (Transition | Invalid)
    engine.outcome(state)                            # standings and proposed season awards

The values the calls exchange (Viewer, Event, PhaseSpec, FormSpec, Transition, Outcome, ...)
are defined in games/engine_types.py and re-exported here: import everything from this module.
"""

from __future__ import annotations

import json
import random
from typing import Any

# The value types, re-exported so that engines and the platform import everything from here.
from games.engine_types import (
    # who is looking
    HOST,
    SEAT,
    SPECTATOR,
    Viewer,
    # events
    HOST_ONLY,
    PRIVATE,
    OTHERS_TEXT,
    PUBLIC,
    Event,
    host_only,
    private,
    public,
    told,
    # phases and forms
    CHOICE,
    DURATION,
    INT,
    MULTICHOICE,
    NO_FORM,
    RADIO,
    TEXT,
    ActionSpec,
    Field,
    FormSpec,
    PhaseSpec,
    # results of engine calls
    Context,
    Invalid,
    LedgerDelta,
    Outcome,
    SeatInfo,
    Standing,
    Transition,
    # the season ledger and statuses
    COMMUNAL_GARNET,
    ELIMINATED,
    ELIMINATION_CANDIDATE,
    GARNET,
    LEDGER_KINDS,
    MARK_LASTS,
    MARK_NEXT,
    MARK_OF_ELIMINATION,
    MARK_THIS_AND_NEXT,
    TOKEN_OF_LIFE,
    HEAVEN,
    HELL,
    STATUSES,
)
from games.secrets import Secret
from games.settings_rows import RowProblems, RowRead, SettingRows, blank_rows

__all__ = [
    "HOST",
    "SEAT",
    "SPECTATOR",
    "Viewer",
    "HOST_ONLY",
    "PRIVATE",
    "OTHERS_TEXT",
    "PUBLIC",
    "Event",
    "host_only",
    "private",
    "public",
    "told",
    "CHOICE",
    "DURATION",
    "INT",
    "MULTICHOICE",
    "NO_FORM",
    "RADIO",
    "TEXT",
    "ActionSpec",
    "Field",
    "FormSpec",
    "PhaseSpec",
    "Context",
    "Invalid",
    "LedgerDelta",
    "Outcome",
    "SeatInfo",
    "Standing",
    "Transition",
    "COMMUNAL_GARNET",
    "ELIMINATED",
    "ELIMINATION_CANDIDATE",
    "GARNET",
    "LEDGER_KINDS",
    "MARK_LASTS",
    "MARK_NEXT",
    "MARK_OF_ELIMINATION",
    "MARK_THIS_AND_NEXT",
    "TOKEN_OF_LIFE",
    "HEAVEN",
    "HELL",
    "STATUSES",
    "RowProblems",
    "RowRead",
    "SettingRows",
    "blank_rows",
    # defined here
    "GameEngine",
    "setting_choices",
    "duration_setting",
    "derive_rng",
]


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
    # Expert settings a host may also write as rows of text, each row read back in words
    # (games/settings_rows.py); the JSON box still takes them too.
    settings_rows: tuple[SettingRows, ...] = ()
    seconds_range: tuple[int, int] = (1, 7 * 24 * 3600)  # bounds of every "*_seconds" setting
    summary: str = ""  # one line for lists
    # What the game keeps secret (games/secrets.py), so the side-channel suite varies each:
    # a hidden move, a seeded deal or draw, a hidden setting. Every game declares at least one.
    secrets: tuple[Secret, ...] = ()

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
        filled_in: frozenset[int] = frozenset(),
    ) -> Transition:
        """Resolve a closed phase. `submissions` has an entry for every waited-on seat.
        `filled_in` holds the seats whose counted submission `default_submission` made or
        completed at the close (not sent whole by the player), so that the log can say a default
        as one ("time ran out: ...") rather than as a choice."""
        raise NotImplementedError

    def view(self, state: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Everything `viewer` may know, and nothing more. Pages and pushes use only this."""
        raise NotImplementedError

    def outcome(self, state: dict[str, Any]) -> Outcome:
        raise NotImplementedError

    def random_submission(self, state: dict[str, Any], phase_key: str, seat: int, rng: random.Random) -> dict[str, Any]:
        """A random legal submission, as form data: the bot that `playtest` uses."""
        raise NotImplementedError

    # optional: who may talk --------------------------------------------------------------
    def talk_problem(self, state: dict[str, Any], seats: frozenset[int]) -> str | None:
        """Why these seats (two or more) may not talk together now, or None if they may. The
        platform asks before every message of a players' conversation; the default allows all."""
        return None

    # optional: reuse ---------------------------------------------------------------------------
    def reusable_settings(self, state: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
        """The settings a new match needs to play this one's game again ("Save this game"): the
        match's `settings` (the default), plus whatever the host built while it ran that the
        game keeps in its state (the host-run game's round templates). The result is checked by
        `validate_settings` like any settings, so it must be settings this engine accepts."""
        return dict(settings)

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

    # optional: host actions -----------------------------------------------------------------
    # Decisions the host takes during a match (open an extra round, grant a seat a bonus, publish
    # a result). The platform shows each ActionSpec as a form on the host's page, records every
    # accepted one (who, when, name, data) as an input of the match so that replay reproduces
    # it, gives it the rng derive_rng(seed, f"host-action:{step}"), opens the Transition's phases,
    # writes its events and ledger. A game without host decisions leaves these as they are.
    def host_actions(self, state: dict[str, Any]) -> list[ActionSpec]:
        """What the host may do now, each with its form; [] (the default) for none."""
        return []

    def apply_host_action(
        self,
        state: dict[str, Any],
        name: str,
        data: dict[str, Any],
        ctx: Context,
        rng: random.Random,
    ) -> Transition | Invalid:
        """Carry out host action `name` with `data` (already coerced by the action's FormSpec,
        but never trusted: any dict may arrive, and replay sends the stored one again). Refuse
        with an Invalid the host can read; it changes nothing."""
        return Invalid("There is no such host action in this game.")

    def random_host_action(
        self, state: dict[str, Any], ctx: Context, rng: random.Random
    ) -> tuple[str, dict[str, Any]] | None:
        """A legal host action as (name, form data) for the bot host of playtests and suites,
        or None (the default: the bot host does nothing)."""
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
