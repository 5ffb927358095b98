"""Games played by random bots up to a point that tests start from."""
from __future__ import annotations

from pathlib import Path
import random
import shutil

from mayhem.compiler import driver
from mayhem.runtime import Game, GameConfig, make_bot

CONTENT = Path(__file__).resolve().parent.parent / "content"
TITANS = {"black": ["robin", "raven"], "white": ["cyborg", "starfire"]}


def played_until_everyone_on_the_board(rules, box: str = "teen-titans-go", seed: int = 3,
                                       teams: dict | None = None):
    """A game of the box played by a random bot (seeded `seed`) until every character stands on
    the board in the first round (read from game.view()): the game and its pending decision
    (None: it ended first)."""
    g = Game(rules, GameConfig(box, seed=seed, teams=teams))
    d = g.start()
    bot = make_bot("random", seed)

    def placed() -> bool:
        v = g.view(pieces=False)
        return v["round"] >= 1 and all(f["space"] is not None for f in v["figures"].values()
                                       if f["kind"] == "character")
    while d is not None and not placed():
        d = g.act(bot.choose(d, g))
    return g, d


def everyone_on_the_board(rules, box: str = "teen-titans-go", teams: dict | None = TITANS) -> Game:
    """A game of the box (seed 3; Teen Titans GO! with the Teams of TITANS) played on until every
    character stands on the board in the first round, with a decision pending."""
    g, d = played_until_everyone_on_the_board(rules, box, 3, teams)
    assert d is not None
    return g


def in_round_two(rules) -> Game:
    """A Looney Tunes game (seed 1) played by random bots to round 2."""
    game = Game(rules, GameConfig("looney-tunes", seed=1))
    bots = {"p1": make_bot("random", 1), "p2": make_bot("random", 2)}
    d = game.start()
    while d is not None and game.view(pieces=False)["round"] < 2:
        d = game.act(bots[d.player].choose(d, game))
    return game


def after_setup(rules, box="teen-titans-go", mode="standard", seed=3) -> Game:
    """A game whose setup random bots have played (round 0 in game.view()): the first decision
    after it is next."""
    game = Game(rules, GameConfig(box=box, mode=mode, seed=seed))
    bots: dict = {}
    d = game.start()
    while d is not None and game.view(pieces=False)["round"] == 0:
        d = game.act(bots.setdefault(d.player, make_bot("random", seed + len(bots))).choose(d, game))
    return game


def content_copy(root: Path, *edits: tuple[str, str], modes: tuple[tuple[str, str], ...] = ()):
    """The repository's content copied to `root` with game.mh edited (each `old` must be
    there), and modes.mh by `modes`; the compiler's result."""
    shutil.copytree(CONTENT, root)
    for name, changes in (("game.mh", edits), ("modes.mh", modes)):
        path = root / "shared" / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert old in text, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return driver.compile_paths([root])



def random_steps(game: Game, seed: int, steps: int):
    """Starts `game` and answers each decision by `random.Random(seed).choice` over its
    actions: yields each step's number before the step is answered, `steps` steps at most
    (fewer if the game ends)."""
    decision = game.start()
    pick = random.Random(seed)
    for step in range(steps):
        if decision is None:
            return
        yield step
        decision = game.act(pick.choice(decision.actions))


def kernel_rules(path: Path, box: str):
    """The rules of the kernel game that `box` names, compiled from the content under `path`
    (asserted clean)."""
    from mayhem.runtime.kernel import load_game_rules
    comp = driver.compile_paths([path])
    assert comp.ok, [d.message for d in comp.diagnostics.items]
    return load_game_rules(comp.ir, box)


def lab_ir(folder: Path) -> dict:
    """The IR of the kernel game's content under `folder` (a lab game or a copy of one), asserted
    free of errors (warnings allowed)."""
    result = driver.compile_paths([folder])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(str(e.span), e.message) for e in errors]
    return result.ir


def lab_copy_ir(tmp_path: Path, lab: str, *edits: tuple[str, str]) -> dict:
    """The IR of a copy of the lab game tests/fixtures/kernel/LAB (under `tmp_path`) with each
    edit (old, new) made once in its LAB.mh; an edit whose old text is not there once fails."""
    import shutil
    folder = tmp_path / lab
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "kernel" / lab, folder)
    source = folder / f"{lab}.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    return lab_ir(folder)


def run_kernel_scenario(ir: dict, path: Path, text: str | None = None):
    """The kernel game's scenario file at `path` (or `text` read as that file) run against the IR."""
    import tomllib
    from mayhem.runtime.kernel import scenario as ksc
    text = path.read_text(encoding="utf-8") if text is None else text
    return ksc.run(ir, tomllib.loads(text), text, str(path))


def play_random(game, seed: int, cap: int = 5000) -> list[str]:
    """A kernel game played on by seeded random choices from where it stands (started if it was
    not) to its end, or `cap` actions: the actions taken."""
    rnd = random.Random(seed)
    decision = game.decision if game.decision is not None or game.over else game.start()
    taken = []
    while decision is not None and len(taken) < cap:
        taken.append(rnd.choice(decision.actions))
        decision = game.act(taken[-1])
    return taken


def kernel_config(rules, players: int, seed: int):
    """The KernelConfig play_game's random bots get: `players` seats, the seed, the decks in
    turn from the seed's (none for a game without decks)."""
    from mayhem.runtime.kernel import KernelConfig
    decks = sorted(rules.decks)
    return KernelConfig(players=players, seed=seed,
                        decks=[decks[(seed + i) % len(decks)] for i in range(players)] if decks else [])


def kernel_by_act(rules, config):
    """The game of play_game's random bots, each decision answered by its RandomBot's choose
    (act() by act(), as a lookahead bot or the TUI drives one)."""
    from mayhem.runtime.kernel import KernelGame
    from mayhem.runtime.kernel.play import RandomBot as KernelRandomBot
    game, bots = KernelGame(rules, config), {}
    decision = game.start()
    while decision is not None:
        bot = bots.get(decision.player)
        if bot is None:
            bot = bots[decision.player] = KernelRandomBot(config.seed * 31 + int(decision.player[1:]) - 1)
        decision = game.act(bot.choose(decision, game))
    return game


def assert_same_kernel_game(a, b) -> None:
    """Two kernel games played alike: the same decisions, log and result."""
    assert a.history == b.history and a.state.log == b.state.log and a.state.result == b.state.result


def shipped_card_types(tmp_path: Path, monkeypatch, box_file: str, box_text: str) -> tuple[Path, str, Path]:
    """A copy of the toolchain's content/shared/card-types.mh that the compiler reads as its
    own (contentsets.shipped_root patched), its text, and a content root `box` holding one
    file: (the copy's path, its text, the box). Undo with monkeypatch.undo() and
    schema.KINDS.refresh()."""
    standard = "shared/card-types.mh"
    shipped = tmp_path / "shipped"
    (shipped / "shared").mkdir(parents=True)
    (shipped / "mayhem.toml").write_text("[collection]\n")
    text = (Path(__file__).resolve().parent.parent / "content" / standard).read_text(encoding="utf-8")
    (shipped / standard).write_text(text)
    monkeypatch.setattr("mayhem.compiler.contentsets.shipped_root", lambda: shipped)
    box = tmp_path / "box"
    box.mkdir()
    (box / "mayhem.toml").write_text("[collection]\n")
    (box / box_file).write_text(box_text)
    return shipped / standard, text, box


def hurt(game, figure: str, n: int) -> None:
    """Changes a game by hand: `n` Damage more on `figure`, and the round one further (a state
    no rule made: what a clone's changes must not reach)."""
    st = game.kernel.state
    st.counters[f"damage/{figure}"] = st.counters.get(f"damage/{figure}", 0) + n
    st.round += 1
