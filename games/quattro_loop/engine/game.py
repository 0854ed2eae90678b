"""Quattro Loop: the engine the platform drives (seed 002, rulings L1-L13).

A round: a board of seven effects, each player's cards shuffled and two dealt; seven placement
steps (both players place one card on an empty slot of their own loop, revealed together, then
the `now` effects of the slots just filled resolve by letter and each player is dealt one more);
then the `end` effects A to G, both loops together; then the best quattros are compared. A choice
an effect asks for opens a short prompt step before the game goes on. First to 5 points with a
lead wins; the loser is proposed as eliminated."""

from __future__ import annotations

import copy

from games import engine_api as api
from games.blocks.death_match import death_match_outcome
from games.blocks.hands import dealt
from games.blocks.reveal import is_seat_among, sees_everything
from games.blocks.settings import first_problem, one_of, whole_number
from games.blocks.steps import last_or_random

from . import boards, moments, notation, scoring, views
from .board_rows import BoardLines
from .effects import describe_card
from .notation import COLOURS, SLOTS
from .secrets import SECRETS

TARGET, PLACEMENTS = 5, 7
NEW_SET_ROUND = 8  # from round 8 each player plays their seven unplayed cards and a 0 card


def new_cards(seat: int) -> dict[str, dict]:
    return {f"{seat}-{i}": {"v": value, "c": colour}
            for i, (colour, value) in enumerate((c, v) for c in COLOURS for v in (1, 2))}


class QuattroLoop(api.GameEngine):
    slug = "quattro_loop"
    name = "Quattro Loop"
    kind = "death"
    min_seats = max_seats = 2
    default_settings = {
        "boards": boards.GENERATED,
        "board_lines": [],
        "advantage_seat": 0,
        "max_rounds": 15,
        "first_place_seconds": 120,
        "place_seconds": 60,
        "prompt_seconds": 60,
    }
    seconds_range = (5, 48 * 3600)
    settings_fields = (
        api.Field("boards", "Boards", api.CHOICE, api.setting_choices(*((b, b) for b in boards.SOURCES)), required=True,
                  help="generated: a new board each round; a ready set; custom: write them under Custom boards."),
        api.Field("advantage_seat", "Advantage", api.CHOICE, api.setting_choices(
            (0, "The first seat"), (1, "The second seat"), (None, "No advantage")), required=True),
        api.Field("max_rounds", "Most rounds", api.INT, min_value=1, max_value=50, required=True,
                  help="The match ends after this many rounds if nobody has 5 points."),
        api.duration_setting("first_place_seconds", "First placement", "The first placement of a round."),
        api.duration_setting("place_seconds", "Other placements", "Every later placement."),
        api.duration_setting("prompt_seconds", "Prompts", "A choice an effect asks for."),
    )
    settings_rows = (BoardLines(),)
    summary = "Place cards on two loops of seven effects and build the best run of four."
    secrets = SECRETS

    # settings -------------------------------------------------------------------------------
    def validate_settings(self, settings, seats):
        merged = first_problem(super().validate_settings(settings, seats), whole_number("max_rounds", 1, 50),
                               one_of("advantage_seat", (0, 1, None), "0, 1 or null (no advantage)"),
                               one_of("boards", boards.SOURCES, f"one of: {', '.join(boards.SOURCES)}"))
        if not isinstance(merged, api.Invalid) and merged["boards"] == boards.CUSTOM:
            errors = boards.check_custom(merged["board_lines"])
            if errors:
                return api.Invalid(" ".join(errors[:5]) + (f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""))
        return merged

    def draft_report(self, settings):
        if not isinstance(settings, dict) or settings.get("boards") != boards.CUSTOM:
            return []
        return self.settings_report({**self.default_settings, **settings})

    def settings_report(self, settings):
        if settings["boards"] == boards.GENERATED:
            return ["Boards: a new board each round, drawn from the catalogue on the rules page."]
        listed = boards.READY_SETS.get(settings["boards"]) or settings["board_lines"]
        if not isinstance(listed, list | tuple):
            return ["board_lines is a list of boards, each a list of seven lines."]
        lines = [f"Boards: {settings['boards']} ({len(listed)} listed; later rounds are generated)."]
        for number, board in enumerate(listed[:100], start=1):
            effects = boards.parse_board(list(board) if isinstance(board, list | tuple) else board, f"Board {number}")
            if effects and isinstance(effects[0], str):
                lines += effects
                continue
            lines.append(f"Board {number}: " + " | ".join(  # words, then the notation said back (L14a, L14d)
                f"{s}: {notation.words(e)} [{notation.to_text(e)}]" for s, e in zip(SLOTS, effects)))
        return lines

    # setup and rounds -----------------------------------------------------------------------
    def setup(self, seats, settings, rng):
        state = {
            "settings": settings, "names": [s.name for s in seats], "advantage": settings["advantage_seat"],
            "round": 0, "cards": {**new_cards(0), **new_cards(1)}, "owned": [[f"{s}-{i}" for i in range(8)] for s in (0, 1)],
            "decks": [[], []], "hands": [[], []], "loops": [[None] * 7, [None] * 7], "board": [], "used_boards": [],
            "placement": 0, "queue": [], "after": "", "answers": {}, "asked": [], "prompts": 0,
            "points": [0.0, 0.0], "sums": [0, 0], "unplayed": [[], []], "rounds": [], "changes": {},
            "finished": False, "winner": None,
        }
        events = [api.public("quattro.start", f"Quattro Loop: {state['names'][0]} against {state['names'][1]}. "
                             f"First to {TARGET} points with the lead wins.")]
        return api.Transition(state, events + self._new_round(state, rng), [self._placement_phase(state)])

    def _new_round(self, state, rng):
        state["round"] += 1
        n = state["round"]
        if n == NEW_SET_ROUND:
            self._give_new_sets(state)
        board = boards.board_for(state["settings"], n, rng, {tuple(b) for b in state["used_boards"]})
        state["board"] = list(board)
        state["used_boards"].append(list(board))
        state["loops"] = [[None] * 7, [None] * 7]
        for seat in (0, 1):
            deck = dealt(rng, state["owned"][seat])
            state["hands"][seat], state["decks"][seat] = deck[:2], deck[2:]
        state["placement"] = 1
        state["rounds"].append({"round": n, "board": list(board), "log": [], "quattros": None, "points": None})
        return [api.public("quattro.round", f"Round {n} begins. The board: " +  # in words; the notation is on the board
                           " ".join(f"{s}: {notation.words(notation.parse(line))}" for s, line in zip(SLOTS, board)))]

    def _give_new_sets(self, state):
        for seat in (0, 1):
            ids = []
            for i, snapshot in enumerate(state["unplayed"][seat][:7]):
                ids.append(f"{seat}-r8-{i}")
                state["cards"][ids[-1]] = dict(snapshot)
            ids.append(f"{seat}-r8-zero")
            state["cards"][ids[-1]] = {"v": 0, "c": None}
            state["owned"][seat] = ids

    def _placement_phase(self, state):
        k = state["placement"]
        seconds = state["settings"]["first_place_seconds" if k == 1 else "place_seconds"]
        return api.PhaseSpec(f"r{state['round']}-place-{k}", f"Round {state['round']}, placement {k} of 7",
                             (0, 1), seconds, close_early=True)

    # forms ----------------------------------------------------------------------------------
    @staticmethod
    def _kind(phase_key):
        return "prompt" if "-prompt-" in phase_key else "place"

    def _is_current(self, state, phase_key):
        if state["finished"]:
            return False
        if self._kind(phase_key) == "prompt":
            return phase_key == f"r{state['round']}-prompt-{state['prompts']}" and bool(state["asked"])
        return phase_key == f"r{state['round']}-place-{state['placement']}" and not state["asked"]

    def form(self, state, phase_key, seat):
        if not self._is_current(state, phase_key) or seat not in (0, 1):
            return api.NO_FORM
        if self._kind(phase_key) == "prompt":
            fields = tuple(api.Field(views.field_name(q["id"]), q["text"], api.RADIO, tuple(tuple(o) for o in q["options"]),
                                     required=True) for q in state["asked"] if q["seat"] == seat)
            return api.FormSpec(fields, submit_label="Choose", intro="An effect asks you to choose.") if fields else api.NO_FORM
        hand = tuple((cid, describe_card(state["cards"][cid])) for cid in state["hands"][seat])
        effects = [notation.parse(line) for line in state["board"]]
        empty = tuple((SLOTS[i], f"{SLOTS[i]}: {notation.words(effects[i])}")
                      for i in range(7) if state["loops"][seat][i] is None)
        return api.FormSpec((api.Field("card", "Card", api.RADIO, hand, required=True),
                             api.Field("slot", "Slot", api.RADIO, empty, required=True)), submit_label="Place")

    def validate_submission(self, state, phase_key, seat, data):
        if not isinstance(data, dict) or seat not in (0, 1) or not self._is_current(state, phase_key):
            return api.Invalid("That step is not open.")
        if self._kind(phase_key) == "prompt":
            asked = {views.field_name(q["id"]): q for q in state["asked"] if q["seat"] == seat}
            if set(data) != set(asked):
                return api.Invalid("Answer every choice, and nothing else.")
            for name, question in asked.items():
                if data[name] not in [o[0] for o in question["options"]]:
                    return api.Invalid(f"“{data[name]!s:.20}” is not one of the choices for: {question['text']}")
            return {name: data[name] for name in asked}
        if set(data) != {"card", "slot"}:
            return api.Invalid("Choose a card and a slot.")
        card, slot = data["card"], data["slot"]
        if not isinstance(card, str) or card not in state["hands"][seat]:
            return api.Invalid("That card is not in your hand.")
        if not isinstance(slot, str) or slot not in tuple(SLOTS) or state["loops"][seat][SLOTS.index(slot)] is not None:
            return api.Invalid("Choose an empty slot of your loop.")
        return {"card": card, "slot": slot}

    def default_submission(self, state, phase_key, seat, last, rng):
        return last_or_random(self, state, phase_key, seat, last, rng)  # L2, L9: else a random legal move

    def random_submission(self, state, phase_key, seat, rng):
        if self._kind(phase_key) == "prompt":
            return {views.field_name(q["id"]): rng.choice(q["options"])[0] for q in state["asked"] if q["seat"] == seat}
        empty = [SLOTS[i] for i in range(7) if state["loops"][seat][i] is None]
        return {"card": rng.choice(state["hands"][seat]), "slot": rng.choice(empty)}

    # resolving ------------------------------------------------------------------------------
    def resolve(self, state, phase_key, submissions, rng, filled_in=frozenset()):
        state = copy.deepcopy(state)
        if not self._is_current(state, phase_key):
            return api.Transition(state)
        if self._kind(phase_key) == "prompt":
            for seat, answers in submissions.items():
                for question in state["asked"]:
                    if question["seat"] == seat and answers:
                        state["answers"][question["id"]] = answers.get(views.field_name(question["id"]))
            state["asked"] = []
            # L9: a missed choice was the seed's; said as such (what it chose shows in the moment's report)
            events = [api.public("quattro.default", f"Time ran out for {state['names'][seat]}: the seed chose.")
                      for seat in sorted(filled_in)]
            for event in events:
                self._log(state, event.text)
            return self._advance(state, events, rng)
        return self._place(state, submissions, rng, filled_in)

    def _place(self, state, submissions, rng, filled_in=frozenset()):
        k, events, placed = state["placement"], [], []
        for seat in (0, 1):
            move = submissions[seat]
            slot = SLOTS.index(move["slot"])
            state["hands"][seat].remove(move["card"])
            state["loops"][seat][slot] = move["card"]
            state["changes"][move["card"]] = f"placed on {move['slot']} in placement {k}"
            placed.append((seat, slot))
            card = describe_card(state["cards"][move["card"]])
            self._log(state, f"Placement {k}: {_placer(state, seat, filled_in)} placed {card} on {move['slot']}.")
        # L2: a missed placement was the seed's (a placement is public, so saying it hides nothing)
        events.append(api.public("quattro.placed", f"Round {state['round']}, placement {k}: " + " ".join(
            f"{_placer(state, s, filled_in)} placed {describe_card(state['cards'][state['loops'][s][i]])} on {SLOTS[i]}."
            for s, i in placed)))
        effects = [notation.parse(line) for line in state["board"]]
        letters = sorted({i for _, i in placed if effects[i]["timing"] == "now"})
        state["queue"] = [[[s, i] for s, j in placed if j == i] for i in letters]
        state["after"] = "deal" if k < PLACEMENTS else "end"
        return self._advance(state, events, rng)

    def _advance(self, state, events, rng):
        """Resolve queued moments until one needs a choice, then go on with the round."""
        while True:
            while state["queue"]:
                group = state["queue"][0]
                effects = [(owner, slot, notation.parse(state["board"][slot])) for owner, slot in group]
                result = moments.resolve(state["cards"], state["loops"], effects, state["answers"])
                if result[0] == "ask":
                    return self._ask(state, result[1], events)
                before = _positions(state)
                _, state["cards"], state["loops"], notes = result
                events.append(self._report(state, effects, notes, before))
                state["queue"].pop(0)
                state["answers"] = {}
            if state["after"] == "deal":
                for seat in (0, 1):
                    state["hands"][seat].append(state["decks"][seat].pop(0))
                state["placement"] += 1
                state["after"] = ""
                return api.Transition(state, events, [self._placement_phase(state)])
            if state["after"] == "end":
                effects = [notation.parse(line) for line in state["board"]]
                state["queue"] = [[[0, i], [1, i]] for i in range(7) if effects[i]["timing"] == "end"]
                state["after"] = "score"
                continue
            return self._score(state, events, rng)

    def _ask(self, state, questions, events):
        state["asked"] = questions
        state["prompts"] += 1
        seats = tuple(sorted({q["seat"] for q in questions}))
        who = " and ".join(state["names"][s] for s in seats)
        events.append(api.public("quattro.prompt", f"Waiting for {who} to choose."))
        spec = api.PhaseSpec(f"r{state['round']}-prompt-{state['prompts']}", f"Round {state['round']}: a choice",
                             seats, state["settings"]["prompt_seconds"], close_early=True)
        return api.Transition(state, events, [spec])

    def _report(self, state, effects, notes, before):
        """The moment in words for the log, and each changed card's "what moved it"."""
        names = {f"p{s}": n for s, n in enumerate(state["names"])}
        parts = []
        for (owner, slot, effect), (_, _, lines) in zip(effects, notes):
            said = "; ".join(line.format(**names) for line in lines) or "nothing changes"
            parts.append(f"{state['names'][owner]}'s {SLOTS[slot]} ({notation.words(effect).rstrip('.')}): {said}.")
        text = " ".join(parts) + (" Both at once; the results are merged." if len(effects) > 1 else "")
        self._log(state, text)
        label = " and ".join(f"{state['names'][o]}'s {SLOTS[s]}" for o, s, _ in effects)
        for cid, where in _positions(state).items():
            if before.get(cid) != where:
                state["changes"][cid] = f"changed by {label}"  # the slot's effect is said beside it
        return api.public("quattro.effect", f"Round {state['round']}: {text}")

    def _log(self, state, text):
        state["rounds"][-1]["log"].append(text)

    def _score(self, state, events, rng):
        n = state["round"]
        best = [scoring.best_quattro(state["loops"][s], state["cards"]) for s in (0, 1)]
        points = scoring.round_points(best)
        for seat in (0, 1):
            state["points"][seat] += points[seat]
            state["sums"][seat] += best[seat]["sum"] if best[seat] else 0
            unplayed = state["hands"][seat][0]
            state["unplayed"][seat].append(dict(state["cards"][unplayed]))
        record = state["rounds"][-1]
        record["quattros"], record["points"] = best, points
        record["loops"] = [[dict(state["cards"][c]) if c else None for c in state["loops"][s]] for s in (0, 1)]
        said = []
        for seat in (0, 1):
            q = best[seat]
            said.append(f"{state['names'][seat]}: " + (f"{'-'.join(SLOTS[i] for i in q['slots'])} for {q['sum']}"
                                                       if q else "no quattro") + f" (+{_pts(points[seat])})")
        text = f"Round {n} scored. " + "; ".join(said) + f". Points: {_pts(state['points'][0])}–{_pts(state['points'][1])}."
        self._log(state, text)
        events.append(api.public("quattro.scored", text))
        if n == 1 and state["advantage"] is not None:  # L5, L13i: after round 1 is scored
            card = state["cards"][state["hands"][state["advantage"]][0]]
            card["v"] = min(10, card["v"] + 1)
        winner = self._winner(state, rng)
        if winner is not None:
            state["finished"], state["winner"] = True, winner
            state["hands"] = [[], []]
            events.append(api.public("quattro.over", f"{state['names'][winner]} wins Quattro Loop "
                                     f"{_pts(state['points'][winner])}–{_pts(state['points'][1 - winner])}."))
            return api.Transition(state, events, [], finished=True)
        events += self._new_round(state, rng)
        return api.Transition(state, events, [self._placement_phase(state)])

    def _winner(self, state, rng):
        """L13h: a lead at 5 or more ends it; after max_rounds: points, sums, advantage, draw."""
        a, b = state["points"]
        if max(a, b) >= TARGET and a != b:
            return 0 if a > b else 1
        if state["round"] < state["settings"]["max_rounds"]:
            return None
        if a != b:
            return 0 if a > b else 1
        if state["sums"][0] != state["sums"][1]:
            return 0 if state["sums"][0] > state["sums"][1] else 1
        if state["advantage"] is not None:
            return state["advantage"]
        return rng.randrange(2)

    # what each viewer sees ------------------------------------------------------------------
    def view(self, state, viewer):
        reveal = sees_everything(viewer, state["finished"])
        effects = [notation.parse(line) for line in state["board"]]
        out = {
            "round": state["round"], "placement": state["placement"], "names": state["names"],
            "points": [_pts(p) for p in state["points"]], "sums": state["sums"],
            "board": [{"slot": SLOTS[i], "line": line, "words": notation.words(effects[i]), "now": effects[i]["timing"] == "now"}
                      for i, line in enumerate(state["board"])],
            "loops": [views.loop(state, seat, effects) for seat in (0, 1)],
            "hand_counts": [len(h) for h in state["hands"]],
            "waiting_on": sorted({state["names"][q["seat"]] for q in state["asked"]}),
            "rounds": state["rounds"], "finished_rounds": views.finished_rounds(state), "finished": state["finished"],
            "winner": state["names"][state["winner"]] if state["winner"] is not None else None,
            "advantage": state["names"][state["advantage"]] if state["advantage"] is not None else None,
        }
        if reveal:
            out["hands"] = [[describe_card(state["cards"][c]) for c in h] for h in state["hands"]]
            out["unplayed"] = [[describe_card(c) for c in u] for u in state["unplayed"]]
        elif is_seat_among(viewer, (0, 1)):
            seat = viewer.seat
            out["seat"] = seat
            out["my_hand"] = [describe_card(state["cards"][c]) for c in state["hands"][seat]]
            out["my_cards"] = [{"id": c, "label": describe_card(state["cards"][c]), "colour": state["cards"][c]["c"]}
                               for c in state["hands"][seat]]  # ids as the form's card buttons name them
            out["my_unplayed"] = [describe_card(c) for c in state["unplayed"][seat]]
            out["my_questions"] = [q for q in state["asked"] if q["seat"] == seat]
            views.offer_on_the_loops(out["loops"], out["my_questions"])
        return out

    def outcome(self, state):
        winner = state["winner"] if state["winner"] is not None else 0
        sums = ("sums", "Quattro sums (the first tie-break)", state["sums"])
        return death_match_outcome(self.name, state["names"], winner, state["points"], [{"quattro_sums": n} for n in
                                   state["sums"]], how=scoring.how_won(state, winner, TARGET), extra=(sums,))


def _positions(state):
    """Every card on a loop: (seat, slot, value, colour), to see what a moment changed."""
    return {cid: (seat, i, state["cards"][cid]["v"], state["cards"][cid]["c"])
            for seat in (0, 1) for i, cid in enumerate(state["loops"][seat]) if cid is not None}


def _placer(state, seat, filled_in):
    """Who placed a card: the player, or the seed when their time ran out (L2)."""
    name = state["names"][seat]
    return f"time ran out for {name}: the seed" if seat in filled_in else name


def _pts(value: float) -> str:
    return f"{value:g}"


ENGINE = QuattroLoop()

