"""The primitives of compiler/builtins.py, one method each (`p_<name>`)."""
from __future__ import annotations

import inspect
from functools import cached_property

from .actions import DONE
from .compiled import action
from .effects import Env, Stop, id_of
from .rules import prop
from .state import Figure, Pending


def evaluated(body):
    """A primitive written over its evaluated arguments: `body(self, a, env, node)`, `a` its
    arguments by name. The play calls `body` with the arguments of the call site's own compiled
    function (runtime/compiled_bodies.py, `Args.now`) when none asks, and does not iterate a body
    that is not a generator (it cannot ask); `p_NAME(self, raw, env, node)`, the primitive's
    interface, evaluates them as before."""
    name = body.__name__[2:].replace("_", "-")
    yields = inspect.isgeneratorfunction(body)

    def primitive(self, raw: dict, env: Env, node: dict):
        a = yield from self.args(name, raw, env)
        if yields:
            yield from body(self, a, env, node)
        else:
            body(self, a, env, node)
    primitive.__name__, primitive.__qualname__, primitive.__doc__ = body.__name__, body.__qualname__, body.__doc__
    primitive.with_values = (body, yields)
    return primitive


class PrimitivesMixin:

    def args(self, prim: str, raw: dict, env: Env):
        """A primitive's arguments by name, evaluated by their compiled forms in the order of its
        parameters (a generator: an argument may ask)."""
        code = self.code
        return (code._args.get(id(raw)) or code.args(prim, raw)).values(self, env)

    def tags_of(self, raw, env: Env) -> frozenset:
        return frozenset(raw or ()) | env.tags

    @staticmethod
    def as_list(value) -> list:
        if value is None:
            return []
        return value if isinstance(value, list) else [value]

    # ---- damage -----------------------------------------------------------------

    def p_assault(self, raw: dict, env: Env, node: dict):
        """The Mayhem `attack`, a shorthand for `assault` (compiler/shorthand.py): the Activation's
        bonus added, `attack-target` bound."""
        st = self.state
        me = env.self_fig
        if me is not None and me.tokens and self.stopped(me, "attack", node):  # no token: nothing forbids
            return  # no Attack at all: no target chosen, nothing announced
        a = yield from self.args("attack", raw, env)
        tags = self.tags_of(a["tags"], env)
        v = a["target"]  # as_list written in
        for target in (v if v.__class__ is list else [] if v is None else [v]):
            if not isinstance(target, Figure) or target.location is None:
                continue
            act = st.active
            if act is not None and me is not None and act.figure == me.key:  # the Active Character's Attack
                bonus = self.activation_bonus(tags)
                act.attack_target = target
            else:
                bonus = 0
                env.locals["$attack-target"] = target
            pending = Pending(int(a["amount"] or 0) + bonus, tags)
            self.log("attack", node, attacker=me.key if me else None, target=target.key, amount=pending.amount)
            yield from self.emit("attack", {"attacker": me, "target": target}, pending=pending, source=me)
            if self.state.over:
                return
            yield from self.deal_damage(target, pending.amount, tags, me, node)

    @evaluated
    def p_damage(self, a: dict, env: Env, node: dict):
        tags = self.tags_of(a["tags"], env)
        v = a["target"]  # as_list written in
        for target in (v if v.__class__ is list else [] if v is None else [v]):
            if isinstance(target, Figure) and target.location is not None:
                yield from self.deal_damage(target, int(a["amount"] or 0), tags, env.self_fig or env.holder, node)

    @evaluated
    def p_remove_damage(self, a: dict, env: Env, node: dict):
        v = a["target"]  # as_list written in
        for target in (v if v.__class__ is list else [] if v is None else [v]):
            floor = self.rules.counter_min("damage", 0)  # Damage never below its declared min
            if isinstance(target, Figure) and target.damage > floor:
                healed = min(target.damage - floor, max(0, int(a["amount"] or 0)))
                target.damage -= healed
                self.log("remove-damage", node, figure=target.key, amount=healed)

    @evaluated
    def p_prevent(self, a: dict, env: Env, node: dict):
        if env.pending is not None:
            cut = min(env.pending.amount, max(0, int(a["amount"] or 0)))
            env.pending.amount -= cut
            self.log("prevent", node, amount=cut)

    @evaluated
    def p_increase(self, a: dict, env: Env, node: dict):
        if env.pending is not None:
            env.pending.amount += max(0, int(a["amount"] or 0))
            self.log("increase", node, amount=int(a["amount"] or 0))

    @evaluated
    def p_bonus(self, a: dict, env: Env, node: dict):
        act = self.state.active
        if act is None:
            return
        amount = int(a["amount"] or 0)
        scope = frozenset(a["to"]) if a["to"] else None
        if scope is None:
            act.bonus += amount
        else:
            act.scoped_bonus.append((amount, scope))
        # the stacks this Activation placed before the bonus take it too
        for (loc, token, owner), tags in act.stacks.items():
            if (scope is None or scope & tags) and self.count_tokens(token, loc, owner) > 0:
                bonus = self.state.board.locations[loc].bonus
                bonus[(token, owner)] = bonus.get((token, owner), 0) + amount
        self.log("bonus", node, amount=amount, to=sorted(id_of(t) for t in scope) if scope else None)

    def activation_bonus(self, tags: frozenset) -> int:
        """The bonus of the Activation for an effect with these tags."""
        act = self.state.active
        return act.bonus + sum(n for n, scope in act.scoped_bonus if scope & tags)

    # ---- tokens ----------------------------------------------------------------------

    @evaluated
    def p_place(self, a: dict, env: Env, node: dict):
        token = a["token"]
        tags = a["tags"]  # tags_of written in
        tags = frozenset(tags) | env.tags if tags else env.tags
        count = max(0, int(a["count"] or 0))
        limit, attackable, blocks = self._place_facts.get(token) or self.place_facts(token)
        on = a["on"]
        owner = None if self.mode.communal else env.team
        for target in on if on.__class__ is list else () if on is None else (on,):
            kind = target.__class__
            n = count
            if kind is Figure:
                if target.location is None or (target.immune & tags) or target.kind != "character":
                    continue
                if limit is not None:
                    held = target.tokens.totals.get(token, 0) if token in self._alone else \
                        self.count_tokens(token, target, None)
                    n = min(n, max(0, limit - held))
                    if not n:  # at its limit: no piece to place
                        continue
            elif attackable and kind is int:
                for _ in range(n):
                    self.spawn_token_figure(token, target, env, int(a["life"] or 0), node)
                continue
            elif blocks and kind is tuple and self.state.board.would_enclose(target):
                continue
            placed = self.put_pieces(token, n, target, owner, node)
            if placed and kind is int:
                act = self.state.active
                if act is not None and env.team == self.state.active_team:
                    # a stack the Activation places carries its bonus until its tokens leave
                    key = (target, token, owner)
                    act.stacks[key] = act.stacks.get(key, frozenset()) | tags
                    bonus = self.activation_bonus(tags)
                    if bonus:
                        loc = self.state.board.locations[target]
                        loc.bonus[(token, owner)] = loc.bonus.get((token, owner), 0) + bonus

    @cached_property
    def _place_facts(self) -> dict:
        return {}

    def place_facts(self, token: str) -> tuple:
        """What `place` reads of a token, once per game: its `limit` (per figure), whether its
        piece is an attackable figure, whether it blocks adjacency (on an edge)."""
        facts = self._place_facts[token] = (prop(self.rules.tokens[token], "limit"),
                                            self.rules.token_flag(token, "attackable"),
                                            self.rules.token_flag(token, "blocks-adjacency"))
        return facts

    @evaluated
    def p_remove(self, a: dict, env: Env, node: dict):
        v = a["from"]  # as_list written in
        for place in (v if v.__class__ is list else [] if v is None else [v]):
            self.remove_pieces(a["token"], max(0, int(a["count"] or 0)), place, a["of"], node)

    @evaluated
    def p_remove_all(self, a: dict, env: Env, node: dict):
        v = a["from"]  # as_list written in
        for place in (v if v.__class__ is list else [] if v is None else [v]):
            self.remove_pieces(a["token"], 10 ** 6, place, a["of"], node)

    @evaluated
    def p_take(self, a: dict, env: Env, node: dict):
        yield from self.transfer(a["token"], a["from"], a["to"], max(0, int(a["count"] or 0)), node)

    def p_shift(self, raw: dict, env: Env, node: dict):
        token = yield from self.ev(raw.get("token"), env)
        src = yield from self.ev(raw.get("from"), env)
        board = self.state.board
        lifted = isinstance(src, tuple) and src in board.blocked and self.rules.token_flag(token, "blocks-adjacency")
        if lifted:  # where a blocking token may go is judged with its old edge open
            board.blocked.discard(src)
            board.refresh()
        try:
            dst = yield from self.ev(raw.get("to"), env)
        finally:
            if lifted:
                self.refresh_blocked()
        if src is None or dst is None or src == dst:
            return
        if isinstance(dst, tuple) and self.rules.token_flag(token, "blocks-adjacency"):
            board.blocked.discard(src) if isinstance(src, tuple) else None
            enclose = board.would_enclose(dst)
            self.refresh_blocked()
            if enclose:
                return
        yield from self.transfer(token, src, dst, 1, node, keep_colour=True)

    # ---- figures -----------------------------------------------------------------------

    def p_move_figure(self, raw: dict, env: Env, node: dict):
        # the figures first: a figure that may not Move is not offered a destination (so the
        # arguments are evaluated here, one after the other, by their compiled forms)
        code = self.code
        (_f, figure, figure_asks), (_t, to, to_asks) = (code._args.get(id(raw)) or code.args("move-figure", raw)).parts
        v = (yield from figure(self, env)) if figure_asks else figure(self, env)
        if v.__class__ is Figure:  # one figure (most): no list of them
            if v.tokens and self.stopped(v, "move", node):
                return
            to = (yield from to(self, env)) if to_asks else to(self, env)
            dest = to[0] if to.__class__ is list else to
            if dest is not None:
                yield from self.move(v, dest, node, True)
            return
        figures = [f for f in (v if v.__class__ is list else [] if v is None else [v])  # as_list written in
                   if isinstance(f, Figure) and not (f.tokens and self.stopped(f, "move", node))]
        if not figures:
            return
        to = (yield from to(self, env)) if to_asks else to(self, env)
        for fig in figures:
            if to is not None:
                dest = to[0] if isinstance(to, list) else to
                if dest is not None:
                    yield from self.move(fig, dest, node, is_move=True)

    @evaluated
    def p_place_figure(self, a: dict, env: Env, node: dict):
        tags = self.tags_of(a["tags"], env)
        v = a["figure"]  # as_list written in
        for fig in (v if v.__class__ is list else [] if v is None else [v]):
            if isinstance(fig, Figure) and not (fig.immune & tags) and a["to"] is not None \
                    and not (fig.tokens and self.stopped(fig, "place", node)):
                dest = a["to"][0] if isinstance(a["to"], list) else a["to"]
                if dest is not None:
                    yield from self.move(fig, dest, node, is_move=False)

    @evaluated
    def p_off_board(self, a: dict, env: Env, node: dict):
        v = a["figure"]  # as_list written in
        for fig in (v if v.__class__ is list else [] if v is None else [v]):
            if isinstance(fig, Figure) and fig.location is not None and fig.kind == "character":
                self.take_off(fig)
                fig.off_board = True
                self.log("off-board", node, figure=fig.key)
                if self.state.active and self.state.active.figure == fig.key:
                    raise Stop()

    @evaluated
    def p_remove_from_game(self, a: dict, env: Env, node: dict):
        """Out for good: nothing brings the figure back to the board (its KO line is the log's)."""
        v = a["figure"]  # as_list written in
        for fig in (v if v.__class__ is list else [] if v is None else [v]):
            if isinstance(fig, Figure):
                fig.eliminated = True

    # ---- counters, dice, cards in play ---------------------------------------------------

    @evaluated
    def p_gain(self, a: dict, env: Env, node: dict):
        """The kernel's `gain(counter, n, on: holder)` (runtime/counters.py); without `on`, the
        Team acting."""
        holder = a["on"] if a["on"] is not None else env.team
        if holder is not None:
            self.gain_counter(a["counter"], holder, max(0, int(a["amount"] or 0)), node)

    @evaluated
    def p_end_game(self, a: dict, env: Env, node: dict):
        """The game ends: a single Team given wins, for the reason given; none or several draw."""
        winners = [t for t in self.as_list(a["winners"]) if t is not None]
        if len(winners) == 1:
            self.finish(winners, str(a["reason"]))
        else:
            self.finish([], "draw")

    def p_reroll_dice(self, raw: dict, env: Env, node: dict):
        """The game's `effect-die` and the acting Team's dice still in play (of the game's
        `pool-die`): its unplaced dice, and, in its own turn, the die on the Active
        Character's slot, whose new value is the Activation's (slot, special and icon
        effects not yet resolved)."""
        st = self.state
        team = st.teams.get(env.team)
        current = st.active.die_index if st.active is not None and st.active_team == env.team else None
        rerolled: set[str] = set()
        shown = self.dice_rules.effect_die
        while True:
            options = []
            if shown not in rerolled:
                options.append(action("reroll", (shown,)))
            if team is not None:
                for i, placed in enumerate(team.placed):
                    if (not placed or i == current) and f"die-{i + 1}" not in rerolled:
                        options.append(action("reroll", (i + 1,)))
            if not options:
                return
            choice = yield from self.decide(env.controller, "reroll", "reroll which die?", options + [DONE], node)
            if choice == DONE:
                return
            which = shown if choice.args == (shown,) else f"die-{choice.die}"
            rerolled.add(which)
            if which == shown:
                yield from self.roll_shown(shown, node)
            else:
                i = choice.die - 1
                team.dice[i] = self.roll_value(self.dice_rules.pool_die)
                if i == current:
                    st.active.die = team.dice[i]
                self.log("reroll", node, team=team.colour, die=i + 1, value=team.dice[i],
                         placed=i == current)

    @evaluated
    def p_grant_icon(self, a: dict, env: Env, node: dict):
        """The game's own die counts as showing its icon until the end of the turn."""
        self.state.icon_granted = self.state.icon_granted | {a["die"]}
        self.log(f"{a['die']}-icon", node)

    @evaluated
    def p_spend_free_move(self, a: dict, env: Env, node: dict):
        if self.state.active is not None:
            self.state.active.free_move_used = True

    @evaluated
    def p_card_done(self, a: dict, env: Env, node: dict):
        if env.card is not None and env.team is not None:  # the card in play whose effect runs is done
            yield from self.card_done(env.team, env.card, node)

    @evaluated
    def p_expire(self, a: dict, env: Env, node: dict):
        if env.until is not None:
            env.until.alive = False

    @evaluated
    def p_draw(self, a: dict, env: Env, node: dict):
        """`draw(me, count)`, which the cards' `draw-mayhem(count)` stands for (compiler/shorthand.py):
        cards from the game's `draw-from` zone into the hand of the acting Team's player (`me`)."""
        team = self.state.teams.get(env.team)
        if team is None:
            return
        st = self.state
        who = a.get("who")  # `me` (None when called without it): the acting player, else the Team's first
        player = who if who in team.hands else env.controller if env.controller in team.hands else next(iter(team.hands))
        drawn = 0
        for _ in range(max(0, int(a["count"] or 0))):
            card = self.take_card(st.zone_of["draw-from"], node)  # reshuffled as the zone says
            if card is not None:
                team.hands[player].append(card)
                drawn += 1
        self.log("draw", node, team=team.colour, count=drawn)
