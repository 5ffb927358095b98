"""A scenario's pieces on the board: tokens, figures, Locations, pools and the turn in progress.

What a scenario's [setup] table puts where (docs/scenarios.md): tokens taken from their pools,
Locations cleared or out of play, figures placed and damaged, token figures, pools left short,
and the turn in progress; with the scenario's error and the readers of a token id and a
Location label that the rest of the scenario code shares."""
from __future__ import annotations

from mayhem.dsl.diagnostics import did_you_mean

from .actions import location_of
from .board import Board
from .effects import Env, id_of
from .rules import Rules
from .state import Activation


class ScenarioError(ValueError):
    """The scenario file itself is wrong (not the game). `at` is the key path of the
    problem in the file; `problems` holds every problem found when there are several."""

    def __init__(self, message: str, at: tuple = (), hint: str | None = None, problems: list | None = None):
        super().__init__(message)
        self.at = tuple(at)
        self.hint = hint
        self.problems = problems or []


def token_qid(rules: Rules, tid: str, at: tuple) -> str:
    found = [q for q in rules.tokens if id_of(q) == tid]
    if len(found) != 1:
        raise ScenarioError(f"{'no' if not found else 'more than one'} token '{tid}'", at,
                            did_you_mean(tid, {id_of(q) for q in rules.tokens}))
    return found[0]


def location_index(label: str, board: Board, at: tuple) -> int:
    i = location_of(label) if isinstance(label, str) else None  # the action grammar's `Ln`
    if i is None:
        raise ScenarioError(f"a Location is written L1..L{len(board.locations)}, not {label!r}", at)
    if not 0 <= i < len(board.locations):
        raise ScenarioError(f"no Location {label}: the board has L1..L{len(board.locations)}", at)
    return i


def piles(spec, default_owner) -> list[tuple[int, str | None, str | None]]:
    """A token entry as (count, owner, colour) piles: `2`, `{ count = 2, owner = "TEAM" }`
    or a list of such tables (pieces of both colours on one Location)."""
    if isinstance(spec, int):
        return [(spec, default_owner, None)]
    if isinstance(spec, dict):
        spec = [spec]
    return [(p.get("count", 1), p.get("owner", default_owner), p.get("colour")) for p in spec]


class BoardSetup:
    """The [setup] keys that put pieces on the board, for scenario_setup's builder (which
    holds `eng`, `rules`, `setup` and checks a Team's name with `team`)."""

    def put(self, tid: str, spec, place, default_owner, at: tuple) -> None:
        """Setup takes its pieces from the box's pools, like play does; asking for more
        than a pool holds is an error of the scenario, not a silent shortfall."""
        token = token_qid(self.rules, tid, at)
        for n, owner, colour in piles(spec, default_owner):
            if owner is not None:
                self.team(owner, at)
            if colour is not None and colour not in self.eng.team_names:  # the colours are the Teams' names
                raise ScenarioError(f"{'.'.join(map(str, at))}.colour is '{colour}': expected one of "
                                    f"{', '.join(self.eng.team_names) or 'none (the pieces have no colour)'}",
                                    at, did_you_mean(colour, self.eng.team_names))
            got = self.eng.put_pieces(token, n, place, owner, None, colour=colour)
            if got < n:
                raise ScenarioError(f"only {got} of {n} '{tid}' left in the pool"
                                    " (a pile set up on a Location holds the rest: `clear = true` there)", at)

    def leave_in_pool(self, pid: str, left, at: tuple) -> None:
        """`pools = { POOL = { COLOUR = 0 } }` (or `{ POOL = 3 }`): the pieces a pool
        still holds once setup is done; the others are out of play (used up), so the box's
        totals still add up. A pool can only be emptied, not filled."""
        st = self.eng.state
        pool = st.pools.get(pid)
        if pool is None:
            raise ScenarioError(f"no token pool {pid!r} in this box", at, did_you_mean(pid, st.pools))
        wanted = left.items() if isinstance(left, dict) else [(None, left)]
        for colour, n in wanted:
            keys = sorted((k for k in pool if colour is None or k[1] == colour), key=str)
            have = sum(pool[k] for k in keys)
            if not keys or not 0 <= n <= have:
                raise ScenarioError(f"{colour or 'the pool'} holds {have} pieces after setup;"
                                    f" it can be left with 0..{have}, not {n!r}", at + ((colour,) if colour else ()))
            extra = have - n
            for k in keys:
                cut = min(extra, pool[k])
                pool[k] -= cut
                st.discarded[pid] += cut
                extra -= cut

    def locations(self) -> None:
        eng, st = self.eng, self.eng.state
        for label, ls in self.setup.get("locations", {}).items():
            at = ("setup", "locations", label)
            i = location_index(label, st.board, at)
            clear = ls.get("clear", False)
            if clear:
                # back to their pools: what setup put there (tokens of a slot, a pile);
                # `clear = true` for all of them, or a list of token ids
                wanted = None if clear is True else [token_qid(self.rules, t, at + ("clear",)) for t in clear]
                store = st.board.locations[i].tokens
                for key, n in sorted(store.items(), key=str):
                    tok, _owner, colour = key
                    if wanted is None or any(eng.matches(tok, w) for w in wanted):
                        for _ in range(n):
                            eng.return_piece(tok, colour)
                        del store[key]
                pile = st.token_pile(i)  # the face-down pile the Location holds
                for face in list(pile or ()):
                    if wanted is None or any(eng.matches(face, w) for w in wanted):
                        eng.return_piece(face, None)
                        pile.remove(face)
            for tid, t in ls.get("tokens", {}).items():
                self.put(tid, t, i, None, at + ("tokens", tid))
            if ls.get("removed"):  # out of play (Free-For-All shrinks the board)
                st.board.locations[i].removed = True
                st.board.refresh()

    def figures(self) -> None:
        eng, st = self.eng, self.eng.state
        for key, fs in self.setup.get("figures", {}).items():
            at = ("setup", "figures", key)
            if "token" in fs:
                self.token_figure(key, fs, at)
                continue
            fig = st.figures.get(key)
            if fig is None:
                raise ScenarioError(f"no figure '{key}': not a character of the teams, nor a non-player figure"
                                    " (a token figure says `token = ID`)", at, did_you_mean(key, st.figures))
            extra = sorted(set(fs) & {"owner", "life"})
            if extra:
                raise ScenarioError(f"'{extra[0]}' is for token figures (`token = ID`); {key} is a "
                                    f"{'non-player figure' if fig.kind == 'npc' else 'character'}", at + (extra[0],))
            if fs.get("location"):
                eng.relocate(fig, location_index(fs["location"], st.board, at + ("location",)))
            if fig.kind == "npc":
                continue
            fig.damage = fs.get("damage", 0)
            if "remaining" in fs:  # Life Points left, whatever the dashboard's Life Points
                if "damage" in fs or fig.life is None or not 0 < fs["remaining"] <= fig.life:
                    raise ScenarioError(f"remaining is 1..{fig.life} Life Points left, without damage",
                                        at + ("remaining",))
                fig.damage = fig.life - fs["remaining"]
            elif fig.life is not None and fig.damage >= fig.life:
                raise ScenarioError(f"{fig.damage} Damage knocks {key} out ({fig.life} Life Points)", at + ("damage",))
            names = [a["id"] for a in eng.abilities(fig)]
            for ab in fs.get("activated", []):
                if ab not in names:
                    raise ScenarioError(f"{key} has no ability '{ab}'", at + ("activated",), did_you_mean(ab, names))
            fig.activations = list(fs.get("activated", []))
            owner = fs.get("token_owner", fig.team)
            for tid, t in fs.get("tokens", {}).items():
                self.put(tid, t, fig, owner, at + ("tokens", tid))

    def token_figure(self, key: str, fs: dict, at: tuple) -> None:
        """An attackable token already on the board, named as play names it:
        TOKEN-TEAM."""
        eng, st = self.eng, self.eng.state
        token = token_qid(self.rules, fs["token"], at + ("token",))
        if not self.rules.token_flag(token, "attackable"):
            raise ScenarioError(f"token '{fs['token']}' is no figure (it is not attackable)", at + ("token",))
        missing = [k for k in ("owner", "location", "life") if k not in fs]
        if missing:
            raise ScenarioError(f"a token figure needs its {', '.join(missing)}", at)
        owner = self.team(fs["owner"], at + ("owner",))
        if key != f"{fs['token']}-{owner}":
            raise ScenarioError(f"play names this figure '{fs['token']}-{owner}', not '{key}'", at)
        for k in sorted(set(fs) - {"token", "owner", "life", "location", "damage"}):
            raise ScenarioError(f"a token figure has no '{k}'", at + (k,))
        where = location_index(fs["location"], st.board, at + ("location",))
        eng.spawn_token_figure(token, where, Env(st.teams[owner].players[0], owner, None), fs["life"], None)
        fig = st.figures.get(key)
        if fig is None:
            raise ScenarioError(f"no '{fs['token']}' piece of {owner} left in the pool", at)
        if fs.get("damage", 0) >= fs["life"]:
            raise ScenarioError(f"{fs['damage']} Damage defeats it ({fs['life']} Life Points)", at + ("damage",))
        fig.damage = fs.get("damage", 0)

    def turn(self, spec: dict) -> None:
        """The middle of an Activation: its die placed on an ability, perhaps the free
        Move done, the Ability not yet resolved (unless `ability_done`)."""
        eng, st = self.eng, self.eng.state
        at = ("setup", "turn")
        fig = st.figures.get(spec["figure"])
        if fig is None or fig.kind != "character":
            raise ScenarioError(f"no character '{spec['figure']}' in the teams", at + ("figure",),
                                did_you_mean(spec["figure"], st.figures))
        if fig.location is None:
            raise ScenarioError(f"{fig.key} is not on the board: give it a location", at + ("figure",))
        names = [a["id"] for a in eng.abilities(fig)]
        if spec["ability"] not in names:
            raise ScenarioError(f"{fig.key} has no ability '{spec['ability']}'", at + ("ability",),
                                did_you_mean(spec["ability"], names))
        team = st.teams[fig.team]
        free = [i for i, (v, p) in enumerate(zip(team.dice, team.placed)) if v == spec["die"] and not p]
        if not free:
            raise ScenarioError(f"{fig.team} has no die {spec['die']} to place (dice: {team.dice})", at + ("die",))
        team.placed[free[0]] = True
        fig.turns += 1  # the turn in progress has begun: tokens set up above were given before it
        fig.activations.append(spec["ability"])
        eng.activated_this_round = [fig.key]
        moved = bool(spec.get("moved", False))
        st.active = Activation(fig.key, spec["ability"], spec["die"], free[0], moved=moved, free_move_used=moved,
                               ability_done=bool(spec.get("ability_done", False)))
        st.active_team = fig.team
        st.phase = "activation"
