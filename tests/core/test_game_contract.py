"""The contract every registered game engine must keep, run against each of them (and the
fixture game): pure Python, deterministic, JSON state, no mutation of its input, bots that only
make legal moves, defaults that are legal, hostile input refused without raising, and matches
that end with a full set of standings."""

import copy
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games import engine_api as api
from games import registry
from games.secrets import HiddenMove, HiddenSetting, SeededSecret

ENGINES = registry.all_engines()
IDS = [e.slug for e in ENGINES]
HOSTILE = [
    None,
    [],
    "bid",
    7,
    {"__class__": 1},
    {"x" * 10_000: 1},
    {"bid": "9" * 5000},
    {"bid": [1, 2]},
    {"bid": {"nested": {"deep": []}}},
    {"card_1": "Z", "card_999": "Q"},
    {"P": -1},
    {"P": 10**30},
    {"picks": ["A"] * 1000},
    {"target": None, "P": "1", "Q": 1.5},
]


def seats_for(engine, n=None):
    n = n or engine.min_seats
    return [api.SeatInfo(i, f"Player {i}", role) for i, role in enumerate(engine.default_roles(n))]


def play(engine, seed, n=None, miss=0.15):
    """Drive a whole match the way the platform does, with the engine's own bots (players and host)."""
    seats = seats_for(engine, n)
    settings = engine.validate_settings({}, len(seats))
    assert not isinstance(settings, api.Invalid), settings
    t = engine.setup(seats, settings, api.derive_rng(seed, "setup"))
    state, open_phases, trail = t.state, list(t.open), [t]
    bot = random.Random(f"bot:{seed}")
    for step in range(5000):
        if t.finished:
            return state, trail
        ctx = api.Context({s.index: {api.GARNET: 3} for s in seats})
        host_choice = engine.random_host_action(state, ctx, bot)
        if host_choice:  # a host-run game waits on its host between rounds (the bot host acts then)
            t = engine.apply_host_action(state, *host_choice, ctx, api.derive_rng(seed, f"host-action:{step}"))
            assert not isinstance(t, api.Invalid), f"bot host action refused: {t}"
            trail.append(t)
            state = t.state
            open_phases += t.open
            continue
        assert open_phases, "the match is not finished but no phase is open"
        for seat in seats:
            choice = engine.random_action(state, seat.index, [p.key for p in open_phases], ctx, bot)
            if choice:
                result = engine.apply_action(state, seat.index, *choice, ctx, api.derive_rng(seed, f"a{step}"))
                assert not isinstance(result, api.Invalid), f"bot action refused: {result}"
                state = result.state
                open_phases += result.open
        phase = open_phases.pop(0)
        subs, filled_in = {}, set()
        for seat in phase.waits_on:
            given = None
            if bot.random() > miss:
                data = engine.random_submission(state, phase.key, seat, bot)
                given = engine.validate_submission(state, phase.key, seat, data)
                assert not isinstance(given, api.Invalid), f"bot move refused in {phase.key}: {given}"
            counted = engine.default_submission(
                state, phase.key, seat, given, api.derive_rng(seed, f"d{phase.key}{seat}")
            )
            if counted is not None:
                again = engine.validate_submission(state, phase.key, seat, counted)
                assert not isinstance(again, api.Invalid), f"default refused in {phase.key}: {again}"
            subs[seat] = counted
            if counted is not None and counted != given:  # as the platform tells resolve at a close
                filled_in.add(seat)
        t = engine.resolve(state, phase.key, subs, api.derive_rng(seed, f"r{phase.key}"), frozenset(filled_in))
        trail.append(t)
        state = t.state
        open_phases += t.open
    raise AssertionError("no end after 5000 steps")


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_never_imports_django(engine):
    """Import the engine in a fresh interpreter: not one django module may come with it."""
    code = (
        "import sys, importlib; importlib.import_module(sys.argv[1]); "
        "print(','.join(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run(
        [sys.executable, "-c", code, type(engine).__module__],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        check=True,
    )
    assert out.stdout.strip() == "", f"{type(engine).__module__} pulls in {out.stdout.strip()}"


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_describes_itself(engine):
    assert engine.slug and engine.name and engine.kind in ("main", "death")
    assert 1 <= engine.min_seats <= engine.max_seats
    assert isinstance(engine.validate_settings({"no_such_setting": 1}, engine.min_seats), api.Invalid)
    assert isinstance(engine.validate_settings({}, engine.max_seats + 1), api.Invalid)
    json.dumps(engine.default_settings)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_plays_to_an_end_with_a_place_for_every_seat(engine, seed):
    state, trail = play(engine, seed)
    outcome = engine.outcome(state)
    assert sorted(s.seat for s in outcome.standings) == list(range(engine.min_seats))
    places = sorted(s.place for s in outcome.standings)
    assert places[0] == 1 and all(1 <= p <= len(places) for p in places)
    for award in outcome.awards:
        assert award.kind in api.LEDGER_KINDS and award.reason
        assert award.seat is None or 0 <= award.seat < engine.min_seats
        assert award.lasts in (api.MARK_LASTS if award.kind == api.MARK_OF_ELIMINATION else ("",))
    assert all(status in api.STATUSES and 0 <= seat < engine.min_seats for seat, status in outcome.statuses.items())
    # places shared as every game counts them: one more than the players placed above (1, 1, 3)
    assert all(p == 1 + sum(q < p for q in places) for p in places), places
    if type(engine).__module__.startswith("games."):  # the site's games (not the test fixtures)
        # name each number and say how places went (issue 40, point 11)
        assert outcome.columns is not None and outcome.places_note, engine.slug
        assert all(set(s.cells) == {key for key, _ in outcome.columns} for s in outcome.standings)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_is_deterministic(engine):
    a, _ = play(engine, 42)
    b, _ = play(engine, 42)
    assert a == b


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_keeps_state_views_and_events_json(engine):
    state, trail = play(engine, 7)
    assert json.loads(json.dumps(state)) == state, "state must survive JSON (string keys only)"
    for t in trail:
        for event in t.events:
            assert event.visibility in (api.PUBLIC, api.PRIVATE, api.HOST_ONLY)
            assert event.visibility != api.PRIVATE or event.seat is not None
            json.dumps(event.data)
        for spec in t.open:
            assert spec.duration > 0 and all(isinstance(s, int) for s in spec.waits_on)
            assert not spec.turn or len(spec.waits_on) == 1, f"{spec.key}: a turn is one player's step"
    for viewer in [api.Viewer.spectator(), api.Viewer.host()] + [
        api.Viewer.for_seat(i) for i in range(engine.min_seats)
    ]:
        json.dumps(engine.view(state, viewer))


SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_it_tells_every_private_line_to_everyone_else_in_the_third_person_by_name(engine, seed):
    """A private line is read by the host, and by everyone once the match is over: each has an
    `others_text` (api.private's `others`) that says it by the player's name, never as "you"."""
    _, trail = play(engine, seed, miss=0.3)  # misses too: their lines are private ones
    for event in (e for t in trail for e in t.events if e.visibility == api.PRIVATE):
        assert event.others_text, f"{event.kind} ({event.text!r}) has no third-person text for others"
        assert not SECOND_PERSON.search(event.others_text), f"{event.kind}: {event.others_text!r} says 'you'"
        assert re.search(rf"\bPlayer {event.seat}\b", event.others_text), f"{event.others_text!r} names no one"
        assert event.text_for(api.Viewer.for_seat(event.seat)) == event.text
        assert event.text_for(api.Viewer.host()) == event.text_for(api.Viewer.spectator()) == event.others_text


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_does_not_mutate_the_state_it_is_given(engine):
    seats = seats_for(engine)
    settings = engine.validate_settings({}, len(seats))
    t = engine.setup(seats, settings, api.derive_rng(5, "setup"))
    rng = random.Random(5)
    for spec in t.open:
        before = copy.deepcopy(t.state)
        subs = {s: engine.random_submission(t.state, spec.key, s, rng) for s in spec.waits_on}
        subs = {s: engine.validate_submission(t.state, spec.key, s, d) for s, d in subs.items()}
        engine.form(t.state, spec.key, spec.waits_on[0]) if spec.waits_on else None
        engine.resolve(t.state, spec.key, subs, api.derive_rng(5, "r"))
        engine.view(t.state, api.Viewer.spectator())
        assert t.state == before


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_refuses_hostile_payloads_without_raising(engine):
    seats = seats_for(engine)
    t = engine.setup(seats, engine.validate_settings({}, len(seats)), api.derive_rng(9, "setup"))
    for spec in t.open:
        for seat in list(spec.waits_on) + [len(seats), -1]:
            for payload in HOSTILE:
                result = engine.validate_submission(t.state, spec.key, seat, payload)
                assert isinstance(result, (api.Invalid, dict))
                if isinstance(result, api.Invalid):
                    assert result.message.strip()
        assert isinstance(engine.validate_submission(t.state, "no-such-phase", 0, {}), api.Invalid)
    ctx = api.Context({})
    for payload in HOSTILE:
        for name in ["no_such_action"] + [a.name for a in engine.actions(t.state, 0, [p.key for p in t.open])]:
            result = engine.apply_action(t.state, 0, name, payload, ctx, random.Random(0))
            assert isinstance(result, (api.Invalid, api.Transition))


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_gives_forms_the_platform_can_render(engine):
    seats = seats_for(engine)
    t = engine.setup(seats, engine.validate_settings({}, len(seats)), api.derive_rng(3, "setup"))
    for spec in t.open:
        for seat in spec.waits_on:
            form = engine.form(t.state, spec.key, seat)
            names = [f.name for f in form.fields]
            assert len(names) == len(set(names))
            assert all(f.kind in (api.INT, api.CHOICE, api.RADIO, api.MULTICHOICE, api.TEXT) for f in form.fields)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_gives_forms_whose_dependent_fields_can_apply(engine):
    """Every form of a whole match (each phase's, each action's) and the settings form: a
    dependent field names an earlier field and only values that field offers."""
    _, trail = play(engine, 5)
    forms = [("settings", api.FormSpec(engine.settings_fields))]
    for t in trail:
        keys = [p.key for p in t.open]
        for spec in t.open:
            forms += [(spec.key, engine.form(t.state, spec.key, seat)) for seat in spec.waits_on]
        for seat in range(len(t.state.get("names", ())) or engine.min_seats):
            forms += [(a.name, a.form) for a in engine.actions(t.state, seat, keys)] if keys and not t.finished else []
    problems = {where: form.dependency_problems() for where, form in forms if form.dependency_problems()}
    assert problems == {}


JUNK = [
    None,
    True,
    False,
    0,
    -1,
    1,
    10**30,
    -(10**30),
    1.5,
    float("nan"),
    float("inf"),
    "",
    " 5",
    "-1",
    "²",
    "٣",
    "1e3",
    "0x10",
    "A" * 300,
    "\u0000",
    [],
    [1, 2],
    ["A"] * 50,
    {},
    {"a": {"b": []}},
]


def hostile_dicts(fields, rng, count=25):
    """Dicts shaped like a form's (its own field names, some missing, some extra) with junk
    values, and some shaped like nothing at all."""
    names = list(fields) + ["x", "__class__", "seat", "card_0", "P", "picks"]
    for n in range(count):
        if n % 2 and fields:  # every field of the form, good values but one junk value
            payload = {name: rng.choice(good) if good else rng.randint(0, 9) for name, good in fields.items()}
            payload[rng.choice(list(fields))] = rng.choice(JUNK)
            yield payload
            continue
        chosen = rng.sample(names, rng.randint(0, min(len(names), 6)))
        yield {name: rng.choice(JUNK) for name in chosen}


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_answers_generated_hostile_dicts_with_invalid_or_a_clean_result_all_match_long(engine):
    """validate_submission and apply_action must return Invalid or a clean result for any
    dict, at every phase of a match, never raise (a ValueError from "²".isdigit() was one)."""
    state, trail = play(engine, seed=4)
    rng = random.Random(f"fuzz:{engine.slug}")
    seen = set()
    for t in trail[:40]:
        for spec in t.open:
            if spec.key in seen:
                continue
            seen.add(spec.key)
            for seat in spec.waits_on:
                form = engine.form(t.state, spec.key, seat)
                choices = {f.name: [c for c, _ in f.choices] for f in form.fields}
                for payload in hostile_dicts(choices, rng, 60):
                    result = engine.validate_submission(t.state, spec.key, seat, payload)
                    assert isinstance(result, (api.Invalid, dict)), (spec.key, payload)
                ctx = api.Context({seat: {api.GARNET: 5}})
                for action in engine.actions(t.state, seat, [spec.key]):
                    for payload in hostile_dicts({f.name: None for f in action.form.fields}, rng, 10):
                        result = engine.apply_action(t.state, seat, action.name, payload, ctx, random.Random(0))
                        assert isinstance(result, (api.Invalid, api.Transition)), (action.name, payload)
    assert seen


def spliced(good, pool, rng):
    """A string built from a form's own choices: two run together (from the field, or from the
    whole form), the same one twice, or one with junk before or after it."""
    a, b, c = rng.choice(good), rng.choice(good), rng.choice(pool)
    return rng.choice([a + b, b + a, a + c, a + a, a + " ", " " + a, a + "x", "x" + a, a + "0", a + "\u0000", a[:-1]])


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_refuses_or_resolves_values_spliced_from_its_own_choices(engine):
    """A bot's legal move with one value replaced by a string made of the form's own choices
    ("AB" from "A" and "B", "V" + junk) is either refused or a move whose phase then resolves.
    One engine tested `letter in "ABCDEFGHIJVWXYZ"`: "XYZ" passed and its day could not close."""
    _, trail = play(engine, seed=6)
    rng = random.Random(f"splice:{engine.slug}")
    seen = set()
    for t in trail[:40]:
        for spec in t.open:
            if spec.key in seen or not spec.waits_on:
                continue
            seen.add(spec.key)
            bots = {s: engine.random_submission(t.state, spec.key, s, rng) for s in spec.waits_on}
            subs = {s: engine.validate_submission(t.state, spec.key, s, d) for s, d in bots.items()}
            for seat in spec.waits_on:
                form = engine.form(t.state, spec.key, seat)
                choices = {f.name: [str(c) for c, _ in f.choices] for f in form.fields if f.choices}
                pool = [c for good in choices.values() for c in good]
                sent = [name for name in choices if name in (bots[seat] or {})]  # replace what the bot sent
                for _ in range(20 if choices else 0):
                    name = rng.choice(sent or list(choices))
                    payload = {**(bots[seat] or {}), name: spliced(choices[name], pool, rng)}
                    result = engine.validate_submission(t.state, spec.key, seat, payload)
                    if isinstance(result, api.Invalid):
                        continue
                    counted = engine.default_submission(t.state, spec.key, seat, result, api.derive_rng(6, "d"))
                    moved = engine.resolve(t.state, spec.key, {**subs, seat: counted}, api.derive_rng(6, spec.key))
                    assert isinstance(moved, api.Transition), (spec.key, payload)
    assert seen


def own_part(engine, state, seat):
    """What a seat's view holds that a spectator's does not: the seat's private things."""
    public = engine.view(state, api.Viewer.spectator())
    own = engine.view(state, api.Viewer.for_seat(seat))
    return {key: own[key] for key in own if key not in public}


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_shows_the_player_in_seat_0_their_own_things_as_it_does_any_other_seat(engine):
    """Seat 0 is a seat like any other (a `seat or -1` once hid it): at every step of a match,
    seat 0's view adds the same private fields to the public view as the view of another seat of
    the same role adds for that seat, and what it adds is its own, not the other seat's."""
    _, trail = play(engine, 11)
    roles = engine.default_roles(engine.min_seats)
    other = next(j for j in range(1, engine.min_seats) if roles[j] == roles[0])
    shown, differs = False, False
    for t in trail:
        zero, theirs = own_part(engine, t.state, 0), own_part(engine, t.state, other)
        assert set(zero) == set(theirs), (t.state.get("finished"), sorted(zero), sorted(theirs))
        shown = shown or bool(zero)
        differs = differs or zero != theirs
    if not shown:  # then no seat did (the sets agree at every step): nothing private lives in the state
        pytest.skip(f"{engine.slug}'s views hold nothing of a player's own; a pending move is the platform's")
    assert differs, "seat 0 and another seat always saw the same private things"


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_offers_host_actions_it_accepts_and_refuses_hostile_ones(engine):
    """Host actions (default none) hang together: unique names, forms the platform can render,
    the bot host picks only an offered action and the engine accepts it, hostile data is refused
    without raising, and the state given is never changed. A game offering none has no bot host."""
    seats = seats_for(engine)
    t = engine.setup(seats, engine.validate_settings({}, len(seats)), api.derive_rng(4, "setup"))
    ctx = api.Context({s.index: {api.GARNET: 3} for s in seats})
    before = copy.deepcopy(t.state)
    specs = engine.host_actions(t.state)
    names = [spec.name for spec in specs]
    assert len(names) == len(set(names)) and all(names)
    # stored in Action.name (40 characters) and named in the page's address
    assert all(len(n) <= 40 and n.replace("_", "").replace("-", "").isalnum() for n in names), names
    for spec in specs:
        fields = [f.name for f in spec.form.fields]
        assert len(fields) == len(set(fields)) and spec.title
        assert all(f.kind in (api.INT, api.CHOICE, api.RADIO, api.MULTICHOICE, api.TEXT) for f in spec.form.fields)
    for payload in HOSTILE:
        for name in ["no_such_action"] + names:
            result = engine.apply_host_action(t.state, name, payload, ctx, random.Random(0))
            assert isinstance(result, (api.Invalid, api.Transition))
    assert isinstance(engine.apply_host_action(t.state, "no_such_action", {}, ctx, random.Random(0)), api.Invalid)
    for seed in range(20):
        choice = engine.random_host_action(t.state, ctx, random.Random(seed))
        if not specs:
            assert choice is None, "a game with no host actions has a bot host that takes one"
            continue
        if choice is not None:
            name, data = choice
            assert name in names, f"the bot host took {name}, which is not offered"
            result = engine.apply_host_action(t.state, name, data, ctx, api.derive_rng(seed, "host-action:1"))
            assert not isinstance(result, api.Invalid), f"bot host action refused: {result}"
            json.dumps(result.state)
    assert t.state == before


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_declares_its_secrets_so_that_the_side_channel_suite_can_vary_them(engine):
    """Every game says what it keeps secret (games/secrets.py), and the side-channel suite varies
    each in a match. Here, without one: a seeded secret's `vary` changes a state just set up into
    another state (the same keys, JSON) and copies rather than changes what it is given, and who
    may know it are seats; a hidden setting's two settings are both valid and differ."""
    assert engine.secrets, f"{engine.slug} declares no secrets: say what it keeps secret in `secrets`"
    seats = seats_for(engine)
    settings = engine.validate_settings({}, len(seats))
    state = engine.setup(seats, settings, api.derive_rng(3, "setup")).state
    for secret in engine.secrets:
        assert isinstance(secret, (HiddenMove, SeededSecret, HiddenSetting)), secret
        if isinstance(secret, SeededSecret):
            before = copy.deepcopy(state)
            varied = secret.vary(state)
            assert state == before, f"varying {secret.what} changed the state it was given"
            assert varied != state and set(varied) == set(state), secret.what
            assert json.loads(json.dumps(varied)) == varied
            assert set(secret.known_to(state)) <= set(range(len(seats))), secret.what
        if isinstance(secret, HiddenSetting):
            both = [engine.validate_settings(given, len(seats)) for given in secret.settings]
            assert not any(isinstance(s, api.Invalid) for s in both), both
            assert both[0] != both[1], secret.what


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_it_gives_reusable_settings_that_validate_and_set_up_again(engine):
    """ "Save this game" keeps what `reusable_settings` gives after a played match; a new match
    must start from it (validated as typed settings, JSON, the match's own state untouched)."""
    state, _ = play(engine, 11)
    settings = engine.validate_settings({}, engine.min_seats)
    before = copy.deepcopy(state)
    kept = engine.reusable_settings(state, settings)
    assert state == before
    assert json.loads(json.dumps(kept)) == kept
    again = engine.validate_settings(kept, engine.min_seats)
    assert not isinstance(again, api.Invalid), again
    engine.setup(
        seats_for(engine), engine.prepare(again, engine.min_seats, random.Random(0)), api.derive_rng(3, "setup")
    )
