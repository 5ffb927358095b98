"""Dice and the leading Team as the game declares them: faces, rolls, pools, coins, `lead(...)`.

A `die`'s faces are a range, a list, or a property of the box that prints them; rolls are
seeded, or forced by a scenario. Here too: the game's own shown die, the Teams' pools, coin
tosses, the Teams' lead order, and the functions and context names of the `round { }` of the
shared rules that read them (the primitive `roll` is runtime/round.py's)."""
from __future__ import annotations

from functools import cached_property

from mayhem.compiler import builtins_kernel as K

from .effects import Env
from .rules import Rules, prop
from .state import Figure, zone_key

# the slots a mode's own replaces (its `round { }`); a mode's `round-end { }` runs before the
# game's instead (RoundMixin.round_end)
MODE_REPLACES = frozenset({"round"})

DEFAULT_FACES = ["1", "2", "3", "4", "5", "6"]  # a box that prints no faces for a die
ICON = "*"  # a face written with this mark shows the die's icon

# The kernel's functions the Mayhem engine plays too (in the `round { }` of the shared rules;
# `encloses`, Board.would_enclose, in a keyword of core.mh),
# with their parameters in order, for the compiled calls (runtime/expressions.py's FN_PARAMS).
KERNEL_FUNCTIONS_PLAYED = ("size", "figures-of", "lowest", "highest", "first", "last", "cards-in", "dice-of",
                           "encloses")
KERNEL_FN_PARAMS = {name: [p.name for p in K.KERNEL_FUNCTIONS[name].params] for name in KERNEL_FUNCTIONS_PLAYED}


class DiceRules:
    """What the shared rules declare about dice and the round, read once from the IR."""

    def __init__(self, rules: Rules) -> None:
        game = rules.game or {"props": {}, "children": [], "effects": {}}
        self.dice = {c["id"]: c for c in game["children"] if c["kind"] == "die"}
        self.effect_die = prop(game, "effect-die")  # the die effects read
        self.pool_die = prop(game, "pool-die")  # the kind of the Teams' dice
        self.lead_called = prop(game, "lead-called", "lead")  # the log line and scenario key of `lead`
        self.slots = game["effects"]  # `round`, `round-end`
        self.game_qid = game.get("qid")
        self.modes = {c["id"]: c for c in rules.ir["components"] if c["kind"] == "mode"}

    def faces(self, die: str, box: dict) -> list[str]:
        """A die's faces as printed: its range, its list, or the box's property that lists them
        (read once per die and box: a roll reads them)."""
        found = self.__dict__.setdefault("_faces", {}).get((die, id(box)))
        if found is None:
            found = self.__dict__["_faces"][(die, id(box))] = self._read_faces(die, box)
        return found

    def _read_faces(self, die: str, box: dict) -> list[str]:
        decl = self.dice.get(die)
        if decl is None:
            raise ValueError(f"the game declares no die '{die}'; dice: {', '.join(sorted(self.dice)) or 'none'}")
        if prop(decl, "faces-from"):
            return list(prop(box, prop(decl, "faces-from")) or DEFAULT_FACES)
        if prop(decl, "face-values"):
            return [str(v) for v in prop(decl, "face-values")]
        low, high = prop(decl, "faces")
        return [str(v) for v in range(low, high + 1)]


def dice_rules(rules: Rules) -> DiceRules:
    """The dice of these rules, read once and shared by every game played on them."""
    found = rules.__dict__.get("_dice")
    if found is None:
        found = rules.__dict__["_dice"] = DiceRules(rules)
    return found


def logged_events(dice: DiceRules) -> dict[str, set[str]]:
    """The log lines named by the game's declarations, with their fields: `lead(...)`'s (the
    game's `lead-called`) and each die's shown face (`DIE-die`)."""
    out = {dice.lead_called: {"team", "dice", "coin_toss"}}
    out.update({f"{die}-die": {"face"} for die in dice.dice})
    return out


def face_value(face: str) -> int:
    return int(face.rstrip(ICON))


class DiceMixin:
    @cached_property
    def dice_rules(self) -> DiceRules:
        """The dice of the game's rules (kept on the engine: the round's slots and rolls read it)."""
        return dice_rules(self.rules)

    # ---- rolls and tosses ------------------------------------------------------------

    def roll_face(self, die: str) -> str:
        """One roll of a declared die: the next forced result of a scenario, else seeded."""
        if self.forced_rolls:
            return self.forced_rolls.pop(0)
        faces = self._faces_of.get(die)  # the box's faces of the die, kept per game: no lookup per roll
        if faces is None:
            faces = self._faces_of[die] = self.dice_rules.faces(die, self.box)
        return self.rng.choice(faces)

    def roll_value(self, die: str) -> int:
        return face_value(self.roll_face(die))

    def toss(self, among: list[str]) -> str:
        """A coin toss between Teams (a random pick among more than two): the next forced
        result of a scenario that is one of them, else seeded."""
        if self.forced_tosses and self.forced_tosses[0] in among:
            return self.forced_tosses.pop(0)
        return self.rng.choice(among)

    def roll_shown(self, die: str, node: dict | None = None):
        """Roll the game's own die, the one on the table for all: its face holds until it is
        rolled again."""
        face = self.roll_face(die)
        self.state.shown[die] = face
        if self.record:  # a game that keeps no log builds no entry (Engine.log would drop it)
            self.log(f"{die}-die", node, face=face)
        if "mayhem-roll" not in self.quiet or self.quiet_count != len(self.state.figures):  # (EventsMixin.quiet)
            yield from self.emit("mayhem-roll", {})

    # ---- the face of the game's own dice, and of the die effects read ------------------

    def shown_face(self, die: str) -> int:
        """The number the game's own die shows (1 before its first roll)."""
        return face_value(self.state.shown.get(die, "1"))

    def shows_icon(self, die: str) -> bool:
        """The game's own die shows its icon, or counts as showing it this turn (`grant-icon`)."""
        return self.state.shown.get(die, "1").endswith(ICON) or die in self.state.icon_granted

    def effect_die_value(self) -> int:
        return self.shown_face(self.dice_rules.effect_die)

    def effect_die_icon(self) -> bool:
        """The face of the game's `effect-die` shows its icon (an icon granted this turn aside)."""
        return self.state.shown.get(self.dice_rules.effect_die, "1").endswith(ICON)

    # ---- the Teams still playing, and the one that leads -------------------------------

    def living(self, colour: str) -> bool:
        figures = self.state.figures
        for k in self.state.teams[colour].characters:
            if not figures[k].eliminated:
                return True
        return False

    def playing(self) -> list[str]:
        """The Teams with a Character still in the game, in seat order."""
        return [c for c in self.state.order if self.living(c)]

    def lead_order(self) -> list[str]:
        """The Teams still playing, from the one that leads the round on, clockwise (`living`
        written in: a Team with a Character not out for good)."""
        st = self.state
        order, figures, teams = st.order, st.figures, st.teams
        k = order.index(st.lead)
        out = []
        for c in order[k:] + order[:k] if k else order:
            for key in teams[c].characters:
                if not figures[key].eliminated:
                    out.append(c)
                    break
        return out

    # ---- the round slot of the shared rules --------------------------------------------

    def run_slot(self, name: str):
        """A slot of the shared rules (`round { }`, `round-end { }`; the mode's own `round { }`
        in place of the game's), in the context `rules`."""
        mode = self.dice_rules.modes.get(self.mode.id) if name in MODE_REPLACES else None
        slot = (mode["effects"].get(name) if mode is not None else None) or self.dice_rules.slots.get(name)
        if slot is None:
            return
        self.lead_tossed = False
        yield from self.code.body(slot["body"])(self, Env(None, None, None, source=self.dice_rules.game_qid))


    def p_lead(self, raw: dict, env: Env, node: dict):
        a = yield from self.args("lead", raw, env)
        st = self.state
        st.lead = a["who"]
        if self.record:
            self.log(self.dice_rules.lead_called, node, team=st.lead,
                     dice={c: st.teams[c].dice for c in st.order}, coin_toss=getattr(self, "lead_tossed", False))


# ---- the functions and context names of the round, (engine, env, *arguments) -> value -------

def _free_total(team) -> int:
    return sum(d for d, placed in zip(team.dice, team.placed) if not placed)


def dice_total(eng, env, of):
    teams = eng.state.teams
    if isinstance(of, list):
        return [_free_total(teams[c]) for c in of]
    return _free_total(teams[of]) if of in teams else 0


def shown_face(eng, env, die):
    return eng.shown_face(die)


def shows_icon(eng, env, die):
    return eng.shows_icon(die)


def coin_toss_between(eng, env, among):
    eng.lead_tossed = True
    return eng.toss(list(among or []))


def pick_at_random(eng, env, among):
    return eng.toss(list(among or []))


def next_team(eng, env, colour):
    order = eng.state.order
    if colour not in order:
        return None
    k = order.index(colour)
    return next((c for c in order[k + 1:] + order[:k + 1] if eng.living(c)), None)


def in_lead_order(eng, env, among):
    wanted = set(eng.as_list(among))
    return [c for c in eng.lead_order() if c in wanted]


def size(eng, env, items):
    return len(items) if isinstance(items, (list, tuple, set)) else (0 if items is None else 1)


def figures_of(eng, env, who):
    st = eng.state
    figures = st.figures
    if who.__class__ is str:  # one Team: its figures in one pass
        return [f for k in st.teams[who].characters if not (f := figures[k]).eliminated]
    teams = st.teams
    out: list[Figure] = []
    for colour in eng.as_list(who):
        out.extend([f for k in teams[colour].characters if not (f := figures[k]).eliminated])
    return out


def lowest(eng, env, values):
    values = [v for v in eng.as_list(values) if v is not None]
    return min(values) if values else None


def highest(eng, env, values):
    values = [v for v in eng.as_list(values) if v is not None]
    return max(values) if values else None


def last(eng, env, items):
    items = eng.as_list(items)
    return items[-1] if items else None


def first(eng, env, items):
    items = eng.as_list(items)
    return items[0] if items else None


def cards_in(eng, env, zone, of):
    decl = eng.rules.zones.get(zone)
    owner = of if decl is not None and decl.per is not None else None
    return list(eng.state.zones.get(zone_key(zone, owner), []))


ROUND_FUNCTIONS = {"dice-total": dice_total, "coin-toss-between": coin_toss_between,
                   "pick-at-random": pick_at_random, "next-team": next_team, "in-lead-order": in_lead_order,
                   "size": size, "figures-of": figures_of, "lowest": lowest,
                   "highest": highest, "first": first, "last": last, "cards-in": cards_in,
                   # an edge whose block would leave a Location no open side
                   "encloses": lambda eng, env, e: e.__class__ is tuple and eng.state.board.would_enclose(e)}
