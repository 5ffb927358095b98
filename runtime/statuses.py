"""How long the tokens a character holds last, and what they forbid it.

A token that lasts a turn goes back to its pool at the end of that turn (a token's
`discarded`); its `restricts` name the game's restrictions, whose `stops` the primitives ask
(docs/language.md, Durations and Restrictions)."""
from __future__ import annotations

from .state import Figure

_NOTHING: frozenset = frozenset()  # the token types that forbid what no token forbids


class StatusesMixin:
    """The engine supplies state, rules, log(), _stopping, _stoppers and remove_pieces()."""

    def note_placed(self, fig: Figure, token: str, before: int) -> None:
        """When a token that lasts a turn (`discarded turn-end` or `next-turn-end`) goes:
        the turn of its holder at whose end it is discarded. `turn-end` is the turn in
        progress if the holder is Active, else its next one; `next-turn-end` always the
        next one it begins. More pieces of a token it already holds keep the later end."""
        when = self.rules.tokens[token]["props"].get("discarded")  # rules.prop written in
        when = when["value"] if when is not None else None
        if when not in ("turn-end", "next-turn-end"):
            return
        st = self.state
        active = st.active is not None and st.active.figure == fig.key
        due = fig.turns if when == "turn-end" and active else fig.turns + 1
        fig.expiry[token] = due if before == 0 or token not in fig.expiry else max(due, fig.expiry[token])

    def discard_due(self, fig: Figure) -> None:
        """At the end of a figure's turn, the tokens whose time has come go back to their pools."""
        for token, due in sorted(fig.expiry.items()):
            if fig.turns >= due:
                del fig.expiry[token]
                # the log points at the token's `discarded`, the rule that sends it back
                self.remove_pieces(token, 10 ** 6, fig, None, self.rules.tokens[token]["props"]["discarded"])

    def stopped(self, fig: Figure, word: str, node=None) -> bool:
        """A restriction of a token the figure holds stops `word` (`move`, `attack`, `place`: the
        declaration's `stops`), logged under the first such restriction the game declares. (A
        test in C of the token types it holds against those that stop `word`, written in.)"""
        held = fig.tokens.totals if fig.tokens else None
        if held is None or self._stopping.get(word, _NOTHING).isdisjoint(held):
            return False
        name = next(name for name, tokens in self._stoppers[word] if not tokens.isdisjoint(held))
        self.log("restricted", node, figure=fig.key, restriction=name)
        return True
