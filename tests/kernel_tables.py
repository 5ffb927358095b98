"""The Teen Titans GO! scenario table the kernel's tests lay (docs/scenarios.md): one maker of its header, where each test wrote it out."""
from __future__ import annotations

BOARD = ("jump-city-mall", "jump-city-park", "the-lab", "black-base-1", "black-base-2", "white-base-1",
         "white-base-2", "pizza-corner", "ravens-room", "titans-tower")


def titans_table(body: str = "", *, name: str = "a table", dice=((1, 1), (1, 1)), setup: str = "") -> str:
    """A scenario's text: Robin and Raven (Black) against Cyborg and Starfire (White) on the board
    of BOARD's order, Black leading, the Mayhem die 2, the Teams' Activation dice `dice` (Black's,
    White's), then the `setup` lines (more keys of [setup]) and `body` (figures, edges, steps,
    expectations)."""
    (b1, b2), (w1, w2) = dice
    return "\n".join([
        "[scenario]", f'name = "{name}"', 'box = "teen-titans-go"', 'source = "none"', "[setup]",
        'teams = { black = ["robin", "raven"], white = ["cyborg", "starfire"] }',
        "board = [" + ", ".join(f'"{loc}"' for loc in BOARD) + "]",
        'initiative = "black"', 'mayhem_die = "2"', f"dice = {{ black = [{b1}, {b2}], white = [{w1}, {w2}] }}",
        *([setup.strip()] if setup.strip() else []), body.strip(), ""])
