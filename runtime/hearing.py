"""Who hears an event: the triggers' index per event and the listeners an emit reaches.

What does not change in play (the rules' index, the game's figures and board) is worked out
once per game; who holds which token is kept up to date (holders.py)."""
from __future__ import annotations

from functools import cached_property
from itertools import chain, compress
from operator import attrgetter

from .effects import make_env
from .heard import KEPT, Heard, box_of, common_subject  # noqa: F401 (KEPT, box_of: read from here)
from .heard_gather import ListenersMixin, make_gather
from .holders import Holders
from .rules import prop
from .state import Figure, zone_key


_by_key = attrgetter("key")  # figures in the order of their names


class HeardHere(dict):
    """event -> Heard of one game (HearingMixin._heard_here): a missing event is worked out by
    heard_in_game(), which keeps it once a board is laid."""

    __slots__ = ("eng",)

    def __init__(self, eng) -> None:
        super().__init__()
        self.eng = eng

    def __missing__(self, event: str) -> Heard:
        return self.eng.heard_in_game(event)


class HearingMixin(ListenersMixin):
    """The listeners of an event (mixed into the engine with EventsMixin, which emits it)."""

    _holders = Holders()  # who holds each token (holders.py): this game's, made by heard_in_game()

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
                "for-boxes": {},  # heard_in_game()'s reading of it for a set of boxes (_heard_for_boxes)
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
        put in order (by name), not sorted all for each event. The function made for this game's
        `Heard` of the event gives all but the installed triggers (heard_gather.py: the walk part
        by part, listeners_walk(), with what never changes in play folded in)."""
        if here is None:
            here = self.heard_in_game(event)
        out = here.gather(self, params)
        st = self.state
        if st.temp_triggers:
            for tt in st.temp_triggers:
                if tt.alive and tt.trigger["event"] == event:
                    out.append((tt.trigger, tt.env))
        return out

    def _figure_listeners(self, event: str, here: Heard, chars: dict | None, params: dict | None = None) -> list:
        """The listeners on the board's figures, in the order of listeners(): the tokens
        characters hold (`chars`, key -> character, those holding a token that hears the
        event), then Special Abilities, then non-player figures, each by figure name. The
        figures with an Ability or of a kind that hears the event are this game's, listed
        once in that order (heard_in_game); only whether each stands on the board is asked here.
        Given the event's `params`, the tokens' or the Abilities' listeners whose conditions all
        ask for the event's figure to be their own (subject_of()) are looked for on it alone."""
        out = []
        if params is not None and chars:
            if here.token_subject is not None:
                fig = params.get(here.token_subject)
                chars = {fig.key: fig} if fig.__class__ is Figure and chars.get(fig.key) is fig else None
            elif here.token_other is not None:  # (`figure is not holder`: not on the event's figure)
                fig = params.get(here.token_other)
                if fig.__class__ is Figure and chars.get(fig.key) is fig:
                    chars = {key: other for key, other in chars.items() if other is not fig}
        tokens, known = (here.tokens, self.code.triggers) if chars else (None, None)  # (triggers_of()'s cache)
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
        if params is not None and here.ability_subject is not None:
            fig = params.get(here.ability_subject)
            hit = here.ability_of.get(fig.key) if fig.__class__ is Figure else None
            if hit is not None and hit[0] is fig and fig.location is not None:
                out.extend(hit[2])
        elif params is not None and here.ability_fields is not None:  # a field of its own for some Abilities
            for (fig, spec, kept), field in zip(here.abilities, here.ability_fields):
                if fig.location is None or (field is not None and params.get(field) is not fig):
                    continue
                out.extend(kept)
        else:
            for fig, spec, kept in here.abilities:  # their Envs made once per game (heard_in_game)
                if fig.location is None:
                    continue
                out.extend(kept)
        for fig, triggers in here.npcs:
            if fig.location is None:
                continue
            for t in triggers:
                out.append((t, make_env(None, None, fig, source=fig.comp["qid"])))
        return out

    @cached_property
    def _heard_here(self) -> dict[str, Heard]:
        """event -> Heard: who can hear it in this game (heard_in_game; an event not asked yet:
        `_heard_here[event]` works it out, so emit() asks one subscript, no `None` test)."""
        return HeardHere(self)

    def heard_in_game(self, event: str) -> Heard:
        """Who can hear an event in this game, worked out once per event from the rules' index
        (hearing()) and the game's own pieces that never change in play: its characters'
        Special Abilities, its non-player figures, the Locations of its board. `heard`: does
        anything but an installed trigger or a Reaction hear it (else emit() asks no one);
        `chars`: the characters by name, when a token that hears it exists; `abilities`:
        (character, Special Ability, its triggers) by name; `npcs`: (non-player figure, its
        triggers) by name. Worked out again when the board changes, or the figures do in a way
        that matters: a figure that is neither a character nor a non-player figure (an attackable
        token's) coming or going changes no `Heard` whose boxes stay the same (recount())."""
        st = self.state
        here = self._heard_here.get(event)
        if here is not None and here.figures_of is st.figures and here.board is st.board:
            if here.count == len(st.figures) or self.recount(here):
                return here
        idx = self.code.heard.get(event) or self.hearing(event)
        listening = tuple(f for f in st.figures.values() if f.kind in ("character", "npc"))
        figs = sorted(listening, key=_by_key)
        here = Heard()
        here.figures_of, here.count, here.board = st.figures, len(st.figures), st.board
        here.listening = listening
        boxes = here.boxes = self.game_boxes()
        # what the rules say of it for these boxes, worked out once per set of boxes (not per game)
        part = idx["for-boxes"].get(boxes) or self._heard_for_boxes(event, idx, boxes)
        here.game = idx["game"]
        here.tokens, here.in_play, here.reactions, here.token_list, token_subject, token_other, \
            here.in_play_table = part
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
                        kept = []
                        for t in self.triggers_of(spec)[event]:
                            env = make_env(self.controller_of(fig), fig.team, fig, source=spec["qid"],
                                           locals={"$special": spec})
                            env.until = KEPT
                            kept.append((t, env))
                        abilities.append((fig, spec, tuple(kept)))
        here.abilities = tuple(abilities)
        # the field of the event that every token's or every Ability's listener asks to be its own figure
        here.token_subject = token_subject if here.chars else None
        here.token_other = token_other if here.chars else None
        here.ability_subject = common_subject((t for _, _, kept in abilities for t, _ in kept), ("self",))
        fields = tuple(common_subject((t for t, _ in kept), ("self",)) for _, _, kept in abilities)
        here.ability_fields = fields if here.ability_subject is None and any(fields) else None
        here.ability_of = {entry[0].key: entry for entry in abilities}
        here.npcs = tuple((f, tuple(self.triggers_of(f.comp)[event])) for f in figs
                          if f.kind == "npc" and f.comp["qid"] in idx["npc"])
        # the Locations of this board that hear it: index -> (its component, its triggers for the event)
        here.location_table = {i: (loc.comp, tuple(self.triggers_of(loc.comp)[event]))
                               for i, loc in enumerate(st.board.locations)
                               if loc.comp is not None and event in self.triggers_of(loc.comp)} \
            if idx["locations"] and st.board is not None else {}
        here.locations = bool(here.location_table)
        here.figures = bool(here.chars or here.abilities or here.npcs)
        here.heard = bool(here.game or here.tokens or here.locations or here.figures or here.in_play)
        # only cards in play can hear it (besides installed triggers and Reactions): emit() asks
        # the in-play zones whether one lies there before it calls listeners()
        here.only_in_play = bool(here.in_play) and not (here.game or here.tokens or here.locations or here.figures)
        # nothing of this game hears it, nor can a Reaction card of it: emit() returns at once
        here.silent = not here.heard and not here.reactions
        # one token alone hears it (besides installed triggers and Reactions): emit() asks who holds it first
        here.token_alone = here.one_token if not (here.game or here.locations or here.abilities or here.npcs
                                                  or here.in_play) else None
        here.kept = here.kept_held = here.asked = None  # keep_in_play()'s
        here.kept_keys = ()
        here.hits = None  # in_play_hits()
        here.gather = make_gather(self, here, event)  # listeners() for this game and event, generated
        if st.board is not None:  # kept (emit() asks no board again: one is laid at setup, before any event)
            self._heard_here[event] = here
        return here

    def _heard_for_boxes(self, event: str, idx: dict, boxes: frozenset) -> tuple:
        """What heard_in_game() reads of the rules' index for a game of these boxes (kept in the
        index's `for-boxes`): the tokens, cards in play and Reaction cards of those boxes that hear
        the event, the tokens in order, the field every token's listener asks to be its holder
        (`is`, then `is not`), and the cards in play that hear it (qid -> (card, its triggers))."""
        def mine(qids: frozenset) -> frozenset:  # the components of the boxes this game can hold
            qids = tuple(qids)
            return frozenset(compress(qids, map(boxes.__contains__, map(box_of, qids))))
        tokens, in_play = mine(idx["tokens"]), mine(idx["in-play"])
        token_list = tuple(sorted(tokens))
        token_triggers = [t for tok in token_list for t in self.triggers_of(self.rules.tokens[tok])[event]]
        by_qid = self.rules.by_qid
        part = (tokens, in_play, mine(idx["reactions"]), token_list,
                common_subject(token_triggers, ("holder", "self")),
                common_subject(token_triggers, ("holder", "self"), True),
                {q: (by_qid[q], tuple(self.triggers_of(by_qid[q])[event])) for q in sorted(in_play)})
        idx["for-boxes"][boxes] = part
        return part

    def recount(self, here: Heard) -> bool:
        """The figures' count changed but the characters and non-player figures, the boxes and
        the board did not (a token's figure came or went): every `Heard` of this game still
        holds, and so does who holds which token; they take the new count. False when they
        must be worked out again."""
        st = self.state
        listening = tuple(f for f in st.figures.values() if f.kind in ("character", "npc"))
        if listening != here.listening or self.game_boxes() != here.boxes:
            return False
        count, before = len(st.figures), here.count
        for other in self._heard_here.values():
            if other.figures_of is st.figures and other.board is st.board and other.listening == listening \
                    and other.boxes == here.boxes:
                other.count = count
        holders = self._holders
        if holders.figures_of is st.figures and holders.board is st.board and holders.count == before:
            holders.count = count  # (made from the characters' and Locations' stores: the same)
        return True

    _boxes = (None, 0, frozenset())  # (the figures, their number, the boxes game_boxes() found for them)

    def game_boxes(self) -> frozenset:
        """The boxes whose components this game can hold: `shared`, the game's box, the boxes of
        its Competitive Mode team lists, and of every figure and card it holds (made again when the
        figures change, with the `Heard` that reads it). A card, token, Location or figure of
        another box never comes into a game: its triggers are not listened for."""
        st = self.state
        kept = self._boxes
        if kept[0] is st.figures and kept[1] == len(st.figures):
            return kept[2]
        cfg = self.config
        boxes = {"shared", cfg.box}
        for lst in (cfg.team_lists or {}).values():
            boxes.update(map(box_of, (*lst.get("characters", ()), *lst.get("hand", ()))))
        boxes.update(box_of(f.comp["qid"]) for f in st.figures.values())
        boxes.update(map(box_of, set(chain.from_iterable(st.zones.values()))))
        self._boxes = (st.figures, len(st.figures), frozenset(boxes))
        return self._boxes[2]

    def keep_in_play(self, event: str, params: dict, here: Heard) -> tuple:
        """For an event only cards in play hear (`here.only_in_play`), with no installed trigger
        waiting: (the Team order, the keys of the `in-play` zones and what each holds, the
        listeners() of the cards there, and for each its index, Env and compiled trigger), kept
        in `here.kept`. emit() uses them again while every zone holds the same cards (the zones'
        lists read and compared in C, no walk of the zones or the cards), their Envs asking the
        conditions only: a listener whose condition holds runs in a copy (run_listeners)."""
        st = self.state
        flat = self._in_play_flat
        if flat[0] is not st.order:
            flat = self.in_play_flat()
        zones = st.zones
        here.kept_keys, here.kept_held = flat[1], [list(zones[key]) if key in zones else None for key in flat[1]]
        held = (here.kept_keys, here.kept_held)
        found = self.listeners(event, params, here)
        compiled = self.code.compiled_triggers
        # what emit() asks of each, in order: (index, Env, condition, whether it asks, body)
        asked = tuple((i, env, *(compiled.get(id(t)) or self.code.trigger(t))) for i, (t, env) in enumerate(found))
        here.kept, here.asked = (st.order, held, found, asked), asked
        return here.kept

    def in_play_hits(self, here: Heard) -> tuple:
        """(the keys of the `in-play` zones, what each holds, the (Team, card) pairs of the cards
        there that hear the event, Team by Team in seat order), kept in `here.hits` while the
        zones hold the same cards: listeners() makes the Envs of those alone, no walk of the zones."""
        st = self.state
        flat = self._in_play_flat
        if flat[0] is not st.order:
            flat = self.in_play_flat()
        zones, table = st.zones, here.in_play_table
        pairs = [(colour, qid) for colour in st.order for key in self._in_play_keys(colour)
                 for qid in zones.get(key, ()) if qid in table]
        here.hits = (flat[1], [list(zones[key]) if key in zones else None for key in flat[1]], pairs)
        return here.hits

    _in_play_flat = (None, ())  # (the state's Team order, the keys of their `in-play` zones in that order)

    def in_play_flat(self) -> tuple:
        """The keys of every Team's `in-play` zones, Team by Team in seat order (`state.order`),
        made again when the order is (set at setup, never changed in place)."""
        order = self.state.order
        self._in_play_flat = (order, tuple(key for colour in order for key in self._in_play_keys(colour)))
        return self._in_play_flat

    def _in_play_keys(self, colour: str) -> list[str]:
        """The state's keys of a Team's zones whose cards are in play (made once per Team)."""
        keys = self._in_play_zone_keys.get(colour)
        if keys is None:
            keys = self._in_play_zone_keys[colour] = [zone_key(z, colour) for z in self.rules.in_play]
        return keys
