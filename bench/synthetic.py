"""The synthetic content of the compiler's benchmarks: boxes of characters and Mayhem cards in
the rulebooks' phrasing, N cards in all, and the one-line edits bench/compile.py times.

bench/compile.py, bench/lsp.py and bench/diff.py write their content sets with `generate`."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORE = REPO / "content" / "shared" / "core.mh"

CHARACTER_SHARE = 0.2  # one card in five is a character, the rest are Mayhem cards
CHARACTERS_PER_FILE = 5
CARDS_PER_FILE = 20

# (effect, the text that says it): the texts are in the rulebook's phrasing, so that the
# text checks read real sentences (and find nothing wrong)
STANDARD = [("melee-attack", "Melee Attack"), ("ranged-attack", "Ranged Attack"), ("shield", "Shield"),
            ("flee", "Flee"), ("move", "MOVE"), ("teleport", "TELEPORT")]
SPECIAL = [("plus-damage({n})", "+{n} Damage"), ("heal({n})", "Heal {n}"), ("move", "MOVE"), ("pull", "PULL"),
           ("push", "PUSH"), ("obstacle", "OBSTACLE"), ("trap({n})", "TRAP {n}")]
MAYHEM = [("stun(attack-target)", "STUN the target"), ("trap(1)", "TRAP 1"), ("push", "PUSH"), ("pull", "PULL"),
          ("heal(1)", "Heal 1"), ("plus-damage(1)", "+1 Damage")]
CARD_EFFECTS = [
    ("damage(one opponent in here, {n})", "{name} deals {n} Damage to an opposing Character in your Location."),
    ('may "Strike" {{\n      damage(one opponent in here-or-adjacent, {n})\n    }}',
     "You may deal {n} Damage to an opposing Character in your Location or an adjacent one ({name})."),
    ('choose one {{\n      "Heal" {{\n        heal({n})\n      }}\n      "Shield" {{\n        shield\n      }}\n    }}',
     "{name}: Heal up to {n} Damage, or take a Shield token."),
    ("if mayhem-die >= {d} {{\n      draw-mayhem\n    }} else {{\n      roll-mayhem-die\n    }}",
     "If the Mayhem die shows {d} or more, draw 1 Mayhem card; otherwise roll the Mayhem die ({name})."),
    ("for each f in all friend in here {{\n      remove-damage(f, 1)\n    }}",
     "Each of your Characters in your Location Heals 1 ({name})."),
    ("let target = one opponent in adjacent\n    damage(target, {n})\n    stun(target)",
     "{name} deals {n} Damage to an opposing Character in an adjacent Location and STUNS it."),
    ("move-figure(self, to: up-to 1 location in adjacent where open(it))",
     "{name}: Move into an adjacent Location with an open Slot."),
]


# ---- the synthetic content ---------------------------------------------------

def box_file(box: str, title: str, characters: int, cards: int) -> str:
    locations = []
    for k in range(10):
        base = ("black" if k < 2 else "white") if k < 4 else None
        locations.append(
            f'location {box}-place-{k} "{title} Place {k}" {{\n  source authored\n  text "A place."\n'
            f'  slots {1 + k % 2}\n' + (f"  base {base}\n" if base else "") + "}\n")
    return (
        f'in box {box}\nuse "shared/core.mh"\n\n'
        f'box {box} "{title}" {{\n  source authored\n  terminology character\n  players 2..4\n'
        f'  win-vp 5\n  board [3, 4, 3]\n  mayhem-die 1\n'
        f'  mayhem-die-faces ["1", "1*", "2", "2", "3", "3*"]\n'
        f'  activation-die-faces ["1", "2", "3", "4", "5", "6"]\n'
        f'  figures {characters}\n  dashboards {characters}\n  location-tiles 10\n'
        f'  bases black 2 white 2\n  special-locations 6\n  activation-dice black 2 white 2\n'
        f'  go-cards 0\n  mayhem-cards {cards}\n  tokens 38\n\n'
        f'  pool shield "Shield tokens" {{\n    count 4\n  }}\n'
        f'  pool flee "Flee tokens" {{\n    count 4\n  }}\n'
        f'  pool trap-stun "Trap/Stun tokens" {{\n    black 8\n    white 8\n    double-sided\n  }}\n'
        f'  pool obstacle "Obstacle tokens" {{\n    count 4\n  }}\n'
        f'  pool victory-points "Victory Point tokens" {{\n    black 5\n    white 5\n  }}\n'
        "}\n\n" + "\n".join(locations))


def character(rng: random.Random, box: str, title: str, k: int) -> str:
    def ability(name: str, slot: int) -> str:
        effect, text = rng.choice(STANDARD)
        body, says = f"    standard {{\n      {effect}\n    }}\n", [text]
        if rng.random() < 0.8:
            n = rng.randint(1, 2)
            effect, text = rng.choice(SPECIAL)
            body += f"    special {{\n      {effect.format(n=n)}\n    }}\n"
            says.append(f"Special: {text.format(n=n)}")
            if rng.random() < 0.6:
                effect, text = rng.choice(MAYHEM)
                body += f"    mayhem {{\n      {effect}\n    }}\n"
                says.append(f"Mayhem: {text}")
        return (f'  ability {name}-{k} "{name.title()} {title} {k}" {{\n    text "{". ".join(says)}."\n'
                f"    slot {slot}\n{body}  }}\n")

    return (
        f'character hero-{k} "Hero {title} {k}" {{\n  source authored\n  text "A synthetic character."\n'
        f"  life {rng.randint(8, 12)}\n  mayhem-cards {rng.randint(1, 3)}\n\n"
        f'  special-ability knack-{k} "Knack {title} {k}" {{\n'
        f'    text "Once per turn, if Hero {title} {k} has a Teammate in the same Location: Heal 1."\n'
        f"    once per turn\n    effect when count(all teammate in here) > 0 {{\n      heal(1)\n    }}\n  }}\n\n"
        + ability("strike", rng.randint(3, 6)) + "\n" + ability("dodge", rng.randint(1, 4)) + "}\n")


def mayhem_card(rng: random.Random, title: str, k: int) -> str:
    name = f"Card {title} {k}"
    head = f'mayhem-card card-{k} "{name}" {{\n  source authored\n'
    kind = rng.random()
    if kind < 0.2:
        n = rng.randint(1, 2)
        return (head + f'  text "Reaction: when one of your Characters is attacked, prevent up to {n} Damage ({name})."\n'
                "  timing reaction\n  duration immediate\n"
                f"  on attack when target is friend {{\n    prevent({n})\n  }}\n}}\n")
    if kind < 0.3:
        return (head + f'  text "Roll the Mayhem die again ({name})."\n'
                "  timing round-start\n  duration immediate\n  effect {\n    roll-mayhem-die\n  }\n}\n")
    n = rng.randint(1, 3)
    effect, text = rng.choice(CARD_EFFECTS)
    d = rng.randint(2, 3)  # a die test that can fail (`mayhem-die >= 1` always holds: C408)
    return (head + f'  text "{text.format(n=n, d=d, name=name)}"\n'
            "  timing activation\n  duration immediate\n" + ("  free-for-all\n" if kind < 0.5 else "")
            + f"  effect {{\n    {effect.format(n=n, d=d)}\n  }}\n}}\n")


def generate(root: Path, cards: int, boxes: int, seed: int = 1) -> int:
    """Write a content root with `cards` cards spread over `boxes` boxes; return the file count."""
    rng = random.Random(seed)
    (root / "shared").mkdir(parents=True)
    (root / "mayhem.toml").write_text("# synthetic benchmark content\n")
    shutil.copy(CORE, root / "shared" / "core.mh")
    files = 1
    for b in range(boxes):
        share = cards // boxes + (1 if b < cards % boxes else 0)
        n_chars = max(1, round(share * CHARACTER_SHARE))
        n_cards = share - n_chars
        box, title = f"bench-{b}", f"B{b}"
        folder = root / box
        folder.mkdir()
        (folder / "box.mh").write_text(box_file(box, f"Bench Box {b}", n_chars, n_cards))
        head = f'in box {box}\nuse "shared/core.mh"\n\n'
        for start in range(0, n_chars, CHARACTERS_PER_FILE):
            ks = range(start, min(start + CHARACTERS_PER_FILE, n_chars))
            (folder / f"characters-{start:05d}.mh").write_text(
                head + "\n".join(character(rng, box, title, k) for k in ks))
        for start in range(0, n_cards, CARDS_PER_FILE):
            ks = range(start, min(start + CARDS_PER_FILE, n_cards))
            (folder / f"cards-{start:05d}.mh").write_text(head + "\n".join(mayhem_card(rng, title, k) for k in ks))
        files += 1 + -(-n_chars // CHARACTERS_PER_FILE) + -(-n_cards // CARDS_PER_FILE)
    return files


EDITS = (  # (what, which file (the last of a pattern), the text as generated, after the edit): one line each
    ("a character's Life", "bench-0/characters-*.mh", "  life ", "  life 1"),
    ("a keyword of shared/core.mh that every box uses", "shared/core.mh",
     'text "Deal Damage equal to the Mayhem die result to 1 opposing Character in the same Location."',
     'text "Deal Damage equal to the Mayhem die result to one opposing Character in the same Location."'),
    ("a Mayhem card's text", "bench-1/cards-*.mh", 'text "', 'text "Edited. '),
    ("a card's duration", "bench-2/cards-*.mh", "duration immediate", "duration round"),
    ("a line inserted at the top of a card file", "bench-3/cards-*.mh", "use ",
     "# a comment\nuse "),
)


def edits(root: Path):
    """(file, old, new) of each one-line edit of EDITS, in the content under root."""
    for _label, name, old, new in EDITS:
        path = sorted(root.glob(name))[-1]
        if old not in path.read_text(encoding="utf-8"):
            raise SystemExit(f"bench: '{old}' is not in {name}")
        yield path, old, new
