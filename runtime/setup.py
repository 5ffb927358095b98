"""Setup: the steps the game declares, run in order before the first round, and what they ask of it.

The steps are the `setup { }` of the shared rules (a mode's own in its place), played by
runtime/setup_words.py. The steps and the rest of the game ask of it a character by id or by
a team list's reference, a side chosen, the pools the game plays with, a player's hand
limit."""
from __future__ import annotations

from mayhem.compiler.builtins import PRIMITIVES
from mayhem.compiler.builtins_setup import DEFAULT_STEPS

from .actions import Action
from .effects import Env
from .rules import Rules, prop
from .setup_words import SetupWordsMixin
from .state import Team


def default_setup() -> list[dict]:
    """The steps a game that declares no `setup { }` plays (content without `game mayhem`), as
    the statements the compiler would give (compiler/builtins_setup.py: DEFAULT_STEPS)."""
    out = []
    for step in DEFAULT_STEPS:
        name, given = step if isinstance(step, tuple) else (step, {})
        args = {}
        for p in PRIMITIVES[name].params:
            value = given.get(p.name, p.default)
            args[p.name] = None if value is None else {"e": "str" if isinstance(value, str) else "num", "v": value,
                                                       "span": None}
        out.append({"op": "primitive", "name": name, "args": args, "node": None, "span": None})
    return out


_DEFAULT = default_setup()


def setup_steps(rules: Rules, mode_slots: dict) -> tuple[list[dict], str | None]:
    """The statements of the setup a game of these rules and mode plays, and their source: the
    mode's own `setup { }`, else the game's, else the default steps."""
    own = mode_slots.get("setup")
    if own is not None:
        return own["body"], None
    game = rules.game
    slot = game["effects"].get("setup") if game is not None else None
    if slot is not None:
        return slot["body"], game.get("qid")
    return _DEFAULT, None


class SetupMixin(SetupWordsMixin):
    def setup(self):
        """The setup's steps in order (the mode's `setup { }`, else the game's), then its log line."""
        st = self.state
        st.phase = "setup"
        self.picks: dict[str, list[dict]] = {}
        body, source = setup_steps(self.rules, self.mode.slots)
        yield from self.code.body(body)(self, Env(None, None, None, source=source or self.mode.qid))
        self.log("setup", mode=self.mode.id, teams={c: st.teams[c].characters for c in st.order},
                 board=[(loc.label, loc.comp["id"] if loc.comp else None) for loc in st.board.locations])

    def _character(self, cid: str) -> dict:
        for box in [self.config.box, *sorted(self.rules.characters)]:
            comp = self.rules.characters.get(box, {}).get(cid)
            if comp is not None:
                return comp
        raise ValueError(f"no character '{cid}'")

    def _character_ref(self, ref: str) -> dict:
        """A team list's character: `box/id`, or `box/id/side` for a chosen side."""
        comp = self.rules.by_qid.get(ref)
        if comp is not None and comp["kind"] == "side":
            parent = self.rules.by_qid[ref.rsplit("/", 1)[0]]
            self.config.sides.setdefault(parent["id"], comp["id"])
            return parent
        if comp is None or comp["kind"] != "character":
            raise ValueError(f"no character '{ref}'")
        return comp

    def choose_side(self, player: str, comp: dict):
        sides = [c for c in comp["children"] if c["kind"] == "side"]
        if not sides:
            return comp
        chosen = self.config.sides.get(comp["id"])
        if chosen is None:
            choice = yield from self.decide(player, "side", f"which side of {comp['name']}?",
                                            [Action("side", (comp['id'], s['id'])) for s in sides])
            chosen = choice.side
        return next(s for s in sides if s["id"] == chosen)

    def box_pools(self) -> dict[str, tuple[str, dict]]:
        """Pool id -> (box, pool): the board box's pools, and in Competitive Mode the pools
        that characters of other boxes bring for their own box's tokens. The answer is the
        one the checks (C501, C502) and the site give: compiler/applicability.py."""
        bringing = {fig.comp["box"] for fig in self.state.characters()}
        on = self.rules.applicability.pools_on(self.config.box, bringing)
        return {pid: (box, self.rules.pools[box][pid]) for pid, box in on.items()}

    def player_icons(self, player: str) -> int:
        """The player's hand limit: the counter `hand-limit` (per player) starts at its
        `start-from` property summed over the characters the player controls."""
        own = self.rules.counter_from.get("hand-limit", "mayhem-cards")
        return sum(prop(f.side, own, 0) for f in self.state.characters() if f.player == player)

    def hand_limit(self, team: Team) -> int:
        return sum(self.player_icons(player) for player in team.players)
