"""The declaration kind of a game's own events (`event hit "A hit" (attacker, target) { ... }`), heard by components."""
from __future__ import annotations


def event_kinds() -> list:
    from .schema import KindSpec, PropSpec, SlotSpec, TEXT
    return [
        KindSpec(
            "event", "An event of the game, raised by an effect (`raise(hit, 2, attacker: me, target: t)`) and "
            "heard by the game's rules, the cards in a zone marked `in-play`, triggers installed `until` a "
            "structure event, and cards played from a hand in answer (a card type's `reacts-from`). Its "
            "parameters are its fields, read by name in a trigger's `when` and body (`on hit when target is me`). "
            "With `amount` it carries a pending amount that listeners change (`prevent(n)`, `increase(n)`, "
            "read as `pending`) before it lands; its `effect` runs then, `amount` being what landed.", ("game",),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("amount", "flag", "It carries a pending amount: `raise` gives it, listeners change "
                            "it, never below 0.")),
            slots=(SlotSpec("effect", "What the event does once every listener has heard it: `amount` is the "
                            "amount that landed, the fields are names, `me` the player who raised it.", "game"),),
            params=True, component=False,
        ),
    ]
