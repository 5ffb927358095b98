"""The setup a mode plays, read from the IR: its own `setup { }`, else the one of the game the
Mayhem boxes share (`game mayhem`, content/shared/game.mh). The checks (C108, C603) and the
reference site read what its steps say (a figure nobody controls, a face-down board, hands
drawn or chosen) here, as the runtime does (runtime/modes.py); and the board that game lays
(`tile_roles`: the card type of its tiles and the properties it reads)."""
from __future__ import annotations

from typing import NamedTuple


def shared_game(components: list[dict]) -> dict | None:
    """The game of a module file (the rules the Mayhem boxes share), if any."""
    return next((c for c in components if c["kind"] == "game" and not c.get("box")), None)


class TileRoles(NamedTuple):
    kind: str  # the card type whose cards are the tiles (`tiles location`)
    capacity: str  # the tiles' property that caps their figures (`capacity slots`)
    bases: str  # the tiles' property that names the Team whose Base a tile is (`bases base`)


# what the Mayhem boxes' board reads when no shared game declares one (a collection without
# content/shared/game.mh): the Locations' `slots` and `base`
LOCATION_ROLES = TileRoles("location", "slots", "base")


def tile_roles(components: list[dict]) -> TileRoles:
    """The tiles of the board the shared game lays (`board ... { tiles location  capacity slots
    bases base }` in content/shared/game.mh) and the properties it reads, as the checks and the
    site read a Location's; LOCATION_ROLES without such a board."""
    game = shared_game(components)
    board = next((c for c in game["children"] if c["kind"] == "board"), None) if game is not None else None
    if board is None:
        return LOCATION_ROLES
    given = {name: board["props"][name]["value"] for name in ("tiles", "capacity", "bases") if name in board["props"]}
    return TileRoles(given.get("tiles", LOCATION_ROLES.kind), given.get("capacity", LOCATION_ROLES.capacity),
                     given.get("bases", LOCATION_ROLES.bases))


def setup_steps(mode: dict, components: list[dict]) -> dict[str, dict]:
    """The top-level steps of the setup the mode plays, by name: their arguments (IR)."""
    slot = mode.get("effects", {}).get("setup")
    if slot is None:
        game = shared_game(components)
        slot = game["effects"].get("setup") if game is not None else None
    if slot is None:
        return {}
    return {s["name"]: s["args"] for s in slot["body"] if s.get("op") == "primitive"}


def step_literal(steps: dict[str, dict], step: str, param: str):
    """The value of a step's argument written as a literal (a number, a string), else None."""
    arg = steps.get(step, {}).get(param)
    return arg.get("v") if arg is not None and arg.get("e") in ("num", "str") else None


def has_unowned_figure(mode: dict, components: list[dict]) -> bool:
    """The mode puts the box's figure nobody controls in the game (`add-unowned-figure()`)."""
    return "add-unowned-figure" in setup_steps(mode, components)


def face_down_slots(mode: dict, components: list[dict]) -> int:
    """The Slots of each tile of a board laid face down (`lay-board(face-down-slots: N)`); 0: face up."""
    return int(step_literal(setup_steps(mode, components), "lay-board", "face-down-slots") or 0)


def draws_hands(mode: dict, components: list[dict]) -> bool:
    """The players draw their hands at setup (`draw-hands()`), rather than bring them (team lists)."""
    steps = setup_steps(mode, components)
    return "draw-hands" in steps or not steps


def takes_team_lists(mode: dict, components: list[dict]) -> bool:
    """The Teams come from team lists (`take-team-lists()`): Competitive Mode."""
    return "take-team-lists" in setup_steps(mode, components)
