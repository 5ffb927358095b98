"""The set-up the scenario reader lays: the game's setup steps, characters by id or reference, the pools filled.

`setup_steps` gives the statements of the `setup { }` a game of these rules and mode plays (the
mode's own, else the game's, else the default steps: read by runtime/modes.py and the
invariants); `SetupMixin` the services runtime/scenario_setup.py lays a scenario's table with
(runtime/scenario_reader.py): a character by id or by a team list's reference, the figure
nobody controls, the pools the game plays with, filled (a pool piled on a Location shuffled
from the scenario's seed)."""
from __future__ import annotations

from collections import Counter

from mayhem.compiler.builtins import PRIMITIVES
from mayhem.compiler.builtins_setup import DEFAULT_STEPS

from .rules import Rules, prop
from .state import Figure


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


class SetupMixin:
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


    def box_pools(self) -> dict[str, tuple[str, dict]]:
        """Pool id -> (box, pool): the board box's pools, and in Competitive Mode the pools
        that characters of other boxes bring for their own box's tokens. The answer is the
        one the checks (C501, C502) and the site give: compiler/applicability.py."""
        bringing = {fig.comp["box"] for fig in self.state.characters()}
        on = self.rules.applicability.pools_on(self.config.box, bringing)
        return {pid: (box, self.rules.pools[box][pid]) for pid, box in on.items()}

    def add_unowned_figure(self) -> None:
        npc = next(iter(sorted(self.rules.npcs.get(self.config.box, {}).items())), (None, None))[1]
        if npc is not None:
            self.state.figures[npc["id"]] = Figure(npc["id"], "npc", None, npc, npc, None)

    def fill_pools(self) -> None:
        st = self.state
        pools = self.box_pools()
        faces_by_pool: dict[str, list[str]] = {}
        for qid, tok in sorted(self.rules.tokens.items()):
            if prop(tok, "group"):
                faces_by_pool.setdefault(self.rules.token_pool(qid), []).append(qid)
        for pid, (_box, pool) in sorted(pools.items()):
            if prop(pool, "tracks"):
                continue
            counter: Counter = Counter()
            faces = faces_by_pool.get(pid)
            count = prop(pool, "count")
            if faces and count:
                per = max(1, count // len(faces))
                for f in faces:
                    counter[(f, None)] += per
            elif count is not None:
                counter[(None, None)] = count
            else:
                for colour in self.team_names:  # a pool with a count per Team colour
                    if prop(pool, colour):
                        counter[(None, colour)] = prop(pool, colour)
            st.pools[pid] = counter
            st.pool_totals[pid] = sum(counter.values())
        for pid, (box, pool) in sorted(pools.items()):
            if box != self.config.box:
                continue
            self.set_out_pieces(pid, pool)  # the pieces a counter kept as this pool's sets out
            pile = prop(pool, "pile-on")
            if pile and self.rules.zone_of["pile-to"] in self.rules.zones:  # unless the mode leaves it out
                where = [l for l in st.board.locations if l.comp is not None and l.comp["id"] == pile]
                if where:
                    pieces = [face for (face, colour), n in sorted(st.pools[pid].items(), key=str)
                              for _ in range(n)]
                    self.rng.shuffle(pieces)
                    pile = st.token_pile(where[0].index, create=True)  # the game's `pile-to` zone
                    for face in pieces:
                        st.pools[pid][(face, None)] -= 1
                        pile.append(face)
