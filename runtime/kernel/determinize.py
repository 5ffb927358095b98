"""Determinization: a clone of a kernel game in which what one player cannot see is drawn again.

A bot that looks ahead on a clone of the game (greedy.py, the rollout bot) sees the whole
table: the other players' hands, the order of every deck. A determinization is a clone in
which everything the player cannot see is dealt again at random, consistently with what it
can see, so that a bot that searches on it knows no more than the player does:

- which zones the player cannot see comes from their declarations (`visibility`): a `hidden`
  zone hides its cards and their order from everyone, an `owner` zone from everyone but its
  holder (its player, or the players of its Team); a `public` zone, or a place no zone
  declares, hides nothing;
- the cards lying in the places hidden from the player are pooled by what the player can
  tell of them without seeing their face, their owner and their card type (a card's back:
  a deck's cards are not dealt into a pile of tokens), and within each pool the printed
  cards are dealt again at random onto the same card instances: every place keeps its
  count of cards, each pool its cards, so the clone is a table the game could have dealt;
- the clone's seeded generator is seeded anew, from the bot's own draw: the dice and
  shuffles still to come are not the real game's (unless a step is under way, below).

The printed card of each hidden instance is what changes (`state.cards`), not where the
instances lie: a game stopped by a question in the middle of a step replays that step from
its start (`snapshot`, structure.py), and the same exchange made in the step's starting
state keeps the replay the same as far as the player saw it. An instance the player could
see at the step's start is left as it is. The generator of such a step is kept, since its
replay must roll again what the player saw rolled; `reseed` seeds it anew once the step is
done (ismcts.py calls it after each answer). Cards the game revealed and put back (a card
looked at on top of a deck) are dealt again too: the player forgets them, which loses
strength, never fairness.

It knows no game: only the zones' declarations, the cards' owners and types."""
from __future__ import annotations

import random


def visible(rules, state, key: str, player: str) -> bool:
    """Whether `player` sees the cards at the place `key` ("hand/p2", "deck", "pile/space")."""
    zone, _sep, holder = key.partition("/")
    spec = rules.zones.get(zone)
    if spec is None or spec.visibility == "public":
        return True
    if spec.visibility == "owner" and holder:
        return holder == player or holder == state.team_by.get(player)
    return False


def hidden_from(rules, state, player: str) -> list[int]:
    """The card instances lying where `player` cannot see them, in uid order."""
    out = []
    zones = state.zones
    for key in sorted(zones):
        if zones[key] and not visible(rules, state, key, player):
            out += zones[key]
    out.sort()
    return out


def pools(rules, state, uids) -> dict[tuple, list[int]]:
    """The uids grouped by what their backs tell (owner, card type), each group in uid order."""
    cards, owners, printed = state.cards, state.owners, rules.cards
    out: dict[tuple, list[int]] = {}
    for uid in uids:
        card = printed.get(cards[uid])
        out.setdefault((str(owners[uid]), card.type if card is not None else ""), []).append(uid)
    return out


def deal(rules, state, player: str, rnd: random.Random, snapshot=None) -> dict[int, str]:
    """The printed card each hidden instance gets: uid -> qid, drawn by `rnd` from what the
    player can see only (the uids hidden from it, their pools' cards in sorted order)."""
    hidden = hidden_from(rules, state, player)
    if snapshot is not None:  # an instance seen at the step's start is known (module docstring)
        before = set(hidden_from(rules, snapshot, player))
        hidden = [uid for uid in hidden if uid in before and snapshot.cards[uid] == state.cards[uid]]
    dealt = {}
    for _key, uids in sorted(pools(rules, state, hidden).items()):
        faces = sorted(state.cards[uid] for uid in uids)
        rnd.shuffle(faces)
        dealt.update(zip(uids, faces))
    return dealt


def determinize(game, player: str, rnd: random.Random, tries: int = 4):
    """A clone of `game` (a KernelGame at a decision) in which what `player` cannot see is
    dealt again (module docstring); the game itself is left as it is. In the middle of a step,
    a deal whose replay of the step does not come back to the same question (another player
    was asked a question the cards dealt to them would not raise: a Reaction offered) is
    drawn again, `tries` times in all; None if none came back (`consistent`)."""
    for _ in range(tries):
        twin = _dealt(game, player, rnd)
        if game.snapshot is None or consistent(game, twin):
            return twin
    return None


def consistent(game, twin) -> bool:
    """Whether the step under way, replayed on `twin` from its start with its answers so far,
    asks the question `game` waits on (the same player, kind and answers)."""
    check = twin.clone(history=False)
    check.pending = dict(check.pending, final=False)  # replayed from the start, whatever comes next
    try:
        asked = check._advance()
    except Exception:  # noqa: BLE001 - a deal the answers so far do not fit: a rule's read of it fails
        return False
    real = game.decision
    return asked is not None and (asked.player, asked.kind, asked.actions) == (real.player, real.kind, real.actions)


def _dealt(game, player: str, rnd: random.Random):
    """One deal of what `player` cannot see, on a clone of `game` (determinize)."""
    twin = game.clone(history=False)
    dealt = deal(game.rules, game.state, player, rnd, game.snapshot)
    for state in (twin.state, twin.snapshot):
        if state is not None and dealt:
            cards = state.cards = state.cards[:]  # (a new list: the caches kept by the cards list let go)
            for uid, qid in dealt.items():
                cards[uid] = qid
            state.heard_uids = None
            state.pieces_mark = _tick()
    twin._ids = []  # each card's printed id by uid, read again (labels.py)
    reseed(twin, rnd)
    return twin


def reseed(game, rnd: random.Random) -> bool:
    """The game's generator seeded anew from `rnd` unless a step under way must replay its
    draws (a snapshot kept): True if it was."""
    if game.snapshot is not None:
        return False
    game.state.rng = random.Random(rnd.getrandbits(64)).getstate()
    return True


def _tick() -> int:
    from .writers import tick
    return tick()
