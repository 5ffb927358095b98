"""Events and triggers: components' triggers, temporary ones, who hears an event, emitting it."""
from __future__ import annotations

from functools import cached_property
from operator import attrgetter

from .effects import Env, make_env
from .holders import Holders
from .rules import prop
from .state import Figure, Pending, TempTrigger, zone_key


_by_key = attrgetter("key")  # figures in the order of their names
_NO_TAGS = frozenset()
NOTHING = ()  # the iterator of an event no one hears


def _pending_order(found: list) -> list:
    """With Damage pending, the tokens characters hold answer last, once abilities, cards in
    play and installed effects have changed the amount they are to stop."""
    return [x for x in found if x[1].holder is None or x[1].until is not None] + \
        [x for x in found if x[1].holder is not None and x[1].until is None]


class Heard:
    """Who can hear an event in one game (EventsMixin.heard_in_game): worked out once per
    event from the rules' index (hearing()) and the game's pieces that do not change in play."""

    __slots__ = ("figures_of", "count", "board", "heard", "game", "tokens", "token_list", "one_token", "locations", "figures",
                 "chars", "abilities", "npcs", "in_play", "reactions")


class EventsMixin:
    _holders = Holders()  # who holds each token (holders.py): this game's, made by heard_in_game()

    @cached_property
    def _in_play_zone_keys(self) -> dict[str, list[str]]:
        return {}

    def triggers_of(self, comp: dict | None) -> dict[str, list]:
        if comp is None:
            return {}
        cached = self.code.triggers.get(comp["qid"])
        if cached is None:
            cached = {}
            for t in comp["triggers"]:
                cached.setdefault(t["event"], []).append(t)
            self.code.triggers[comp["qid"]] = cached
        return cached

    def install(self, trigger: dict, env: Env, until: str) -> None:
        t = TempTrigger(trigger, None, until)
        if until == "next-turn-end":
            # until the end of the next turn of the character the effect is for
            t.figure = env.self_fig or env.holder
            t.turn = t.figure.turns + 1 if t.figure is not None else 0
        t.env = env.child(until=t)
        self.state.temp_triggers.append(t)

    def static_eval(self, expr: dict, env: Env) -> bool:
        """A condition that needs no decision (card and Special Ability guards)."""
        fn, asks = self.code.expr(expr)
        if not asks:
            return bool(fn(self, env))
        gen = fn(self, env)
        try:
            gen.send(None)
        except StopIteration as stop:
            return bool(stop.value)
        gen.close()
        return True

    def hearing(self, event: str) -> dict:
        """Which components have triggers for an event (computed once): most events reach
        few listeners, and emit() runs after every step. Tokens, Special Abilities,
        non-player figures and cards in play by the set of their qids; Locations and cards by
        whether any has one; Reaction cards by their qids; `figures`: whether listeners() must
        walk the figures."""
        idx = self.code.heard.get(event)
        if idx is None:
            rules = self.rules

            def hear(comps) -> frozenset:
                return frozenset(c["qid"] for c in comps if event in self.triggers_of(c))

            cards = [c for box in rules.mayhem_cards.values() for c in box.values()]
            idx = {
                "tokens": hear(rules.tokens.values()),
                "locations": bool(hear(l for box in rules.locations.values() for l in box.values())),
                "specials": hear(c for c in rules.by_qid.values() if c["kind"] == "special-ability"),
                "npc": hear(n for box in rules.npcs.values() for n in box.values()),
                "in-play": hear(c for c in rules.by_qid.values() if c["kind"] in rules.in_play_kinds),
                "cards": bool(hear(cards)),
                # the cards CardsMixin.reactions() offers for this event: only a hand that holds
                # one can be asked, so emit() asks no one when no hand does
                "reactions": hear(c for c in rules.by_qid.values() if prop(c, "timing") == "reaction"),
                "game": event in self.triggers_of(rules.game),
            }
            idx["figures"] = bool(idx["tokens"] or idx["specials"] or idx["npc"])
            # does anything but an installed trigger or a Reaction hear it (else emit() asks no one)
            idx["heard"] = bool(idx["game"] or idx["tokens"] or idx["locations"] or idx["figures"] or idx["in-play"])
            self.code.heard[event] = idx
        return idx

    def listeners(self, event: str, params: dict, here: Heard | None = None):
        """(trigger, env) pairs in a fixed order: the game's rules, tokens (on the Location of
        a located event first), the Location, tokens on characters, Special Abilities, non-player figures,
        cards in play (zones `in-play`), installed triggers.

        Most events are heard by few: each part is looked at only if the index says that
        something of its kind hears the event, and the figures are filtered before they are
        put in order (by name), not sorted all for each event."""
        st = self.state
        if here is None:
            here = self.heard_in_game(event)
        known = self.code.triggers  # triggers_of()'s cache: component qid -> event -> triggers
        out = []
        if here.game:  # the game's own rules first (content/shared/game.mh)
            fig = params.get("figure", params.get("target"))
            team = fig.team if isinstance(fig, Figure) else None
            for t in self.triggers_of(self.rules.game)[event]:
                out.append((t, make_env(self.team_player(team), team, source=self.rules.game["qid"])))
        tokens = here.tokens
        chars = None
        if tokens:  # the Locations and characters that hold a token that hears it (kept as pieces come and go)
            holders = self._holders
            one = here.one_token
            if one is not None:
                locs, chars = holders.at.get(one), holders.on.get(one)
            else:
                locs, chars = holders.locations(here.token_list), holders.characters(here.token_list)
            if locs:
                where = params.get("location")
                if where is not None:
                    locs = (where,) if where in locs else ()
                elif len(locs) > 1:
                    locs = sorted(locs)
                locations = st.board.locations
                for i in locs:
                    keys = []
                    for k, n in locations[i].tokens.items():
                        if n > 0 and k[0] in tokens:
                            keys.append(k)
                    if len(keys) > 1:
                        keys.sort(key=str)
                    for tok, owner, colour in keys:
                        for t in (known.get(tok) or self.triggers_of(self.rules.tokens[tok]))[event]:
                            out.append((t, make_env(self.team_player(owner), owner, owner=owner, here=i, source=tok)))
        if here.locations:  # a Location of this board hears it
            out.extend(self.location_listeners(event, params))
        if chars or here.abilities or here.npcs:  # a figure of this game may hear it
            out.extend(self._figure_listeners(event, here, chars))
        in_play = here.in_play
        if in_play:
            zones = st.zones
            keys_of = self._in_play_zone_keys
            for colour in st.order:
                for key in keys_of.get(colour) or self._in_play_keys(colour):
                    cards = zones.get(key)
                    if not cards:
                        continue
                    for qid in cards:
                        if qid in in_play:
                            card = self.rules.by_qid[qid]
                            for t in (known.get(qid) or self.triggers_of(card))[event]:
                                out.append((t, make_env(st.teams[colour].players[0], colour, owner=colour, card=card,
                                                        source=qid)))
        if st.temp_triggers:
            for tt in st.temp_triggers:
                if tt.alive and tt.trigger["event"] == event:
                    out.append((tt.trigger, tt.env))
        return out

    def _figure_listeners(self, event: str, here: Heard, chars: dict | None) -> list:
        """The listeners on the board's figures, in the order of listeners(): the tokens
        characters hold (`chars`, key -> character, those holding a token that hears the
        event), then Special Abilities, then non-player figures, each by figure name. The
        figures with an Ability or of a kind that hears the event are this game's, listed
        once in that order (heard_in_game); only whether each stands on the board is asked here."""
        tokens = here.tokens
        known = self.code.triggers  # triggers_of()'s cache
        out = []
        for key in (sorted(chars) if len(chars) > 1 else chars) if chars else ():
            fig = chars[key]
            if fig.location is None:
                continue
            held = []
            for k, n in fig.tokens.items():
                if n > 0 and k[0] in tokens:
                    held.append(k)
            if len(held) > 1:
                held.sort(key=str)
            seen = set()
            for tok, owner, colour in held:
                if tok not in seen:
                    seen.add(tok)
                    for t in (known.get(tok) or self.triggers_of(self.rules.tokens[tok]))[event]:
                        out.append((t, make_env(self.controller_of(fig), fig.team, fig, holder=fig, owner=owner,
                                                source=tok)))
        for fig, spec, triggers in here.abilities:
            if fig.location is None:
                continue
            for t in triggers:
                out.append((t, make_env(self.controller_of(fig), fig.team, fig, source=spec["qid"],
                                        locals={"$special": spec})))
        for fig, triggers in here.npcs:
            if fig.location is None:
                continue
            for t in triggers:
                out.append((t, make_env(None, None, fig, source=fig.comp["qid"])))
        return out

    @cached_property
    def _heard_here(self) -> dict[str, Heard]:
        """event -> Heard: who can hear it in this game (heard_in_game)."""
        return {}

    def heard_in_game(self, event: str) -> Heard:
        """Who can hear an event in this game, worked out once per event from the rules' index
        (hearing()) and the game's own pieces that never change in play: its characters'
        Special Abilities, its non-player figures, the Locations of its board. `heard`: does
        anything but an installed trigger or a Reaction hear it (else emit() asks no one);
        `chars`: the characters by name, when a token that hears it exists; `abilities`:
        (character, Special Ability, its triggers) by name; `npcs`: (non-player figure, its
        triggers) by name. Worked out again when the figures change (an attackable token's
        figure comes or goes) or the board does."""
        st = self.state
        here = self._heard_here.get(event)
        if here is not None and here.figures_of is st.figures and here.count == len(st.figures) \
                and here.board is st.board:
            return here
        idx = self.code.heard.get(event) or self.hearing(event)
        figs = sorted((f for f in st.figures.values() if f.kind in ("character", "npc")), key=_by_key)
        here = Heard()
        here.figures_of, here.count, here.board = st.figures, len(st.figures), st.board
        here.game, here.tokens, here.in_play, here.reactions = idx["game"], idx["tokens"], idx["in-play"], \
            idx["reactions"]
        here.token_list = tuple(sorted(here.tokens))
        here.one_token = here.token_list[0] if len(here.token_list) == 1 else None
        here.chars = tuple(f for f in figs if f.kind == "character") if here.tokens else ()
        if not self._holders.fits(st):  # who holds which token: made again for these figures and board
            self._holders = Holders.of(st)
        abilities = []
        if idx["specials"]:
            for fig in figs:
                if fig.kind == "character":
                    spec = self.special(fig)
                    if spec is not None and spec["qid"] in idx["specials"]:
                        abilities.append((fig, spec, tuple(self.triggers_of(spec)[event])))
        here.abilities = tuple(abilities)
        here.npcs = tuple((f, tuple(self.triggers_of(f.comp)[event])) for f in figs
                          if f.kind == "npc" and f.comp["qid"] in idx["npc"])
        here.locations = bool(idx["locations"]) and st.board is not None and any(
            event in self.triggers_of(loc.comp) for loc in st.board.locations if loc.comp is not None)
        here.figures = bool(here.chars or here.abilities or here.npcs)
        here.heard = bool(here.game or here.tokens or here.locations or here.figures or here.in_play)
        self._heard_here[event] = here
        return here

    def _in_play_keys(self, colour: str) -> list[str]:
        """The state's keys of a Team's zones whose cards are in play (made once per Team)."""
        keys = self._in_play_zone_keys.get(colour)
        if keys is None:
            keys = self._in_play_zone_keys[colour] = [zone_key(z, colour) for z in self.rules.in_play]
        return keys

    def location_listeners(self, event: str, params: dict) -> list:
        """The Location triggers an event sets off, `here` being the Location. An event
        about a figure is heard where the figure stands (the figure, or the target of
        an attack or Damage; for `enter` and `move` the Location entered; for `ko` where
        it stood), and only while it still stands there; an event about no figure
        (round-start, round-end, mayhem-roll, update) by every Location on the board,
        decided by the first player of the Team that leads the round."""
        st = self.state
        board = st.board
        fig = params.get("figure", params.get("target"))
        if "figure" in params or "target" in params:
            if not isinstance(fig, Figure):
                return []
            if event == "move":
                where = params.get("to")
            elif "location" in params:
                where = params["location"]
            else:
                where = params.get("$at", fig.location)
            places = [] if where is None else [where]
            stands = None if event == "ko" else fig
            controller, team = self.controller_of(fig), fig.team
        else:
            places = [i for i in board.live()]
            stands = None
            controller, team = self.team_player(st.lead), None
        out = []
        for i in places:
            comp = board.locations[i].comp
            for t in self.triggers_of(comp).get(event, ()):
                out.append((t, make_env(controller, team, here=i, source=comp["qid"], locals={"$stands": stands})))
        return out

    def team_player(self, colour: str | None) -> str | None:
        team = self.state.teams.get(colour) if colour else None
        return team.players[0] if team else None

    def emit(self, event: str, params: dict, pending: Pending | None = None, source=None):
        """Announce an event: its listeners run in order (run_listeners), then a Reaction
        card may be played. An iterator of decisions to `yield from`: a generator when a
        listener is to run, a finished one when no one hears the event or every listener's
        condition says no (most events): those are asked here, before any generator is made."""
        st = self.state
        if st.winners is not None:  # the game is over
            return NOTHING
        here = self._heard_here.get(event)
        if here is None or here.figures_of is not st.figures or here.count != len(st.figures) \
                or here.board is not st.board:
            here = self.heard_in_game(event)
        found = self.listeners(event, params, here) if here.heard or st.temp_triggers else None
        reactions = here.reactions
        if found:
            if pending is not None:
                found = _pending_order(found)
            # the event's fields as the listeners read them (`event.x`): one dict for all, never written to
            event_params = {**params, "$tags": pending.tags if pending else _NO_TAGS}
            # the first listener to run, asked here before any has run (nothing runs between this and
            # the listeners' run: emit's caller goes on with its iterator at once): most events end here
            compiled = self.code.compiled_triggers
            for i, (trigger, base) in enumerate(found):
                if base.until is None:  # an Env listeners() made for this event alone: used as it is
                    env = base
                    env.event, env.pending = event_params, pending
                else:  # an installed trigger's Env, kept for its next events: a copy
                    env = base.child(event=event_params, pending=pending)
                if base.locals:  # a Special Ability's (`$special`) or a Location's (`$stands`) listener
                    spec = base.locals.get("$special")
                    if spec is not None and not self.special_available(base.self_fig, spec):
                        continue
                    stands = base.locals.get("$stands")
                    if stands is not None and stands.location != base.here:
                        continue
                when, asks, body = compiled.get(id(trigger)) or self.code.trigger(trigger)
                if when is None or asks or when(self, env):
                    first = (event_params, i, env, None if asks else body, when)
                    if not reactions:  # no Reaction card for it: the listeners' own generator, no layer around it
                        return self.run_listeners(event, params, pending, found, first)
                    return self._heard_by(event, params, pending, found, reactions, first)
        # a Reaction card can be offered only to a hand that holds one for this event
        if reactions and self.reaction_in_hand(reactions):
            return self.reactions(event, params, pending)
        return NOTHING

    def _heard_by(self, event: str, params: dict, pending: Pending | None, found: list, reactions: frozenset,
                  first: tuple):
        """emit() of an event with a listener to run: they run, then a hand that (still) holds
        a Reaction card for it may play one."""
        yield from self.run_listeners(event, params, pending, found, first)
        if self.state.winners is not None:
            return
        if reactions and self.reaction_in_hand(reactions):
            yield from self.reactions(event, params, pending)

    def run_listeners(self, event: str, params: dict, pending: Pending | None, found: list, first: tuple = None):
        """Run an event's listeners in order: each whose card is still in play, whose installed
        trigger is still alive, whose Special Ability is still available, whose Location the
        figure still stands on and whose condition holds. `first`: emit()'s (event fields, index,
        Env, body if its condition was asked and holds else None, condition) of the first to run,
        the ones before it having said no."""
        st = self.state
        compiled = self.code.compiled_triggers
        if first is None:
            if pending is not None:
                found = _pending_order(found)
            # the event's fields as the listeners read them (`event.x`): one dict for all, never written to
            event_params = {**params, "$tags": pending.tags if pending else _NO_TAGS}
            start, ready = 0, None
        else:
            event_params, start, ready, checked_body, when = first
        ran = False  # has a listener's body run (and maybe changed what the list was made from)?
        for i in range(start, len(found)):
            trigger, base = found[i]
            if ready is not None and i == start:  # emit() set it up and asked what it could
                env = ready
                spec = base.locals.get("$special") if base.locals else None
                body = checked_body
                if body is None:  # its condition can ask: asked here
                    if not (yield from when(self, env)):
                        continue
                    body = (compiled.get(id(trigger)) or self.code.trigger(trigger))[2]
            else:
                if ran:
                    if st.winners is not None:  # over
                        return
                    if base.until is not None and not base.until.alive:
                        continue
                    if base.card is not None and not self.in_play_now(base.card["qid"], base.team):
                        continue  # the card was done (and left play) by an earlier listener
                if base.until is None:  # an Env listeners() made for this event alone: used as it is
                    env = base
                    env.event, env.pending = event_params, pending
                else:  # an installed trigger's Env, kept for its next events: a copy
                    env = base.child(event=event_params, pending=pending)
                spec = None
                if base.locals:  # a Special Ability's (`$special`) or a Location's (`$stands`) listener
                    spec = base.locals.get("$special")
                    if spec is not None and not self.special_available(base.self_fig, spec):
                        continue
                    stands = base.locals.get("$stands")
                    if stands is not None and stands.location != base.here:
                        continue  # a Location hears about a figure only while it stands there
                when, asks, body = compiled.get(id(trigger)) or self.code.trigger(trigger)
                if when is not None and not ((yield from when(self, env)) if asks else when(self, env)):
                    continue
            if spec is not None and prop(spec, "once"):
                base.self_fig.special_used[prop(spec, "once")] = True
            ran = True
            yield from body(self, env)

    def reaction_in_hand(self, cards: frozenset) -> bool:
        """Does a player of a Team that has not played a card this round hold one of `cards`?
        (The Teams' zones read by their keys: the zone `play-to` of the Team and each
        player's `draw-to`, the zones behind `played_this_round` and `hands`.)"""
        keys = self._hand_keys
        for colour, team in self.state.teams.items():
            zones = team.zones
            known = keys.get(colour)
            if known is None or known[0] != team.players:
                known = keys[colour] = (list(team.players), zone_key(team.zone_of["play-to"], colour),
                                        [zone_key(team.zone_of["draw-to"], p) for p in team.players])
            if zones.get(known[1]):  # the Team played a card this round
                continue
            for key in known[2]:
                hand = zones.get(key)
                if hand and not cards.isdisjoint(hand):
                    return True
        return False

    @cached_property
    def _hand_keys(self) -> dict[str, tuple]:
        """Team -> (its players, the key of its `play-to` zone, the keys of its players' hands)."""
        return {}
