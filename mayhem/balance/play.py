"""One game of a balance sweep (`mayhem balance`): a pairing's game `index`, seeded, played by
the named bot in every seat, and what the statistics read of it: one row per side (its lineup,
its seat, whether it took the first turn, whether it won, the cards in its hand at any of its
players' turns), with the game's end reason, length and decisions.

A Mayhem box is played through Game (runtime/game.py): a bot of runtime/bots.py (random,
greedy: the one that reads the view) answers in the Mayhem words; a bot only the rules kernel
has (runtime/kernel/play.py BOTS: rollout, and any added there) answers the kernel's game
itself, the round limit kept alike. A box that names a game of the rules kernel is played by
the kernel's bots, a deck per player."""
from __future__ import annotations

from .pairings import Pairing, collection_cards, icons, lineup_name, team_hand

MAX_ROUNDS = 40  # GameConfig's round limit: a game still going then ends without a winner


class Loaded:
    """The rules a worker plays with, loaded once from the IR (a Mayhem box's Rules, each
    kernel game's rules by box and mode) and the collection read for Competitive Mode hands."""

    def __init__(self, ir: dict) -> None:
        from mayhem.runtime.rules import load_rules
        self.ir = ir
        self.rules = load_rules(ir)
        self._games: dict = {}
        self._teams: dict = {}
        self.cards = collection_cards(ir)
        self.icons = icons(ir)

    def game_rules(self, box: str, mode: str):
        key = (box, mode)
        if key not in self._games:
            from mayhem.runtime.kernel import load_game_rules
            self._games[key] = load_game_rules(self.ir, box, mode=mode)
        return self._games[key]

    def team_ids(self, mode: str) -> list[str]:
        """The kernel's Teams of a mode in seat order: the game's team-names when it names as
        many, else t1, t2, ..."""
        if mode not in self._teams:
            from mayhem.runtime.modes import load_mode, team_names
            seats = load_mode(self.rules, mode).seats
            names = team_names(self.rules)
            self._teams[mode] = list(names) if len(names) == len(seats) else [f"t{i + 1}" for i in range(len(seats))]
        return self._teams[mode]


def bot_kind(name: str, kernel_game: bool) -> str | None:
    """Who plays a bot's name: `mayhem` (runtime/bots.py, a Mayhem box's own), `kernel`
    (runtime/kernel/play.py), or None: no such bot."""
    from mayhem.runtime.kernel.play import BOTS as KERNEL
    if not kernel_game:
        from mayhem.runtime.bots import BOTS as MAYHEM
        if name in MAYHEM:
            return "mayhem"
    return "kernel" if name in KERNEL else None


def play(loaded: Loaded, pairing: Pairing, index: int, seed: int, bot: str) -> list[dict]:
    """The rows of game `index` of `pairing` (module docstring), seed `seed`."""
    seated = pairing.seated(index)
    if pairing.kind == "decks":
        outcome = _play_decks(loaded, pairing, seated, seed, bot)
    else:
        outcome = _play_mayhem(loaded, pairing, seated, seed, bot)
    winners, first, hands, reason, length, decisions = outcome
    rows = []
    for seat, lineup in enumerate(seated):
        side = pairing.lineups.index(lineup)
        rows.append({"board": pairing.board, "mode": pairing.mode, "pairing": pairing.key, "game": index,
                     "seed": seed, "side": side, "lineup": lineup_name(lineup), "seat": seat + 1,
                     "first": seat == first, "won": seat in winners, "draw": not winners,
                     "reason": reason or "none", "length": length, "decisions": decisions,
                     "hand": ";".join(sorted(hands.get(seat, ()))),
                     "opponents": "|".join(lineup_name(x) for x in pairing.lineups if x != lineup)})
    return rows


def _seen(kernel, zone: str | None, player: str, into: set) -> None:
    """The cards in the player's hand now, added to `into` (card qids)."""
    if zone is None:
        return
    st, cards = kernel.state, kernel.rules.cards
    for uid in st.zones.get(f"{zone}/{player}", ()):
        into.add(cards[st.cards[uid]].qid)


def _play_mayhem(loaded: Loaded, pairing: Pairing, seated, seed: int, bot: str):
    from mayhem.runtime import Game, GameConfig
    from mayhem.runtime.simulate import seated as seat_bots
    teams = loaded.team_ids(pairing.mode)
    if pairing.kind == "team-lists":
        lists = {t: {"characters": list(x), "hand": team_hand_of(loaded, x, seed, i)}
                 for i, (t, x) in enumerate(zip(teams, seated))}
        config = GameConfig(pairing.board, seed=seed, mode=pairing.mode, team_lists=lists, max_rounds=MAX_ROUNDS)
    else:
        config = GameConfig(pairing.board, seed=seed, mode=pairing.mode, max_rounds=MAX_ROUNDS,
                            teams={t: list(x) for t, x in zip(teams, seated)})
    game = Game(loaded.rules, config, record=False)
    kernel = game.kernel
    zone = loaded.rules.zone_of.get("draw-to")
    seat_of_team = {t: i for i, t in enumerate(teams)}
    watch = _Turns(kernel, zone)
    turn, seen, first = watch.turn, watch.seen, watch.first

    capped = False
    if bot_kind(bot, False) == "mayhem":
        players: dict = {}

        def choose(decision):
            if decision.kind in ("turn", "die"):
                turn(decision.player)
            if not players:
                players.update(seat_bots([bot] * 8, seed))
            return players[decision.player].choose(decision, game)
        game.play_out(choose)
        result = game.result()
    else:
        capped = _kernel_loop(kernel, bot, seed, turn, MAX_ROUNDS)
        result = game.result()
        if capped:
            result = {**result, "winners": [], "reason": "max-rounds"}
    labels = {label: seat_of_team[_team_of(kernel, chars, teams)] for label, chars in result["teams"].items()}
    winners = {labels[w] for w in result["winners"] or () if w in labels}
    hands: dict[int, set] = {}
    for player, cards in seen.items():
        hands.setdefault(seat_of_team[kernel.state.team_of(player)], set()).update(cards)
    lead = seat_of_team[kernel.state.team_of(first[0])] if first else -1
    return winners, lead, hands, result["reason"], result["rounds"], game.decisions


def team_hand_of(loaded: Loaded, lineup, seed: int, side: int) -> list[str]:
    return team_hand(loaded.cards, sum(loaded.icons.get(c, 0) for c in lineup), seed, side)


def _team_of(kernel, characters: list[str], teams: list[str]) -> str:
    """The kernel's Team that owns these characters (a Team the result names by its label)."""
    figures = kernel.state.figures
    for c in characters:
        owner = (figures.get(c) or {}).get("owner")
        if owner in teams:
            return owner
    raise ValueError(f"no Team owns {characters}")


class _Turns:
    """Told each turn's player: who took the first turn (`first`, empty until then) and the cards
    each player held in hand at any of their turns (`seen`, by player)."""

    def __init__(self, kernel, zone: str | None) -> None:
        self.kernel, self.zone = kernel, zone
        self.seen: dict[str, set] = {}
        self.first: list[str] = []

    def turn(self, player: str) -> None:
        if not self.first:
            self.first.append(player)
        _seen(self.kernel, self.zone, player, self.seen.setdefault(player, set()))


def _kernel_loop(kernel, bot: str, seed: int, turn, cap: int | None) -> bool:
    """The kernel's own game played by a kernel bot in every seat (seeded as play_game seeds
    them), each turn told to `turn(player)`; True when the round limit stopped it."""
    from mayhem.runtime.kernel.play import make_bot
    bots: dict = {}
    decision = kernel.start()
    while decision is not None:
        if cap is not None and kernel.state.round > cap:
            return True
        player = decision.player
        if decision.kind == "action":
            turn(player)
        if player not in bots:
            bots[player] = make_bot(bot, seed * 31 + int(player[1:]) - 1)
        decision = kernel.act(bots[player].choose(decision, kernel))
    return False


def _play_decks(loaded: Loaded, pairing: Pairing, seated, seed: int, bot: str):
    from mayhem.runtime.kernel.structure import KernelConfig, KernelGame
    rules = loaded.game_rules(pairing.board, pairing.mode)
    decks = [x[0] for x in seated]
    game = KernelGame(rules, KernelConfig(players=len(decks), seed=seed, decks=decks))
    zone = rules.zone_roles.get("draw-to")
    watch = _Turns(game, zone)
    turn, seen, first = watch.turn, watch.seen, watch.first

    _kernel_loop(game, bot, seed, turn, None)
    result = game.state.result or {}
    seat = {p: i for i, p in enumerate(game.state.players)}
    winners = {seat[p] for p in result.get("winners") or ()}
    hands = {seat[p]: cards for p, cards in seen.items()}
    return (winners, seat[first[0]] if first else -1, hands, result.get("reason"), result.get("turns", 0),
            len(game.history))
