"""Every mode on every box (and, in Competitive Mode, every box's characters on every box's
board): thousands of seeded random games, with the runtime's invariants after each decision.
The default run plays 76 of them (docs/kernel.md, "The default run's size under the kernel");
800 and 2,600 more are marked `slow` (`./scripts/test.sh --slow`)."""
import pytest
from hypothesis import given, settings, strategies as st

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.invariants import RuleWatcher, violations
from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.switch import kernel_ir

BOXES = ("teen-titans-go", "looney-tunes")
MODES = ("three-players", "four-players", "free-for-all")
# per box and mode: the default run plays 2 x 3 x 6 = 36, plus 4 x 10 Competitive games; the
# `slow` run 2 x 3 x (100 + 300) = 2,400, plus 4 x (50 + 200)
GAMES_CI, GAMES_MORE, GAMES = 6, 100, 300  # 40 by default until the fifth content set, 10 until the ISMCTS runs (December 5, 2026)
COMPETITIVE_CI, COMPETITIVE_MORE, COMPETITIVE = 10, 50, 200  # 20 by default until the fifth content set


def sizes(default: int, *slow: int) -> list:
    """A sweep's sizes: its default run's first, then the `slow` ones."""
    return [default] + [pytest.param(n, marks=pytest.mark.slow) for n in slow]


def team_list(rules, chars: list[tuple[str, str]]) -> dict:
    """A legal team list: the characters, and cards of their boxes up to their icons."""
    refs = [f"{box}/{cid}" for box, cid in chars]
    icons = 0
    for box, cid in chars:
        comp = rules.characters[box][cid]
        side = next((c for c in comp["children"] if c["kind"] == "side"), comp)
        icons += side["props"]["mayhem-cards"]["value"]
    cards = []
    for box, _cid in chars:
        cards += sorted(rules.mayhem_cards[box])[:2]
    hand = list(dict.fromkeys(f"{box}/{c}" for (box, _), c in zip(chars * 2, cards)))[:icons]
    return {"characters": refs, "hand": [h for h in hand if h.split("/")[1] in rules.mayhem_cards[h.split("/")[0]]]}


def play_checked(rules, config: GameConfig) -> Game:
    """A seeded game between random bots, every invariant checked after every decision
    (runtime/invariants.py reads the view and the log)."""
    game = Game(rules, config)
    watcher = RuleWatcher(game)  # Damage, Life, cards per round, hands, Initiative per mode
    bots = {}
    d = game.start()
    last_vp: dict = {}
    n = 0
    while d is not None:
        bot = bots.setdefault(d.player, make_bot("random", config.seed * 10 + int(d.player[1:])))
        d = game.act(bot.choose(d, game))
        n += 1
        assert n < 20_000
        seen = game.view(pieces=False)
        found = violations(game, last_vp, seen) + watcher.check(seen)
        assert not found, f"{config.box} {config.mode} seed {config.seed}, decision {n}: {found}"
        last_vp = {"vp": {t: x["counters"].get("vp", 0) for t, x in seen["teams"].items()}}  # VP are never lost
    assert game.over
    return game


@pytest.mark.parametrize("games", sizes(GAMES_CI, GAMES_MORE, GAMES))
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("box", BOXES)
def test_modes_keep_the_invariants(rules, box, mode, games):
    endings = set()

    # health checks on: plain integer seeds; deadline=None: a game's length varies
    @settings(max_examples=games, deadline=None, database=None, derandomize=True)
    @given(seed=st.integers(min_value=0, max_value=10**9))
    def run(seed):
        game = play_checked(rules, GameConfig(box, seed=seed, mode=mode))
        seen = game.view()
        endings.add(seen["result"]["reason"])
        seats = load_game_rules(kernel_ir(rules.ir), box, mode=mode).mode.team_of  # each seat's Team
        assert sorted(p for t in seen["teams"].values() for p in t["players"]) == sorted(f"p{i + 1}" for i in range(len(seats)))
        for fig in seen["figures"].values():
            if fig["kind"] == "character":
                assert fig["player"] in seen["teams"][fig["team"]]["players"]

    run()
    if mode == "free-for-all":
        assert endings <= {"last-standing", "draw", "max-rounds"} and "last-standing" in endings
    else:
        assert "vp" in endings


PAIRINGS = [("teen-titans-go", "looney-tunes"), ("mixed", "mixed")]


def competitive_lists(rules, pairing) -> dict:
    """The two Teams' lists of a pairing of PAIRINGS: each box's first two characters, one Team
    per box, or mixed (each Team a character of either box); bench/suite_cost.py plays them too."""
    ttg = sorted(rules.characters["teen-titans-go"])
    lt = sorted(rules.characters["looney-tunes"])
    if pairing[0] == "mixed":
        black = [("teen-titans-go", ttg[0]), ("looney-tunes", lt[0])]
        white = [("looney-tunes", lt[1]), ("teen-titans-go", ttg[1])]
    else:
        black = [("teen-titans-go", ttg[0]), ("teen-titans-go", ttg[1])]
        white = [("looney-tunes", lt[0]), ("looney-tunes", lt[1])]
    return {"black": team_list(rules, black), "white": team_list(rules, white)}


@pytest.mark.parametrize("games", sizes(COMPETITIVE_CI, COMPETITIVE_MORE, COMPETITIVE))
@pytest.mark.parametrize("board", BOXES)
@pytest.mark.parametrize("pairing", PAIRINGS)
def test_competitive_every_box_on_every_board(rules, board, pairing, games):
    lists = competitive_lists(rules, pairing)

    @settings(max_examples=games, deadline=None, database=None, derandomize=True)
    @given(seed=st.integers(min_value=0, max_value=10**9))
    def run(seed):
        game = play_checked(rules, GameConfig(board, seed=seed, mode="competitive", team_lists=lists))
        seen = game.view()
        box_of = {cid: box for box, chars in rules.characters.items() for cid in chars}
        boxes = {box_of[f["character"]] for f in seen["figures"].values() if f["kind"] == "character"}
        assert boxes == {ref.split("/")[0] for team in lists.values() for ref in team["characters"]}  # the listed boxes
        hands = sorted(seen["teams"]["black"]["cards"] + seen["teams"]["black"]["played"])
        # the chosen hand, and whatever the board's own Mayhem deck gives during play
        board_cards = {c["qid"] for c in rules.mayhem_cards[board].values()}
        assert set(hands) <= set(lists["black"]["hand"]) | board_cards

    run()
