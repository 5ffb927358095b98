"""Running effects: where an effect runs (Env), and running a body of the IR by its compiled closures.

Every step that may need a decision is a generator: it yields a Decision and
receives the chosen Action back (runtime/actions.py). The statements and expressions
are compiled once into closures (compiled.py, compiled_expressions.py), which call
the engine's domain (expressions.py, primitives.py); none knows any content."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
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
    """Env(...) of the fields the engine's listeners and effects set, without the dataclass's
    __init__ (an Env is made for every listener of every event: this is the hot path)."""
    env = _new(Env)
    env.__dict__ = {"controller": controller, "team": team, "self_fig": self_fig, "holder": holder, "owner": owner,
                    "here": here, "event": {}, "locals": {} if locals is None else locals, "pending": None,
                    "until": None, "source": source, "card": card, "tags": _NO_TAGS}
    return env


_NO_TAGS = frozenset()


def env_for(binds: bool):
    """How `as` makes its block's Env: a copy with locals of its own when the block binds a
    name, else one sharing its parent's locals."""
    if binds:
        return lambda env, team, controller: env.child(team=team, controller=controller)
    return _sharing


def _sharing(env: Env, team, controller) -> Env:
    """env.child(team=team, controller=controller) whose locals are its parent's dict (for a
    block that binds no name: nothing is written into them)."""
    inner = _new(Env)
    fields = inner.__dict__
    fields.update(env.__dict__)
    fields["team"], fields["controller"] = team, controller
    return inner


class Stop(Exception):
    """The turn ends now (the Active Character left the board)."""


class EffectsMixin:
    """Running effects: the engine supplies state, rules, rng, decide(), emit(), log() and the
    board-changing services; the statements and expressions run as closures compiled once
    per set of rules (runtime/compiled.py)."""

    @cached_property
    def code(self):
        """The compiled forms of the rules' IR, shared by every game on the same rules."""
        from . import compiled  # here, not at import: compiled's modules import this one's Env
        return compiled.code_for(self.rules)

    def run(self, body: list, env: Env):
        """Run a body of the rules' IR: an iterator of its decisions to `yield from` (a generator,
        or a finished iterator when it cannot ask)."""
        return self.code.body(body)(self, env)

    def run_stmt(self, s: dict, env: Env):
        """Run one statement of the rules' IR: an iterator of its decisions, as run()."""
        return self.code.stmt(s)(self, env)

    def tag_qids(self, comp: dict, tag_ids: list[str]) -> list[str]:
        """Tag ids of a keyword's `tags` property, as the qids its primitives use."""
        out = []
        for tid in tag_ids:
            out.extend(q for q in self.tags_by_id.get(tid, ()))
        return out

