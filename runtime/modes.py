"""A mode, as the runtime reads it: the `mode` declarations of the content (seats and
Teams, board, decks, tokens, non-player figure, Initiative, how to win)."""
from __future__ import annotations

from dataclasses import dataclass

from mayhem.dsl.schema import COLOURS  # the two Team colours, as the DSL spells them

from .rules import Rules, prop


@dataclass(frozen=True)
class Mode:
    id: str
    seats: tuple[tuple[int, ...], ...]  # per Team, per player: characters controlled
    board: tuple[int, ...] | None = None
    face_down: bool = False
    start: str = "bases"
    npc: bool = False
    npc_move: bool = False
    cards: str = "all"
    hand_draw: tuple[tuple[int, ...], ...] | None = None
    chosen_hands: bool = False
    team_lists: bool = False
    communal: bool = False
    no_vp: bool = False
    no_go: bool = False
    no_piles: bool = False
    permanent_ko: bool = False
    shrink: bool = False
    initiative: str = "lowest-dice"
    win: str = "victory-points"

    def team_ids(self) -> list[str]:
        """Two Teams are Black and White; more (Free-For-All) are named after their player."""
        if len(self.seats) == 2:
            return list(COLOURS)
        return [f"p{i + 1}" for i in range(len(self.seats))]

    def players(self) -> list[tuple[str, int, int]]:
        """(player id, Team index, characters) in seat order: the Teams' first players, then
        their second players (so that players of one Team do not sit together)."""
        out = []
        n = 0
        for k in range(max(len(t) for t in self.seats)):
            for t, team in enumerate(self.seats):
                if k < len(team):
                    n += 1
                    out.append((f"p{n}", t, team[k]))
        return out


# When the content declares no modes (a test box), the standard game.
STANDARD = Mode("standard", ((2,), (2,)))


def _nested(value) -> tuple[tuple[int, ...], ...] | None:
    return tuple(tuple(row) for row in value) if value else None


def load_mode(rules: Rules, mode_id: str) -> Mode:
    modes = {c["id"]: c for c in rules.ir["components"] if c["kind"] == "mode"}
    comp = modes.get(mode_id)
    if comp is None:
        if mode_id == "standard":
            return STANDARD
        raise ValueError(f"no mode '{mode_id}'; modes: {', '.join(sorted(modes)) or 'standard'}")
    return Mode(
        id=mode_id,
        seats=_nested(prop(comp, "seats")),
        board=tuple(prop(comp, "board")) if prop(comp, "board") else None,
        face_down=bool(prop(comp, "face-down-locations")),
        start=prop(comp, "start", "bases"),
        npc=bool(prop(comp, "non-player-figure")),
        npc_move=bool(prop(comp, "npc-move")),
        cards=prop(comp, "cards", "all"),
        hand_draw=_nested(prop(comp, "hand-draw")),
        chosen_hands=bool(prop(comp, "chosen-hands")),
        team_lists=bool(prop(comp, "team-lists")),
        communal=bool(prop(comp, "communal-tokens")),
        no_vp=bool(prop(comp, "no-victory-points")),
        no_go=bool(prop(comp, "no-go-cards")),
        no_piles=bool(prop(comp, "no-piles")),
        permanent_ko=bool(prop(comp, "permanent-ko")),
        shrink=bool(prop(comp, "shrink-board")),
        initiative=prop(comp, "initiative", "lowest-dice"),
        win=prop(comp, "win", "victory-points"),
    )


def available_modes(rules: Rules) -> list[str]:
    return sorted({c["id"] for c in rules.ir["components"] if c["kind"] == "mode"} | {"standard"})
