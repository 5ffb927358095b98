"""The Mayhem reader of a scenario's [setup]: the starting state laid on the Mayhem rules' own terms, to check the file against.

A scenario names characters, cards, Teams, Locations, pools and phases in the Mayhem rules'
words (docs/scenarios.md). Before it is laid on a kernel game (runtime/scenario_kernel_setup.py)
the file is checked against the content by laying its table here: the Teams seated, the board
laid, the pools filled (shuffled from the scenario's seed, as the game's setup fills them: the
kernel game's random stream goes on from where this left it), the decks, the pieces and the
figures put where it says, each problem a ScenarioError at its key (runtime/scenario_setup.py).
`Reader` holds that state (runtime/state.py's GameState) and the services laying it uses, the
set-up half of what the Mayhem engine was (removed on December 4, 2026): it plays nothing."""
from __future__ import annotations

from functools import cached_property
import random

from .config import GameConfig
from .counters import CountersMixin
from .dice import dice_rules
from .figures import FiguresMixin
from .modes import load_mode, rules_for, team_names
from .pieces import PiecesMixin
from .round import MID_TURN, round_phases
from .effects import id_of
from .rules import Rules, prop
from .setup import SetupMixin
from .state import Figure, GameState


class Reader(SetupMixin, FiguresMixin, PiecesMixin, CountersMixin):
    """A scenario's starting state on the Mayhem rules of the content (the module's docstring)."""

    def __init__(self, rules: Rules, config: GameConfig) -> None:
        if config.box not in rules.boxes:
            raise ValueError(f"no box '{config.box}' in the content; boxes: {', '.join(sorted(rules.boxes))}")
        self.config = config
        self.rng = random.Random(config.seed)
        self.box = rules.boxes[config.box]
        self.mode = load_mode(rules, config.mode)
        self.rules = rules = rules_for(rules, self.mode)  # the game less what the mode leaves out
        self.team_names = team_names(rules)  # the Teams' names the game declares
        self.phases = round_phases(rules, self.mode.id)  # the round's phases, in order
        self.state = GameState(config.box, config.mode, zone_of=dict(rules.zone_of))
        self.events: list[dict] = []
        self.record = True  # the services log what they do (`events`: read by no one)
        self.win_check_held = False
        self.forced_rolls: list[str] = []
        self.forced_tosses: list[str] = []
        self.activated_this_round: list[str] = []
        self._faces_of: dict[str, list[str]] = {}
        self._abilities: dict[str, list[dict]] = {}
        self.tags_by_id: dict[str, list[str]] = {}
        self.group_of: dict[str, str] = {}  # token qid -> the token whose `group` it is (token_counts)
        for qid, tok in rules.tokens.items():
            group = prop(tok, "group")
            if group:
                for other in rules.tokens:
                    if id_of(other) == group and other != qid:
                        self.group_of[qid] = other
        for comp in rules.ir["components"]:
            if comp["kind"] == "tag":
                self.tags_by_id.setdefault(comp["id"], []).append(comp["qid"])

    @cached_property
    def dice_rules(self):
        """The dice of the game's rules (runtime/dice.py)."""
        return dice_rules(self.rules)

    def log(self, kind: str, node: dict | None = None, **data) -> None:
        self.events.append({"seq": len(self.events), "round": self.state.round, "event": kind, **data,
                            "span": node.get("span") if node else None})

    def phase_names(self) -> list[str]:
        """Where a scenario may start: a phase of the round, or the middle of a turn."""
        return [p.id for p in self.phases] + [MID_TURN]

    def abilities(self, fig: Figure) -> list[dict]:
        """The Abilities of the figure's dashboard in use, in printed order."""
        qid = fig.side["qid"]
        known = self._abilities.get(qid)
        if known is None:
            known = self._abilities[qid] = [c for c in fig.side["children"] if c["kind"] == "ability"]
        return known

    def tag_qids(self, comp: dict, tag_ids: list[str]) -> list[str]:
        """Tag ids of a keyword's `tags` property, as qids."""
        return [q for tid in tag_ids for q in self.tags_by_id.get(tid, ())]
