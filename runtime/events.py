"""Events and triggers: components' triggers, temporary ones, emitting an event and running its listeners."""
from __future__ import annotations

from functools import cached_property

from .effects import Env
from .hearing import KEPT, HearingMixin
from .rules import prop
from .state import Pending, TempTrigger, zone_key


NOTHING = ()  # the iterator of an event no one hears
_NO_TAGS = frozenset()
_NO_FIELDS = {"$tags": _NO_TAGS}  # the fields of an event with none, nothing pending: read, never written to


def _pending_order(found: list) -> list:
    """With Damage pending, the tokens characters hold answer last, once abilities, cards in
    play and installed effects have changed the amount they are to stop."""
    return [x for x in found if x[1].holder is None or x[1].until is not None] + \
        [x for x in found if x[1].holder is not None and x[1].until is None]


class EventsMixin(HearingMixin):
    """Triggers (components' and temporary ones), emitting an event and running who hears it."""

    @cached_property
    def _in_play_zone_keys(self) -> dict[str, list[str]]:
        return {}

    # The events this game's components cannot hear (their `Heard` is `silent`) while no installed
    # trigger waits and the figures are `quiet_count` many (a figure coming or going may bring a
    # box with it): a caller may skip emit() of one, and the fields dict it would build, when
    # `event in self.quiet and self.quiet_count == len(state.figures)`. emit() adds an event as
    # it finds it silent; install() empties it (an installed trigger may hear any event).
    quiet: frozenset = frozenset()
    quiet_count = -1

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
        self.quiet = frozenset()  # (emit() tells them again once no installed trigger waits)

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

    def team_player(self, colour: str | None) -> str | None:
        team = self.state.teams.get(colour) if colour else None
        return team.players[0] if team else None

    def emit(self, event: str, params: dict, pending: Pending | None = None, source=None):
        """Announce an event: its listeners run in order (run_listeners), then a Reaction
        card may be played. An iterator of decisions to `yield from`: a generator when a
        listener is to run, a finished one when no one hears the event or every listener's
        condition says no (most events): those are asked here, before any generator is made.
        With an installed trigger waiting or the game over (or a Heard that cannot be kept: no
        board yet), _emit_installed() answers."""
        st = self.state
        # kept per game: the state's `figures` dict is never replaced (its size tells what came or
        # went) and its board is laid at setup, before any event (heard_in_game keeps none before)
        here = self._heard_here[event]
        if here.count != len(st.figures) or st.temp_triggers or st.winners is not None:
            if st.temp_triggers or st.winners is not None \
                    or self.heard_in_game(event) is not self._heard_here.get(event):
                return self._emit_installed(event, params, pending)
            here = self._heard_here[event]  # (recounted, or made again for the figures as they are)
        if here.silent:  # nothing of this game's boxes hears it, no Reaction card of them answers it
            if (event not in self.quiet or self.quiet_count != here.count) and self._heard_here.get(event) is here:
                # told to the callers that ask `quiet` first: kept while the figures' count is this one
                self.quiet = (self.quiet | {event}) if self.quiet_count == here.count else frozenset((event,))
                self.quiet_count = here.count
            return NOTHING
        if here.only_in_play:  # heard by cards in play alone: their listeners, kept while the zones hold the same
            # (the Team order is set at setup, before any event: the zones' keys stay; none held: `kept_held` None)
            if list(map(st.zones.get, here.kept_keys)) != here.kept_held:
                self.keep_in_play(event, params, here)
            asked = here.asked
            if asked:
                # the event's fields as the listeners read them (`event.x`): one dict for all, never written to
                event_params = {**params, "$tags": pending.tags if pending else _NO_TAGS} \
                    if params or pending is not None else _NO_FIELDS
                for i, base, when, asks, body in asked:  # kept Envs, card listeners: they only ask
                    base.event, base.pending = event_params, pending
                    if when is None or asks or when(self, base):
                        env = base.child(event=event_params, pending=pending)
                        if not here.reactions:
                            if not asks and i == len(asked) - 1:  # the last listener: its body alone, no generator around it
                                return body(self, env)
                            return self.run_listeners(event, params, pending, here.kept[2],
                                                      (event_params, i, env, None if asks else body, when, True))
                        return self._heard_by(event, params, pending, here.kept[2], here.reactions,
                                              (event_params, i, env, None if asks else body, when, True))
            if not here.reactions:
                return NOTHING
        elif here.token_alone is not None and not self._holders.at.get(here.token_alone) \
                and not self._holders.on.get(here.token_alone):
            pass  # heard by one token alone, and nothing holds it (holders.py keeps who does): no listener
        elif here.heard:
            found = here.gather(self, params)  # listeners(), no installed trigger waiting (heard_gather.py)
            if found:
                ready = self._first_listener(event, params, pending, found, False)
                if ready is not None:
                    found, first = ready
                    if not here.reactions:  # no Reaction card for it: the listeners' own generator, no layer around it
                        if first[3] is not None and first[1] == len(found) - 1:
                            return self._last_listener(found, first)
                        return self.run_listeners(event, params, pending, found, first)
                    return self._heard_by(event, params, pending, found, here.reactions, first)
        # a Reaction card can be offered only to a hand that holds one for this event
        reactions = here.reactions
        if reactions and self.reaction_in_hand(reactions):
            return self.reactions(event, params, pending)
        return NOTHING

    def _emit_installed(self, event: str, params: dict, pending: Pending | None):
        """emit() with an installed trigger waiting (it may hear any event) or the game over."""
        st = self.state
        if st.winners is not None:  # the game is over
            return NOTHING
        here = self._heard_here[event]  # (kept as emit() keeps it)
        if here.count != len(st.figures):
            here = self.heard_in_game(event)
        if here.silent:  # only an installed trigger may hear it
            for tt in st.temp_triggers:
                if tt.alive and tt.trigger["event"] == event:
                    break
            else:
                return NOTHING
        found = self.listeners(event, params, here)
        reactions = here.reactions
        if found:
            ready = self._first_listener(event, params, pending, found, False)
            if ready is not None:
                found, first = ready
                if not reactions:
                    return self.run_listeners(event, params, pending, found, first)
                return self._heard_by(event, params, pending, found, reactions, first)
        if reactions and self.reaction_in_hand(reactions):
            return self.reactions(event, params, pending)
        return NOTHING

    def _first_listener(self, event: str, params: dict, pending: Pending | None, found: list, shared: bool):
        """The listeners in order and run_listeners()' `first` for the first whose condition holds,
        asked here before any has run (nothing runs between this and the listeners' run: emit's
        caller goes on with its iterator at once); None when every one says no (most events)."""
        if pending is not None:
            found = _pending_order(found)
        # the event's fields as the listeners read them (`event.x`): one dict for all, never written to
        event_params = {**params, "$tags": pending.tags if pending else _NO_TAGS}
        compiled = self.code.compiled_triggers
        for i, (trigger, base) in enumerate(found):
            until = base.until
            if until is None or until is KEPT:  # an Env made for this event alone, or one kept that asks only
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
                if shared:  # a kept Env only asks conditions: the listener runs in a copy of its own
                    env = base.child(event=event_params, pending=pending)
                elif until is KEPT:
                    env = base.child(event=event_params, pending=pending, until=None)
                return found, (event_params, i, env, None if asks else body, when, shared)
        return None

    def _last_listener(self, found: list, first: tuple):
        """run_listeners(found, first) when `first` is the last listener and its condition was asked
        (emit()'s caller goes on with the iterator at once): its body's own iterator, no generator
        around it; a Special Ability used `once` marked first, as run_listeners() marks it."""
        base = found[first[1]][1]
        spec = base.locals.get("$special") if base.locals else None
        if spec is not None and prop(spec, "once"):
            base.self_fig.special_used[prop(spec, "once")] = True
        return first[3](self, first[2])

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
        Env, body if its condition was asked and holds else None, condition, whether the found
        Envs are kept ones that a listener runs in a copy of) of the first to run, the ones before
        it having said no."""
        st = self.state
        compiled = self.code.compiled_triggers
        if first is None:
            if pending is not None:
                found = _pending_order(found)
            # the event's fields as the listeners read them (`event.x`): one dict for all, never written to
            event_params = {**params, "$tags": pending.tags if pending else _NO_TAGS}
            start, ready, shared = 0, None, False
        else:
            event_params, start, ready, checked_body, when, shared = first
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
                spec = None
                if base.locals:  # a Special Ability's (`$special`) or a Location's (`$stands`) listener
                    spec = base.locals.get("$special")
                    if spec is not None and not self.special_available(base.self_fig, spec):
                        continue
                    stands = base.locals.get("$stands")
                    if stands is not None and stands.location != base.here:
                        continue  # a Location hears about a figure only while it stands there
                when, asks, body = compiled.get(id(trigger)) or self.code.trigger(trigger)
                until = base.until
                if until is None and not shared:  # an Env listeners() made for this event alone: used as it is
                    env = base
                    env.event, env.pending = event_params, pending
                elif asks or not (shared or until is KEPT):  # an installed trigger's Env (or an asking condition): a copy
                    env = base.child(event=event_params, pending=pending)
                    if until is KEPT:
                        env.until = None
                else:  # a kept Env (keep_in_play, a Special Ability's) asks the condition, a copy runs the body
                    base.event, base.pending = event_params, pending
                    if when is not None and not when(self, base):
                        continue
                    env = base.child(event=event_params, pending=pending, until=None)
                    when = None
                if when is not None and not ((yield from when(self, env)) if asks else when(self, env)):
                    continue
            if spec is not None and prop(spec, "once"):
                base.self_fig.special_used[prop(spec, "once")] = True
            ran = True
            yield from body(self, env)

    def reaction_in_hand(self, cards: frozenset) -> bool:
        """Does a player of a Team that has not played a card this round hold one of `cards`?
        (The Teams' zones read by their keys, made once per Team order: the zone `play-to` of
        each Team and its players' `draw-to`, the zones behind `played_this_round` and `hands`.)
        The answer is kept per set of cards while those zones hold the same cards (their lists
        read and compared in C): hands change a few times a round, the question comes at most
        events."""
        keys = self._hand_keys
        st = self.state
        if keys[0] is not st.order:
            keys = self.hand_keys()
        now = list(map(st.zones.get, keys[2]))
        if now != keys[3]:
            keys[3][:] = [None if cards is None else list(cards) for cards in now]
            keys[4].clear()
        known = keys[4].get(cards)
        if known is None:
            known = keys[4][cards] = self._reaction_in_hand(cards, keys[1])
        return known

    def _reaction_in_hand(self, cards: frozenset, teams: tuple) -> bool:
        zones = self.state.zones
        for played, hands in teams:
            if zones.get(played):  # the Team played a card this round
                continue
            for key in hands:
                hand = zones.get(key)
                if hand and not cards.isdisjoint(hand):
                    return True
        return False

    _hand_keys = (None, (), (), [], {})  # (the state's Team order, hand_keys()' pairs, their keys, ...)

    def hand_keys(self) -> tuple:
        """(the Team order, for each Team in it the key of its `play-to` zone and the keys of its
        players' hands, all those keys in one tuple, what those zones held when last asked, the
        answers kept for it by set of cards), made again when the order is: the order is set at
        setup just before the Teams get their players, and never changed in place."""
        st = self.state
        pairs = []
        for colour in st.order:
            team = st.teams[colour]
            pairs.append((zone_key(team.zone_of["play-to"], colour),
                          tuple(zone_key(team.zone_of["draw-to"], p) for p in team.players)))
        flat = tuple(key for played, hands in pairs for key in (played, *hands))
        self._hand_keys = (st.order, tuple(pairs), flat, [], {})
        return self._hand_keys
