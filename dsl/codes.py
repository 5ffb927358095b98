"""The documentation of every diagnostic code (`mayhem explain CODE`)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    title: str
    explanation: str
    example: str = ""
    fix: str = ""


CODES: dict[str, Code] = {c.code: c for c in (
    # -- reading and parsing ---------------------------------------------------------
    Code("E001", "cannot read a path",
         "A path given on the command line does not exist or cannot be read.",
         "mayhem check contnet/", "Check the spelling of the path."),
    Code("E002", "nothing to check",
         "The paths given hold no content file (`.mh`): an empty content root, or a folder of other files. "
         "Folders are searched recursively, and linked folders are followed.",
         "mayhem check docs/", "Give content files, or the folder that holds them."),
    Code("E101", "unexpected character",
         "The lexer met a character that starts no token of the DSL. Names are lower-case words "
         "joined by dashes (`staff-meeting`); strings are in double quotes.",
         'ability StaffMeeting "Staff Meeting" {', 'ability staff-meeting "Staff Meeting" {'),
    Code("E102", "syntax error",
         "The parser met a token that cannot stand where it is. The message names what was found "
         "and what could have come instead.",
         "character robin \"Robin\" {\n  life 10 }\n}", "Follow the hint; one member per line."),
    Code("E103", "unexpected end of file",
         "The file ends inside a block, a list or an argument list; the note shows where the "
         "unclosed bracket opened.",
         'character robin "Robin" {\n  life 10\n', "Add the missing `}`."),
    Code("E104", "unterminated string", "A string opened with `\"` is not closed on the same line.",
         'text "Deal 2 Damage', 'text "Deal 2 Damage"'),
    Code("E105", "nested too deeply",
         "Blocks and brackets nest more than 64 levels, or an expression chains more than 100 "
         "operators. No content needs this; the limit keeps every pass safe from runaway input.",
         "not not not ... (hundreds of times) true", "Simplify the expression, or split it with `let`."),
    Code("E106", "file too large",
         "A content file is larger than 4 MB. Content files hold a few components each; a file this "
         "large is generated or corrupt.", "", "Split the content into several files."),
    Code("E107", "invalid UTF-8", "The file is not valid UTF-8 text; the position is that of the "
         "first bad byte.", "", "Save the file as UTF-8."),
    Code("E110", "'=' instead of '=='", "`=` only binds a name in `let NAME = ...`; comparison is `==`.",
         "if mayhem-die = 3 { ... }", "if mayhem-die == 3 { ... }"),
    Code("E111", "block on the next line",
         "A declaration or effect block must open with `{` on the line of its header.",
         'character robin "Robin"\n{', 'character robin "Robin" {'),
    Code("E112", "bracket closed by '}'",
         "A `}` closes a block while a `(` or `[` opened inside it is still open.",
         "standard { attack(one foe in here }", "standard { attack(one foe in here) }"),
    Code("E113", "two boxes for one file", "A file says `in box` twice.",
         "in box teen-titans-go\nin box looney-tunes", "Keep one `in box` line per file."),
    Code("E114", "header after a declaration",
         "`in box` and `use` lines go at the top of the file, before any declaration.",
         'character robin "Robin" { ... }\nuse "shared/core.mh"', "Move the line to the top."),
    Code("E115", "'else' on its own line",
         "`else` goes on the same line as the `}` that closes the `if` block, as in Go.",
         "if open(here) {\n  ...\n}\nelse {", "} else {"),
    # -- structure -------------------------------------------------------------
    Code("E201", "declaration in the wrong place",
         "Each kind of declaration has its place: characters, cards and Locations in box files "
         "(files that start with `in box`); abilities inside characters or sides; keywords, tokens, "
         "tags and icons anywhere at the top level. Cards of a card type marked `no-decks` (Mayhem "
         "cards, GO! cards and Locations, declared in content/shared/card-types.mh) stand at the top of a box "
         "file only; other cards also inside a `deck`.",
         'ability staff-meeting "Staff Meeting" { ... }   # at the top of a file',
         "Move it inside its character."),
    Code("E202", "unknown property", "The property is not one this kind of declaration has. A card "
         "has the properties its card type declares (Mayhem cards, GO! cards and Locations: "
         "content/shared/card-types.mh) and the ones every card has; a token those of its token type "
         "(the same file).",
         "character robin \"Robin\" {\n  lifes 10\n}", "life 10"),
    Code("E203", "given twice", "A property or effect slot appears twice in one declaration.",
         "life 10\nlife 12", "Keep one."),
    Code("E204", "wrong value", "A property's value does not have the shape it needs (a number, a "
         "name, a list, a source, one of an enum's names ...), or a card type declares a property "
         "without a type (int, string, flag, id, ids, list, tags, ints, strings, enum, enums, effect) or names an "
         "unknown context of effects, or one no card's effect runs in (the game's `setup`, `rules`, `turn`, "
         "`team-turn`; a `keyword`'s). The hint shows an example.", "life ten", "life 10"),
    Code("E205", "missing property", "A required property or effect is missing (of a card: a property "
         "its card type declares without a default, or lists in `requires`).",
         "ability staff-meeting \"Staff Meeting\" {\n  text \"...\"\n}", "Add `slot 5`."),
    Code("E206", "unknown effect slot", "The effect block's name is not one this kind has (an "
         "ability has standard, special and mayhem; a Mayhem card has effect and a GO! card when-picked and "
         "reward, as their card types declare them; ...).",
         "ability a \"A\" { standrd { melee-attack } }", "standard { melee-attack }"),
    Code("E207", "triggers not allowed", "Only tokens, Locations, cards whose card type says "
         "`triggers CONTEXT` (Mayhem cards, GO! cards), Special Abilities and non-player figures react "
         "to events with `on EVENT { ... }`.",
         "ability a \"A\" { on enter { ... } }", "Put the trigger in a Special Ability."),
    Code("E208", "missing display name", "The declaration needs its display name after its id.",
         "character robin {", 'character robin "Robin" {'),
    Code("E210", "parameters not allowed", "Only keywords take parameters.",
         "character robin \"Robin\" (x) {", "Remove the parameters."),
    Code("E211", "bad dashboard side", "A card whose card type lists its `ids` takes one of them: dashboard "
         "sides are `a` and `b` (`card-type side` in content/shared/card-types.mh says `ids [a, b]`).",
         "side c { ... }", "side a { ... }"),
    Code("E212", "mixed dashboard", "A character has either one dashboard (life, mayhem-cards and "
         "abilities in the character) or two sides `a` and `b`, not both; so does a card of a card type "
         "with `sides` (its parts and the sides' properties all in the card, or all in each side).",
         "character bugs-bunny \"Bugs Bunny\" {\n  life 10\n  side a { ... }\n}",
         "Move life and the abilities into the sides."),
    # -- names and modules ----------------------------------------------------------------
    Code("E301", "unknown name", "A name that nothing visible declares, or a die (`shown-face(\"mayhem\")`, "
         "`roll(d6)`) or a Team (a pool's count per Team, a `base`, a box's `bases`) that the game does not "
         "declare (`die`, `team-names`). The hint offers the closest names, or the module to `use`.", "standard { melee-atack }", "standard { melee-attack }"),
    Code("E302", "declared twice", "Two declarations share an id in one box (or one module), a "
         "keyword takes the name of a primitive, or a card type takes the id of a built-in kind or is "
         "declared twice.", "location park \"Park\" { ... }\nlocation park ...",
         "Rename one."),
    Code("E303", "import cycle", "Modules use each other in a circle.",
         "# a.mh\nuse \"b.mh\"\n# b.mh\nuse \"a.mh\"", "Move what both need into a third module."),
    Code("E304", "outside the content root", "A `use` path, or a file given on the command line, "
         "leads outside the content root (the folder with `mayhem.toml`).",
         'use "../../etc/rules.mh"', "Keep modules inside the content root."),
    Code("E305", "module not found", "A `use` path names no file; paths are relative to the content "
         "root, or to the file when they start with `./` or `../`.", 'use "shared/cor.mh"',
         'use "shared/core.mh"'),
    Code("E306", "box file used as a module", "`use` takes shared modules (files without `in box`).",
         'use "teen-titans-go/robin.mh"', "The files of one box see each other already."),
    Code("E307", "unknown box", "`in box` names a box that no file declares, or a box declaration "
         "does not match its file's `in box`.", "in box teen-titan-go", "in box teen-titans-go"),
    Code("E309", "unknown component", "A reference to a character or card of the box that does not "
         "exist (First-Game hands, non-player figures).", "robin [magic-clok]", "robin [magic-cloak]"),
    Code("E314", "ambiguous name", "Several used modules declare the name.", "", "Use one of them."),
    # -- types and contexts -------------------------------------------------------------
    Code("E401", "wrong type", "An argument has the wrong type (a number where a figure is needed ...).",
         "attack(3)", "attack(one foe in here)"),
    Code("E402", "wrong arguments", "Too many or too few arguments, an unknown parameter name, or a "
         "`choose one` with fewer than two options or two options with one label.",
         "damage(self)", "damage(self, 2)"),
    Code("E403", "name not available here", "A context name means nothing where it is used: "
         "`holder` outside a token, `attack-target` outside an ability ...",
         "location l \"L\" { on enter when holder is opponent { ... } }", "Use the event's `figure`."),
    Code("E404", "unknown event", "A trigger names an event the runtime does not raise (the Mayhem events are "
         "those `game mayhem` declares); or the shared game declares its events and names none for a moment "
         "the rules kernel raises one at (`ko-event ko`: after an Attack, Damage, a roll of its own die, a "
         "figure entering a space, a Move).",
         "on entr { ... }", "on enter { ... }"),
    Code("E405", "not a condition", "A condition is not true/false, or compares values of different "
         "types.", "if mayhem-die { ... }", "if mayhem-die >= 2 { ... }"),
    Code("E406", "effect not allowed here", "A primitive is used where it has no meaning: "
         "`complete-mission` outside a GO! card, `prevent` outside a damage trigger ...",
         "standard { complete-mission }", "Complete missions from the GO! card's triggers."),
    Code("E407", "unknown selector kind", "A selector ranges over something that cannot be selected.",
         "one enemy in here", "one opponent in here"),
    Code("E408", "bad 'is' test", "`is` tests a figure against a figure or a kind of figure.",
         "if 3 is opponent { ... }", "if target is opponent { ... }"),
    Code("E409", "keyword out of context", "A keyword reads a context name (`holder`, "
         "`attack-target`, ...) that the place where it is used does not have.", "", ""),
    Code("E410", "bad 'until'", "`until` ends at turn-end, round-end or next-turn-end (the end of the "
         "next turn of `self`).", "until ko { ... }",
         "until round-end { ... }"),
    Code("E411", "bad turn action", "An action of the shared Mayhem game (`content/shared/game.mh`) is a "
         "verb of the legal-action grammar (docs/actions.md), its parameters named as the arguments of the "
         "verb's printed form, with an effect (what taking it does). An action of a kernel game that declares "
         "its `form` names each of its parameters in it once (`{figure}`: the Active figure).",
         "action walk \"Move\" (to = adjacent) { ... }", "action move \"Move\" (location = adjacent) { ... }"),
    Code("E412", "end when asks", "The rules kernel checks the game's `end when` (and a mode's) at any "
         "moment, even while a player is being asked something else: its body decides who wins and asks "
         "nothing (no `may`, `choose one`, `one`/`up to` selector, nor a keyword or a primitive that may ask: "
         "one that asks itself, or raises an event whose listeners may).",
         "end when count(all team where vp-of(it) >= 5) > 0 { choose one { ... } }",
         "end when count(all team where vp-of(it) >= 5) > 0 { end-game(all team where vp-of(it) >= 5, \"vp\") }"),
    # -- team lists (Competitive Mode) -----------------------------------------------------
    Code("E601", "not one team", "A team file declares exactly one `team`, and no `in box` (a team mixes "
         "the boxes).", "in box teen-titans-go\nteam a \"A\" { ... }", "Remove the `in box` line."),
    Code("E602", "unknown character in a team", "A team names a character (\"box/id\", or \"box/id/side\" "
         "for a side) that the collection does not have.", 'characters ["teen-titans-go/robn", ...]',
         'characters ["teen-titans-go/robin", ...]'),
    Code("E603", "not two different characters", "A team has exactly two characters, and not the same one "
         "twice (both teams may field the same character).", 'characters ["teen-titans-go/robin"]',
         'characters ["teen-titans-go/robin", "looney-tunes/taz"]'),
    Code("E604", "unknown card in a hand", "A team's hand names a Mayhem card the collection does not have.",
         'hand ["teen-titans-go/pizza-tim"]', 'hand ["teen-titans-go/pizza-time"]'),
    Code("E605", "card twice in a hand", "Players may not select 2 of the same Mayhem card.",
         'hand ["looney-tunes/flower-power", "looney-tunes/flower-power"]', "Choose another card."),
    Code("E606", "hand larger than the icons", "The starting hand is limited to the Mayhem icons of the two "
         "characters (the chosen sides).", "five cards for characters showing four icons", "Drop a card."),
    # -- the whole graph ----------------------------------------------------------------
    Code("E501", "recursive keyword", "A keyword uses itself, directly or through other keywords.",
         "keyword a \"A\" { effect { a } }", "Write the effect out."),
    # -- content sets (mayhem.toml: compiler/contentsets.py) --------------------------------
    Code("E701", "bad mayhem.toml", "The content root's `mayhem.toml` is not valid TOML, or a set in it "
         "lacks its id or version, or a dependency is not a version requirement or a path.",
         '[set]\nid = "my-box"\nversion = "first"',
         '[set]\nid = "my-box"                  # lower-case words joined by dashes\n'
         'version = "0.1.0"\ntitle = "My Box"\n\n[dependencies]\nmayhem-core = ">=1.0"                 '
         '# a set shipped with the toolchain\nteen-titans-go = ">=1.0,<2"\n'
         'friends = { path = "../friends", version = ">=0.2" }   # another content root'),
    Code("E702", "missing dependency", "A dependency in `mayhem.toml` names a set that is not found: "
         "no set of the content root has that id, the toolchain ships none (the shipped sets are "
         "`mayhem-core`, `teen-titans-go` and `looney-tunes`), or its `path` leads to no content root "
         "with that set.", '[dependencies]\nmayhem-cor = ">=1.0"', '[dependencies]\nmayhem-core = ">=1.0"'),
    Code("E703", "dependency version", "A set needs a version of another set that the one found does "
         "not have: a newer one, usually, than the toolchain ships.", '[dependencies]\nmayhem-core = ">=2.0"',
         "Upgrade the toolchain (pip install --upgrade mayhem-toolchain), or ask for the version it has."),
    Code("E704", "dependency cycle", "Content sets depend on each other in a circle; sets depend on each "
         "other in one direction only.", "# a/mayhem.toml: b = { path = \"../b\" }\n"
         "# b/mayhem.toml: a = { path = \"../a\" }", "Move what both need into a third set that neither "
         "depends on."),
    Code("E705", "set not a dependency", "`use \"SET:file.mh\"` reaches a file of another content set, "
         "which the set of the using file must name in its dependencies.", 'use "looney-tunes:tokens.mh"',
         '# mayhem.toml\n[dependencies]\nlooney-tunes = ">=1.0"'),
    Code("E706", "one name, two sets or files", "Two sets of one name, or two files of one name from two "
         "content roots (usually a copy of a set that is also a dependency): the ids they declare would "
         "clash.", "a copy of shared/core.mh next to the mayhem-core dependency", "Remove the copy."),
)}


def explain(code: str) -> str | None:
    """The documentation of a code (any case), or None for a code that does not exist:

    >>> print(explain("e605"))
    E605: card twice in a hand
    <BLANKLINE>
    Players may not select 2 of the same Mayhem card.
    <BLANKLINE>
    Example:
    <BLANKLINE>
        hand ["looney-tunes/flower-power", "looney-tunes/flower-power"]
    <BLANKLINE>
    Fix:
    <BLANKLINE>
        Choose another card.
    >>> explain("E999") is None
    True
    """
    c = CODES.get(code.upper())
    if c is None:
        return None
    parts = [f"{c.code}: {c.title}", "", c.explanation]
    if c.example:
        parts += ["", "Example:", "", *("    " + line for line in c.example.splitlines())]
    if c.fix:
        parts += ["", "Fix:", "", *("    " + line for line in c.fix.splitlines())]
    return "\n".join(parts)
