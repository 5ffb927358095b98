"""The greedy bot (runtime/bots.py, runtime/bot_seen.py): it beats the random bot on a fixed set
of seeded games, and each of its scoring rules changes a choice."""
from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.bot_seen import Seen
from mayhem.runtime.simulate import play_one

GreedyBot = type(make_bot("greedy", 0))  # the class, wherever the runtime keeps it


def test_the_greedy_bot_beats_the_random_bot(rules):
    """40 seeded games of Looney Tunes Mayhem, 20 with the greedy bot as p1 and 20 as p2, seated
    by play_one as `mayhem simulate --bots` seats them: the greedy bot wins at least 26
    (December 4, 2026: 34 on the kernel; a bot that scores every action
    alike wins 4; an even match would reach 26 one time in 25)."""
    won = 0
    for names in (["greedy", "random"], ["random", "greedy"]):
        for seed in range(20):
            r = play_one(rules, GameConfig("looney-tunes", seed=seed), names)
            assert r["bot_names"] == {"p1": names[0], "p2": names[1]}
            won += any(r["bot_names"][p] == "greedy" for p, team in r["bots"].items() if team in r["winners"])
    assert won >= 26, won


def _recorded(rules) -> list[tuple[list[str], Seen]]:
    """Every decision of more than one action in three seeded games of two greedy bots, with
    what the deciding player saw (its lazy parts, the pieces' owners and the Team's cards, read
    then: the game moves on)."""
    out = []
    for box, seed in (("teen-titans-go", 2), ("teen-titans-go", 4), ("looney-tunes", 5)):
        game = Game(rules, GameConfig(box, seed=seed), record=False)
        bots = {"p1": make_bot("greedy", seed), "p2": make_bot("greedy", seed + 1)}
        decision = game.start()
        while decision is not None:
            if len(decision.actions) > 1:
                seen = Seen(game, decision.player)
                seen.owned(), seen.cards()
                out.append((list(decision.actions), seen))
            decision = game.act(bots[decision.player].choose(decision, game))
    return out


def _choices(rules, recorded) -> list[str]:
    bot = GreedyBot(0)
    bot._rules = rules
    return [max((bot.score(a, seen) + bot.rng.random() * 0.01, a) for a in actions)[1] for actions, seen in recorded]


# each scoring rule, and the mutation that takes it away; `score_choose` is left out: a menu of
# options offers nothing else, so the worth of choosing one ranks no choice
MUTATIONS = {
    **{f"score_{verb}": (GreedyBot, f"score_{verb}", lambda *a: 0.0) for verb in (
        "pick", "side", "discard", "play", "place", "place_die", "resolve", "move", "use", "use_token",
        "retrieve", "do", "target", "reroll")},
    "a card's worth": (GreedyBot, "value", lambda *a: 0.0),
    "a foe's pieces on a space": (Seen, "hazard", lambda *a: 0.0),
    "a foe in reach": (Seen, "has_target", lambda *a: False),
    "closer to a foe": (Seen, "distance", lambda *a: 0),
    "the Team's pieces on a space": (Seen, "mine_on", lambda *a: False),
    "a Location's worth": (Seen, "location", lambda *a: None),
    "high dice kept": (Seen, "dice", lambda *a: []),
    "the face of the game's die": (Seen, "effect_die", lambda *a: (6, True)),
}


def test_each_scoring_rule_changes_a_choice(rules, monkeypatch):
    """Each rule of the greedy bot's scoring, taken away (a constant in its place), changes the
    bot's choice at some decision of three seeded games: no rule is dead."""
    recorded = _recorded(rules)
    chosen = _choices(rules, recorded)
    unchanged = []
    for name, (owner, attr, constant) in MUTATIONS.items():
        with monkeypatch.context() as m:
            m.setattr(owner, attr, constant)
            if _choices(rules, recorded) == chosen:
                unchanged.append(name)
    assert unchanged == []
