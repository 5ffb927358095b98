"""The random bots' rule a game declares: an action a bot does not take while another is offered (`bots-wait-for`).

`action end-turn ... { bots-wait-for [resolve] }`: while the menu offers a `resolve` action, a
random bot draws among the others. It is no rule of the game (a player may take any legal
action): a bot's way of playing, which the game's author states where the actions are declared.
Without such a declaration a bot draws among every action, as before."""
from __future__ import annotations

import random

from . import draws
from .draws import index_drawer


def bot_waits(rules) -> tuple:
    """((verb, (verbs it waits for, ...)), ...): the game's actions that `bots-wait-for` others,
    read once per game (kept on the rules)."""
    found = getattr(rules, "_bot_waits", None)
    if found is None:
        found = tuple((c["id"], tuple(c["props"]["bots-wait-for"]["value"])) for c in rules.game["children"]
                      if c["kind"] == "action" and "bots-wait-for" in c["props"])
        rules._bot_waits = found
    return found


def _of(text: str, verb: str) -> bool:
    """The action `text` is one of the verb's (its text is the verb, then its arguments): what
    `waiting` reads in the joined texts, for one text."""
    return text == verb or text.startswith(verb + " ")


def waiting(waits: tuple, actions: list[str]) -> list[str]:
    """The actions a bot draws among: `actions` without those waiting for an action offered.
    Whether a verb is offered is read in the actions' texts joined once (a text is its verb,
    alone or followed by a space), not by a call per action."""
    out, blob = actions, None
    for verb, until in waits:
        if blob is None:
            blob = "\n" + "\n".join(actions) + "\n"
        for v in until:
            if "\n" + v + "\n" in blob or "\n" + v + " " in blob:
                n, p = len(verb) + 1, verb + " "
                out = [a for a in out if a != verb and a[:n] != p]
                break
    return out if out else actions


def index_of_waiting(waits: tuple, draw):
    """A random bot's draw (KernelGame.play_out's `draws`): given the number of answers, the place
    `draw` (draws.index_drawer) draws; given the turn's actions themselves, the place of the one
    it draws among those it does not wait with (the same bits as `draw(len(actions))` when it
    waits with none)."""
    def pick(actions) -> int:
        if actions.__class__ is int:
            return draw(actions)
        among = waiting(waits, actions) if waits else actions
        if among is actions:
            return draw(len(actions))
        return actions.index(among[draw(len(among))])
    return pick


def waiting_drawer(rules, gen):
    """index_of_waiting for a bot's generator `gen` in a game of `rules`: for a plain
    `random.Random` drawing as draws.py does, `waiting` and the draw written into the one
    function (`drawn`), a Python frame a decision instead of three; the same places, the same
    bits (tests/test_kernel_speed_kspeed6a.py holds them together)."""
    if type(gen) is not random.Random or not draws._OURS:
        return index_of_waiting(bot_waits(rules), index_drawer(gen))
    return drawn(bot_waits(rules), gen.getrandbits, waited(rules))


def waited(rules) -> list:
    """[texts, start, stop]: the last menu whose whole function (menus.whole_of) found what its
    bots wait with, the texts it listed and the place of the actions a bot does not take among
    them (start == stop: none), kept per rules; `drawn` reads it for that very list (`is`)."""
    slot = rules.__dict__.get("_waited")
    if slot is None:
        slot = rules._waited = [None, 0, 0]
    return slot


def _without(actions: list, verb: str) -> list:
    """The actions that are not the verb's (waiting's filter)."""
    n, p = len(verb) + 1, verb + " "
    out = []
    for a in actions:  # (a loop: a comprehension would make n, p and verb cells)
        if a != verb and a[:n] != p:
            out.append(a)
    return out


def drawn(waits: tuple, getrandbits, slot: list | None = None):
    """index_of_waiting(waits, draws.index_drawer(gen)) for `gen.getrandbits`, in one function;
    for the texts of the menu `slot` holds (waited), the actions a bot waits with are where the
    menu put them: no string joined, no list made. A count draws in its own few lines (the common
    path: a shared draw's read-back cost a game of counts 9 bytecodes a decision); one rejection
    draw serves the slot's texts and any other list (tests/test_kernel_speed_kspeed8a.py holds
    it against index_of_waiting)."""
    slot = slot if slot is not None else [None, 0, 0]

    def pick(actions) -> int:
        if actions.__class__ is int:  # a count: draws.index_drawer's draw, written out (its own copy: the
            if not actions:  # common path, as cheap as the draw itself: no place to read back)
                raise IndexError("Cannot choose from an empty sequence")
            k = actions.bit_length()
            r = getrandbits(k)
            while r >= actions:
                r = getrandbits(k)
            return r
        # a list: the place r drawn among n is read back as r below `start`, past it by `skip`
        # places (the slot's slice), or through `among` (the list drawn among, when it is no slice)
        if slot[0] is actions:  # the menu's texts: `among` is them less actions[start:stop]
            start, among = slot[1], None
            skip = slot[2] - start
            n = len(actions) - skip
            if not n:  # none left: among them all
                n = start = len(actions)
        else:
            among, blob = actions, None
            for verb, until in waits:  # waiting(waits, actions), written out
                if blob is None:
                    blob = "\n" + "\n".join(actions) + "\n"
                for v in until:
                    if "\n" + v + "\n" in blob or "\n" + v + " " in blob:
                        among = _without(among, verb)  # (a call: a comprehension here would make cells at every pick)
                        break
            if not among or among is actions:
                n = start = len(actions)
            else:
                n, start = len(among), 0
        if not n:  # the draw, written out once for every list (draws.index_drawer's): k bits until one is below n
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        if r < start:
            return r
        return r + skip if among is None else actions.index(among[r])
    return pick
