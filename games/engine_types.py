"""The values that cross the contract between the platform and a game engine: who is looking
(Viewer), what the log says (Event), the phases and forms an engine asks for (PhaseSpec, Field,
FormSpec, ActionSpec), what the platform tells it (SeatInfo, Context), what its calls return
(Invalid, Transition, LedgerDelta, Standing, Outcome), and the constants these use (visibility,
field kinds, the season ledger's kinds and statuses).

Import them from games.engine_api, the single public import point: they live here only so that
engine_api.py reads as the contract itself (GameEngine). Pure Python: no Django import."""

from __future__ import annotations

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


OTHERS_TEXT = "others_text"  # where the platform stores a private line's third-person text (Event.data)


@dataclass(frozen=True)
class Event:
    """One line of the match's log. `text` is what a person reads; `data` is for programs.

    A private line speaks to its owner ("You laid your 6."), but others read it too: the host
    while the match runs, everyone once it has ended. `others_text` is the same line told to
    everyone but its owner, in the third person and by name ("Otto laid 6."), so that no viewer
    reads another player's line as if it were said to them. Every private event has one
    (`private()` requires it; tests/core/test_game_contract.py checks every game's)."""

    kind: str
    text: str
    visibility: str = PUBLIC
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    others_text: str = ""

    def visible_to(self, viewer: Viewer) -> bool:
        if viewer.is_host or self.visibility == PUBLIC:
            return True
        return self.visibility == PRIVATE and viewer.kind == SEAT and viewer.seat == self.seat

    def text_for(self, viewer: Viewer) -> str:
        """The line as `viewer` reads it (see told)."""
        return told(self.visibility, self.seat, self.text, self.others_text, viewer)


def told(visibility: str, seat: int | None, text: str, others_text: str, viewer: Viewer) -> str:
    """A line as `viewer` reads it: a private line in the second person to its owner and in the
    third person (`others_text`) to everyone else; a line written before others_text existed (or
    a public one) as it is."""
    if visibility != PRIVATE or not others_text or (viewer.kind == SEAT and viewer.seat == seat):
        return text
    return others_text


def public(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, text, PUBLIC, None, data)


def private(seat: int, kind: str, text: str, *, others: str, **data: Any) -> Event:
    """A line for `seat` (`text`, to them) that everyone else who may read it reads as `others`
    (in the third person, by name: "You laid your 6." / "Otto laid 6.")."""
    return Event(kind, text, PRIVATE, seat, data, others)


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
    With `turn`, the phase is one step of a turn sequence (a raise, a call: usually one seat,
    `close_early`): the log reads as the actions themselves, so the platform writes no "Open
    now" / "Closed" lines for it, only the events `resolve` returns. Everything else is as for any
    phase: `duration` is the time for this one action, and reminders, pushes and the form follow.
    """

    key: str
    title: str
    waits_on: tuple[int, ...]
    duration: int  # seconds
    close_early: bool = False
    submitters_public: bool = True
    turn: bool = False


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
    TEXT -> str (at most `max_length`). A blank optional field is left out of the data.
    A player's submission is shown back in these words (the label, then each chosen value's
    choice label), so a choice's label says what a player sees ("2 red"), never an id.

    A dependent field (`depends_on`, the name of an earlier field of the same form) applies only
    when that field holds one of the values in `when` (any non-blank value when `when` is empty):
    the platform sends it to the engine only then, refuses it filled in otherwise, and a
    `required` one is required only then. An amount that goes only with a raise:
    Field("amount", "Amount", INT, depends_on="action", when=("raise",), required=True)."""

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
    depends_on: str = ""
    when: tuple[str, ...] = ()

    def applies(self, data: dict[str, Any]) -> bool:
        """Whether this field goes with `data` (the values of the fields before it, blank ones
        left out). A controlling MULTICHOICE's list applies when any of its values is in `when`;
        values are compared as strings, as they are posted."""
        if not self.depends_on:
            return True
        value = data.get(self.depends_on)
        values = value if isinstance(value, list | tuple) else [value]
        given = [str(v) for v in values if v not in (None, "")]
        return bool(given) and (not self.when or any(v in self.when for v in given))


@dataclass(frozen=True)
class FormSpec:
    fields: tuple[Field, ...]
    submit_label: str = "Submit"
    intro: str = ""

    def dependency_problems(self) -> list[str]:
        """What is wrong with the form's dependent fields, in words (empty when nothing is): each
        `depends_on` names an earlier field, and each `when` value is one of that field's choices
        (so a dependent field can always come to apply)."""
        problems = []
        earlier: dict[str, Field] = {}
        for f in self.fields:
            if f.when and not f.depends_on:
                problems.append(f"{f.name}: `when` without `depends_on`.")
            if f.depends_on:
                control = earlier.get(f.depends_on)
                if control is None:
                    problems.append(
                        f"{f.name}: depends on {f.depends_on!r}, which is not an earlier field of the form."
                    )
                else:
                    values = {str(v) for v, _ in control.choices}
                    strays = [w for w in f.when if w not in values]
                    if strays:
                        problems.append(f"{f.name}: `when` values {strays} are not choices of {control.name!r}.")
            earlier[f.name] = f
        return problems


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
    """A refusal a player can read. Engines return it instead of raising. `field` names the
    form's field at fault, where one is, so the refused form shows the message beside it."""

    message: str
    field: str = ""


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
    """One player's row of the result. `place` is shared as every game ranks (1, 1, 3:
    games.ranking.shared_ranks). `cells` are the result table's figures for this row, by the keys
    of Outcome.columns (what a person reads: "6", "photographer"); `why` says in a few words
    what put the player in this place ("won vector A: stays in Heaven")."""

    seat: int
    place: int
    score: float
    detail: dict[str, Any] = field(default_factory=dict)
    cells: dict[str, Any] = field(default_factory=dict)
    why: str = ""


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
    # The result table's columns after Place and Player: (key in Standing.cells, heading), each
    # heading saying what its number is ("Exhibit points"). None: one "Score" column (Standing.score);
    # an empty tuple: no figures at all (places alone, as a host who ended the match set them).
    columns: tuple[tuple[str, str], ...] | None = None
    # The line under the table: how places were decided and why players share one.
    places_note: str = ""


HEAVEN, HELL = "heaven", "hell"
STATUSES = (HEAVEN, HELL)
