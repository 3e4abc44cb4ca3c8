"""Grammatical person for players' texts, in English: a move's label is written once, as the
player who makes the move reads it (the second person imperative: "End your turn"), and is
said of that player to everyone else and in the log in the third person ("ends their turn").
A log line about a seat is said to that seat in the second person ("you reveal A♦").

The rules are small on purpose: the first word of a label is its verb, and so is a word after
`and`, `or` or `then` that follows the verb alone ("Hold and bank 9") or is followed by an object
("Draw a card and play it"), and the pronouns of the person addressed change. Where they read wrong (a label that starts with no verb, "Higher"),
a move gives its third person itself (`third_person:`). `{expressions}` are left as written.
"""
from __future__ import annotations

import re

WORD_OR_FIELD = re.compile(r"\{[^{}]*\}|[A-Za-z]+(?:'[a-z]+)?")
IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes", "don't": "doesn't"}
BASE_FORMS = {"is": "are", "has": "have", "does": "do", "goes": "go", "doesn't": "don't", "was": "were"}
SIBILANT_ENDS = ("s", "sh", "ch", "x", "z", "o")  # a verb ending so takes -es: passes, reaches, goes
TO_THIRD = {"your": "their", "yours": "theirs", "yourself": "themself", "yourselves": "themselves",
            "you're": "they're", "you've": "they've", "you'll": "they'll", "you'd": "they'd"}
TO_SECOND = {"their": "your", "theirs": "yours", "themself": "yourself", "themselves": "yourselves",
             "them": "you", "they": "you", "they're": "you're", "they've": "you've", "they'll": "you'll",
             "they'd": "you'd"}
# `you` is the object after these words ("deal you a card", "from you") ...
BEFORE_OBJECT = frozenset("let make makes help give show tell ask pay deal pass hand send offer to for with from at by "
                          "on of against beside than".split())
# ... and before these ("give you a card"); before any other word it is the subject ("the card you drew")
BEFORE_NOUN = frozenset("a an the some any no one two three four five six seven eight nine ten and or but".split())
JOINING = frozenset(("and", "or", "then"))  # a verb after one of these, in a label, is a second verb ...
# ... when it follows the first verb alone, or an object follows it (a digit or a `{field}` too)
OBJECT_START = BEFORE_NOUN - JOINING | frozenset("it them this that these those all every each your up out on off "
                                                 "back down".split())
NOT_VERBS = OBJECT_START | frozenset(TO_THIRD) | {"you", "not"}


def third_person(label: str) -> str:
    """What a label written to the player ("Play a card from your hand") says of them to others,
    without their name ("plays a card from their hand")."""
    tokens = list(WORD_OR_FIELD.finditer(label))
    out, last = [], 0
    for index, token in enumerate(tokens):
        word = token.group()
        out.append(label[last:token.start()])
        last = token.end()
        if word.startswith("{"):
            out.append(word)
        elif index == 0 and token.start() == len(label) - len(label.lstrip()) or _second_verb(label, tokens, index):
            out.append(_conjugated(word))
        elif word.lower() == "you":
            before = tokens[index - 1].group().lower() if index else ""
            after = tokens[index + 1].group().lower() if index + 1 < len(tokens) else ""
            subject = before not in BEFORE_OBJECT and after and after not in BEFORE_NOUN and not after.startswith("{")
            out.append(_cased("they" if subject else "them", word))
        else:
            out.append(_cased(TO_THIRD.get(word.lower(), word), word))
    return "".join(out) + label[last:]


def _second_verb(label: str, tokens: list, index: int) -> bool:
    """Whether the word at `index` is a second verb joined to the label's first: see the module docstring."""
    word = tokens[index].group()
    if index < 2 or tokens[index - 1].group().lower() not in JOINING or word.lower() in NOT_VERBS or word[0].isupper():
        return False
    rest = label[tokens[index].end():].lstrip()
    following = rest.split(maxsplit=1)[0].lower().strip(".,;:()") if rest else ""
    return index == 2 or rest[:1].isdigit() or rest[:1] == "{" or following in OBJECT_START


def second_person(phrase: str) -> str:
    """What a line said of a seat in the third person, after its name ("reveals A♦"), says to that
    seat after "you" ("reveal A♦")."""
    tokens = list(WORD_OR_FIELD.finditer(phrase))
    out, last = [], 0
    for index, token in enumerate(tokens):
        word = token.group()
        out.append(phrase[last:token.start()])
        last = token.end()
        if index == 0 and token.start() == 0:
            out.append(_base_form(word))
        else:
            out.append(_cased(TO_SECOND.get(word.lower(), word), word))
    return "".join(out) + phrase[last:]


def _conjugated(verb: str) -> str:
    """A verb in the imperative, said in the third person singular: `Play` -> `plays`."""
    lower = verb.lower()
    if lower in IRREGULAR:
        third = IRREGULAR[lower]
    elif len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        third = lower[:-1] + "ies"
    elif lower.endswith(SIBILANT_ENDS):
        third = lower + "es"
    else:
        third = lower + "s"
    return third.upper() if len(verb) > 1 and verb.isupper() else third


def _base_form(verb: str) -> str:
    """A verb said in the third person singular, in the form it takes after `you`: `reveals` -> `reveal`."""
    if verb in BASE_FORMS:
        return BASE_FORMS[verb]
    if len(verb) > 4 and verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us", "is")):
        return verb[:-1]
    return verb


def _cased(word: str, like: str) -> str:
    """`word` with the first letter capitalised as `like` has it."""
    return word[:1].upper() + word[1:] if like[:1].isupper() else word
