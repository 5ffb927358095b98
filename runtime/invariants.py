"""Invariants every state of every game keeps, read from the view: the property tests use them."""
from __future__ import annotations

from collections import Counter

from .rules import prop
from .setup import setup_steps


def counter_name(rules, counter: str) -> str:
    """A counter's name as the game declares it (`counter hp "Hit Points"`: "Hit Points")."""
    rules = getattr(rules, "rules", rules)  # (a game: its rules)
    game = rules.game or {"children": []}
    decl = next((c for c in game["children"] if c["kind"] == "counter" and c["id"] == counter), None)
    return (decl.get("name") if decl is not None else None) or counter


def violations(game, never_lower: dict | None = None, seen: dict | None = None) -> list[str]:
    """What the state breaks, read from `game.view()` (runtime/game_view.py): Slots, Damage, figures, and `never_lower`: {counter: {Team: value}}, counters kept
    per Team (the view's `counters`) that went below these values, reported by their declared
    name, Obstacles (no Location in play enclosed: the view's `sides` and `blocked`) and the pools
    (every piece of the box accounted for: view_pieces.pools). `seen`: the view, if the caller has it."""
    seen = seen if seen is not None else game.view(pieces=False)
    found = pool_violations(game)
    if not seen["locations"]:
        return found
    where = {loc["label"]: loc for loc in seen["locations"]}
    found.extend(enclosed(seen))
    for loc in seen["locations"]:
        if loc["slots"] is not None and len(loc["figures"]) > loc["slots"]:
            found.append(f"{loc['label']} holds {len(loc['figures'])} figures in {loc['slots']} slots")
    for key, fig in seen["figures"].items():
        if fig["damage"] < 0:
            found.append(f"{key} has negative Damage")
        if fig["space"] is not None and fig["kind"] != "token" and key not in where[fig["space"]]["figures"]:
            found.append(f"{key} is lost between Locations")
    for counter, last in (never_lower or {}).items():
        for holder, value in last.items():
            if seen["teams"].get(holder, {}).get("counters", {}).get(counter, 0) < value:
                found.append(f"{holder} lost {counter_name(game.rules, counter)}")
    return found


def enclosed(seen: dict) -> list[str]:
    """The Locations in play that Obstacles enclose (every side to another Location in play
    blocked), read from the view: no Location may be completely enclosed."""
    live = [loc["label"] for loc in seen["locations"] if not loc["removed"]]
    if len(live) < 2:
        return []
    blocked, sides = seen["blocked"], seen["sides"]
    if not blocked:  # (most boards, read after every decision): only a Location with no side is shut
        shut = [x for x in live if not sides.get(x)]
    else:
        cut = set(blocked)

        def edge(a: str, b: str) -> str:
            return f"{a}-{b}" if int(a[1:]) < int(b[1:]) else f"{b}-{a}"
        shut = [x for x in live if all(edge(x, n) in cut for n in sides.get(x, ()))]
    return [f"enclosed by Obstacles: {', '.join(shut)}"] if shut else []


def pool_violations(game) -> list[str]:
    """The pools (runtime/game_view.py `pools`): each pool's pieces, in it, in play or used up,
    are as many as the box has, and no face of a pool went below zero."""
    from .view_pieces import pools
    found = []
    for pid, pool in pools(game).items():
        if pool["pieces"] != pool["total"]:
            found.append(f"pool {pid}: {pool['pieces']} pieces, the box has {pool['total']}")
        if any(n < 0 for n in pool["free"].values()):
            found.append(f"pool {pid} went below zero")
    return found


def counters_of(game, counter: str) -> dict:
    """A counter kept per Team, by Team, from the view: `never_lower`'s values."""
    return {t: x["counters"].get(counter, 0) for t, x in game.view(pieces=False)["teams"].items()}


class RuleWatcher:
    """Differential checks of the rule values of one game, fed after every decision
    (`check()` reads the events logged since the last call and `game.view()`): the kernel's log
    read in the scenarios' words (compiler/scenario_log_lines.py, as a scenario reads it):

    - Damage: each `damage` event's `total` is the sum of the figure's `damage` events
      less its `remove-damage` events since its last KO, and so is the figure's Damage;
    - Life: a character's Life Points left never exceed its dashboard's Life Points;
    - one Mayhem card per Team per round (`play` events);
    - after the draw (read at the first round's lead line), each player's hand holds the cards
      drawn down to the player's card icons (`mayhem-cards` of their characters' dashboards);
    - the Team that leads the round (the game's `lead-called` log line): the lowest total
      of the Teams' dice (a tie: a coin toss), or, where the mode rotates it, the next Team
      still playing, in seat order.

    Each check computes the rule's value on its own, from the content and the log, not
    by calling the runtime's function for it."""

    def __init__(self, game) -> None:
        from .dice import dice_rules
        from .modes import load_mode, rules_for
        self.game = game
        self.config = self.game.config
        self.mode = load_mode(self.game.rules, self.config.mode)
        self.rules = rules_for(self.game.rules, self.mode)  # the game less what the mode leaves out
        self.dice = dice_rules(self.game.rules)
        self.seen = 0
        self.round = 0  # the round of the last line that said one
        self.running: Counter = Counter()  # figure key -> Damage from the log
        self.plays: Counter = Counter()  # (round, Team) -> Mayhem cards played
        self.out: set[str] = set()  # figures out of the game for good (permanent KO)
        self.last_lead: str | None = None
        self.drawn = False  # the hands after the draw checked
        self._dashboards: dict = {}  # (character, side) -> its dashboard's component

    def _events(self) -> list[dict]:
        from .game_view import logged
        events, self.seen = logged(self.game, self.seen)
        return events

    def check(self, seen: dict | None = None) -> list[str]:
        """What the events since the last call and the state break (`seen`: the view now, if the
        caller has it)."""
        found: list[str] = []
        events = self._events()
        for e in events:
            kind = e["event"]
            self.round = e.get("round", self.round)
            if kind == "damage":
                self.running[e["figure"]] += e["amount"]
                if e["total"] != self.running[e["figure"]]:
                    found.append(f"{e['figure']}: a damage event totals {e['total']}, its damage events"
                                 f" {self.running[e['figure']]}")
            elif kind == "remove-damage":
                self.running[e["figure"]] -= e["amount"]
            elif kind == "ko":
                self.running[e["figure"]] = 0
                seen = seen or self.game.view(pieces=False)
                gone = seen["figures"].get(e["figure"])  # a KO'ed token figure is no figure any more
                if gone is not None and gone["out"]:  # its KO took it out for good
                    self.out.add(e["figure"])
            elif kind == "play":
                self.plays[(self.round, e["team"])] += 1
                if self.plays[(self.round, e["team"])] > 1:
                    found.append(f"{e['team']} played a second Mayhem card in round {self.round}")
            elif kind == self.dice.lead_called:
                seen = seen or self.game.view(pieces=False)
                if not self.drawn:
                    self.drawn = True
                    found.extend(self._hands(seen))
                found.extend(self._lead(e, seen))
        seen = seen or self.game.view(pieces=False)
        for key, fig in seen["figures"].items():
            if fig["damage"] != self.running[key]:
                found.append(f"{key} has {fig['damage']} Damage, its damage events {self.running[key]}")
            if fig["kind"] == "character":
                life = prop(self._dashboard(fig), "life")
                if life is not None and life - fig["damage"] > life:
                    found.append(f"{key} has more Life Points left than its dashboard's {life}")
        return found

    def _dashboard(self, fig: dict) -> dict:
        """A character's dashboard in use: its side (a child of the character), else the character."""
        key = (fig["character"], fig["side"])
        found = self._dashboards.get(key)
        if found is None:
            comp = next(c for c in self.game.rules.ir["components"] if c["kind"] == "character" and c["id"] == key[0])
            found = self._dashboards[key] = comp if key[1] is None else next(
                (c for c in comp["children"] if c["kind"] == "side" and c["id"] == key[1]), comp)
        return found

    def _hands(self, seen: dict) -> list[str]:
        cfg = self.config
        if cfg.first_game or cfg.team_lists:
            return []  # dealt, not drawn
        if not any(s["name"] == "draw-hands" for s in setup_steps(self.rules, self.mode.slots)[0]):
            return []  # the setup the game played draws no hand (its `setup { }` has no `draw-hands()`)
        found = []
        default = prop(self.game.rules.boxes[cfg.box], "hand-draw", 7)
        for player, t, _chars in self.mode.players():
            team = next(x for x in seen["teams"].values() if player in x["players"])
            k = team["players"].index(player)
            draws = self.mode.hand_draw
            draw = draws[t][k] if draws and t < len(draws) and k < len(draws[t]) else default
            icons = sum(prop(self._dashboard(f), "mayhem-cards", 0) for f in seen["figures"].values()
                        if f["kind"] == "character" and f["player"] == player)
            hand = team["hands"][player]
            want = min(draw, icons)
            if hand > icons or (hand != want and seen["deck"]):
                found.append(f"{player} holds {hand} cards after drawing {draw} with {icons} card icons")
        return found

    def _lead(self, e: dict, seen: dict) -> list[str]:
        order = list(seen["teams"])  # seat order
        playing = [c for c in order if any(k not in self.out for k in seen["teams"][c]["characters"])]
        holder, previous = e["team"], self.last_lead
        self.last_lead = holder
        called = self.dice.lead_called  # the log line's name
        if holder not in playing:
            return [f"round {e['round']}: the {called.capitalize()} went to {holder}, out of the game"]
        mode = self.dice.modes.get(self.mode.id)
        if mode is not None and "round" in mode["effects"]:  # a mode's own round start passes the lead round
            if previous is None:
                return []
            k = order.index(previous)
            want = next(c for c in order[k + 1:] + order[:k + 1] if c in playing)
            if holder != want:
                return [f"round {e['round']}: the {called.capitalize()} went to {holder}, not to {want} after {previous}"]
            return []
        totals = {c: sum(e["dice"][c]) for c in playing}
        low = min(totals.values())
        if totals[holder] != low:
            return [f"round {e['round']}: the {called.capitalize()} went to {holder} ({totals[holder]}), not the lowest total {low}"]
        if e["coin_toss"] != (list(totals.values()).count(low) > 1):
            return [f"round {e['round']}: a coin toss said {e['coin_toss']} for totals {totals}"]
        return []
