"""Bots: a random bot, and a greedy bot whose judgement comes from the effect graph.

The greedy bot scores every component once from its compiled effects (what the
graph says it does, each primitive worth what the vocabulary says: compiler/bot_values.py),
then ranks the legal actions of each decision with those scores and the board. There is
no per-card code, and no rule of the game."""
from __future__ import annotations

import random
from operator import itemgetter
from typing import Callable

from mayhem.compiler.bot_values import BOT_VALUES, DEFAULT
from mayhem.compiler.ir_ops import STATEMENTS, child_bodies, dispatch, register_walker

from .actions import END_TURN, Action, location_of
from .effects import id_of
from .rules import Rules, prop


_END_TURN = str(END_TURN)
_VERB = itemgetter(0)  # an Action's verb
# whether random.Random draws an index in [0, n) by the bits of n's length, drawn again while
# not below n (CPython): then RandomBot.pick draws its index so, in its own lines
_BITS = random.Random._randbelow is random.Random._randbelow_with_getrandbits


class RandomBot:
    """Uniform over the legal actions, except that it does not end a turn before using
    its Ability (a player who ends turns at random hardly ever finishes a game)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision, game) -> str:
        actions = decision.actions
        if decision.kind == "turn" and _END_TURN in actions:
            for a in actions:
                if Action.parse(a).verb == "resolve":
                    actions = [a for a in actions if a != _END_TURN]
                    break
        return self.rng.choice(actions)

    def pick(self, player: str, kind: str, actions: list[Action]) -> Action:
        """`choose` on the decision's Actions themselves (Game.play_out): the same draw from the
        same list, without the decision's texts."""
        if kind == "turn" and END_TURN in actions and "resolve" in map(_VERB, actions):  # looked for in C
            actions = actions.copy()
            actions.remove(END_TURN)  # a menu lists each action once
        n, rng = len(actions), self.rng
        if _BITS and n and rng.__class__ is random.Random:  # rng.choice(actions) written out: the same bits
            getrandbits, k = rng.getrandbits, n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            return actions[r]
        return rng.choice(actions)


def random_answer(picks: dict, record: Callable[[dict], None]) -> Callable | None:
    """Engine.answer for Game.play_out when every player's `pick` is a RandomBot's and no log is
    kept: RandomBot.pick and the history's record written in one function, the player's draw
    from the player's own generator (the same bits, in the same order), one call a decision
    instead of two. `record` keeps a history entry ((player, kind, Action): Game.history makes
    it a dict when read). None when some pick is not a RandomBot's (or its generator not random.Random's)."""
    draws = {}
    for player, pick in picks.items():
        bot = getattr(pick, "__self__", None)
        if not _BITS or getattr(pick, "__func__", None) is not RandomBot.pick or bot.rng.__class__ is not random.Random:
            return None
        draws[player] = bot.rng.getrandbits

    def answer(player: str, kind: str, prompt: str, actions: list, node: dict | None):
        n = len(actions)
        if kind == "turn" and END_TURN in actions and "resolve" in map(_VERB, actions):
            if actions[-1] == END_TURN:  # drawn among the others: the list without it, uncopied
                n -= 1
            else:
                actions = actions.copy()
                actions.remove(END_TURN)
                n -= 1
        if n:  # RandomBot.pick's draw: the same bits from the player's generator
            getrandbits = draws[player]
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            chosen = actions[r]
        else:
            chosen = draws[player].__self__.choice(actions)  # an empty menu: refused as RandomBot.pick refuses it
        record((player, kind, chosen))
        return chosen
    return answer


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._values: dict[str, float] = {}
        self._rules: Rules | None = None

    # ---- values from the effect graph ---------------------------------------------

    def value_of_body(self, body: list, depth: int = 0) -> float:
        total = 0.0
        for s in body:
            total = _WORTH[s["op"]](self, s, depth, total)
        return total

    # what each statement op of the registry (compiler/ir_ops.py) adds to a running total;
    # an op with bodies and no method of its own adds what its bodies are worth

    def worth_primitive(self, s: dict, depth: int, total: float) -> float:
        total += BOT_VALUES.get(s["name"], DEFAULT)
        amount = s["args"].get("amount") or s["args"].get("count")
        if amount and amount.get("e") == "num":
            total += 0.5 * max(0, amount["v"] - 1)
        return total

    def worth_keyword(self, s: dict, depth: int, total: float) -> float:
        if depth < 6:
            kw = self._rules.keywords.get(s["keyword"])
            if kw is not None and "effect" in kw["effects"]:
                total += self.value_of_body(kw["effects"]["effect"]["body"], depth + 1)
            x = s["args"].get("x")
            if x and x.get("e") == "num":
                total += 0.5 * x["v"]
        return total

    def worth_choose(self, s: dict, depth: int, total: float) -> float:
        return total + max((self.value_of_body(o["body"], depth + 1) for o in s["options"]), default=0)

    def worth_if(self, s: dict, depth: int, total: float) -> float:
        return total + 0.7 * max(self.value_of_body(s["then"], depth + 1), self.value_of_body(s["else"], depth + 1))

    def worth_let(self, s: dict, depth: int, total: float) -> float:
        return total  # binding a name is worth nothing by itself

    def through_bodies(self, s: dict, depth: int, total: float) -> float:
        return total + sum(self.value_of_body(b, depth + 1) for b in child_bodies(s))

    def value(self, comp: dict) -> float:
        qid = comp["qid"]
        if qid not in self._values:
            total = 0.0
            for name, eff in comp["effects"].items():
                weight = {"special": 0.8, "mayhem": 0.4}.get(name, 1.0)
                total += weight * self.value_of_body(eff["body"])
            for trig in comp["triggers"]:
                total += 0.8 * self.value_of_body(trig["body"])
            self._values[qid] = total
        return self._values[qid]

    # ---- choosing ---------------------------------------------------------------------------

    def choose(self, decision, game) -> str:
        if getattr(game, "runtime", None) == "kernel":  # its judgement reads the engine's state: none here
            return RandomBot.choose(self, decision, game)  # (runtime/switch_game.py) a random bot's choice
        self._rules = game.rules
        scored = [(self.score(a, decision, game) + self.rng.random() * 0.01, a) for a in decision.actions]
        return max(scored)[1]

    def score(self, text: str, decision, game) -> float:
        eng = game.engine
        st = game.state
        action = Action.parse(text)
        verb = action.verb
        me = st.teams.get(self.team_of(decision.player, game))
        if verb == "pick":
            return self.character_value(eng._character(action.character))
        if verb == "side":
            comp = eng._character(action.character)
            side = next(c for c in comp["children"] if c["kind"] == "side" and c["id"] == action.side)
            return self.side_value(side)
        if verb == "colour":
            return 0.0
        hand = me.hands.get(decision.player, []) if me else []  # a bot sees only its own hand
        if verb == "discard":
            qid = next(q for q in hand if id_of(q) == action.card)
            return -self.value(game.rules.by_qid[qid])
        if verb == "place":  # a figure put on the board: where it has the most neighbours
            loc = action.location
            return len(st.board.adjacent(loc)) - self.hazard(loc, me, eng)
        if verb == "place-die":
            return self.die_score(action.value, action.figure, action.ability, me, game)
        if verb == "resolve":
            fig = st.figures[action.figure]
            return 5.0 if self.has_target(fig, eng) else 1.0
        if verb == "move":
            return self.move_score(st.figures[action.figure], action.location, me, game)
        if verb == "use":
            return 2.5
        if verb in ("use-token", "retrieve"):
            return 6.0
        if verb == "play":
            qid = next((q for q in hand if id_of(q) == action.card), None)
            return self.value(game.rules.by_qid[qid]) - 1.5 if qid else 0.0
        if verb == "pass" or verb == "end-turn" or verb == "skip" or verb == "done":
            return 0.0
        if verb == "do" or verb == "choose":
            return 1.0
        if verb == "target":
            return self.target_score(action.target, decision, me, game)
        if verb == "reroll":
            pool_die = isinstance(action.args[0], int)  # `reroll die-N`, not the game's own die
            return 0.5 if pool_die or game.engine.effect_die_value() < 2 else -0.5
        return 0.0

    def team_of(self, player: str, game) -> str | None:
        for colour, team in game.state.teams.items():
            if player in team.players:
                return colour
        return None

    def character_value(self, comp: dict) -> float:
        sides = [c for c in comp["children"] if c["kind"] == "side"] or [comp]
        return max(self.side_value(s) for s in sides)

    def side_value(self, side: dict) -> float:
        return prop(side, "life", 10) * 0.5 + sum(self.value(c) for c in side["children"])

    def die_score(self, value: int, key: str, ability: str, me, game) -> float:
        eng = game.engine
        fig = game.state.figures[key]
        ab = next(a for a in eng.abilities(fig) if a["id"] == ability)
        slot = prop(ab, "slot", 7)
        score = self.value_of_body(ab["effects"].get("standard", {}).get("body", []))
        if value >= slot:
            score += self.value_of_body(ab["effects"].get("special", {}).get("body", []))
            if eng.effect_die_icon():
                score += self.value_of_body(ab["effects"].get("mayhem", {}).get("body", []))
        else:
            score -= 0.2 * (slot - value)
        if not self.has_target(fig, eng):
            score *= 0.6
        # keep high dice for abilities that need them
        other = [v for v, p in zip(me.dice, me.placed) if not p and v != value]
        if other and value > max(other) and value < slot:
            score -= 0.5
        return score

    def has_target(self, fig, eng) -> bool:
        st = eng.state
        if fig.location is None:
            return False
        near = {fig.location, *st.board.adjacent(fig.location)}
        return any(f.location in near for f in st.figures.values()
                   if f.location is not None and ((f.kind == "character" and f.team != fig.team)
                                                  or (f.kind == "token" and f.owner == fig.team)))

    def hazard(self, loc: int, me, eng) -> float:
        if me is None:
            return 0.0
        store = eng.state.board.locations[loc].tokens
        return sum(n for (t, owner, _c), n in store.items()
                   if owner not in (None, me.colour) and eng.rules.tokens[t]["triggers"])

    def move_score(self, fig, dest: int, me, game) -> float:
        eng = game.engine
        st = game.state
        score = -self.hazard(dest, me, eng) * 2
        foes = [f.location for f in st.figures.values() if f.location is not None and
                ((f.kind == "character" and f.team != fig.team) or (f.kind == "token" and f.owner == fig.team))]
        if foes:
            before = min(self.distance(st, fig.location, f) for f in foes)
            after = min(self.distance(st, dest, f) for f in foes)
            score += (before - after) * 1.5
        loc = st.board.locations[dest]
        if loc.comp is not None:
            score += 0.3 * self.value(loc.comp)
            for qid in eng.cards_in_play(me.colour) if me else ():  # icons its cards in play name
                icons = prop(loc.comp, "icons", []) or []
                card = game.rules.by_qid[qid]
                text = str(card["effects"]) + str(card["triggers"])
                score += sum(1.5 for icon in icons if icon in text)
        if any(o == me.colour for (_t, o, _c) in loc.tokens if me):
            score += 1.0
        return score

    def distance(self, st, a: int, b: int) -> int:
        if a == b:
            return 0
        seen = {a}
        frontier = [a]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for n in frontier:
                for m in st.board.adjacent(n):
                    if m == b:
                        return d
                    if m not in seen:
                        seen.add(m)
                        nxt.append(m)
            frontier = nxt
        return 99

    def target_score(self, label: str, decision, me, game) -> float:
        st = game.state
        if label == "none":
            return 0.1
        fig = st.figures.get(label)
        if fig is not None:
            if me is not None and fig.kind == "character" and fig.team == me.colour:
                return 1.0 + fig.damage * 0.1  # friends: the most hurt (for healing)
            remaining = (fig.life or 10) - fig.damage
            return 10.0 - remaining + (2.0 if fig.kind == "token" else 0.0)
        loc = location_of(label)
        if loc is not None:
            foes_near = sum(1 for f in st.figures.values() if f.location is not None and me is not None and
                            f.kind == "character" and f.team != me.colour and
                            (f.location == loc or f.location in st.board.adjacent(loc)))
            return foes_near + 0.1 * len(st.board.adjacent(loc))
        return 0.5


_THROUGH_BODIES = {op: GreedyBot.through_bodies for op, form in STATEMENTS.items()
                   if form.bodies and not hasattr(GreedyBot, "worth_" + op.replace("-", "_"))}
_WORTH = dispatch(GreedyBot, "worth_", STATEMENTS, also=_THROUGH_BODIES)
register_walker("bots: the greedy bot's values", STATEMENTS, _WORTH)

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int):
    """A bot by name (`random`, `greedy`), seeded; ValueError naming the bots for another name."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"no bot '{name}'; bots: {', '.join(BOTS)}") from None
