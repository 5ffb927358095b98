"""One answer to "what applies where" in Competitive Mode: the checks (C502), the site's
Competitive Mode page and the runtime's pools agree, for every card on every board, whichever
boxes the two Teams' characters come from."""
from itertools import combinations

import pytest

from mayhem.compiler.applicability import Applicability
from mayhem.compiler.checks import Collection
from mayhem.compiler.checks.crossbox import lacks
from mayhem.runtime import Game, GameConfig
from mayhem.runtime.view_pieces import table_pools

BOXES = ("looney-tunes", "teen-titans-go")


def started(rules, board: str, teams: dict[str, list[str]]) -> Game:
    """A Competitive game on `board` after setup: each Team's characters as "box/id"."""
    lists = {colour: {"characters": chars, "hand": []} for colour, chars in teams.items()}
    game = Game(rules, GameConfig(board, seed=1, mode="competitive", team_lists=lists))
    game.start()
    return game


def lineups(rules):
    """(boxes whose characters play, team lists): only the board's, only the other's, mixed."""
    def ref(box, cid):  # a double-sided dashboard plays its A side
        sided = any(c["kind"] == "side" for c in rules.characters[box][cid]["children"])
        return f"{box}/{cid}/a" if sided else f"{box}/{cid}"

    chars = {b: [ref(b, c) for c in sorted(rules.characters[b])] for b in BOXES}
    yield {"looney-tunes"}, {"black": chars["looney-tunes"][:2], "white": chars["looney-tunes"][2:4]}
    yield {"teen-titans-go"}, {"black": chars["teen-titans-go"][:2], "white": chars["teen-titans-go"][2:4]}
    yield set(BOXES), {"black": [chars["looney-tunes"][0], chars["teen-titans-go"][0]],
                       "white": [chars["teen-titans-go"][1], chars["looney-tunes"][1]]}


def playing(rules, game) -> set[str]:
    """The boxes of the characters in play, read from the view."""
    chars = {f["character"] for f in game.view()["figures"].values() if f["kind"] == "character"}
    return {b for b in BOXES if chars & set(rules.characters[b])}


def counted(ir) -> set[str]:
    """The pools that track a count (Damage, Initiative, Activated Ability): the kernel keeps
    them as counters, not as pieces, so its `table_pools` does not list them."""
    return {c["id"] for box in ir["components"] if box["kind"] == "box"
            for c in box["children"] if c["kind"] == "pool" and "tracks" in c["props"]}


@pytest.mark.parametrize("board", BOXES)
def test_the_runtime_pools_are_the_shared_answer(ir, rules, board):
    """The pools on the table after setup (view_pieces.table_pools) are the checker's answer for the board and the boxes whose characters play."""
    where = Applicability(ir)
    for boxes, teams in lineups(rules):
        game = started(rules, board, teams)
        assert playing(rules, game) == boxes
        said = where.pools_on(board, boxes)
        said = {pid: box for pid, box in said.items() if pid not in counted(ir)}
        assert table_pools(game) == dict(sorted(said.items())), (board, boxes)


@pytest.mark.parametrize("board", BOXES)
def test_every_card_applies_on_every_board_as_the_checker_says(ir, rules, board):
    """For every Mayhem card and every lineup: a token of the card is on the table in the
    runtime exactly when the checker says so, and C502 names it (with who brings it) exactly
    when the board alone lacks it."""
    col = Collection(ir)
    where = col.where
    games = {frozenset(boxes): started(rules, board, teams) for boxes, teams in lineups(rules)}
    cards = [c for c in col.of_kind("mayhem-card")]
    assert len(cards) == 44
    disagreements = []
    for card in cards:
        tokens = sorted(col.uses(card)["token"])
        for boxes, game in games.items():
            pools = table_pools(game)
            for tok in tokens:
                runtime = rules.token_pool(tok) in pools
                if runtime != where.token_on(tok, board, boxes):
                    disagreements.append((card["id"], tok, sorted(boxes)))
        if card["box"] == board:
            continue
        said = " ".join(lacks(col, card, board))
        alone = table_pools(games[frozenset({board})])
        for tok in tokens:
            name = f"token '{col.tokens[tok]['id']}'"
            assert (name in said) == (rules.token_pool(tok) not in alone), (card["id"], tok, said)
            for boxes, game in games.items():
                if name in said and rules.token_pool(tok) in table_pools(game):
                    # the finding names who brings it, and that box is what brought it
                    assert any(f"a {b} character brings it" in said for b in boxes - {board}), (card["id"], said)
    assert disagreements == []


def test_a_character_brings_its_own_box_tokens_and_a_card_brings_none(ir):
    where = Applicability(ir)
    fire = "teen-titans-go:token:fire"
    assert not where.token_on(fire, "looney-tunes")
    assert where.token_on(fire, "looney-tunes", bringing={"teen-titans-go"})
    assert where.bringers(fire, "looney-tunes") == ["teen-titans-go"]
    robin = where.by_qid["teen-titans-go/robin"]
    card = where.by_qid["teen-titans-go/hot-sauce"]
    assert where.bringing_for(robin) == {"teen-titans-go"} and where.bringing_for(card) == set()


def test_the_site_asks_the_same_module(ir):
    from mayhem.site.model import SiteModel
    model = SiteModel(ir)
    where = Applicability(ir)
    refs = [q for q, c in where.by_qid.items() if c["kind"] in ("token", "icon", "location")]
    for a, b in combinations(BOXES, 2):
        for board in (a, b):
            assert [model.provided(r, board) for r in refs] == [where.provided(r, board) for r in refs]
            assert model.pools(board) == where.board_pools(board)
