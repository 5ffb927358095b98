"""What happened, in words: the events of a game, rendered for `mayhem play` as they
happen (damage, prevention, tokens, the bots' choices, cards and Reactions).

The events are the kernel's log in the scenarios' words (runtime/game_view.py `logged`: read
through the table of its lines, each decision answered where it was asked); names and Life are
read from `game.view()`."""
from __future__ import annotations

from mayhem.runtime import Game
from mayhem.runtime.game_view import logged, with_decisions


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _tokens(n: int, name: str) -> str:
    """A number of tokens by name, the word `token` not said twice when the name has it.

    >>> _tokens(1, "Fire"), _tokens(2, "Pizza"), _tokens(1, "ACME token"), _tokens(3, "ACME token")
    ('a Fire token', '2 Pizza tokens', 'an ACME token', '3 ACME tokens')
    """
    if name.lower().endswith(" token"):
        name = name[:-len(" token")]
    if n != 1:
        return f"{n} {name} tokens"
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name} token"


class Narrator:
    """Renders the events logged since the last call, one line each."""

    def __init__(self, game: Game, human: str) -> None:
        self.game = game
        self.human = human
        self.seen = 0
        self.answered = 0  # decisions told so far (a kernel game's: its history)
        self.view: dict | None = None  # the game's view while its events are told
        self.changes = 0  # events other than decisions told so far: the state changed when this grows
        self._names: dict[str, str] | None = None

    # ---- names ------------------------------------------------------------------------

    def name(self, ident) -> str:
        """A figure, a Location label or a component id, by its display name."""
        if ident is None:
            return "-"
        from mayhem.tui import _component
        seen = self.seen_now()
        fig = seen["figures"].get(ident) if isinstance(ident, str) else None
        if fig is not None:
            comp = (_component(self.game, "character", fig["character"]) or _component(self.game, "npc", fig["character"])
                    or _component(self.game, "token", fig["character"]))
            return comp["name"] if comp else str(ident)
        i = int(ident[1:]) - 1 if isinstance(ident, str) and ident[:1] == "L" and ident[1:].isdigit() else None  # `Ln`
        if i is not None and 0 <= i < len(seen["locations"]):
            comp = _component(self.game, "location", seen["locations"][i]["location"])
            return f"{ident} ({comp['name']})" if comp else ident
        if self._names is None:  # a component's id to its name: a token before a keyword or a pool
            self._names = {}
            first = ("token", "character", "npc", "mayhem-card", "go-card", "location", "ability", "special-ability")
            rank = {kind: i for i, kind in enumerate(first)}
            for comp in sorted(self.game.rules.by_qid.values(), key=lambda c: rank.get(c.get("kind"), len(first))):
                self._names.setdefault(comp.get("id"), comp.get("name") or comp.get("id"))
                if comp.get("qid"):  # events name some components by their qualified id (`box:kind:id`)
                    self._names.setdefault(comp["qid"], comp.get("name") or comp.get("id"))
        return self._names.get(ident, str(ident))

    # ---- events -----------------------------------------------------------------------

    def seen_now(self) -> dict:
        """The game's view, read once while the pending events are told."""
        if self.view is None:
            self.view = self.game.view(pieces=False)
        return self.view

    def pending(self) -> list[str]:
        new, seen = logged(self.game, self.seen)
        new = with_decisions(self.game, new, self.seen, self.answered)  # the decisions, where they were asked
        self.answered = len(self.game.history)
        self.view = None
        lines = [line for e in new if (line := self.render(e))]
        self.view = None
        self.changes += sum(1 for e in new if e.get("event") != "decision")
        self.seen = seen
        return lines

    def render(self, e: dict) -> str | None:
        kind = e.get("event")
        n = self.name
        if kind == "decision":
            return None if e["player"] == self.human else f"{e['player']}: {e['action']}"
        if kind == "damage":
            fig = self.seen_now()["figures"].get(e["figure"])
            life = fig["life"] if fig is not None else None
            left = f" ({max(life - e['total'], 0)}/{life} life left)" if life is not None else ""
            return f"{n(e['figure'])} takes {e['amount']} Damage{left}"
        count = e.get("count", 1)
        text = {
            "setup": lambda: "the board is set up; " + "; ".join(
                f"{colour}: {', '.join(n(k) for k in keys)}" for colour, keys in e["teams"].items()),
            "initiative": lambda: f"round {e['round']}: {e['team']} has the Initiative (dice " + ", ".join(
                f"{c} {' '.join(map(str, d))}" for c, d in e["dice"].items()) + (", coin toss)" if e.get("coin_toss")
                                                                                  else ")"),
            "mayhem-die": lambda: f"the Mayhem die shows {e['face']}",
            "mayhem-icon": lambda: "a Mayhem icon",
            "go-card": lambda: f"{e['team']}'s mission: {n(e['card'])}",
            "mission-complete": lambda: f"{e['team']} completes the mission {n(e['card'])}",
            "place": lambda: f"{n(e['figure'])} is placed on {n(e['location'] if 'location' in e else e.get('to'))}",
            "return": lambda: f"{n(e['figure'])} returns on {n(e['location'])}",
            "move": lambda: f"{n(e['figure'])} moves from {n(e['frm'])} to {n(e['to'])}",
            "off-board": lambda: f"{n(e['figure'])} leaves the board",
            "activate": lambda: f"{n(e['figure'])} activates {n(e['ability'])} with a {e['die']}",
            "resolve": lambda: f"{n(e['figure'])} resolves {n(e['ability'])}: {', '.join(e['sections'])}",
            "special": lambda: f"{n(e['figure'])} uses the Special Ability {n(e['ability'])}",
            "attack": lambda: f"{n(e['attacker'])} attacks {n(e['target'])} for {e['amount']}",
            "bonus": lambda: f"+{e['amount']} Damage",
            "increase": lambda: f"+{e['amount']} Damage",
            "prevent": lambda: f"{e['amount']} Damage prevented",
            "immune": lambda: f"{n(e['figure'])} is immune",
            "remove-damage": lambda: f"{n(e['figure'])} heals {e['amount']} Damage",
            "ko": lambda: f"{n(e['figure'])} is knocked out!",
            "vp": lambda: f"{e['team']} scores a Victory Point ({e['total']} VP)",
            "place-token": lambda: f"{_tokens(count, n(e['token']))} placed on {n(e['on'])}",
            "remove-token": lambda: f"{_tokens(count, n(e['token']))} removed from {n(e['frm'])}",
            "take": lambda: f"{n(e['to'])} takes {_tokens(count, n(e['token']))} from {n(e['frm'])}",
            "use-token": lambda: f"{n(e['figure'])} uses {_tokens(1, n(e['token']))}",
            "play": lambda: f"{e['team']} plays the Mayhem card {n(e['card'])}",
            "draw": lambda: f"{e['team']} draws {_plural(count, 'Mayhem card')}",
            "reroll": lambda: f"{e['team']} rerolls die {e['die']}: {e['value']}",
            "die-forfeit": lambda: f"{e['team']} forfeits a die ({e['die']})",
            "remove-location": lambda: f"{n(e['location'])} is removed from the board",
            "turn-end": lambda: f"end of {n(e['figure'])}'s turn",
            "round-end": lambda: f"end of round {e['round']}",
            "game-over": lambda: None,  # said by the command, with the result
        }.get(kind)
        if text is None:
            fields = ", ".join(f"{k} {v}" for k, v in sorted(e.items()) if k not in ("event", "seq", "span", "round"))
            return f"{kind}: {fields}" if fields else str(kind)
        try:
            return text()
        except (KeyError, TypeError):  # an event of another shape: still said, plainly
            return f"{kind}: " + ", ".join(f"{k} {v}" for k, v in sorted(e.items()) if k not in ("event", "seq", "span"))
