"""What a change does in play: the scenario files run on both sides (those whose outcome
changed), and seeded simulations on both sides (the win-rate shift of each character, or of
each deck of a game of the rules kernel, with a 95% confidence interval from statsmodels)."""
from __future__ import annotations

from pathlib import Path

Z95 = 0.05  # the intervals' alpha


def _outcome(rules, path: Path) -> dict:
    from mayhem.runtime import scenario as sc
    try:
        result = sc.run(rules, path)
    except sc.ScenarioError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else "invalid"
        return {"status": "error", "name": None, "failures": [first]}
    except Exception as exc:  # a scenario the runner cannot follow is an outcome too, never a traceback
        return {"status": "error", "name": None, "failures": [f"{type(exc).__name__}: {exc}"]}
    return {"status": "pass" if result.ok else "fail", "name": result.name, "failures": list(result.failures)}


def run_scenarios(old_ir: dict, new_ir: dict, folder: Path) -> list[dict]:
    """Every scenario file under `folder`, on both sides: its outcome (pass, fail, error and
    the failures), and whether it changed."""
    from mayhem.runtime.rules import load_rules
    old_rules, new_rules = load_rules(old_ir), load_rules(new_ir)
    out = []
    for path in sorted(Path(folder).rglob("*.toml")):
        a, b = _outcome(old_rules, path), _outcome(new_rules, path)
        out.append({"path": path.relative_to(folder).as_posix(), "name": b["name"] or a["name"],
                    "old": a["status"], "new": b["status"], "changed": a != b,
                    "old_failures": a["failures"], "new_failures": b["failures"]})
    return out


def _boxes(ir: dict) -> dict[str, bool]:
    """Every box, and whether it names a game of the rules kernel (whose decks `--games`
    compares, as it compares a Mayhem box's characters)."""
    return {c["id"]: "game" in c["props"] for c in ir["components"] if c["kind"] == "box"}


def _kernel_bots(bots: tuple[str, ...], players: int) -> list[str]:
    """The bots of a kernel game's seats: a name the kernel's bots lack (runtime/kernel/play.py
    BOTS: random, greedy, rollout) means its random bot; one per seat, in turn."""
    from mayhem.runtime.kernel.play import BOTS
    names = [b if b in BOTS else "random" for b in bots]
    return [names[i % len(names)] for i in range(players)]


def _rows(games_a, wins_a, games_b, wins_b, key: str) -> list[dict]:
    """Per character (or deck) the win rates on both sides and the shift with its interval."""
    rows = []
    for name in sorted(set(games_a) | set(games_b)):
        ga, wa, gb, wb = games_a[name], wins_a[name], games_b[name], wins_b[name]
        row = {key: name, "old": {"games": ga, "wins": wa, "rate": wa / ga if ga else None},
               "new": {"games": gb, "wins": wb, "rate": wb / gb if gb else None},
               "shift": None, "interval": None, "significant": False}
        if ga and gb:
            low, high = shift_interval(wb, gb, wa, ga)
            row.update(shift=wb / gb - wa / ga, interval=[low, high], significant=low > 0 or high < 0)
        rows.append(row)
    return rows


def shift_interval(wins_new: int, games_new: int, wins_old: int, games_old: int) -> tuple[float, float]:
    """The 95% confidence interval of the difference of two win rates (new - old), Newcombe's
    hybrid score interval (good at small counts and rates near 0 or 1).

    >>> low, high = shift_interval(60, 100, 40, 100)
    >>> round(low, 3), round(high, 3)
    (0.061, 0.328)
    """
    from statsmodels.stats.proportion import confint_proportions_2indep
    low, high = confint_proportions_2indep(wins_new, games_new, wins_old, games_old, method="newcomb",
                                           compare="diff", alpha=Z95)
    return float(low), float(high)


def _unplaced(value):
    """A component (or any part of one) without its `span`s: where it is written is no part of how it plays."""
    if isinstance(value, dict):
        return {k: _unplaced(v) for k, v in value.items() if k != "span"}
    if isinstance(value, list):
        return [_unplaced(v) for v in value]
    return value


def _played_by(ir: dict, box: str) -> list:
    """What a box's games are played from: its own components and those of no box (the shared
    game, keywords, tokens and modes), their spans left out, in a stable order."""
    return sorted((_unplaced(c) for c in ir["components"] if c.get("box") in (box, None)),
                  key=lambda c: (c.get("kind") or "", c.get("qid") or c.get("id") or ""))


def changed_boxes(old_ir: dict, new_ir: dict) -> list[str]:
    """The boxes of both sides whose games can play differently: a component of theirs, or of no
    box, differs in more than where it is written. The others play the same seeded games on both
    sides (the runtime draws only from the seed), so their shift is 0 without a game played.

    >>> ir = {"components": [{"kind": "box", "id": "a", "box": "a", "props": {}, "span": "a/box.mh:1:1-2:2"},
    ...                      {"kind": "box", "id": "b", "box": "b", "props": {}, "span": "b/box.mh:1:1-2:2"}]}
    >>> moved = {"components": [dict(ir["components"][0], span="a/box.mh:9:1-10:2"), ir["components"][1]]}
    >>> changed_boxes(ir, moved)
    []
    >>> changed_boxes(ir, {"components": [ir["components"][0], dict(ir["components"][1], props={"players": 3})]})
    ['b']
    """
    both = set(_boxes(old_ir)) & set(_boxes(new_ir))
    return [box for box in sorted(both) if _played_by(old_ir, box) != _played_by(new_ir, box)]


def balance(old_ir: dict, new_ir: dict, games: int, *, seed: int = 0, bots: tuple[str, ...] = ("greedy",),
            progress=None, boxes: list[str] | None = None) -> dict:
    """`games` seeded games per box on each side (the same seeds), and per character the win
    rates and the shift with its 95% interval; `significant` when the interval leaves out 0.
    A box that names a game of the rules kernel is compared per deck (`decks` in place of
    `characters`, mean `turns` in place of `rounds`): its fewest players, the kernel's bots
    (_kernel_bots), each game's decks its seeded choice.

    The boxes played are `boxes`, by default those whose games can differ (changed_boxes); the
    others of both sides are listed as `unchanged`, unplayed."""
    from mayhem.runtime.simulate import simulate, simulate_kernel
    old_boxes, new_boxes = _boxes(old_ir), _boxes(new_ir)
    both = sorted(set(old_boxes) & set(new_boxes))
    played = changed_boxes(old_ir, new_ir) if boxes is None else [b for b in both if b in boxes]
    out = {"games": games, "seed": seed, "bots": list(bots), "boxes": {},
           "unchanged": [b for b in both if b not in played]}
    for box in played:
        if old_boxes[box] or new_boxes[box]:
            if not (old_boxes[box] and new_boxes[box]):
                continue  # a Mayhem box on one side, a kernel game's on the other: nothing to compare
            from mayhem.runtime.kernel import load_game_rules
            players = load_game_rules(new_ir, box).seats[0]
            seats = _kernel_bots(bots, players)
            a, b = (simulate_kernel(ir, box, games, seats, seed=seed, progress=progress) for ir in (old_ir, new_ir))
            out["boxes"][box] = {"decks": _rows(a.deck_games, a.deck_wins, b.deck_games, b.deck_wins, "deck"),
                                 "turns": {"old": a.turns / max(a.games, 1), "new": b.turns / max(b.games, 1)}}
            continue
        a = simulate(old_ir, box, games, list(bots), seed=seed, progress=progress)
        b = simulate(new_ir, box, games, list(bots), seed=seed, progress=progress)
        out["boxes"][box] = {"characters": _rows(a.character_games, a.character_wins, b.character_games,
                                                 b.character_wins, "character"),
                             "rounds": {"old": sum(a.rounds) / max(a.games, 1), "new": sum(b.rounds) / max(b.games, 1)}}
    return out


def stats_available() -> bool:
    try:
        import statsmodels.stats.proportion  # noqa: F401
    except ImportError:
        return False
    return True
