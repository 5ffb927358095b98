"""Counters kept as pieces: a counter whose `kept-as` names a token is its holder's pieces of it.

Read by the scenario format (a counter kept per Team is a key of a Team, its gains log lines an
expectation may name) and the result (runtime/game.py); the rules kernel keeps them
(runtime/kernel/kept.py: the pieces a Team gains from its pool, those set out on Locations at
setup; content/shared/game.mh declares which counter, which token, which Locations)."""
from __future__ import annotations

from dataclasses import dataclass

from .effects import id_of
from .rules import Rules, prop


@dataclass(frozen=True)
class KeptAsPieces:
    counter: str
    token: str  # the qid of the token whose pieces the counter is
    per: str  # whose counter: "team" (pieces of the Team's colour, on the Team and its figures)


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
            found[child["id"]] = KeptAsPieces(child["id"], token, prop(child, "per") or "team")
        rules.__dict__["_kept_as_pieces"] = found
    return found


def logged_counters(rules: Rules) -> dict[str, set[str]]:
    """The log lines the counters kept as pieces give names to, with their fields: a gain is
    logged under the counter's id, with its holder and new `total`."""
    return {k.counter: {k.per, "total"} for k in kept_as_pieces(rules).values()}
