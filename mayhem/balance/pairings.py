"""What a balance sweep plays (`mayhem balance`): its pairings, read from the IR, and the seed
of each game.

A pairing is the lineups that meet (one per Team) on one board, in one mode:
- a Mayhem box in a mode without team lists (standard, three-players, ...): every split of the
  box's characters into disjoint lineups, one per Team, as many characters each as the mode
  seats for that Team (a box of 4 characters in the standard game: 3 pairings);
- a mode with team lists (Competitive Mode): every legal team (two different characters of
  the whole collection, side a) against every other it shares no character with (the kernel
  deals each character once), on every board (every Mayhem box, or the
  one named); each team's hand is drawn per game from the collection's Mayhem cards, up to its
  characters' Mayhem icons, seeded by the game (`team_hand`);
- a box that names a game of the rules kernel (Marvel Mayhem): every deck against every other,
  its fewest players.
Each pairing plays `games` games; game i seats the lineups rotated by i (two lineups: they
swap seats every game). A game's seed derives from the sweep's seed, the pairing's key and the
game's index alone (`game_seed`), so any split into batches and workers plays the same games."""
from __future__ import annotations

from dataclasses import dataclass
import hashlib
from itertools import combinations
import random

CHARACTERS_PER_TEAM = 2  # a Competitive Mode team (compiler/teams.py)


@dataclass(frozen=True)
class Pairing:
    board: str  # the box played (in Competitive Mode, the board's)
    mode: str
    kind: str  # "characters" (a Mayhem box), "team-lists" (Competitive Mode) or "decks" (a kernel game)
    lineups: tuple[tuple[str, ...], ...]  # one per Team: character ids (qids with team lists), or (deck,)

    @property
    def key(self) -> str:
        return f"{self.board}|{self.mode}|" + " vs ".join(lineup_name(x) for x in self.lineups)

    def seated(self, index: int) -> tuple[tuple[str, ...], ...]:
        """The lineups in seat order for game `index`: rotated by the index."""
        n = index % len(self.lineups)
        return self.lineups[n:] + self.lineups[:n]


def lineup_name(lineup: tuple[str, ...]) -> str:
    return "+".join(lineup)


def game_seed(seed: int, key: str, index: int) -> int:
    """A game's seed: from the sweep's seed, the pairing's key and the game's index only.

    >>> game_seed(0, "teen-titans-go|standard|cyborg+raven vs robin+starfire", 0)
    1663977667
    """
    digest = hashlib.sha256(f"{seed}|{key}|{index}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


class SweepError(ValueError):
    """A box, mode or option the sweep cannot play (the message says which and what exists)."""


def _boxes(ir: dict) -> dict[str, bool]:
    """Every box, and whether it names a game of the rules kernel."""
    return {c["id"]: "game" in c["props"] for c in ir["components"] if c["kind"] == "box"}


def modes_of(ir: dict) -> list[str]:
    return sorted({c["id"] for c in ir["components"] if c["kind"] == "mode"} | {"standard"})


def pairings(ir: dict, box: str | None, mode: str = "standard") -> list[Pairing]:
    """Every pairing of the sweep, in a fixed order (module docstring); a SweepError for a box or
    mode the content lacks. `box` None: Competitive Mode on every board."""
    boxes = _boxes(ir)
    if box is not None and box not in boxes:
        raise SweepError(f"no box '{box}'; boxes: {', '.join(sorted(boxes))}")
    if box is not None and boxes[box]:
        return _deck_pairings(ir, box, mode)
    from mayhem.runtime.modes import load_mode
    rules = _rules(ir)
    if mode not in modes_of(ir):
        raise SweepError(f"no mode '{mode}'; modes: {', '.join(modes_of(ir))}")
    chosen = load_mode(rules, mode)
    if chosen.team_lists:
        boards = [box] if box is not None else sorted(b for b, kernel in boxes.items() if not kernel)
        teams = list(combinations(collection_characters(ir), CHARACTERS_PER_TEAM))
        return [Pairing(b, mode, "team-lists", pair) for b in boards
                for pair in combinations(teams, len(chosen.seats)) if _disjoint(pair)]
    if box is None:
        raise SweepError(f"--box is needed in mode '{mode}' (only a mode with team lists plays every board)")
    sizes = [sum(team) for team in chosen.seats]
    characters = sorted(c["id"] for c in ir["components"] if c["kind"] == "character" and c["box"] == box)
    if sum(sizes) > len(characters):
        raise SweepError(f"mode '{mode}' seats {sum(sizes)} characters; box '{box}' has {len(characters)}")
    found: set = set()
    for split in _splits(tuple(characters), sizes):
        if len(set(sizes)) == 1:  # Teams of one size: the same lineups in another order are the same pairing
            split = tuple(sorted(split))
        found.add(split)
    return [Pairing(box, mode, "characters", split) for split in sorted(found)]


def _disjoint(lineups) -> bool:
    """No character in two lineups: the kernel deals each character's card once (a team list
    may field a character the other team fields; the kernel cannot set that game up)."""
    every = [c for x in lineups for c in x]
    return len(set(every)) == len(every)


def _splits(characters: tuple[str, ...], sizes: list[int]):
    """Every way to give each Team its number of characters, none twice."""
    if not sizes:
        yield ()
        return
    for first in combinations(characters, sizes[0]):
        rest = tuple(c for c in characters if c not in first)
        for tail in _splits(rest, sizes[1:]):
            yield (first,) + tail


def _deck_pairings(ir: dict, box: str, mode: str) -> list[Pairing]:
    from mayhem.runtime.kernel import load_game_rules
    try:
        rules = load_game_rules(ir, box, mode=mode)
    except Exception as exc:  # a mode the game has not (a KernelError or a ValueError): its message
        raise SweepError(f"box '{box}': {exc}") from None
    players = rules.seats[0]
    decks = sorted(rules.decks)
    if len(decks) < players:
        raise SweepError(f"box '{box}' has {len(decks)} decks for {players} players: nothing to pair")
    return [Pairing(box, mode, "decks", tuple((d,) for d in pair)) for pair in combinations(decks, players)]


_RULES: dict = {}


def _rules(ir: dict):
    from mayhem.runtime.rules import load_rules
    key = id(ir)
    if key not in _RULES:
        _RULES.clear()
        _RULES[key] = (ir, load_rules(ir))
    return _RULES[key][1]


def collection_characters(ir: dict) -> list[str]:
    """Every character of the Mayhem boxes, as `box/id`, sorted."""
    return sorted(c["qid"] for c in ir["components"] if c["kind"] == "character")


def collection_cards(ir: dict) -> list[str]:
    """Every Mayhem card of the collection, as `box/id`, sorted."""
    return sorted(c["qid"] for c in ir["components"] if c["kind"] == "mayhem-card")


def icons(ir: dict) -> dict[str, int]:
    """Each character's Mayhem icons (its side a's, as `mayhem team check` counts them), by `box/id`."""
    out = {}
    for comp in ir["components"]:
        if comp["kind"] == "character":
            sides = [c for c in comp["children"] if c["kind"] == "side"]
            shown = sides[0] if sides else comp
            out[comp["qid"]] = (shown["props"].get("mayhem-cards") or {}).get("value", 0)
    return out


def team_hand(cards: list[str], count: int, seed: int, side: int) -> list[str]:
    """A Competitive Mode team's hand for one game: `count` (its characters' icons) different
    Mayhem cards of the collection's `cards`, drawn by the game's seed and the team's side."""
    return sorted(random.Random(seed * 101 + side).sample(cards, min(count, len(cards))))


def sample(found: list[Pairing], limit: int | None, seed: int) -> list[Pairing]:
    """At most `limit` pairings, drawn by the seed, kept in their order (`--limit`)."""
    if limit is None or limit >= len(found):
        return found
    chosen = sorted(random.Random(seed).sample(range(len(found)), limit))
    return [found[i] for i in chosen]
