"""An event's listeners: walked part by part, and as one function generated per game and event.

listeners_walk() asks at every event which kinds of component can hear it (the game's
rules, tokens, Locations, figures, cards in play) and reads the event's tables from its `Heard`.
Those answers are fixed once the game's `Heard` of the event is made (heard_in_game), so the
function made here holds only the parts that can hear it, their tables as constants, the
Locations' part written in (no location_listeners() call) and each Env made in place (no
make_env() call): the same (trigger, Env) pairs in the same order, but for the installed
triggers, which HearingMixin.listeners() puts after them."""
from __future__ import annotations

from functools import cache

from .effects import _NO_TAGS, Env, _new, make_env
from .heard import Heard
from .state import Figure


class ListenersMixin:
    """The listeners of an event walked part by part (mixed into HearingMixin)."""

    def listeners_walk(self, event: str, params: dict, here: Heard) -> list:
        """listeners(), walked part by part from the `Heard`: what its generated function gives
        (make_gather), then the installed triggers; the reference the tests hold it to."""
        st = self.state
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
                locations, known = st.board.locations, self.code.triggers  # (triggers_of()'s cache)
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
            out.extend(self.location_listeners(event, params, here.location_table))
        if chars or here.abilities or here.npcs:  # a figure of this game may hear it
            out.extend(self._figure_listeners(event, here, chars, params))
        table = here.in_play_table
        if table:  # the cards in play that hear it, Team by Team in seat order (kept while the zones hold the same)
            hits = here.hits
            if hits is None or list(map(st.zones.get, hits[0])) != hits[1]:
                hits = self.in_play_hits(here)
            for colour, qid in hits[2]:
                card, triggers = table[qid]
                player = st.teams[colour].players[0]
                for t in triggers:  # make_env(player, colour, owner=colour, card=card, source=qid)
                    env = _new(Env)
                    env.__dict__ = {"controller": player, "team": colour, "self_fig": None, "holder": None,
                                    "owner": colour, "here": None, "event": {}, "locals": {},
                                    "pending": None, "until": None, "source": qid, "card": card, "tags": _NO_TAGS}
                    out.append((t, env))
        if st.temp_triggers:
            for tt in st.temp_triggers:
                if tt.alive and tt.trigger["event"] == event:
                    out.append((tt.trigger, tt.env))
        return out

    def location_listeners(self, event: str, params: dict, table: dict) -> list:
        """The Location triggers an event sets off, `here` being the Location (`table`: the
        Locations of the board that hear it, heard_in_game()). An event
        about a figure is heard where the figure stands (the figure, or the target of
        an attack or Damage; for `enter` and `move` the Location entered; for `ko` where
        it stood), and only while it still stands there; an event about no figure
        (round-start, round-end, mayhem-roll, update) by every Location on the board,
        decided by the first player of the Team that leads the round."""
        st = self.state
        if "figure" in params or "target" in params:
            fig = params.get("figure", params.get("target"))
            if not isinstance(fig, Figure):
                return ()
            if event == "move":
                where = params.get("to")
            elif "location" in params:
                where = params["location"]
            else:
                where = params.get("$at", fig.location)
            if where not in table:  # (None, or a Location without a trigger for it)
                return ()
            places = (where,)
            stands = None if event == "ko" else fig
            controller, team = self.controller_of(fig), fig.team
        else:
            places = [i for i in st.board.live() if i in table]
            stands = None
            controller, team = self.team_player(st.lead), None
        out = []
        for i in places:
            comp, triggers = table[i]
            for t in triggers:
                out.append((t, make_env(controller, team, here=i, source=comp["qid"], locals={"$stands": stands})))
        return out


def _env(controller: str, team: str, self_fig: str = "None", holder: str = "None", owner: str = "None",
         here: str = "None", source: str = "None", locals_: str = "{}") -> str:
    """The source of make_env(...)'s Env, made in place (`_new(Env)` and its fields' dict)."""
    return (f"_e = _new(Env); _e.__dict__ = {{'controller': {controller}, 'team': {team}, 'self_fig': {self_fig}, "
            f"'holder': {holder}, 'owner': {owner}, 'here': {here}, 'event': {{}}, 'locals': {locals_}, "
            f"'pending': None, 'until': None, 'source': {source}, 'card': None, 'tags': _NO_TAGS}}")


def make_gather(eng, here, event: str):
    """gather(eng, params) -> the (trigger, Env) pairs listeners(event, params, here) gives but
    for the installed triggers, for this game's `here` of `event`: the code of its shape (which
    parts hear it) compiled once, the game's own tables its namespace."""
    rules = eng.rules
    ns = {"_new": _new, "Env": Env, "_NO_TAGS": _NO_TAGS, "Figure": Figure, "_isinstance": isinstance,
          "EVENT": event, "HERE": here}
    if here.game:
        ns["GAME_TRIGGERS"] = tuple(eng.triggers_of(rules.game)[event])
        ns["GAME_QID"] = rules.game["qid"]
    if here.tokens:
        ns["TOKENS"] = here.tokens
        ns["TOKEN_TRIGGERS"] = {tok: tuple(eng.triggers_of(rules.tokens[tok])[event]) for tok in here.tokens}
        ns["ONE"], ns["TOKEN_LIST"] = here.one_token, here.token_list
    ns["LOCATIONS"], ns["TABLE"] = here.location_table, here.in_play_table
    exec(_code(event, bool(here.game), bool(here.tokens), here.one_token is not None, here.locations,  # noqa: S102
               bool(here.abilities or here.npcs), bool(here.in_play_table)), ns)
    return ns["gather"]


@cache
def _code(event: str, game: bool, tokens: bool, one: bool, locations: bool, figures: bool, in_play: bool):
    """The compiled source of gather() for a `Heard` of this shape: the parts that can hear the event."""
    lines = ["def gather(self, params):", "    st = self.state", "    out = []", "    _a = out.append"]
    add = lines.append
    if game:  # the game's own rules first (content/shared/game.mh)
        add("    fig = params.get('figure', params.get('target'))")
        add("    team = fig.team if _isinstance(fig, Figure) else None")
        add("    for t in GAME_TRIGGERS:")
        add("        " + _env("self.team_player(team)", "team", source="GAME_QID") + "; _a((t, _e))")
    if tokens:  # the Locations and characters that hold a token that hears it (holders.py)
        add("    holders = self._holders")
        if one:
            add("    locs, chars = holders.at.get(ONE), holders.on.get(ONE)")
        else:
            add("    locs, chars = holders.locations(TOKEN_LIST), holders.characters(TOKEN_LIST)")
        add("    if locs:")
        add("        where = params.get('location')")
        add("        if where is not None:")
        add("            locs = (where,) if where in locs else ()")
        add("        elif len(locs) > 1:")
        add("            locs = sorted(locs)")
        add("        locations = st.board.locations")
        add("        for i in locs:")
        add("            keys = []")
        add("            for k, n in locations[i].tokens.items():")
        add("                if n > 0 and k[0] in TOKENS:")
        add("                    keys.append(k)")
        add("            if len(keys) > 1:")
        add("                keys.sort(key=str)")
        add("            for tok, owner, colour in keys:")
        add("                for t in TOKEN_TRIGGERS[tok]:")
        add("                    " + _env("self.team_player(owner)", "owner", owner="owner", here="i", source="tok")
            + "; _a((t, _e))")
    else:
        add("    chars = None")
    if locations:  # location_listeners(), written in: where the event's figure is, or every live Location
        add("    if 'figure' in params or 'target' in params:")
        add("        fig = params.get('figure', params.get('target'))")
        add("        if _isinstance(fig, Figure):")
        if event == "move":
            add("            where = params.get('to')")
        else:
            add("            where = params['location'] if 'location' in params else params.get('$at', fig.location)")
        add("            hit = LOCATIONS.get(where)")  # (None, or a Location without a trigger for it)
        add("            if hit is not None:")
        add("                controller, team = self.controller_of(fig), fig.team")
        add("                for t in hit[1]:")
        stands = "None" if event == "ko" else "fig"
        add("                    " + _env("controller", "team", here="where", source="hit[0]['qid']",
                                         locals_=f"{{'$stands': {stands}}}") + "; _a((t, _e))")
        add("    else:")
        add("        controller = self.team_player(st.lead)")
        add("        for i in st.board.live():")
        add("            hit = LOCATIONS.get(i)")
        add("            if hit is not None:")
        add("                for t in hit[1]:")
        add("                    " + _env("controller", "None", here="i", source="hit[0]['qid']",
                                         locals_="{'$stands': None}") + "; _a((t, _e))")
    if figures:  # a figure of this game may hear it
        add("    out.extend(self._figure_listeners(EVENT, HERE, chars, params))")
    elif tokens:
        add("    if chars:")
        add("        out.extend(self._figure_listeners(EVENT, HERE, chars, params))")
    if in_play:  # the cards in play that hear it, Team by Team in seat order (kept: in_play_hits())
        add("    hits = HERE.hits")
        add("    if hits is None or list(map(st.zones.get, hits[0])) != hits[1]:")
        add("        hits = self.in_play_hits(HERE)")
        add("    for colour, qid in hits[2]:")
        add("        card, triggers = TABLE[qid]")
        add("        player = st.teams[colour].players[0]")
        add("        for t in triggers:")
        add("            _e = _new(Env); _e.__dict__ = {'controller': player, 'team': colour, 'self_fig': None, "
            "'holder': None, 'owner': colour, 'here': None, 'event': {}, 'locals': {}, 'pending': None, "
            "'until': None, 'source': qid, 'card': card, 'tags': _NO_TAGS}; _a((t, _e))")
    add("    return out")
    return compile("\n".join(lines), f"<listeners {event}>", "exec")
