"""The round as the game declares it: its phases in order, each running a part of the round.

The phases are the `phase` declarations of the shared rules (content/shared/game.mh), a
mode's phase of the same id in place of the game's; each runs a part of the round's
structure (its start, the turns, its end) or its own effect. Here too the round's primitive
`roll` (the Teams' dice, the game's own die), over its evaluated arguments."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .compiled import action
from .dice import ICON, DiceMixin
from .effects import Env
from .placement import PlacementMixin
from .primitives import evaluated
from .rules import Rules, prop
from .state import Figure

# a resumed game (a scenario) may start in the middle of a turn of the phase that runs the turns
MID_TURN = "turn"


@dataclass(frozen=True)
class Phase:
    id: str
    runs: str | None  # "round" | "turns" | "round-end": the part of the structure it plays
    effect: dict | None  # its own effect (IR slot), played first


# A game that declares no phases plays the round's structure alone.
STRUCTURE = (Phase("round-start", "round", None), Phase("activation", "turns", None), Phase("round-end", "round-end", None))


def round_phases(rules: Rules, mode_id: str) -> tuple[Phase, ...]:
    """The phases of the round in the game's order, a mode's own replacing the game's of the
    same id; read once per set of rules and mode."""
    cache = rules.__dict__.setdefault("_phases", {})
    if mode_id in cache:
        return cache[mode_id]
    game = rules.game or {"children": []}
    mode = next((c for c in rules.ir["components"] if c["kind"] == "mode" and c["id"] == mode_id), None)
    own = {c["id"]: c for c in (mode or {}).get("children", ()) if c["kind"] == "phase"}
    out = tuple(_phase(own.get(c["id"], c)) for c in game["children"] if c["kind"] == "phase") or STRUCTURE
    cache[mode_id] = out
    return out


def _phase(comp: dict) -> Phase:
    runs = comp["props"].get("runs")
    return Phase(comp["id"], runs["value"] if runs else None, comp["effects"].get("effect"))


class RoundMixin(DiceMixin, PlacementMixin):
    def phase_names(self) -> list[str]:
        """Where a game set up by hand may resume: a phase, or the middle of a turn."""
        return [p.id for p in self.phases] + [MID_TURN]

    def play_round(self, start: str | None = None):
        """The round's phases in order, from the start of `start` (the first by default; the
        middle of the Active Character's turn for `turn`). Each phase runs its own effect, then
        the part of the round's structure it names (written in this loop: a decision is carried
        up through no generator per phase)."""
        phases = self.phases
        st = self.state
        k, mid_turn = 0, False
        if start == MID_TURN:
            k, mid_turn = next(i for i, p in enumerate(phases) if p.runs == "turns"), True
        elif start is not None:
            k = next(i for i, p in enumerate(phases) if p.id == start)
        for phase in phases[k:]:
            st.phase = phase.id
            if phase.effect is not None and not mid_turn:
                env = Env(None, None, None, source=self.dice_rules.game_qid)
                if phase.effect["when"] is None or self.static_eval(phase.effect["when"], env):
                    yield from self.code.body(phase.effect["body"])(self, env)
                    yield from self.emit("update", {})
            if phase.runs == "round":
                yield from self.round_start()
            elif phase.runs == "turns":
                after = None
                if mid_turn:  # in the middle of the Active Character's turn (st.active)
                    after = st.active_team
                    yield from self.rest_of_turn(st.figures[st.active.figure], st.teams[after])
                else:  # Teams alternate placing dice, from the Team that leads the round
                    self.activated_this_round: list[str] = []
                yield from self.team_turns(after)  # the game's turn order (runtime/turn.py)
            elif phase.runs == "round-end":
                yield from self.round_end()
            mid_turn = False

    def round_start(self):
        """The start of a round: the dice of the last one are gone, then the game's `round { }`
        (rolls, the leading Team, the game's own die, ...; a mode's own in its place), then the
        round's first chance to play a card and the `round-start` event."""
        st = self.state
        for team in st.teams.values():
            team.dice = []
            team.placed = []
        yield from self.run_slot("round")  # its `card-window(...)`: the Round Start cards (cards.py)
        yield from self.emit("round-start", {})
        yield from self.emit("update", {})

    @evaluated
    def p_roll(self, a: dict, env: Env, node: dict):
        die, count = a["die"], 1 if a["count"] is None else max(0, int(a["count"]))
        if a["of"] is None:
            yield from self.roll_shown(die, node)
            return
        teams = self.state.teams
        if self.forced_rolls:  # a scenario's results, queued: roll_face() takes them in turn
            roll = self.roll_face
            for colour in self.as_list(a["of"]):
                team = teams[colour]
                for _ in range(count):  # roll_value(), written in
                    team.dice.append(int(roll(die).rstrip(ICON)))
                team.placed.extend([False] * count)
            return
        # roll_face()'s draw among the die's faces, from their values (the same bits: a list as long)
        values = self._face_values.get(die)
        if values is None:
            faces = self._faces_of.get(die)
            if faces is None:
                faces = self._faces_of[die] = self.dice_rules.faces(die, self.box)
            values = self._face_values[die] = [int(f.rstrip(ICON)) for f in faces]
        choice = self.rng.choice
        for colour in self.as_list(a["of"]):
            team = teams[colour]
            dice = team.dice
            for _ in range(count):
                dice.append(choice(values))
            team.placed.extend([False] * count)

    def p_draw_into(self, raw: dict, env, node: dict):
        a = yield from self.args("draw-into", raw, env)
        if a["of"] in self.state.teams:
            yield from self.draw_in_play(a["of"], node, zone=a["zone"])

    def p_remove_location(self, raw: dict, env: Env, node: dict):
        """The player of the figure `by` removes one of the Locations `among` from play (a mode's
        `round-end`: Free-For-All's, which says which and by whom)."""
        a = yield from self.args("remove-location", raw, env)
        board, fig = self.state.board, a["by"]
        options = [action("remove", (i,)) for i in self.as_list(a["among"]) if i in board.live()]
        if not options or not isinstance(fig, Figure):
            return
        choice = yield from self.decide(fig.player, "remove", "remove an empty Location", options)
        i = choice.location
        board.locations[i].removed = True
        board.refresh()
        self.log("remove-location", location=f"L{i + 1}")

    def round_end(self):
        """The `round-end` event, then the game's `round-end { }` (the cards played discarded,
        the per-round limits and tokens cleared); what lasted until the end of the round ends."""
        st = self.state
        # the mode's own `round-end { }` first, once every Character has activated
        slot = self.mode.slots.get("round-end")
        if slot is not None:
            yield from self.code.body(slot["body"])(self, Env(None, None, None, source=self.mode.qid))
        yield from self.emit("round-end", {})
        yield from self.run_slot("round-end")
        for t in st.temp_triggers:
            # what lasts until a character's next turn outlives the round, unless it is out for good
            if t.until != "next-turn-end" or t.figure is None or t.figure.eliminated:
                t.alive = False
        st.temp_triggers = [t for t in st.temp_triggers if t.alive]
        if self.record:
            self.log("round-end")

    @evaluated
    def p_reset_limits(self, a: dict, env, node: dict):
        """Every figure's limits of the period start again: what it may use once per `round`
        (or `turn`), and, for a round, the Abilities it has activated in it (a primitive over its
        evaluated arguments: the call site's own function evaluates them, nothing to iterate)."""
        period = a["period"]
        for fig in self.state.figures.values():
            if period == "round":
                fig.activations = []
            fig.special_used[period] = False

    @evaluated
    def p_discard_tokens(self, a: dict, env, node: dict):
        """Every token on a figure whose type says `discarded WHEN` is removed (the token types
        that say so found once per game)."""
        when = a["when"]
        due = self._discarded.get(when)
        if due is None:
            due = self._discarded[when] = frozenset(q for q, tok in self.rules.tokens.items()
                                                    if prop(tok, "discarded") == when)
        if not due:
            return
        for fig in self.state.figures.values():
            if fig.tokens and not due.isdisjoint(fig.tokens.totals):
                for key, n in sorted(fig.tokens.items(), key=str):
                    if n > 0 and key[0] in due:
                        self.remove_pieces(key[0], 10 ** 6, fig, None, None)

    @cached_property
    def _face_values(self) -> dict:
        """A die -> the values of its faces in this game's box, in their order (p_roll), per game."""
        return {}

    @cached_property
    def _discarded(self) -> dict:
        """`discarded WHEN` -> the token types that say it, per game."""
        return {}
