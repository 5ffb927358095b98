"""Bots: a random bot, and a greedy bot whose judgement comes from the effect graph (and the kernel's ISMCTS bot).

The greedy bot scores every component once from its compiled effects (what the
graph says it does, each primitive worth what the vocabulary says: compiler/bot_values.py),
then ranks the legal actions of each decision with those scores and the board. There is
no per-card code, and no rule of the game. It reads the game through the
view and the rules only (runtime/bot_seen.py), never the kernel's state."""
from __future__ import annotations

import random

from mayhem.compiler.bot_values import BOT_VALUES, DEFAULT
from mayhem.compiler.ir_ops import STATEMENTS, child_bodies, dispatch, register_walker

from .actions import END_TURN, Action, location_of
from .bot_seen import Seen
from .rules import Rules, prop


_END_TURN = str(END_TURN)


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


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._values: dict[str, float] = {}
        self._texts: dict[str, str] = {}  # a card's effects and triggers as text (the icons they name)
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

    # ---- choosing: from the view and the rules, on either runtime -------------------------

    def choose(self, decision, game) -> str:
        """The legal action scored highest (`score`), a hundredth of noise from its seed between
        equals; the game read as the deciding player's `Seen` (either runtime)."""
        self._rules = game.rules
        seen = Seen(game, decision.player)
        scored = [(self.score(a, seen) + self.rng.random() * 0.01, a) for a in decision.actions]
        return max(scored)[1]

    def score(self, text: str, seen: Seen) -> float:
        """What an action is worth to the bot: its verb's `score_` method (none: 0, as `pass`,
        `end-turn`, `skip`, `done` and `colour`)."""
        action = Action.parse(text)
        scorer = getattr(self, "score_" + action.verb.replace("-", "_"), None)
        return 0.0 if scorer is None else scorer(action, seen)

    def score_pick(self, action: Action, seen: Seen) -> float:
        return self.character_value(seen.character(action.character))

    def score_side(self, action: Action, seen: Seen) -> float:
        comp = seen.character(action.character)
        return self.side_value(next(c for c in comp["children"] if c["kind"] == "side" and c["id"] == action.side))

    def score_discard(self, action: Action, seen: Seen) -> float:  # the least worth goes
        return -self.value(seen.rules.by_qid[seen.card(action.card)])

    def score_play(self, action: Action, seen: Seen) -> float:
        qid = seen.card(action.card)
        return self.value(seen.rules.by_qid[qid]) - 1.5 if qid else 0.0

    def score_place(self, action: Action, seen: Seen) -> float:
        """A figure put on the board: where it has the most neighbours, and no foe's pieces."""
        loc = f"L{action.location + 1}"
        return len(seen.near(loc)) - seen.hazard(loc)

    def score_place_die(self, action: Action, seen: Seen) -> float:
        return self.die_score(action.value, action.figure, action.ability, seen)

    def score_resolve(self, action: Action, seen: Seen) -> float:
        return 5.0 if seen.has_target(action.figure) else 1.0

    def score_move(self, action: Action, seen: Seen) -> float:
        return self.move_score(action.figure, f"L{action.location + 1}", seen)

    def score_use(self, action: Action, seen: Seen) -> float:
        return 2.5

    def score_use_token(self, action: Action, seen: Seen) -> float:
        return 6.0

    score_retrieve = score_use_token

    def score_do(self, action: Action, seen: Seen) -> float:
        return 1.0

    score_choose = score_do

    def score_target(self, action: Action, seen: Seen) -> float:
        return self.target_score(action.target, seen)

    def score_reroll(self, action: Action, seen: Seen) -> float:
        pool_die = isinstance(action.args[0], int)  # `reroll die-N`, not the game's own die
        return 0.5 if pool_die or seen.effect_die()[0] < 2 else -0.5

    def character_value(self, comp: dict) -> float:
        sides = [c for c in comp["children"] if c["kind"] == "side"] or [comp]
        return max(self.side_value(s) for s in sides)

    def side_value(self, side: dict) -> float:
        return prop(side, "life", 10) * 0.5 + sum(self.value(c) for c in side["children"])

    def die_score(self, value: int, key: str, ability: str, seen: Seen) -> float:
        ab = next(a for a in seen.abilities(key) if a["id"] == ability)
        slot = prop(ab, "slot", 7)
        score = self.value_of_body(ab["effects"].get("standard", {}).get("body", []))
        if value >= slot:
            score += self.value_of_body(ab["effects"].get("special", {}).get("body", []))
            if seen.effect_die()[1]:
                score += self.value_of_body(ab["effects"].get("mayhem", {}).get("body", []))
        else:
            score -= 0.2 * (slot - value)
        if not seen.has_target(key):
            score *= 0.6
        # keep high dice for abilities that need them
        other = [v for v in seen.dice() if v != value]
        if other and value > max(other) and value < slot:
            score -= 0.5
        return score

    def move_score(self, key: str, dest: str, seen: Seen) -> float:
        score = -seen.hazard(dest) * 2
        foes = seen.foes_of(key)
        if foes:
            here = seen.figures[key]["space"]
            before = min(seen.distance(here, f) for f in foes)
            after = min(seen.distance(dest, f) for f in foes)
            score += (before - after) * 1.5
        comp = seen.location(dest)
        if comp is not None:
            score += 0.3 * self.value(comp)
            icons = prop(comp, "icons", []) or []
            for qid in seen.in_play() if icons else ():  # icons its cards in play name
                text = self._texts.get(qid)
                if text is None:
                    card = seen.rules.by_qid[qid]
                    text = self._texts[qid] = str(card["effects"]) + str(card["triggers"])
                score += sum(1.5 for icon in icons if icon in text)
        if seen.mine_on(dest):
            score += 1.0
        return score

    def target_score(self, label: str, seen: Seen) -> float:
        if label == "none":
            return 0.1
        fig = seen.figures.get(label)
        if fig is not None:
            if seen.me is not None and fig["kind"] == "character" and fig["team"] == seen.me:
                return 1.0 + fig["damage"] * 0.1  # friends: the most hurt (for healing)
            remaining = (fig["life"] or 10) - fig["damage"]
            return 10.0 - remaining + (2.0 if fig["kind"] == "token" else 0.0)
        if location_of(label) is not None:
            near = seen.near(label)
            foes_near = sum(1 for f in seen.figures.values() if seen.me is not None and f["space"] is not None and
                            f["kind"] == "character" and f["team"] != seen.me and
                            (f["space"] == label or f["space"] in near))
            return foes_near + 0.1 * len(near)
        return 0.5


_THROUGH_BODIES = {op: GreedyBot.through_bodies for op, form in STATEMENTS.items()
                   if form.bodies and not hasattr(GreedyBot, "worth_" + op.replace("-", "_"))}
_WORTH = dispatch(GreedyBot, "worth_", STATEMENTS, also=_THROUGH_BODIES)
register_walker("bots: the greedy bot's values", STATEMENTS, _WORTH)

def ismcts(seed: int = 0, **settings):
    """The ISMCTS bot (runtime/lookahead.py): a search on deals of what its player cannot see."""
    from .lookahead import ismcts as made
    return made(seed, **settings)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ismcts}  # runtime/kernel/bot.py's interface


def make_bot(name: str, seed: int):
    """A bot by name (`random`, `greedy`, `ismcts`), seeded; ValueError naming the bots for another name."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"no bot '{name}'; bots: {', '.join(BOTS)}") from None
