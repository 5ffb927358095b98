"""Invariants every state of every game keeps; property tests and `simulate --check` use them."""
from __future__ import annotations

from collections import Counter

from .engine import Engine
from .rules import prop
from .setup import setup_steps


def pieces_in_play(eng: Engine) -> Counter:
    """Pieces per pool outside the pools: on figures, Locations, edges, Team areas, as
    token figures, and used up."""
    st = eng.state
    out: Counter = Counter()

    def add(store) -> None:
        for key, n in store.items():
            if isinstance(key, tuple) and n:
                out[eng.rules.token_pool(key[0])] += n

    for fig in st.figures.values():
        add(fig.tokens)
        if fig.kind == "token":
            out[eng.rules.token_pool(fig.comp["qid"])] += 1
    for loc in st.board.locations:
        add(loc.tokens)
        for face in st.token_pile(loc.index) or ():  # the face-down pile it holds
            out[eng.rules.token_pool(face)] += 1
    for store in st.board.edge_tokens.values():
        add(store)
    for team in st.teams.values():
        add(team.tokens)
    out.update(st.discarded)
    return out


def counter_name(eng: Engine, counter: str) -> str:
    """A counter's name as the game declares it (`counter hp "Hit Points"`: "Hit Points")."""
    game = eng.rules.game or {"children": []}
    decl = next((c for c in game["children"] if c["kind"] == "counter" and c["id"] == counter), None)
    return (decl.get("name") if decl is not None else None) or counter


def violations(eng: Engine, never_lower: dict | None = None) -> list[str]:
    """What the state breaks: pools, Slots, Damage, figures, Obstacles; and `never_lower`:
    {counter: {holder: value}}, counters that went below these values (counter_values() of
    an earlier state) are reported by their declared name."""
    st = eng.state
    found = []
    if st.board is None:
        return found
    in_play = pieces_in_play(eng)
    for pid, total in st.pool_totals.items():
        now = sum(st.pools[pid].values()) + in_play.get(pid, 0)
        if now != total:
            found.append(f"pool {pid}: {now} pieces, the box has {total}")
        if any(n < 0 for n in st.pools[pid].values()):
            found.append(f"pool {pid} went below zero")
    for loc in st.board.locations:
        if len(loc.figures) > loc.slots:
            found.append(f"{loc.label} holds {len(loc.figures)} figures in {loc.slots} slots")
    for fig in st.figures.values():
        if fig.damage < 0:
            found.append(f"{fig.key} has negative Damage")
        if fig.location is not None and fig.key not in st.board.locations[fig.location].figures \
                and fig.kind != "token":
            found.append(f"{fig.key} is lost between Locations")
    enclosed = st.board.enclosed()
    if enclosed:
        found.append(f"enclosed by Obstacles: {', '.join(f'L{i + 1}' for i in enclosed)}")
    for counter, last in (never_lower or {}).items():
        for holder, value in last.items():
            if eng.counter_value(counter, holder) < value:
                found.append(f"{holder} lost {counter_name(eng, counter)}")
    return found


class RuleWatcher:
    """Differential checks of the rule values of one game, fed after every decision
    (`check()` reads the events logged since the last call and the state):

    - Damage: each `damage` event's `total` is the sum of the figure's `damage` events
      less its `remove-damage` events since its last KO, and so is the figure's Damage;
    - Life: a character's Life Points left never exceed its dashboard's Life Points;
    - one Mayhem card per Team per round (`play` events);
    - after the draw (the `setup` event), each player's hand holds the cards drawn down
      to the player's card icons (`mayhem-cards` of their characters' dashboards);
    - the Team that leads the round (the game's `lead-called` log line): the lowest total
      of the Teams' dice (a tie: a coin toss), or, where the mode rotates it, the next Team
      still playing, in seat order.

    Each check computes the rule's value on its own, from the content and the log, not
    by calling the engine's function for it."""

    def __init__(self, eng: Engine) -> None:
        self.eng = eng
        self.seen = 0
        self.running: Counter = Counter()  # figure key -> Damage from the log
        self.plays: Counter = Counter()  # (round, Team) -> Mayhem cards played
        self.out: set[str] = set()  # figures out of the game for good (permanent KO)
        self.last_lead: str | None = None

    def check(self) -> list[str]:
        eng, st = self.eng, self.eng.state
        found: list[str] = []
        events = eng.events[self.seen:]
        self.seen = len(eng.events)
        for e in events:
            kind = e["event"]
            if kind == "damage":
                self.running[e["figure"]] += e["amount"]
                if e["total"] != self.running[e["figure"]]:
                    found.append(f"{e['figure']}: a damage event totals {e['total']}, its damage events"
                                 f" {self.running[e['figure']]}")
            elif kind == "remove-damage":
                self.running[e["figure"]] -= e["amount"]
            elif kind == "ko":
                self.running[e["figure"]] = 0
                gone = st.figures.get(e["figure"])  # a KO'ed token figure is no figure any more
                if gone is not None and gone.eliminated:  # its KO took it out for good
                    self.out.add(e["figure"])
            elif kind == "play":
                self.plays[(e["round"], e["team"])] += 1
                if self.plays[(e["round"], e["team"])] > 1:
                    found.append(f"{e['team']} played a second Mayhem card in round {e['round']}")
            elif kind == "setup":
                found.extend(self._hands())
            elif kind == eng.dice_rules.lead_called:
                found.extend(self._lead(e))
        for fig in st.figures.values():
            if fig.damage != self.running[fig.key]:
                found.append(f"{fig.key} has {fig.damage} Damage, its damage events {self.running[fig.key]}")
            if fig.kind == "character":
                life = prop(fig.side, "life")
                if life is not None and life - fig.damage > life:
                    found.append(f"{fig.key} has more Life Points left than its dashboard's {life}")
        return found

    def _hands(self) -> list[str]:
        eng, st = self.eng, self.eng.state
        if eng.config.first_game or eng.config.team_lists:
            return []  # dealt, not drawn
        if not any(s["name"] == "draw-hands" for s in setup_steps(eng.rules, eng.mode.slots)[0]):
            return []  # the setup the game played draws no hand (its `setup { }` has no `draw-hands()`)
        found = []
        default = prop(eng.box, "hand-draw", 7)
        for player, t, _chars in eng.mode.players():
            team = st.teams[st.order[t]]
            k = team.players.index(player)
            draws = eng.mode.hand_draw
            draw = draws[t][k] if draws and t < len(draws) and k < len(draws[t]) else default
            icons = sum(prop(f.side, "mayhem-cards", 0) for f in st.characters() if f.player == player)
            hand = len(team.hands[player])
            want = min(draw, icons)
            if hand > icons or (hand != want and st.mayhem_deck):
                found.append(f"{player} holds {hand} cards after drawing {draw} with {icons} card icons")
        return found

    def _lead(self, e: dict) -> list[str]:
        eng, st = self.eng, self.eng.state
        playing = [c for c in st.order if any(k not in self.out for k in st.teams[c].characters)]
        holder, previous = e["team"], self.last_lead
        self.last_lead = holder
        called = eng.dice_rules.lead_called  # the log line's name
        if holder not in playing:
            return [f"round {e['round']}: the {called.capitalize()} went to {holder}, out of the game"]
        mode = eng.dice_rules.modes.get(eng.mode.id)
        if mode is not None and "round" in mode["effects"]:  # a mode's own round start passes the lead round
            if previous is None:
                return []
            k = st.order.index(previous)
            want = next(c for c in st.order[k + 1:] + st.order[:k + 1] if c in playing)
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
