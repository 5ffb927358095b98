"""The Mayhem scenario log's lines as the rules kernel logs them: the table a kernel game's log is read through (the switch).

runtime/scenario_kernel.py (`mayhem scenario run`), runtime/game_view.py (`logged`: the narrator,
the invariants) and bench/switch_scenarios.py read a kernel game's log through it; it is data of the
Mayhem scenarios' vocabulary, kept out of runtime/ (tests/test_runtime_contract.py)."""
from __future__ import annotations

# The kernel's log lines in the Mayhem scenarios' words (runtime/scenario_kernel_read.events): KIND
# (`raise:NAME` for a raised event) -> None (no line of the Mayhem log: the kernel's own
# bookkeeping, or a raise the kernel also logs as a line of its own) or (the Mayhem kind, {its
# field: the kernel's field}). Each row is a line the two logs still say differently: "the logs
# keep their lines" (docs/kernel.md, plan step 5) is done when this table is empty.
LOG_LINES: dict = {
    "place": ("place-token", {}),                 # a piece placed: {token, on, count}
    "remove": ("remove-token", {}),               # pieces back to their pool: {token, from, count}
    "discard": ("remove-token", {}),              # pieces back at their discard time
    "take": ("take", {}),                         # (one that moved none is no line: the engine logs none)
    "shift": ("take", {}),                        # a piece moved from one holder to another (OBSTACLE's move)
    "place-figure": ("place", {}),                # a figure put on a space (not a move)
    "resolve-ability": ("resolve", {"ability": "card", "sections": "effects"}),
    "use": ("special", {"ability": "card"}),      # a part used once per ... (the Special Ability)
    "activate": ("activate", {"ability": "card"}),  # a figure made Active: its part
    "assault": ("attack", {"attacker": "by"}),    # its amount before any listener changed it
    "initiative": ("initiative", {"team": "lead", "coin_toss": "coin"}),
    "card-done": ("mission-complete", {"team": "holder"}),
    "draw-into": ("go-card", {"team": "holder"}),
    "deck-short": ("mayhem-deck-short", {}),      # a deck too short for the hands: dealt round the table
    "raise:attack": None, "raise:damage": None, "raise:damaged": None, "raise:move": None,
    "raise:enter": None, "raise:activate": None, "raise:ko": None,
    "knock-out": ("ko", {}),                      # logged before the KO's listeners (its VP), as the engine's `ko`
    "decision:may": ("optional", {}),             # a decision's kind: an optional effect, done or skipped
    "react": ("play", {}),                        # a Reaction played from the hand: a card played
    "decision:move": ("npc", {}),                 # offer-move's question: the Mayhem engine's non-player figure's move
    "verb:react": "play",                         # an action's verb: a Reaction played from the hand
    "decision:react": ("reaction", {}),           # and the decision that offers it
}
