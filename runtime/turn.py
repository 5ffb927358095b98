"""A character's turn: placing an Activation die, the turn's actions, resolving the Ability."""
from __future__ import annotations

from . import declared_actions as declared
from .effects import Env, Stop, _new, make_env
from .primitives import evaluated
from .rules import prop
from .state import Activation, Figure, Team


_NOTHING: frozenset = frozenset()  # what a figure without tokens is forbidden


def restricting(tokens: dict) -> dict[str, frozenset]:
    """What a token may forbid -> the token types whose `restricts` name it (Engine._restricting,
    made once per game): a figure is forbidden `what` when it holds a piece of one of them."""
    out: dict[str, set] = {}
    for qid, tok in tokens.items():
        r = prop(tok, "restricts")
        for what in () if not r else (r,) if isinstance(r, str) else r:
            out.setdefault(what, set()).add(qid)
    return {what: frozenset(qids) for what, qids in out.items()}


def stopping(game: dict | None, restricting: dict) -> tuple[dict[str, frozenset], dict[str, tuple]]:
    """What a primitive asks (`move`, `attack`, `special`, `place`) -> the token types whose
    restrictions `stop` it (Engine._stopping), and -> (restriction, its token types) in the
    game's order, for the log's `restriction` (Engine._stoppers): read once per game from the
    game's `restriction` declarations (content/shared/game.mh)."""
    stops: dict[str, set] = {}
    names: dict[str, list] = {}
    for decl in (game or {}).get("children", ()):
        if decl["kind"] != "restriction":
            continue
        words = prop(decl, "stops") or ()
        for word in (words,) if isinstance(words, str) else words:
            tokens = restricting.get(decl["id"], _NOTHING)
            stops.setdefault(word, set()).update(tokens)
            names.setdefault(word, []).append((decl["id"], tokens))
    return {w: frozenset(t) for w, t in stops.items()}, {w: tuple(n) for w, n in names.items()}


def _free_die(dice: list, placed: list, value) -> int | None:
    """The place of the Team's first free die showing `value` (the dice are found by `index`, in C)."""
    i = -1
    try:
        while True:
            i = dice.index(value, i + 1)
            if not placed[i]:
                return i
    except ValueError:
        return None


class TurnMixin:
    def abilities(self, fig: Figure) -> list[dict]:
        """The Abilities of the figure's dashboard in use, in printed order (read once per dashboard)."""
        qid = fig.side["qid"]
        known = self._abilities.get(qid)
        if known is None:
            known = self._abilities[qid] = [c for c in fig.side["children"] if c["kind"] == "ability"]
        return known

    def special(self, fig: Figure) -> dict | None:
        qid = fig.side["qid"]
        if qid not in self._specials:
            self._specials[qid] = next((c for c in fig.side["children"] if c["kind"] == "special-ability"), None)
        return self._specials[qid]

    def team_turns(self, after: str | None = None):
        """The Teams' turns of a round, in the game's turn order (`turn-order alternate-teams`:
        from the Team that leads the round; resuming a scenario set up mid-turn, from the Team
        after `after`), until the round's turns are over (`round-ends`: every Team passed, one
        after the other, or had one turn).

        A Team's turn: the action that starts it (the game's `starts-turn` action: a die placed
        on an Ability), then the Active Character's turn it made (`rest_of_turn`). A Team whose
        starting action allows nothing takes the game's `fallback` action (a free die spent)
        without a choice, or, when that allows nothing too, passes. The turn is written in this loop, and asks its question itself, so that a
        decision is carried up through no generator of its own."""
        game = self.rules.game or {"props": {}}
        order_rule = prop(game, "turn-order", "alternate-teams")
        if order_rule != "alternate-teams":  # the compiler says so too (E205)
            raise ValueError(f"the Mayhem engine plays `turn-order alternate-teams`, not '{order_rule}'")
        each_once = prop(game, "round-ends", "all-passed") == "one-turn-each"
        order = self.lead_order()
        n = len(order)
        k = order.index(after) + 1 if after is not None else 0
        passed = turns = 0
        st, teams, menu = self.state, self.state.teams, declared.menu
        # the Team's menu, declared_actions.menu(starts_turn=True) without the call: the rules' own function
        team_menu = (self._menus or declared._menus(self))[True]
        fields = make_env(None, None, source=game.get("qid")).__dict__  # each Team turn's env: a copy, its own
        while passed < n and not (each_once and turns == n):
            colour = order[k % n]
            k += 1
            turns += 1
            team = teams[colour]
            player = team.players[0]
            env = _new(Env)  # declared.team_env, written in
            env.__dict__ = own = fields.copy()
            own["controller"], own["team"], own["event"], own["locals"] = player, colour, {}, (scope := {})
            options, bound = [], {}
            team_menu(self, env, scope, None, options, bound)
            if not options:  # the game's `fallback` action, its first legal values, without a choice
                options, bound = menu(self, None, env, starts_turn=declared.FALLBACK)
                if not options:
                    passed += 1  # the Team passes
                    continue
                plan, values = bound[options[0]]
                yield from declared.take(self, None, plan, values, env)
                passed = 0
                continue
            if len(options) == 1:
                choice = options[0]
            elif self.answer is not None:  # Game.play_out(): asked here
                choice = self.answer(player, "die", "place an Activation die", options, None)
            else:
                decision, shown = self.question(player, "die", "place an Activation die", options)
                choice = options[shown.index((yield decision))]
            plan, values = bound[choice]
            # declared.take(), in place: the action's parameters bound in the env its menu was asked in
            # (made for this turn; nothing reads it after), no copy of it
            before = st.active
            scope.update(zip(plan.names, values))
            yield from plan.run(self, env)
            act = st.active  # p_activate makes a new Activation, with the die it places
            if act is None or act is before or st.active_team != colour:
                decl = plan.decl
                raise declared.DeclarationError(f"{decl.span}: action '{decl.verb}' starts a turn, but its effect "
                                                "made no Active Character: it must `activate(figure, ability, die: N)`")
            yield from self.rest_of_turn(st.figures[act.figure], team, announce=True)
            passed = 0

    @evaluated
    def p_activate(self, a: dict, env, node: dict):
        """`activate(figure, ability, die: N)`: one of the Team's free dice showing N goes on the
        figure's Ability; the figure is the Active Character (runtime/state.py's Activation)."""
        st = self.state
        team = st.teams[env.team]
        fig, ability, value = a["figure"], a["ability"], a["die"]
        placed = team.placed
        i = _free_die(team.dice, placed, value)
        if i is None or fig.__class__ is not Figure or not ability:
            raise declared.DeclarationError(f"{node.get('span')}: activate({fig}, {ability and ability['id']}, "
                                            f"die: {value}): the Team has no free die showing {value}, or no such "
                                            "figure or Ability (the action's guard should allow only those)")
        placed[i] = True
        fig.turns += 1
        fig.activations.append(ability["id"])
        self.activated_this_round.append(fig.key)
        st.active = Activation(fig.key, ability["id"], value, i)
        st.active_team = env.team
        fig.special_used["turn"] = False
        if self.record:  # a game that keeps no log builds no entry (Engine.log would drop it)
            self.log("activate", node, figure=fig.key, ability=ability["id"], die=value)

    @evaluated
    def p_forfeit_die(self, a: dict, env, node: dict):
        """`forfeit-die(N)`: one of the Team's free dice showing N is spent on nothing."""
        team = self.state.teams[env.team]
        i = _free_die(team.dice, team.placed, a["die"])
        if i is not None:
            team.placed[i] = True
            self.log("die-forfeit", node, team=env.team, die=team.dice[i])

    def rest_of_turn(self, fig: Figure, team: Team, announce: bool = False):
        """The Active Character's turn from where it stands to its end (`announce`: from
        its start; a scenario may start in the middle of it)."""
        st = self.state
        try:
            if announce and ("activate" not in self.quiet or self.quiet_count != len(st.figures)):
                yield from self.emit("activate", {"figure": fig})
            menu, prompt, game = declared.menu, f"{fig.key}'s turn", self.rules.game["qid"]
            fields = self.fig_env(fig).__dict__  # each choice's env: a copy of the figure's, its own locals
            # the character's own menu (declared_actions.menu's first step), found once a turn: made
            # again only when the figure turns to another dashboard; an empty one is menu()'s to refuse
            mine = self._fig_menus.get(fig.key) or declared._fig_menu(self, fig)
            while not st.active.ended and fig.location is not None:
                # one choice of the turn: the game's declared actions (runtime/declared_actions.py)
                act = st.active
                env = _new(Env)  # the menu's, then the chosen action's
                env.__dict__ = own = fields.copy()  # (a copy and two writes: faster than a `{**fields}` display)
                own["locals"] = bind = {}
                own["event"] = {}
                if mine[0] is not fig.side:
                    mine = declared._fig_menu(self, fig)
                options, bound = mine[1](self, env)
                if not options:
                    options, bound = menu(self, fig, env)
                if len(options) == 1:
                    choice = options[0]
                elif self.answer is not None:  # Game.play_out(): asked here
                    choice = self.answer(env.controller, "turn", prompt, options, None)
                else:
                    decision, shown = self.question(env.controller, "turn", prompt, options)
                    choice = options[shown.index((yield decision))]
                plan, values = bound[choice]
                # `moved`: the game's guard of `resolve` forbids it once the turn's Move is taken (`move-or-ability`)
                if plan.decl.verb == "move" and not act.moved:
                    act.moved = True
                # declared.take(), in place: the game's effect, in the menu's env, its parameters bound
                own["source"] = game
                bind.update(zip(plan.names, values))
                yield from plan.run(self, env)
                if "update" not in self.quiet or self.quiet_count != len(st.figures):  # (EventsMixin.quiet)
                    yield from self.emit("update", {})
        except Stop:
            pass
        yield from self.end_turn(fig)

    def end_turn(self, fig: Figure):
        st = self.state
        if self.record:
            self.log("turn-end", figure=fig.key)
        try:
            if "turn-end" not in self.quiet or self.quiet_count != len(st.figures):  # (EventsMixin.quiet)
                yield from self.emit("turn-end", {"figure": fig})
        except Stop:
            pass
        if fig.expiry:  # discard_due(): the tokens whose time has come
            self.discard_due(fig)
        st.active = None
        st.active_team = None
        st.icon_granted = _NOTHING
        if st.temp_triggers:
            for t in st.temp_triggers:
                if t.until == "turn-end" or (t.until == "next-turn-end" and t.figure is fig and fig.turns >= t.turn):
                    t.alive = False
            st.temp_triggers = [t for t in st.temp_triggers if t.alive]
        if "update" not in self.quiet or self.quiet_count != len(st.figures):
            yield from self.emit("update", {})

    def restriction(self, fig: Figure) -> set[str]:
        """What the tokens a figure holds forbid it (a token's `restricts`)."""
        if not fig.tokens:
            return _NOTHING
        out = set()
        known = self._restricts
        for tok in fig.tokens.totals:  # the token types it holds a piece of
            r = known.get(tok)
            if r is None:
                r = self._restricted_by(tok)
            out.update(r)
        return out

    def restricts(self, fig: Figure, what: str) -> bool:
        """Does a token the figure holds forbid it `what`? (`what in restriction(fig)`, without
        the set: one test in C of the token types it holds against those that forbid `what`.)"""
        return bool(fig.tokens) and not self._restricting.get(what, _NOTHING).isdisjoint(fig.tokens.totals)

    def stops(self, fig: Figure, word: str) -> bool:
        """Does a restriction of a token the figure holds stop `word` (`move`, `attack`, ...)?"""
        return bool(fig.tokens) and not self._stopping.get(word, _NOTHING).isdisjoint(fig.tokens.totals)

    def _restricted_by(self, tok: str) -> tuple:
        """A token type's `restricts`, read once per game."""
        r = prop(self.rules.tokens[tok], "restricts")
        r = self._restricts[tok] = () if not r else (r,) if isinstance(r, str) else tuple(r)
        return r

    def p_play_card(self, raw: dict, env, node: dict):
        """`play-card(card)` in the turn: the acting player plays the Mayhem card for `self`."""
        qid = yield from self.ev(raw.get("card"), env)
        team = self.state.teams.get(env.team)
        if isinstance(qid, str) and team is not None and qid in team.hands.get(env.controller, ()):
            yield from self.play_card(team, env.controller, self.rules.by_qid[qid], env.child(locals={}))

    @evaluated
    def p_end_turn(self, a: dict, env, node: dict):
        """`end-turn()`: the Active Character's turn ends once the action in progress is over."""
        if self.state.active is not None:
            self.state.active.ended = True

    @evaluated
    def p_resolve_ability(self, a: dict, env, node: dict):
        """`resolve-ability(ability, special: COND, mayhem: COND)`: the Ability's standard effect
        and the sections asked for, as one effect whose bonuses apply first."""
        st = self.state
        fig, ab = env.self_fig, a["ability"]
        if st.active is not None:
            st.active.ability_done = True
        key = (ab["qid"], bool(a["special"]), bool(a["mayhem"]))
        plan = self._resolved.get(key)
        if plan is None:  # the sections' statements, compiled once per Ability and sections asked
            sections = ["standard"] + (["special"] if key[1] else []) + (["mayhem"] if key[2] else [])
            body = []
            for name in sections:
                eff = ab["effects"].get(name)
                if eff is not None:
                    body.extend(eff["body"])
            plan = self._resolved[key] = (tuple(sections), [self.code.stmt(s) for s in body if self.is_bonus(s)],
                                          self.code.statements([s for s in body if not self.is_bonus(s)]))
        sections, bonuses, rest = plan
        if self.record:
            self.log("resolve", node, figure=fig.key, ability=ab["id"], sections=list(sections))
        env = self.fig_env(fig, source=ab["qid"])
        for bonus in bonuses:
            yield from bonus(self, env)
        yield from rest(self, env)

    def is_bonus(self, stmt: dict) -> bool:
        """Does the statement only add a bonus (a `bonus`, or a keyword of bonuses)? Decided by
        the rules alone, so once per statement."""
        known = self.code.bonus.get(id(stmt))
        if known is None:
            known = self.code.bonus[id(stmt)] = self.bonus_only(stmt)
            self.code.stmt(stmt)  # kept with its compiled form: its id stays its own
        return known

    def bonus_only(self, stmt: dict) -> bool:
        if stmt["op"] == "primitive":
            return stmt["name"] == "bonus"
        if stmt["op"] == "keyword":
            body = self.rules.keywords[stmt["keyword"]]["effects"].get("effect", {}).get("body", [])
            return bool(body) and all(self.bonus_only(s) for s in body)
        return False

    def special_available(self, fig: Figure, spec: dict) -> bool:
        once = spec["props"].get("once")  # prop(spec, "once"), written in
        return (once is None or not fig.special_used.get(once["value"])) and \
            not (fig.tokens and not self._stopping.get("special", _NOTHING).isdisjoint(fig.tokens.totals))

    @evaluated
    def p_use_special(self, a: dict, env, node: dict):
        """`use-special(ability)`: the Active Character's Special Ability, its `once` limit spent."""
        fig, spec = env.self_fig, a["ability"]
        once = prop(spec, "once")
        if once:
            fig.special_used[once] = True
        if self.record:
            self.log("special", node, figure=fig.key, ability=spec["id"])
        yield from self.run(spec["effects"]["effect"]["body"], self.fig_env(fig, source=spec["qid"]))

    @evaluated
    def p_use_token(self, a: dict, env, node: dict):
        """`use-token(token)`: the acting figure's token of that type, discarded for its effect."""
        fig = env.self_fig
        token = next((t for (t, _o, _c), n in fig.tokens.items() if n > 0 and t == a["token"]), None)
        if token is not None:
            yield from self.use_token(fig, token, node)

    def use_token(self, fig: Figure, token: str, node: dict | None = None):
        key = next(k for k, n in fig.tokens.items() if n > 0 and k[0] == token)
        fig.tokens[key] -= 1
        self.state.discarded[self.rules.token_pool(token)] += 1
        self.log("use-token", node, figure=fig.key, token=token)
        eff = self.rules.tokens[token]["effects"].get("effect")
        if eff is not None:
            yield from self.run(eff["body"], self.fig_env(fig, source=token).child(holder=fig))
