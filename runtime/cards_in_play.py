"""Cards in play in a Team's zone, as the game's zones declare them (content/shared/game.mh).

A zone marked `in-play` (kept per Team) holds cards whose triggers are heard while they lie
there. A card is drawn into it from the top of its `draws-from` zone and runs its
`enter-effect`; when its own effect says it is done (a primitive of the effect language,
primitives.py) it goes to the zone's `done-to`, runs its `done-effect`, and the Team draws
the next one at once. A zone that `starts-with` a card type holds the box's cards of that type
at setup, one of each in id order, `shuffled` if it says so."""
from __future__ import annotations

from .effects import Env
from .rules import prop
from .state import zone_key


def logged_kinds(rules) -> dict[str, set[str]]:
    """The log events the game's zones give names to, with their fields: a card drawn into
    play is logged by its card type's id, a card done by `ZONE-complete`."""
    fields = {"team", "card"}
    out = {kind: set(fields) for kind in rules.in_play_kinds}
    out.update({f"{zone}-complete": set(fields) for zone in rules.in_play})
    return out


class CardsInPlayMixin:
    def in_play_zones(self) -> list[str]:
        """The zones whose cards are in play (`in-play`), in declaration order."""
        return self.rules.in_play

    def cards_in_play(self, holder: str | None) -> list[str]:
        """The cards a Team has in play, zone by zone."""
        zones = self.state.zones
        return [q for key in self._in_play_keys(holder) for q in zones.get(key, ())]

    def in_play_now(self, qid: str, holder: str | None) -> bool:
        """Does the Team have the card in play (in one of its `in-play` zones)?"""
        zones = self.state.zones
        for key in self._in_play_zone_keys.get(holder) or self._in_play_keys(holder):
            if qid in zones.get(key, ()):
                return True
        return False

    def fill_starting_zones(self, box: str) -> None:
        """Every zone that `starts-with` a card type holds the box's cards of that type (at
        setup), shuffled by the seeded generator if the zone is `shuffled`; a zone the mode
        leaves out (`without zone ID`) is not in the rules, so it holds none."""
        st = self.state
        for zid, decl in self.rules.zone_decls.items():
            kind = prop(decl, "starts-with")
            if kind is None or zid == st.zone_of["draw-from"]:
                continue  # the Mayhem deck is shuffle-deck's (the box's Mayhem cards the mode keeps)
            cards = self.rules.cards_of(kind, box)
            st.zones[zid] = [cards[k]["qid"] for k in sorted(cards)]
            if prop(decl, "shuffled"):
                self.rng.shuffle(st.zones[zid])

    def draw_in_play(self, holder: str, node=None, zone: str | None = None):
        """The Team draws the top card of the zone's `draws-from` into its zone (the first
        `in-play` zone by default), logged by the card's kind, and runs its `enter-effect`."""
        st = self.state
        zone = zone or self.rules.in_play[0]
        decl = self.rules.zone_decls[zone]
        held = st.zones.get(zone_key(zone, holder), ())
        capacity = prop(decl, "capacity")
        if prop(decl, "draws-from") is None or (capacity is not None and len(held) >= capacity):
            return
        qid = self.take_card(prop(decl, "draws-from"), node)
        if qid is None:
            return
        st.zones.setdefault(zone_key(zone, holder), []).append(qid)
        card = self.rules.by_qid[qid]
        self.log(card["kind"], node, team=holder, card=card["id"])
        yield from self._run_card_effect(holder, card, prop(decl, "enter-effect"))

    def card_done(self, holder: str, card: dict, node):
        """A card the Team has in play is done: logged `ZONE-complete`, it goes to the zone's
        `done-to`, its `done-effect` runs, then the Team draws the next one from `draws-from`."""
        st = self.state
        zone = next((z for z in self.rules.in_play if card["qid"] in st.zones.get(zone_key(z, holder), ())), None)
        if zone is None:
            return
        decl = self.rules.zone_decls[zone]
        self.log(f"{zone}-complete", node, team=holder, card=card["id"])
        st.zones[zone_key(zone, holder)].remove(card["qid"])
        done_to = prop(decl, "done-to")
        if done_to is not None:
            st.zones.setdefault(done_to, []).append(card["qid"])
        yield from self._run_card_effect(holder, card, prop(decl, "done-effect"))
        if prop(decl, "draws-from") is not None:
            yield from self.draw_in_play(holder, node, zone)

    def _run_card_effect(self, holder: str, card: dict, slot: str | None):
        eff = card["effects"].get(slot) if slot else None
        if eff is not None:
            team = self.state.teams[holder]
            yield from self.run(eff["body"], Env(team.players[0], holder, None, owner=holder, card=card,
                                                 source=card["qid"]))
