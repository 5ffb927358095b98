"""A lookahead bot that respects hidden information: information-set Monte Carlo tree search (ISMCTS).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree for the deciding
player, its nodes reached by the actions taken (anyone's, as strings), grown over `playouts`
iterations. Each iteration

1. deals a determinization of the game for the player (determinize.py: what it cannot see
   dealt again at random, the generator seeded anew), so that the tree is shared by every
   table the player could be at and the bot never reads another player's hand or a deck's order;
2. descends the tree by UCB1 among the children whose actions are legal in that table (each
   counted `avail` whenever it could have been taken: the availability form of UCB1);
3. adds one node, for an action not yet tried there: the `policy` bot's answer if untried;
4. plays on for at most `depth` answers, or to the end: the policy's answers, or without one
   at random (the random bot's draw: `bots-wait-for`, waits.py);
5. scores the table reached for the player of each node on the path, in [0, 1] (`standing`):
   1 a win, 0.5 a tie, 0 a loss; short of the end, 0.5 plus half the hyperbolic tangent of
   how the counters stand: the counters the end condition reads (kept per player or Team,
   a side's own less its opponents', over their range) and the damage on the figures (an
   opponent's less one's own, over its bound; a figure knocked out, its whole bound), and
   greedy.py's counters that put a player out.

The answer is the root's most visited child. A question of one answer is answered without a
search; with `mid_step=False`, so is a question in the middle of a step: the policy answers it
(a search would replay the step, whose dice still to roll it could see). Its draws are its own
seeded generator's (and its policy's): the same seed, the same game.

It knows no game: only clones, the zones' visibility, the results and the counters' and the
damage's declarations. Played on a game that wraps a kernel game (runtime/game.py's `kernel`),
it searches that kernel game and answers in the wrapper's words (the same place in the list),
its policy asked on each table as the wrapper reads it (`on(kernel)`: Game.on)."""
from __future__ import annotations

import math
import random

from .determinize import determinize, reseed
from .greedy import score as greedy_score, LOSS, WIN
from .waits import bot_waits, waiting


class Node:
    """A node of the tree: the player whose answer led here, its visits, availability and rewards."""

    __slots__ = ("player", "children", "visits", "avail", "reward")

    def __init__(self, player: str | None) -> None:
        self.player = player
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class IsmctsBot:
    """ISMCTS over determinizations (module docstring): `playouts` iterations a decision, each
    played on at random for at most `depth` answers past the tree; UCB1's constant `c`."""

    in_place = False  # it clones the game: asked only at a decision act() returns

    def __init__(self, seed: int = 0, playouts: int = 64, depth: int = 10, c: float = 0.25, sharp: float = 2.0,
                 deals: int = 6, policy=None, mid_step: bool = True) -> None:
        self.rnd = random.Random(seed)
        self.playouts, self.depth, self.c, self.sharp, self.deals = playouts, depth, c, sharp, deals
        self.policy = policy  # a bot that guides the search (expansion and playouts), or None: random
        self.mid_step = mid_step  # False: a question in the middle of a step is the policy's to answer
        self.skipped = 0  # iterations no deal fitted (determinize.consistent), for the bench

    def choose(self, decision, game) -> str:
        if len(decision.actions) == 1:
            return decision.actions[0]
        kernel = getattr(game, "kernel", game)  # a wrapped kernel game: searched, answered by place
        if self.policy is not None and not self.mid_step and kernel.snapshot is not None:
            return self.policy.choose(decision, game)
        best = self.search(kernel, kernel.decision.player, self._asker(game))
        return decision.actions[kernel.decision.actions.index(best)]

    def _asker(self, game):
        """`ask(world, decision) -> action` of the kernel's: the policy bot's answer on a table of
        the search, asked in the words of the game the bot plays (a wrapper's `on`); None without one."""
        policy = self.policy
        if policy is None:
            return None
        if not hasattr(game, "kernel"):
            return lambda world, decision: policy.choose(decision, world)

        def ask(world, decision):
            worded = game.on(world)
            return decision.actions[worded.decision.actions.index(policy.choose(worded.decision, worded))]
        return ask

    def search(self, game, me: str, ask=None) -> str:
        """The root's most visited action after `playouts` iterations for player `me`; `ask`, the
        policy's answer on a table (_asker), guides expansion and playouts."""
        rnd, waits, rules = self.rnd, bot_waits(game.rules), game.rules
        root = Node(None)
        deals, tried = [], 0
        for i in range(self.playouts):
            if tried < self.deals:  # the first iterations deal; the later ones play on copies of those deals
                tried += 1
                dealt = determinize(game, me, rnd)
                if dealt is not None:
                    deals.append(dealt)
                else:  # no deal fits the step under way
                    self.skipped += 1
            if not deals:
                continue
            world = deals[i % len(deals)].clone(history=False)
            fresh = reseed(world, rnd)  # seeded anew: a step under way keeps its draws until done
            node, path, decision = root, [], world.decision
            while decision is not None:  # selection and expansion
                children = node.children
                legal = decision.actions
                untried = [a for a in legal if a not in children]
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                if untried:
                    action = ask(world, decision) if ask is not None else None
                    if action not in untried:
                        action = untried[rnd.randrange(len(untried))]
                    child = children[action] = Node(decision.player)
                    child.avail = 1
                else:
                    action, child = self._select(children, legal)
                path.append(child)
                decision = world.act(action)
                if not fresh:
                    fresh = reseed(world, rnd)
                node = child
                if untried:
                    break
            steps = 0
            while decision is not None and steps < self.depth:  # the playout
                decision = world.act(ask(world, decision) if ask is not None
                                     else rnd.choice(waiting(waits, decision.actions)))
                if not fresh:
                    fresh = reseed(world, rnd)
                steps += 1
            values = {}
            for child in path:
                who = child.player
                if who not in values:
                    values[who] = standing(world, who, rules, self.sharp)
                child.visits += 1
                child.reward += values[who]
        if not root.children:  # no deal fitted: the random bot's draw, which reads nothing hidden
            return rnd.choice(waiting(waits, game.decision.actions))
        return max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]

    def _select(self, children: dict, legal: list) -> tuple:
        """UCB1 among the children of the legal actions, by their availability."""
        c, best, pick = self.c, -1.0, None
        for a in legal:
            n = children[a]
            value = n.reward / n.visits + c * math.sqrt(math.log(n.avail) / n.visits) if n.visits else 1e9
            if value > best:
                best, pick = value, a
        return pick, children[pick]


def standing(game, me: str, rules=None, sharp: float = 1.0) -> float:
    """How the table stands for `me`, in [0, 1] (module docstring, step 5)."""
    state = game.state
    if state.result is not None or me in state.out:
        s = greedy_score(game, me)
        return 1.0 if s >= WIN else 0.0 if s <= LOSS else 0.5
    rules = rules or game.rules
    side = state.team_by.get(me) if state.teams else me
    total = 0.0
    reads = _reads(rules)
    if reads[0]:
        from .effects import Run
        run = Run(game, [])
        for spec, scale in reads[0]:
            holders = list(state.teams) if spec.per == "team" else state.players
            for holder in holders:
                v = _value(run, spec, holder)
                ours = holder == side or (spec.per != "team" and state.team_by.get(holder) == side and state.teams)
                total += (v if ours else -v) / scale
    for spec in reads[2]:  # greedy.py's counters that put a player out, over their range
        span = max(spec.start - spec.min, 1)
        for player in state.players:
            v = spec.min if player in state.out else state.counters.get(f"{spec.id}/{player}", spec.start)
            ours = player == me or (state.teams and state.team_by.get(player) == side)
            total += (v if ours else -v) / span
    damage, bound = reads[1]
    if damage is not None:
        counters = state.counters
        for ident, figure in state.figures.items():
            owner = figure.get("owner")
            if owner is None:
                continue
            if figure.get("space") is None:  # off the board: knocked out (its damage cleared) counts
                if not figure.get("out"):  # as its whole Life until it is back; not placed yet, nothing
                    continue
                share = 1.0
            else:
                hurt = counters.get(f"{damage.id}/{ident}", damage.start)
                life = counters.get(f"{bound.id}/{ident}", bound.start) if bound is not None else 10
                share = hurt / max(life, 1)
            total += -share if owner == side or owner == me else share
    return 0.5 + 0.5 * math.tanh(sharp * total)


def _value(run, spec, holder) -> int:
    if spec.kept_as is not None:
        from .kept import value
        return value(run, spec.id, holder)
    return spec.get(run, holder)


def _reads(rules) -> tuple:
    """(the counters kept per player or Team the end condition reads, each with its scale;
    the damage counter and its bound, or Nones; greedy's out-at-min counters), once per rules."""
    found = rules.__dict__.get("_ismcts_reads")
    if found is None:
        from ...compiler.ir_ops import walk_expressions
        from .greedy import _kept_by_player
        names = []
        if rules.end_guard is not None:
            for e in walk_expressions(rules.end_guard):
                if e.get("e") == "fn" and e.get("name") == "value":
                    counter = (e.get("args") or {}).get("counter") or {}
                    name = counter.get("name")
                    spec = rules.counters.get(name)
                    if spec is not None and spec.per in ("player", "team") and not spec.out_at_min \
                            and name not in names:
                        names.append(name)
        ends = tuple((rules.counters[n], float(rules.counters[n].max - rules.counters[n].min)
                      if rules.counters[n].max is not None and rules.counters[n].min is not None else 3.0)
                     for n in names)
        props = rules.game.get("props", {})
        dname = props.get("damage-counter", {}).get("value")
        bname = props.get("damage-bound", {}).get("value")
        damage = rules.counters.get(dname) if dname else None
        bound = rules.counters.get(bname) if bname else None
        found = rules.__dict__["_ismcts_reads"] = (ends, (damage, bound), _kept_by_player(rules))
    return found
