"""Counters kept as pieces: a counter whose `kept-as` names a token is its holder's pieces of it.

Gaining it takes pieces of the holder's colour from the token's pool, which bounds it; its
`set-out-on` Locations hold one piece of each colour from setup (content/shared/game.mh
declares which counter, which token, which Locations)."""
from __future__ import annotations

from dataclasses import dataclass

from .effects import id_of
from .functions import alone
from .rules import Rules, prop


@dataclass(frozen=True)
class KeptAsPieces:
    counter: str
    token: str  # the qid of the token whose pieces the counter is
    per: str  # whose counter: "team" (pieces of the Team's colour, on the Team and its figures)
    set_out_on: str | None  # a Location property: one piece of each colour lies there from setup
    set_out_if: str | None  # ... when the token's pool has this property
    alone: bool = False  # no token's `group` is it: a Team's count is one read of its sums (team_count)


def kept_as_pieces(rules: Rules) -> dict[str, KeptAsPieces]:
    """The game's counters kept as pieces, by counter id, read once per Rules (a mode that
    leaves a counter out plays with Rules of its own, without it)."""
    found = rules.__dict__.get("_kept_as_pieces")
    if found is None:
        found = {}
        game = rules.game or {"children": []}
        for child in game["children"]:
            token_id = prop(child, "kept-as") if child["kind"] == "counter" else None
            if token_id is None or child["id"] not in rules.counters:
                continue
            token = next((q for q in sorted(rules.tokens) if id_of(q) == token_id), None)
            if token is None:
                raise ValueError(f"counter '{child['id']}' is kept as pieces of token '{token_id}', which the "
                                 "content does not declare")
            found[child["id"]] = KeptAsPieces(child["id"], token, prop(child, "per") or "team",
                                              prop(child, "set-out-on"), prop(child, "set-out-if"),
                                              alone(rules, token))
        rules.__dict__["_kept_as_pieces"] = found
    return found


def logged_counters(rules: Rules) -> dict[str, set[str]]:
    """The log lines the counters kept as pieces give names to, with their fields: a gain is
    logged under the counter's id, with its holder and new `total`."""
    return {k.counter: {k.per, "total"} for k in kept_as_pieces(rules).values()}


class CountersMixin:
    @property
    def kept_as_pieces(self) -> dict[str, KeptAsPieces]:
        return kept_as_pieces(self.rules)

    def counter_value(self, counter: str, holder) -> int:
        """A counter's value for a holder. A counter kept as pieces is the holder's pieces of
        its token (a Team's: on the Team and on its figures); a counter the game (or the mode
        played) does not keep is 0."""
        kept = self.kept_as_pieces.get(counter)
        if kept is None:
            if counter in self.rules.counters:
                raise ValueError(f"counter '{counter}' is not kept as pieces (`kept-as`): the Mayhem engine "
                                 "reads no other counter by `value`")
            return 0
        if holder is None or holder not in self.state.teams:
            return 0
        if kept.alone:
            return self.team_count(kept.token, holder)
        return self.count_tokens(kept.token, holder, None)

    def counter_values(self, counter: str) -> dict:
        """A counter's value for each of its holders (each Team, in seat order)."""
        return {c: self.counter_value(counter, c) for c in self.state.order}

    def gain_counter(self, counter: str, holder, n: int, node) -> None:
        """Add to a holder's counter: pieces of the holder's colour taken from the pool, as many
        as it has left; logged under the counter's name with the new total, then the win check."""
        kept = self.kept_as_pieces.get(counter)
        if kept is None:
            if counter in self.rules.counters:
                raise ValueError(f"counter '{counter}' is not kept as pieces (`kept-as`): the Mayhem engine "
                                 "gains no other counter")
            return  # the mode played leaves the counter out: nothing to gain
        if holder is None:
            return
        got = self.put_pieces(kept.token, n, holder, holder, node, colour=holder)
        if got:
            self.log(counter, node, **{kept.per: holder}, total=self.counter_value(counter, holder))
            self.check_win()

    def counts_pieces(self, token: str) -> bool:
        """Moving pieces of this token changes a counter (the win check reads it)."""
        return any(self.matches(k.token, token) for k in self.kept_as_pieces.values())

    def set_out_pieces(self, pid: str, pool: dict) -> None:
        """At setup, for each counter kept as this pool's pieces: one piece of each Team's
        colour on every Location with the counter's `set-out-on` property (when the pool has
        its `set-out-if` property)."""
        for kept in self.kept_as_pieces.values():
            if kept.set_out_on is None or self.rules.token_pool(kept.token) != pid:
                continue
            if kept.set_out_if is not None and not prop(pool, kept.set_out_if):
                continue
            for loc in self.state.board.locations:
                if loc.comp is not None and prop(loc.comp, kept.set_out_on):
                    for colour in self.team_names:
                        self.put_pieces(kept.token, 1, loc.index, None, None, colour=colour)
