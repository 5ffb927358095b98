"""Who can hear an event in one game (`Heard`), and what a trigger says of its listener's figure.

The record hearing.py fills once per game and event, and the tests on a trigger's IR that
let it look for a listener on one figure alone."""
from __future__ import annotations

from functools import cache


@cache
def box_of(qid: str) -> str:
    """The box (or `shared`) a component's qid names first: `BOX/ID`, or `BOX:token:ID` for a
    token."""
    return qid.split("/", 1)[0].split(":", 1)[0]


class _Kept:
    """The `until` of a listener's Env kept in a `Heard` from one event to the next (a Special
    Ability's): it asks the conditions, and a listener that runs gets a copy (EventsMixin.emit)."""

    __slots__ = ()
    alive = True  # never ended, as an installed trigger's `until` can be


KEPT = _Kept()


def subject_of(trigger: dict, ctx: tuple, negated: bool = False) -> str | None:
    """The event field a trigger's condition requires to be its listener's own figure: `F` when
    the condition is `event.F is C`, or an `and` whose first term is, C one of `ctx` (`self`,
    `holder`). The first term is asked first (nothing before it can ask a player) and is an
    identity that nothing changes while an event's listeners run: a listener whose figure is
    not the event's `F` never runs, and listeners() leaves it out. `negated`: `event.F is not
    C` instead, whose listener on the event's `F` itself never runs."""
    when = trigger["when"]
    if when is None:
        return None
    term = when["items"][0] if when["e"] == "and" and when["items"] else when
    if term["e"] == "is" and bool(term["negated"]) == negated and term["l"]["e"] == "event" \
            and term["r"]["e"] == "ctx" and term["r"]["name"] in ctx:
        return term["l"]["name"]
    return None


def common_subject(triggers, ctx: tuple, negated: bool = False) -> str | None:
    """The subject_of() every one of `triggers` has (None when one has none, or two differ)."""
    fields = {subject_of(t, ctx, negated) for t in triggers}
    return fields.pop() if len(fields) == 1 else None


class Heard:
    """Who can hear an event in one game (EventsMixin.heard_in_game): worked out once per
    event from the rules' index (hearing()) and the game's pieces that do not change in play."""

    __slots__ = ("figures_of", "count", "board", "heard", "game", "tokens", "token_list", "one_token", "locations", "figures",
                 "chars", "abilities", "npcs", "in_play", "in_play_table", "only_in_play", "reactions", "silent", "boxes",
                 "kept", "kept_keys", "kept_held", "asked", "location_table", "hits", "listening", "token_subject",
                 "ability_subject", "ability_of", "token_alone", "token_other",
                 "ability_fields", "gather")
