"""A component's id from its qid (`shared/core:token:x` -> `x`), as the scenario format, the view and the bots name components.

The Mayhem engine's `Env` (where an effect ran: who decides, for which Team, about whom) went
with the scenario reader that last used it (December 4, 2026): the rules kernel runs the
effects (runtime/kernel/)."""
from __future__ import annotations

from functools import lru_cache
import re


@lru_cache(maxsize=None)  # a few hundred qids, asked on every step
def id_of(qid: str) -> str:
    """'shared/core:token:x' -> 'x'; 'some-box/some-character' -> 'some-character'."""
    return re.split(r"[:/]", qid)[-1]
