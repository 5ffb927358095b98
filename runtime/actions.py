"""Actions as typed values (a verb, typed arguments, the text), with the one parser and printer of action strings.

Every player answers a decision with one of its legal actions (docs/actions.md), printed in
the Mayhem rules' words (the scenarios', the logs'): `Action` values, arguments read by name.
The grammar, one line per form of a verb. The verbs of the Mayhem rules' own questions (as the
error messages name them) have their forms here (`FORMS`):

    colour COLOUR                   choose a Team colour
    pick CHARACTER                  draft a character
    side CHARACTER SIDE             choose a dashboard side (a or b)
    discard CARD                    discard a Mayhem card at setup
    place CHARACTER Ln              put a character on a Location (the first placement, or back on the board)
    play CARD CHARACTER             play a Round Start card for that character
    pass                            play no card now
    target TARGET                   choose a figure, a Location (Ln), an edge (Ln-Lm), or none
    done                            stop choosing
    do LABEL                        take an optional effect
    skip                            leave an optional effect
    choose LABEL                    pick an option
    reroll KIND-die                 reroll the game's die of that kind (its `effect-die`)
    reroll die-N                    reroll the Team's N-th die of its pool
    remove Ln                       take an empty Location out of play (Free-For-All)

The actions of a Team's turn are the shared game's `action` declarations (content/shared/game.mh;
runtime/declared_actions.py), each printed by its declaration's parameters: its `form` where the
declaration gives one (`form "{value:int} {figure}/{ability}"`: `place-die N CHARACTER/ABILITY`),
else its parameters in order (`play CARD`, `retrieve TOKEN`, `end-turn`); `figure` is the acting
figure where no parameter is so named. Loading the rules declares them (`declare`).

Arguments are typed: N is an int, a Location `Ln` is the board index n - 1 (an int),
every other argument is a name (a string without blanks or '/').

>>> _ = declare("place-die", "{value:int} {figure}/{ability}"), declare("move", "{figure} {location:loc}")
>>> a = Action.parse("place-die 6 hero/big-punch")
>>> a.verb, a.value, a.figure, a.ability
('place-die', 6, 'hero', 'big-punch')
>>> str(Action("move", ("hero", 3)))
'move hero L4'
>>> Action.parse("reroll die-2").die
2
>>> Action.parse("reroll effect-die").kind
'effect'
>>> Action.parse("place-dice 6 hero/big-punch")
Traceback (most recent call last):
...
mayhem.runtime.actions.ActionError: 'place-dice 6 hero/big-punch' is not an action: no verb 'place-dice' (did you mean 'place-die' or 'place'?)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
import re

from mayhem.dsl.diagnostics import did_you_mean

# verb -> its forms, each a template of the text after the verb: `{name}` is a name,
# `{name:int}` a number, `{name:loc}` a Location Ln (the board index n - 1). The forms
# of one verb differ in their number of arguments or in their types (a name or a number),
# so that the arguments say the form. These are the verbs of the Mayhem rules' own questions;
# the verbs a game declares as its actions are added to the grammar by `declare`.
FORMS: dict[str, tuple[str, ...]] = {
    "colour": ("{colour}",),
    "pick": ("{character}",),
    "side": ("{character} {side}",),
    "discard": ("{card}",),
    "place": ("{figure} {location:loc}",),
    "play": ("{card} {figure}",),
    "pass": ("",),
    "target": ("{target}",),
    "done": ("",),
    "do": ("{label}",),
    "skip": ("",),
    "choose": ("{label}",),
    "reroll": ("{kind}-die", "die-{die:int}"),
    "remove": ("{location:loc}",),
}
VERBS = list(FORMS)  # and the declared verbs, in the order they are declared

# how a template's argument reads in a usage line and in the text of an action
_SHOWN = {"value": "N", "figure": "CHARACTER", "location": "Ln", "die": "N"}
_PATTERN = {"": r"[^\s/]+", "int": r"[0-9]+", "loc": r"L([1-9][0-9]*)"}
_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")


class ActionError(ValueError):
    """A string that is not an action of the grammar; `hint` says what was expected."""

    def __init__(self, text: str, reason: str, hint: str | None = None) -> None:
        super().__init__(f"{text!r} is not an action: {reason}" + (f" ({hint})" if hint else ""))
        self.text, self.reason, self.hint = text, reason, hint


@dataclass(frozen=True)
class _Form:
    verb: str
    template: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    regex: re.Pattern
    pieces: tuple[str, ...]  # the literal text around the arguments, len(names) + 1 pieces

    @property
    def usage(self) -> str:
        shown = _FIELD.sub(lambda m: _SHOWN.get(m.group(1), m.group(1).upper()), self.template)
        return f"{self.verb} {shown}".strip()

    def render(self, args: tuple) -> str:
        return self.fill([f"L{value + 1}" if kind == "loc" else str(value) for kind, value in zip(self.kinds, args)])

    def fill(self, words) -> str:
        """The one printer: these words in the template's fields (the arguments', or a kernel menu's labels)."""
        filled = "".join([piece + word for piece, word in zip(self.pieces, words)])
        return f"{self.verb}{' ' if self.template else ''}{filled}{self.pieces[-1]}"

    def says_verb(self, text: str) -> bool:
        """Whether a string is of this verb (its first word), of this form or not."""
        return text.partition(" ")[0] == self.verb

    def read(self, text: str) -> tuple[str, ...] | None:
        """The words in a string of this form, in the template's order (the one parser's match); else None."""
        m = self.regex.fullmatch(text.partition(" ")[2]) if self.says_verb(text) else None
        return None if m is None else m.groups()


def _compile(verb: str, template: str) -> _Form:
    names, kinds, pieces, pattern, at = [], [], [], [], 0
    for m in _FIELD.finditer(template):
        pieces.append(template[at:m.start()])
        pattern.append(re.escape(template[at:m.start()]))
        kind = m.group(2) or ""
        names.append(m.group(1))
        kinds.append(kind)
        pattern.append(f"({_PATTERN[kind]})" if kind != "loc" else _PATTERN[kind])
        at = m.end()
    pieces.append(template[at:])
    pattern.append(re.escape(template[at:]))
    return _Form(verb, template, tuple(names), tuple(kinds), re.compile("".join(pattern)), tuple(pieces))


def _numeric(kinds: tuple) -> tuple:  # which arguments of a form are numbers (an int or a Location), which names
    return tuple(kind in ("int", "loc") for kind in kinds)


# verb -> number of arguments -> its forms with that many (one, but `reroll KIND-die`, `reroll die-N`)
_FORMS: dict[str, dict[int, tuple[_Form, ...]]] = {}
for _verb, _templates in FORMS.items():
    _FORMS[_verb] = {}
    for _t in _templates:
        _form = _compile(_verb, _t)
        _same = _FORMS[_verb].get(len(_form.names), ())
        assert all(_numeric(f.kinds) != _numeric(_form.kinds) for f in _same), \
            f"two forms of '{_verb}' with the same number and types of arguments"
        _FORMS[_verb][len(_form.names)] = _same + (_form,)


def _form_of(verb: str, args: tuple) -> _Form | None:
    """The form of a verb its arguments say (their number, and which are numbers)."""
    forms = _FORMS[verb].get(len(args))
    if forms is None:
        return None
    if len(forms) == 1:
        return forms[0]
    numeric = tuple(isinstance(a, int) and not isinstance(a, bool) for a in args)
    return next((f for f in forms if _numeric(f.kinds) == numeric), None)


def declared_form(verb: str, params: list[str], template: str | None = None, own: bool = True) -> _Form:
    """The form of a declared action: `template` (its `form`), else its parameters in order,
    one word each; a ValueError saying what is wrong when the template does not name each
    parameter once (`figure`, the acting figure, is the one other name it may hold) or, with
    `own` (not a kernel game's), the verb is one of the Mayhem rules' own questions printed alike."""
    template = " ".join(f"{{{p}}}" for p in params) if template is None else template
    fields = [(m.group(1), m.group(2) or "") for m in _FIELD.finditer(template)]
    if any(kind not in _PATTERN for _name, kind in fields):
        raise ValueError(f"the form of action '{verb}' types an argument neither ':int' nor ':loc'")
    names = [name for name, _kind in fields]
    if len(set(names)) != len(names) or set(params) - set(names) or set(names) - set(params) - {"figure"}:
        raise ValueError(f"the form of action '{verb}' names {', '.join(names) or 'nothing'}: not its "
                         f"parameters ({', '.join(params) or 'none'}, and `figure` for the acting figure)")
    form = _compile(verb, template)
    if not own:
        return form
    own = next((f for f in _FORMS.get(verb, {}).get(len(names), ()) if f.template in FORMS.get(verb, ())
                and _numeric(f.kinds) == _numeric(form.kinds)), None)
    if own is not None:
        raise ValueError(f"'{verb}' is a verb of the Mayhem rules' own questions, printed '{own.usage}': "
                         f"the action would print alike")
    return form


def declare(verb: str, template: str | None = None, params: list[str] | None = None) -> _Form:
    """Adds a declared action's form (declared_form) to the grammar, once: the same form
    declared again (the same rules loaded again) is the one kept; another form of a verb
    already declared is a ValueError (two games that would print one verb two ways)."""
    form = declared_form(verb, params if params is not None else _field_names(template), template)
    other = _DECLARED.get(verb)
    if other is not None:
        if other.template != form.template:
            raise ValueError(f"'{verb}' is declared printed '{form.usage}', and already '{other.usage}'")
        return other
    forms = _FORMS.setdefault(verb, {})
    forms[len(form.names)] = forms.get(len(form.names), ()) + (form,)
    _DECLARED[verb] = form
    VERBS.append(verb)
    return form


_DECLARED: dict[str, _Form] = {}  # verb -> the form its declaration gives it


def _unknown(verb: str, text: str) -> str | None:
    """The hint for a verb no form knows: while no game has declared its actions, that."""
    if not _DECLARED:
        return "no rules are loaded: a game's actions parse once load_rules() has read their declarations"
    joined = "-".join(text.split()[:2])
    return f"did you mean '{joined}'?" if joined in _FORMS else did_you_mean(verb, VERBS)


def _field_names(template: str | None) -> list[str]:
    return [m.group(1) for m in _FIELD.finditer(template or "") if m.group(1) != "figure"]


def arguments(verb: str) -> list[tuple[str, ...]]:
    """The argument names of a verb's forms: `arguments("move")` is `[('figure', 'location')]`."""
    return [f.names for n in sorted(_FORMS[verb]) for f in _FORMS[verb][n]]


def usage(verb: str) -> list[str]:
    """The usage lines of a verb's forms: `usage("place-die")` is `['place-die N CHARACTER/ABILITY']`."""
    return [f.usage for n in sorted(_FORMS[verb]) for f in _FORMS[verb][n]]


class Action(tuple):
    """One action: a verb, its arguments and its text (`(verb, args, text)`).

    The Mayhem rules' own actions are made from the grammar: `Action(verb, args)` checks the
    arguments against the verb's form and prints the text once (each distinct action is one
    value, kept: made again, it is a look-up), and the arguments read by name (`action.figure`,
    `action.location`). A kernel game's actions are made by its menu with their text
    (`Action(verb, args, text)`, or `tuple.__new__(Action, (verb, args, text))` where a menu
    makes many: no Python-level `__new__`): there the arguments are the parameters' values
    (seats, card uids) and the text is the verb and their labels (runtime/kernel/labels.py).
    An action is a value: immutable, equal to and hashed like any action with the same verb,
    arguments and text, in C (a tuple); `str()` is its text, `parse` reads one back."""

    __slots__ = ()

    def __new__(cls, verb: str, args: tuple = (), text: str | None = None) -> "Action":
        if text is not None:  # a kernel menu's action, printed by its labels
            return tuple.__new__(cls, (verb, args, text))
        try:
            made = _MADE.get((verb, args))
        except TypeError:  # unhashable arguments: not a tuple of values
            made = None
        return made if made is not None else _made(cls, verb, args)

    verb = property(itemgetter(0), doc="the verb")
    args = property(itemgetter(1), doc="the arguments: in the order of the form's template (a kernel game's: of "
                                       "the declaration's parameters)")
    text = property(itemgetter(2), doc="the printed action, as a decision lists it")

    def __setattr__(self, name, value):
        raise AttributeError(f"an Action is immutable; cannot set '{name}'")

    def __repr__(self) -> str:
        return f"Action(verb={self[0]!r}, args={self[1]!r}, text={self[2]!r})"

    def __reduce__(self):
        return _unpickled, tuple(self)

    @property
    def form(self) -> _Form:
        return _form_of(self[0], self[1])

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        form = _form_of(self[0], self[1]) if self[0] in _FORMS else None
        if form is None:
            raise AttributeError(f"'{self[2]}' has no argument '{name}'")
        try:
            return self[1][form.names.index(name)]
        except ValueError:
            raise AttributeError(f"'{form.usage}' has no argument '{name}'") from None

    def __str__(self) -> str:
        return self[2]

    @staticmethod
    def parse(text: str, legal: list | None = None) -> "Action":
        """`parse(text, legal)`: the one parser of action strings."""
        return parse(text, legal)


_MADE: dict = {}  # (verb, args) -> its Action of the grammar, made once (the distinct actions of the games played)


def _made(cls, verb: str, args: tuple) -> Action:
    if args.__class__ is not tuple:
        raise TypeError(f"{verb}: an action's arguments are a tuple, not {args!r}")
    _check(verb, args)
    return _MADE.setdefault((verb, args), tuple.__new__(cls, (verb, args, _form_of(verb, args).render(args))))


def _unpickled(verb: str, args: tuple, text: str) -> Action:
    return tuple.__new__(Action, (verb, args, text))


_TEXT = itemgetter(2)


def texts(actions) -> list[str]:
    """The printed actions of a list of them, in its order."""
    return list(map(_TEXT, actions))


_NAME = re.compile(_PATTERN[""])


def _check(verb: str, args: tuple) -> None:
    forms = _FORMS.get(verb)
    if forms is None:
        raise ActionError(verb, f"no verb '{verb}'", _unknown(verb, verb))
    form = _form_of(verb, args) if isinstance(args, tuple) and len(args) in forms else None
    if form is None and isinstance(args, tuple) and len(args) in forms:
        form = forms[len(args)][0]  # its types are wrong: said below
    if form is None:
        raise ActionError(f"{verb} {args}", f"'{verb}' takes no {len(args)} arguments",
                          "expected " + " or ".join(repr(u) for u in usage(verb)))
    for name, kind, value in zip(form.names, form.kinds, args):
        if (kind in ("int", "loc")) != (isinstance(value, int) and not isinstance(value, bool)):
            raise TypeError(f"{verb}: argument {name} is {value!r}: expected {'an int' if kind else 'a name'}")
        if not kind and not _NAME.fullmatch(str(value)):
            raise ActionError(str(value), f"the {name} of '{verb}' must be a name without blanks or '/'")


@lru_cache(maxsize=4096)
def _parse(text: str) -> Action:
    if not isinstance(text, str):
        raise ActionError(str(text), "an action is a string")
    verb, _, rest = text.strip().partition(" ")
    if text != text.strip() or "  " in text or "\t" in text or "\n" in text:
        raise ActionError(text, "words are separated by single blanks", f"did you mean {' '.join(text.split())!r}?")
    if not verb:
        raise ActionError(text, "it is empty", "an action starts with a verb: " + ", ".join(VERBS))
    forms = _FORMS.get(verb)
    if forms is None:
        raise ActionError(text, f"no verb '{verb}'", _unknown(verb, text) or "verbs: " + ", ".join(VERBS))
    for form in (f for same in forms.values() for f in same):
        m = form.regex.fullmatch(rest)
        if m is not None:
            args = tuple(int(v) - 1 if kind == "loc" else int(v) if kind == "int" else v
                         for v, kind in zip(m.groups(), form.kinds))
            return Action(verb, args)
    return _raise_bad_form(text, verb)


def _raise_bad_form(text: str, verb: str):
    expected = " or ".join(repr(u) for u in usage(verb))
    kinds = {k for same in _FORMS[verb].values() for f in same for k in f.kinds}
    notes = (["N is a number"] if "int" in kinds else []) + (["Ln a Location such as L3"] if "loc" in kinds else [])
    if "" in kinds:
        notes.append("a name has no blanks or '/'")
    raise ActionError(text, f"'{verb}' is written {expected}", ", ".join(notes) or f"'{verb}' takes nothing more")


def location_of(word: str) -> int | None:
    """The board index of a Location written `Ln` (a `target` may name one), else None.

    >>> location_of("L4"), location_of("L3-L4"), location_of("hero")
    (3, None, None)
    """
    m = _LOCATION.fullmatch(word)
    return int(m.group(1)) - 1 if m else None


_LOCATION = re.compile(_PATTERN["loc"])
PASS = Action("pass")
SKIP = Action("skip")
DONE = Action("done")
END_TURN = _unpickled("end-turn", (), "end-turn")  # the shared game's `end-turn` (bots.py)
NO_TARGET = Action("target", ("none",))


def parse(text: str, legal: list | None = None) -> Action:
    """The action a string says: the one parser of action strings.

    Without `legal`, read by the grammar (the Mayhem rules' forms): the Action with its
    typed arguments, an ActionError with a hint if the string says none. With `legal` (a
    decision's legal actions), the one of them whose text it is, blanks
    around it aside (a kernel game's arguments are the values its menu listed, not the words
    printed: they are read back from the list); a ValueError naming the legal ones if none."""
    if legal is None:
        return _parse(text)
    wanted = text.strip() if isinstance(text, str) else text
    for action in legal:
        if action[2] == wanted:
            return action
    raise ValueError(f"'{text}' is not a legal action now; legal: " + ", ".join(a[2] for a in legal))
