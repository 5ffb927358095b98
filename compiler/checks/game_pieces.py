"""What the shared rules of the Mayhem boxes declare about their pieces, as the checks read it:
the token the Victory Points are kept as (the counter `vp`'s `kept-as`), the token flag that
keeps a Mission token's owner (`owner-kept-if`), the Teams' names (`team-names`) and the board's
tiles (`board { tiles location  capacity slots  bases base }`), so that a game that names its
pieces otherwise is checked the same (content/shared/game.mh)."""
from __future__ import annotations

from mayhem.compiler.builtins import PRIMITIVES
from mayhem.compiler.mode_setup import tile_roles
from mayhem.dsl.schema import COLOURS

# The counter the cards' Victory Points are: `gain-vp(n)` stands for `gain(vp, n, ...)`.
VP_COUNTER = next(value for param, _form, value in PRIMITIVES["gain-vp"].stands_for.given if param == "counter")


def shared_game(col) -> dict | None:
    """The game the Mayhem boxes play: the first `game` of a module file (not of a box), as
    the runtime reads it (runtime/rules.py); None when the collection has none."""
    key = ("shared-game",)
    if key not in col.memo:
        # the whole collection's components: a View (checks/incremental.py) narrows `top`
        col.memo[key] = next((c for c in col.ir["components"] if c["kind"] == "game" and not c["box"]), None)
    return col.memo[key]


def tiles(col):
    """The card type of the board's tiles and the properties the board reads (mode_setup.TileRoles):
    the shared game's `board`, else the Locations' `slots` and `base`."""
    key = ("tile-roles",)
    if key not in col.memo:
        col.memo[key] = tile_roles(col.ir["components"])  # the whole collection's (a View narrows `top`)
    return col.memo[key]


def _counter(game: dict | None, counter_id: str) -> dict | None:
    if game is None:
        return None
    return next((c for c in game["children"] if c["kind"] == "counter" and c["id"] == counter_id), None)


def vp_token_ids(col) -> frozenset[str]:
    """The ids of the token the game keeps its Victory Points as (`counter vp { kept-as vp }`);
    none when the game keeps none as pieces, or there is no game."""
    key = ("vp-token-ids",)
    if key not in col.memo:
        counter = _counter(shared_game(col), VP_COUNTER)
        kept = col.prop(counter, "kept-as") if counter is not None else None
        col.memo[key] = frozenset({kept} if kept else ())
    return col.memo[key]


def vp_tokens(col) -> frozenset[str]:
    """The qids of the tokens that are the game's Victory Points."""
    key = ("vp-tokens",)
    if key not in col.memo:
        ids = vp_token_ids(col)
        col.memo[key] = frozenset(q for q, t in col.tokens.items() if t["id"] in ids)
    return col.memo[key]


def owner_kept_tokens(col) -> set[str]:
    """The qids of the tokens that keep their owner when taken (a Mission's: the game's
    `owner-kept-if mission` names the flag)."""
    game = shared_game(col)
    flag = col.prop(game, "owner-kept-if") if game is not None else None
    if not flag:
        return set()
    return {q for q, t in col.tokens.items() if col.prop(t, flag)}


def team_colours(col) -> tuple[str, ...]:
    """The Teams' names the game declares (`team-names [black, white]`), in order, which are the
    colours pools and Bases name; the Mayhem colours when no game names them (as the compiler
    reads them: compiler/typecheck_teams.py)."""
    game = shared_game(col)
    names = col.prop(game, "team-names") if game is not None else None
    return tuple(names) if names else COLOURS
