"""A character's turn: placing an Activation die, the turn's actions, resolving the Ability."""
from __future__ import annotations

from . import declared_actions as declared
from .actions import Action
from .compiled import action
from .effects import Stop, id_of
from .rules import prop
from .state import Activation, Figure, Team


class TurnMixin:
    def can_activate(self, fig: Figure, team: Team) -> bool:
        if fig.location is None:
            return False
        if not fig.activations:
            return True
        if len(fig.activations) >= 2:
            return False
        mates = [self.state.figures[k] for k in team.characters if k != fig.key]
        return all(m.location is None and not m.activations for m in mates)

    def die_options(self, team: Team) -> list[Action]:
        st = self.state
        values = sorted({v for v, p in zip(team.dice, team.placed) if not p})
        options = []
        for key in team.characters:
            fig = st.figures[key]
            if not self.can_activate(fig, team):
                continue
            for ab in self.abilities(fig):
                if ab["id"] in fig.activations:
                    continue
                for v in values:
                    options.append(action("place-die", (v, key, ab['id'])))
        return options

    def abilities(self, fig: Figure) -> list[dict]:
        return [c for c in fig.side["children"] if c["kind"] == "ability"]

    def special(self, fig: Figure) -> dict | None:
        qid = fig.side["qid"]
        if qid not in self._specials:
            self._specials[qid] = next((c for c in fig.side["children"] if c["kind"] == "special-ability"), None)
        return self._specials[qid]

    def turn(self, colour: str):
        st = self.state
        team = st.teams[colour]
        player = team.players[0]
        options = self.die_options(team)
        if not options:
            i = team.placed.index(False)
            team.placed[i] = True
            self.log("die-forfeit", team=colour, die=team.dice[i])
            return
        choice = yield from self.decide(player, "die", "place an Activation die", options)
        value, key, ability_id = choice.args
        i = next(i for i, (v, p) in enumerate(zip(team.dice, team.placed)) if v == value and not p)
        team.placed[i] = True
        fig = st.figures[key]
        fig.turns += 1
        fig.activations.append(ability_id)
        self.activated_this_round.append(key)
        st.active = Activation(key, ability_id, value, i)
        st.active_team = colour
        fig.special_used["turn"] = False
        self.log("activate", figure=key, ability=ability_id, die=value)
        yield from self.rest_of_turn(fig, team, announce=True)

    def rest_of_turn(self, fig: Figure, team: Team, announce: bool = False):
        """The Active Character's turn from where it stands to its end (`announce`: from
        its start; a scenario may start in the middle of it)."""
        st = self.state
        try:
            if announce:
                yield from self.emit("activate", {"figure": fig})
            while not st.active.ended and fig.location is not None:
                yield from self.turn_action(fig, team)
                yield from self.emit("update", {})
        except Stop:
            pass
        yield from self.end_turn(fig)

    def end_turn(self, fig: Figure):
        st = self.state
        self.log("turn-end", figure=fig.key)
        try:
            yield from self.emit("turn-end", {"figure": fig})
        except Stop:
            pass
        self.discard_due(fig)
        st.active = None
        st.active_team = None
        st.icon_granted = False
        for t in st.temp_triggers:
            if t.until == "turn-end" or (t.until == "next-turn-end" and t.figure is fig and fig.turns >= t.turn):
                t.alive = False
        st.temp_triggers = [t for t in st.temp_triggers if t.alive]
        yield from self.emit("update", {})

    def restriction(self, fig: Figure) -> set[str]:
        """What the tokens a figure holds forbid it (a token's `restricts`)."""
        out = set()
        for (tok, _o, _c), n in fig.tokens.items():
            if n > 0:
                r = prop(self.rules.tokens[tok], "restricts")
                if r:
                    out.update([r] if isinstance(r, str) else r)
        return out

    def turn_action(self, fig: Figure, team: Team):
        """One choice of the Active Character's turn: the game's declared actions
        (runtime/declared_actions.py), those the engine still builds among them built here."""
        st = self.state
        act = st.active
        player = self.controller_of(fig)
        limits = self.restriction(fig)
        env = self.fig_env(fig)
        spec = self.special(fig)
        here = st.board.locations[fig.location]

        def resolve():
            if not act.ability_done and act.ability is not None and "no-ability" not in limits \
                    and not ("move-or-ability" in limits and act.moved):
                return [action("resolve", (fig.key, act.ability))]
            return []

        def use():
            if spec is not None and "effect" in spec["effects"] and self.special_available(fig, spec):
                guard = spec["effects"]["effect"]["when"]
                if guard is None or self.static_eval(guard, env):
                    return [action("use", (fig.key, spec['id']))]
            return []

        def play():
            if team.played_this_round:
                return []
            return [action("play", (id_of(card),)) for card in self.playable_cards(team, player, "activation", env)]

        # the tokens that give an action, then sorted (the order of the options): few do
        def use_token():
            usable = [item for item in fig.tokens.items()
                      if item[1] > 0 and self.rules.token_flag(item[0][0], "usable")]
            return [action("use-token", (fig.key, id_of(tok))) for (tok, owner, colour), n in sorted(usable, key=str)]

        def retrieve():
            held = [item for item in here.tokens.items() if item[1] > 0 and item[0][1] == team.colour
                    and self.rules.token_flag(item[0][0], "retrievable")]
            return [action("retrieve", (id_of(tok),)) for (tok, owner, colour), n in sorted(held, key=str)]

        builders = {"resolve": resolve, "use": use, "play": play, "use-token": use_token, "retrieve": retrieve}
        options, bound = declared.menu(self, fig, env, builders)
        options = list(dict.fromkeys(options))
        choice = yield from self.decide(player, "turn", f"{fig.key}'s turn", options)
        taken = bound.get(choice)
        if taken is not None:
            decl, values = taken
            # a token that `restricts move-or-ability`: the turn's Move, once taken, forbids the Ability
            act.moved = act.moved or decl.verb == "move"
            yield from declared.take(self, fig, decl, values)
            return
        verb = choice.verb
        if verb == "resolve":
            act.ability_done = True
            yield from self.resolve_ability(fig)
        elif verb == "use":
            yield from self.use_special(fig, spec)
        elif verb == "play":
            card = self.card_by_id(team, player, choice.card)
            yield from self.play_card(team, player, card, self.fig_env(fig))
        elif verb == "use-token":
            tok = next(t for (t, _o, _c), n in fig.tokens.items() if n > 0 and id_of(t) == choice.token)
            yield from self.use_token(fig, tok)
        elif verb == "retrieve":
            tok = next(t for (t, o, _c), n in sorted(here.tokens.items(), key=str)
                       if n > 0 and id_of(t) == choice.token and o == team.colour)
            yield from self.transfer(tok, fig.location, fig, 1, None, keep_colour=True)

    def p_play_card(self, raw: dict, env, node: dict):
        """`play-card(card)` in the turn: the acting player plays the Mayhem card for `self`."""
        qid = yield from self.ev(raw.get("card"), env)
        team = self.state.teams.get(env.team)
        if isinstance(qid, str) and team is not None and qid in team.hands.get(env.controller, ()):
            yield from self.play_card(team, env.controller, self.rules.by_qid[qid], env.child(locals={}))

    def p_end_turn(self, raw: dict, env, node: dict):
        """`end-turn()`: the Active Character's turn ends once the action in progress is over."""
        if self.state.active is not None:
            self.state.active.ended = True
        return
        yield  # pragma: no cover

    def resolve_ability(self, fig: Figure):
        st = self.state
        ab = next(a for a in self.abilities(fig) if a["id"] == st.active.ability)
        slot = prop(ab, "slot", 7)
        sections = ["standard"]
        if st.active.die >= slot:
            sections.append("special")
            if self.effect_die_icon() or st.icon_granted:
                sections.append("mayhem")
        body = []
        for name in sections:
            eff = ab["effects"].get(name)
            if eff is not None:
                body.extend(eff["body"])
        self.log("resolve", figure=fig.key, ability=ab["id"], sections=sections)
        env = self.fig_env(fig, source=ab["qid"])
        bonuses = [s for s in body if self.is_bonus(s)]
        for s in bonuses:
            yield from self.run_stmt(s, env)
        yield from self.code.statements([s for s in body if not self.is_bonus(s)])(self, env)

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
        once = prop(spec, "once")
        return (once is None or not fig.special_used.get(once)) and "no-special" not in self.restriction(fig)

    def use_special(self, fig: Figure, spec: dict):
        once = prop(spec, "once")
        if once:
            fig.special_used[once] = True
        self.log("special", figure=fig.key, ability=spec["id"])
        yield from self.run(spec["effects"]["effect"]["body"], self.fig_env(fig, source=spec["qid"]))

    def use_token(self, fig: Figure, token: str):
        key = next(k for k, n in fig.tokens.items() if n > 0 and k[0] == token)
        fig.tokens[key] -= 1
        self.state.discarded[self.rules.token_pool(token)] += 1
        self.log("use-token", figure=fig.key, token=token)
        eff = self.rules.tokens[token]["effects"].get("effect")
        if eff is not None:
            yield from self.run(eff["body"], self.fig_env(fig, source=token).child(holder=fig))
