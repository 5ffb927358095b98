"""The shared game's declarations the kernel did not read, read (runtime/kernel/kept.py, steps.py,
phases.py): a face-down pile in the game's `pile-to` zone, a counter kept as pieces (`kept-as`)
and set out at setup (`set-out-on`, `set-out-if`), the owner of a piece taken (`owner-kept-if`),
the kind of dice a round takes back (`pool-die`), and the structure events where a game's phases
put them. Each on a lab game's copy or on a copy of the content whose box names `game mayhem`."""
from __future__ import annotations

from pathlib import Path
import shutil
import sys

import pytest

from game_helpers import lab_copy_ir
from mayhem.compiler import driver
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.pieces import count, has, take
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.rules import KernelError, load_game_rules
from mayhem.runtime.kernel.structure import KernelConfig, KernelGame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import trial  # noqa: E402


def _ids(game, key: str) -> list[str]:
    return [game.rules.cards[game.state.cards[u]].id for u in game.state.zones.get(key, ())]


# ---- pile-to: the zone a `pile-on` pool's pieces lie in --------------------------------------

HOARD = ('''  zone stash "Loot a player has dug" {''', '''  zone hoard "The vault's face-down loot" {
    per space
    ordered
    visibility hidden
  }

  zone stash "Loot a player has dug" {''')


def test_a_pile_lies_in_the_games_pile_to_zone_and_is_read_with_the_spaces_pieces(tmp_path):
    """Embers declaring `pile-to hoard`: the loot lies face down in `hoard/vault`, not in the
    zone of pieces kept per space; `has`, `count` and `take` at the vault read the space's
    pieces and the pile as one heap (the space's first, then the pile's from its top)."""
    ir = lab_copy_ir(tmp_path, "embers", HOARD, ("  first-player first-seat\n",
                                                   "  first-player first-seat\n  pile-to hoard\n"))
    rules = load_game_rules(ir, "embers")
    assert rules.pieces.pile == "hoard"
    game = KernelGame(rules, KernelConfig(players=2, seed=4))
    game.start()
    assert sorted(_ids(game, "hoard/vault")) == ["dud", "dud", "gem", "gem"] and _ids(game, "ground/vault") == []
    run, env = Run(game, []), {"ctx:me": "p1"}
    gem = next(q for q in rules.cards if rules.cards[q].id == "gem")
    assert has(run, env, "vault", gem) and count(run, env, gem, on="vault") == 2
    top = next(u for u in game.state.zones["hoard/vault"] if rules.cards[game.state.cards[u]].id == "gem")
    take(run, env, gem, **{"from": "vault", "to": "p1"})
    assert game.state.places[top] == "stash/p1" and count(run, env, gem, on="vault") == 1


def test_without_pile_to_the_pile_lies_in_the_zone_of_pieces_kept_per_space():
    """Embers as shipped: the pile is the vault's pieces (its seeded games are unchanged)."""
    from game_helpers import lab_ir
    rules = load_game_rules(lab_ir(ROOT / "tests" / "fixtures" / "kernel" / "embers"), "embers")
    assert rules.pieces.pile == "ground"
    game = KernelGame(rules, KernelConfig(players=2, seed=4))
    game.start()
    assert sorted(_ids(game, "ground/vault")) == ["dud", "dud", "gem", "gem"]


def test_a_pile_to_zone_not_kept_per_space_is_a_load_error(tmp_path):
    ir = lab_copy_ir(tmp_path, "embers", ("  first-player first-seat\n",
                                          "  first-player first-seat\n  pile-to supply\n"))
    with pytest.raises(KernelError, match="'pile-to supply' names a zone kept per no one"):
        load_game_rules(ir, "embers")


# ---- the Mayhem game's counter kept as pieces, and a piece's owner -------------------------------

@pytest.fixture(scope="module")
def looney(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("decl") / "content"
    shutil.copytree(ROOT / "content", copy)
    trial.name_the_game(copy, "looney-tunes")
    return copy


def _started(root: Path, *edits: tuple[str, str]) -> KernelGame:
    if edits:
        root = root.parent / f"edited{len(list(root.parent.iterdir()))}"
        shutil.copytree(ROOT / "content", root)
        trial.name_the_game(root, "looney-tunes")
        path = root / "shared" / "game.mh"
        text = path.read_text()
        for old, new in edits:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        path.write_text(text)
    rules = load_game_rules(driver.compile_paths([root]).ir, "looney-tunes")
    return play_game(rules, KernelConfig(players=2, seed=0, max_turns=0), ["random"])


def _qid(game, ident: str) -> str:
    return next(q for q in game.rules.cards if game.rules.cards[q].id == ident)


def test_a_counter_kept_as_pieces_is_the_teams_pieces_on_it_and_its_figures(looney):
    """The `vp` counter `kept-as vp`: a VP token of each Team lies on each Location printed with
    VP slots (`set-out-on vp-slots`, the pool's `on-vp-slots`); gaining VP lays the Team's own
    tokens from its pool on the Team (as many as the pool has left), a token taken from a
    Location by a Character counts for its Team, and losing VP sends tokens back."""
    game = _started(looney)
    st, rules = game.state, game.rules
    vp = rules.counters["vp"]
    assert vp.kept_as == _qid(game, "vp")
    run, env = Run(game, []), {"ctx:me": "p1"}
    pool = [u for u in st.zones["supply/black"] if rules.cards[st.cards[u]].id == "vp"]
    assert len(pool) == 9 - 4 and vp.get(run, "black") == 0  # four Locations print VP slots
    vp.add(run, "black", 2)
    assert vp.get(run, "black") == 2 and _ids(game, "on-team/black") == ["vp", "vp"]
    assert st.log[-1] == {"event": "vp", "team": "black", "total": 2}
    figure = next(f for f, x in st.figures.items() if x["owner"] == "black")
    take(run, env, _qid(game, "vp"), **{"from": "hunting-ground", "to": figure})
    assert vp.get(run, "black") == 3 and vp.get(run, "white") == 0  # the black token, not the white one
    assert [st.owners[u] for u in st.zones["on-space/hunting-ground"]] == ["white"]
    vp.add(run, "black", 10)
    assert vp.get(run, "black") == 3 + 3  # the pool had three left
    vp.add(run, "black", -4)
    assert vp.get(run, "black") == 2 and len([u for u in st.zones["supply/black"]
                                              if rules.cards[st.cards[u]].id == "vp"]) == 4


def test_a_piece_taken_becomes_the_takers_teams_unless_its_token_has_the_games_flag(looney):
    """`owner-kept-if mission`: an ACME token taken from the Desert Road's pile becomes the
    taking Character's Team's; a token with the flag keeps its owner (`owner-kept-if usable`:
    the ACME tokens are usable); a game without `owner-kept-if` keeps every owner."""
    def taken_owner(game) -> str | None:
        st = game.state
        figure = next(f for f, x in st.figures.items() if x["owner"] == "white")
        uid = st.zones["token-pile/desert-road"][0]
        take(Run(game, []), {"ctx:me": "p1"}, st.cards[uid], **{"from": "desert-road", "to": figure})
        assert st.places[uid] == f"on-figure/{figure}"
        return st.owners[uid]

    assert taken_owner(_started(looney)) == "white"
    assert taken_owner(_started(looney, ("  owner-kept-if mission\n", ""))) is None
    assert taken_owner(_started(looney, ("  owner-kept-if mission\n", "  owner-kept-if usable\n"))) is None


# ---- pool-die: the kind of dice a round takes back -----------------------------------------

def _rolled_in(game) -> dict[str, int]:
    """The round each die still in the game was rolled in."""
    when, rnd = {}, 0
    for e in game.state.log:
        if e["event"] == "round-start":
            rnd = e["round"]
        elif e["event"] == "roll" and "owner" in e:
            when.update({d: rnd for d in e["dice"]})
    return {d: when[d] for d in game.state.dice if d in when}


def test_a_round_takes_back_only_the_dice_of_the_games_pool_die(tmp_path):
    """Ridge without its `remove-dice` (a round's end takes the dice back): every held die goes
    at a round's end; with `pool-die d6`, only the d6 do, and a boost die outlives its round."""
    keep = ("      remove-dice(dice-of(t))\n      roll(d6, 2, of: t)\n    }\n    let low = lowest(dice",
            "      roll(d6, 2, of: t)\n    }\n    let low = lowest(dice")
    plain = lab_copy_ir(tmp_path / "a", "ridge", keep)
    named = lab_copy_ir(tmp_path / "b", "ridge", keep, ("  teams 2\n", "  teams 2\n  pool-die d6\n"))
    for ir, outlives in ((plain, False), (named, True)):
        old = set()
        for seed in range(6):
            game = play_game(load_game_rules(ir, "ridge"), KernelConfig(players=2, seed=seed), ["random"])
            old |= {game.state.dice[d]["type"] for d, r in _rolled_in(game).items() if r < game.state.round}
        assert old == ({"boost"} if outlives else set())


# ---- the structure events where the phases put them ---------------------------------------

OMEN = ('''  die boost "Boost die" {''', '''  die omen "Omen die" {
    faces 1..2
  }

  rule omens "Omens" {
    on round-start {
      roll(omen, 1, of: first(teams))
    }
    on round-end {
      roll(omen, 1, of: last(teams))
    }
  }

  die boost "Boost die" {''')
SCORING = ('''  round-end when size(dice-of(teams)) == 0 {
''', '''  round-end when size(dice-of(teams)) == 0 {
    roll(omen, 2, of: first(teams))
''')


def _order(game) -> list[str]:
    """What a round's rolls and steps were, in order: `d6` the round's own dice, `omen-start`
    and `omen-end` the rules' rolls on the structure events, `omen-slot` the `round-end { }`
    slot's, `boost` a phase's (or a one-shot trigger's)."""
    out = []
    for e in game.state.log:
        if e["event"] == "roll" and "owner" in e:
            name = e["die"]
            if name == "omen":
                name = "omen-slot" if len(e["dice"]) == 2 else "omen-start" if e["owner"] == "t1" else "omen-end"
            out.append(name)
        elif e["event"] in ("lead", "round-end"):
            out.append(e["event"])
    return out


def test_without_phases_each_structure_event_comes_after_its_slot(tmp_path):
    game = play_game(load_game_rules(lab_copy_ir(tmp_path, "ridge", OMEN, SCORING), "ridge"),
                     KernelConfig(players=2, seed=1), ["random"])
    order = _order(game)
    # the leader's line as `lead(...)` names it, in the slot; the event's triggers after the slot
    assert order[:5] == ["d6", "d6", "lead", "omen-start"] + order[4:5] and "omen-start" in order
    ends = [i for i, x in enumerate(order) if x == "omen-slot"]
    assert ends and all(order[i + 1] == "omen-end" for i in ends)  # the slot, then the triggers


def test_with_phases_round_start_follows_the_round_and_round_end_precedes_the_games_slot(tmp_path):
    """Ridge with phases (the round's own start, a boost phase, the turns, the scoring that runs
    `round-end`): `round-start` is raised right after the round's own start, before the boost
    phase; `round-end` right before the game's `round-end { }`, as the Mayhem rounds have it."""
    from test_switch_trial import PHASES
    game = play_game(load_game_rules(lab_copy_ir(tmp_path, "ridge", OMEN, SCORING, ("  # Uphill", PHASES)), "ridge"),
                     KernelConfig(players=2, seed=1), ["random"])
    order = _order(game)
    second = order[order.index("round-end") + 1:]
    start = second[:second.index("omen-start") + 1]  # the second round's own start, then its event
    assert start == ["d6", "d6", "lead", "omen-start"]  # the leader's line as `lead(...)` names it
    boosts = second[len(start):]
    assert boosts[:2] == ["boost", "boost"]  # the phase after the round's own start, after the event
    ends = [i for i, x in enumerate(order) if x == "omen-end"]
    assert ends and all(order[i + 1] == "omen-slot" for i in ends)  # the triggers, then the slot


# ---- Free-For-All on the kernel ----------------------------------------------------------------

@pytest.fixture(scope="module")
def both(tmp_path_factory) -> dict:
    copy = tmp_path_factory.mktemp("ffa") / "content"
    shutil.copytree(ROOT / "content", copy)
    for box in ("teen-titans-go", "looney-tunes"):
        trial.name_the_game(copy, box)
    return driver.compile_paths([copy]).ir


@pytest.mark.parametrize("box, npc, lent", [("teen-titans-go", "out-of-control-cyborg", "cyborg"),
                                             ("looney-tunes", "spinning-taz", "taz")])
def test_free_for_all_drafts_one_character_a_player_and_adds_the_non_player_figure(both, box, npc, lent):
    """Free-For-All (content/shared/modes.mh) on the kernel: three Teams of one player, one
    Character each (the mode's `seats` for a figure kept per Team), the character whose figure
    the non-player figure uses left out of the draft (`draft(exclude: "unowned")`), the box's
    `npc` card added as the game's `figure npc` (`unowned`) by `add-unowned-figure()`, every
    token communal (`fill-pools(owner: "none")`), and seeded games play."""
    rules = load_game_rules(both, box, mode="free-for-all")
    assert rules.figures["npc"]["unowned"]
    st = play_game(rules, KernelConfig(players=3, seed=2, max_turns=0), ["random"]).state
    picks = [e for e in st.log if e["event"] == "pick"]
    assert len(picks) == 3 and lent not in {e["card"] for e in picks}
    owners = {f: x["owner"] for f, x in st.figures.items()}
    assert owners.pop(npc) is None and sorted(owners.values()) == sorted(st.teams) and len(st.teams) == 3
    assert {"event": "add-figure", "figure": npc, "to": None} in st.log
    assert not any(st.zones.get(f"supply/{t}") for t in st.teams) and st.zones["supply"]
    assert all(st.owners[u] is None for u, q in enumerate(st.cards) if rules.cards[q].type in rules.pieces.types)
    played = play_game(rules, KernelConfig(players=3, seed=2), ["random"])
    assert played.state.result is not None


def test_the_standard_game_deals_two_characters_a_team_and_no_non_player_figure(both):
    game = play_game(load_game_rules(both, "teen-titans-go"), KernelConfig(players=2, seed=0, max_turns=0), ["random"])
    owners = [x["owner"] for x in game.state.figures.values()]
    assert sorted(owners) == ["black", "black", "white", "white"]


def test_a_draft_excludes_nothing_else(both):
    from mayhem.runtime.kernel.draft import _excluded
    rules = load_game_rules(both, "teen-titans-go", mode="free-for-all")
    assert _excluded(rules, "unowned") == {"out-of-control-cyborg", "cyborg"} and _excluded(rules, None) == set()
    with pytest.raises(KernelError, match='draft\\(exclude: \'npc\'\\): "unowned"'):
        _excluded(rules, "npc")


@pytest.mark.parametrize("mode, players", [("three-players", 3), ("four-players", 4)])
def test_in_a_team_of_two_players_each_holds_the_character_they_pick(both, mode, players):
    """The 3 and 4 player games: a Character drafted for a Team of two players is the picker's
    (its `player`), so each player's hand limit is their own Character's Mayhem icons (it was a
    load error: which player of the Team holds it was not the kernel's to say)."""
    rules = load_game_rules(both, "teen-titans-go", mode=mode)
    st = play_game(rules, KernelConfig(players=players, seed=1, max_turns=0), ["random"]).state
    picked = {e["card"]: e["player"] for e in st.log if e["event"] == "pick"}
    dealt = {f: x for f, x in st.figures.items() if x["owner"] is not None}  # not a Monster no one holds
    assert sorted(dealt) == sorted(picked)
    for figure, fig in dealt.items():
        assert fig.get("player") == (picked[figure] if len(st.teams[fig["owner"]]) > 1 else None)
    icons = {f: rules.cards[x["card"]].props.get("mayhem-cards", 0) for f, x in dealt.items()}
    for player in st.players:
        mine = [f for f, x in dealt.items() if x.get("player") == player
                or x.get("player") is None and st.teams[x["owner"]] == [player]]
        assert st.counters[f"hand-limit/{player}"] == sum(icons[f] for f in mine) > 0


# ---- the Mayhem deck: the box's Mayhem cards, one shared deck ---------------------------------

@pytest.mark.parametrize("mode, players, kept", [("standard", 2, 22), ("free-for-all", 3, 12)])
def test_shuffle_deck_lays_the_boxs_cards_the_mode_keeps_and_the_players_draw_from_one_deck(both, mode, players,
                                                                                             kept):
    """The game's `draw-from` zone says `starts-with mayhem-card`: `shuffle-deck()` lays the box's
    Mayhem cards in it (those with the mode's `cards-with` flag: Free-For-All's), then shuffles
    them; `fill-zones()` leaves it to it; the players draw their hands from the one shared deck
    (it was empty on the kernel: the draws read a deck per player)."""
    rules = load_game_rules(both, "teen-titans-go", mode=mode)
    st = play_game(rules, KernelConfig(players=players, seed=0, max_turns=0), ["random"]).state
    assert {"event": "fill", "zone": "mayhem-deck", "count": kept} in st.log
    assert not any(e["event"] == "fill" and e["zone"] == "mayhem-deck" for e in st.log[st.log.index(
        {"event": "shuffle", "zone": "mayhem-deck"}):])
    # (a card a player played in the first round's start, its Round Start window: `card-window`)
    played = {p: sum(e["event"] == "play" and e["player"] == p for e in st.log) for p in st.players}
    hands = {p: len(st.zones[f"hand/{p}"]) + played[p] for p in st.players}
    assert hands == {p: st.counters[f"hand-limit/{p}"] for p in st.players} and all(hands.values())
    assert len(st.zones["mayhem-deck"]) + len(st.zones.get("mayhem-discard", [])) + sum(hands.values()) == kept
    if mode == "free-for-all":
        assert all(rules.cards[st.cards[u]].props.get("free-for-all") for u in st.zones["mayhem-deck"])


def test_a_team_whose_players_were_swapped_draws_the_row_of_its_shape(both):
    """`hand-draw [[4, 4], [7]]` (3 players): the Team of one player draws 7 wherever the chosen
    colours put it (its row was the other Team's: its second player drew nothing)."""
    rules = load_game_rules(both, "teen-titans-go", mode="three-players")
    for seed in range(4):
        st = play_game(rules, KernelConfig(players=3, seed=seed, max_turns=0), ["random"]).state
        for team, members in st.teams.items():
            for p in members:
                limit = st.counters[f"hand-limit/{p}"]
                played = sum(e["event"] == "play" and e["player"] == p for e in st.log)  # (the Round Start window)
                assert len(st.zones[f"hand/{p}"]) + played == min(limit, 7 if len(members) == 1 else 4)
