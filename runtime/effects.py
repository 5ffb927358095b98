"""Where an effect of the Mayhem rules runs (Env: who decides, for which Team, about whom), and a component's id from its qid.

The scenario reader's services (runtime/scenario_reader.py) take an Env, as the Mayhem
engine's did (removed on December 4, 2026: the rules kernel runs the effects, runtime/kernel/)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
import re

from .state import Figure, Pending


@lru_cache(maxsize=None)  # a few hundred qids, asked on every step
def id_of(qid: str) -> str:
    """'shared/core:token:x' -> 'x'; 'some-box/some-character' -> 'some-character'."""
    return re.split(r"[:/]", qid)[-1]


@dataclass
class Env:
    """Where an effect runs: who decides, for which Team, about whom."""

    controller: str | None
    team: str | None
    self_fig: Figure | None = None
    holder: Figure | None = None
    owner: str | None = None
    here: int | None = None
    event: dict = field(default_factory=dict)
    locals: dict = field(default_factory=dict)
    pending: Pending | None = None
    until: object = None
    source: str | None = None  # qid of the component whose effect runs
    card: dict | None = None  # the card in play (a zone's `in-play`) whose trigger or effect runs
    tags: frozenset = frozenset()  # tags a keyword adds to its primitives

    def child(self, **kw) -> "Env":
        """A copy for an inner block: the same fields, its own locals (names it binds stay
        inside), and the fields given changed."""
        env = _new(Env)
        fields = env.__dict__
        fields.update(self.__dict__)
        fields["locals"] = dict(self.locals)
        if kw:
            fields.update(kw)
        return env


_new = object.__new__


def make_env(controller, team, self_fig=None, holder=None, owner=None, here=None, source=None, card=None,
             locals=None) -> Env:
    """Env(...) of the fields given, without the dataclass's __init__."""
    env = _new(Env)
    env.__dict__ = {"controller": controller, "team": team, "self_fig": self_fig, "holder": holder, "owner": owner,
                    "here": here, "event": {}, "locals": {} if locals is None else locals, "pending": None,
                    "until": None, "source": source, "card": card, "tags": _NO_TAGS}
    return env


_NO_TAGS = frozenset()


