"""What a player reads, checked line by line (issue 31): no seat id where a name belongs,
no engine code, no English word in a German or French line, no count with the wrong
plural form. The transcript tests of the console, the service and the loopback Discord
all read their lines through `problems`.

The words are not listed by hand: the English-only vocabulary is every word of the English
catalogue that neither the German nor the French one uses, and the singular and plural of
each counted word are read off the catalogues' own plural forms (`code` / `code.one`), so
a new message is checked as soon as it is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from locales import catalogue, plural_key

# A seat's id in a sentence: computer seats are "cpu1".."cpu3", the Autobot's seat is
# "autobot" (its name is written "Autobot"), a Discord user id is a snowflake; a mention
# (<@…>) is Discord's own way to name someone and is allowed.
SEAT_ID = re.compile(r"(?<![<@\w])(cpu\d+|autobot|\d{17,20})\b")
# Engine codes: notation ids of sections, links, depots, locks and cards, the decision and
# status words the rules store, unfilled placeholders and untranslated catalogue codes.
ENGINE = re.compile(
    r"\b[a-z]{1,2}\d{1,2}\.\d\b"  # a section: r2.1, k10.1
    r"|\bd_[a-z_]+\b"  # a depot: d_black_f
    r"|\b(network|trade|service|finance)\d\b"  # a lock: trade3
    r"|\b[ia]\d\d(:[a-z]+)?\b"  # an improved or advanced card: i02, a13:green
    r"|\{[a-z_]+\}"  # a placeholder left unfilled
    r"|\b[a-z]+_[a-z_]+\b"  # snake_case: an option or a code
    r"|\b(story|label|log|board|word|decision|computer|discord|console|status|game|"
    r"remind|hint|undo)\.[a-z_.]+\b")  # a catalogue code shown as it stands
# What a line may carry that is typed, not read: commands (/act 3) and their options,
# what a player typed quoted back to them ('fly to the moon', « build nowhere »), file
# paths, links, Discord's markup for mentions and times.
TYPED = (re.compile(r"(^|\s)/[^\W\d][\w-]*(\s+[^\W\d][\w-]*:\S+)*"),
         re.compile(r"(?<!\w)'[^']*'(?!\w)|«[^»]*»|„[^“]*“|“[^”]*”|\"[^\"]*\""),
         re.compile(r"\S+\.(png|json|gif|txt)\b"), re.compile(r"https?://\S+"),
         re.compile(r"<[@#t:][^>]*>"))
WORD = re.compile(r"[^\W\d_]+(?:[’'][^\W\d_]+)?")


def _typed_removed(line: str) -> str:
    for pattern in TYPED:
        line = pattern.sub(" ", line)
    return line


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    """The lower-case words of a catalogue's sentences (the help's typed commands and the
    placeholders left out)."""
    words: set[str] = set()
    for code, text in catalogue(lang).items():
        if code == "console.help":
            continue
        text = re.sub(r"\{[^}]*\}", " ", _typed_removed(text))
        words |= {w.lower() for w in WORD.findall(text)}
    return frozenset(words)


@cache
def english_only(lang: str) -> frozenset[str]:
    """English words that `lang`'s catalogue never uses (short words left out: "de", "in"
    and "an" are German or French as well)."""
    return frozenset(w for w in _vocabulary("en") - _vocabulary(lang) if len(w) >= 3)


_COUNTED = re.compile(r"\{count\}\s+((?:[^\W\d_]+[\s’']?){1,3})")


@cache
def counted_words(lang: str) -> dict[str, str]:
    """Each counted phrase of `lang` by its form: {"Punkt": "one", "Punkte": "other", ...},
    read off every code written in plural forms; a phrase spelled alike in both forms
    ("1 Mitarbeiter", "2 Mitarbeiter") is left out, it cannot be wrong."""
    words = catalogue(lang)
    found: dict[str, str] = {}
    for code in words:
        if not code.endswith(".one") or code[:-4] not in words:
            continue
        one, other = _COUNTED.search(words[code]), _COUNTED.search(words[code[:-4]])
        if one is None or other is None:
            continue
        a, b = one[1].split(), other[1].split()
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:  # the phrase up to the first word that differs
                # a noun's plural grows from its singular ("Punkt", "Punkte"); verbs that
                # agree ("has"/"have") would take "game 7 has" for a count
                if len(x) >= 3 and y.startswith(x):
                    found.setdefault(" ".join(a[:i + 1]), "one")
                    found.setdefault(" ".join(b[:i + 1]), "other")
                break
    clash = {p for p in found if found[p] == "one"} & {
        p for p, form in found.items() if form == "other"}
    assert not clash, clash
    return found


def plural_errors(line: str, lang: str) -> list[str]:
    """"1 Punkte", "2 point", "0 points" (French counts 0 as one): each count followed by
    a counted phrase in the form CLDR's rule of `lang` does not pick for it."""
    bad = []
    for phrase, form in counted_words(lang).items():
        for m in re.finditer(r"(?<![\d.,\u202f])(\d+)\s" + re.escape(phrase) + r"(?![^\W\d_])",
                             line):
            wanted = "one" if plural_key("x", lang, int(m[1])) == "x.one" else "other"
            if wanted != form:
                bad.append(m[0])
    return bad


def problems(line: str, lang: str, *, names: Iterable[str] = ()) -> list[str]:
    """What is wrong with one line a player reads in `lang`: seat ids, engine codes,
    English words (in German and French), plural errors. `names`: the players' names,
    which may be anything and are not checked."""
    text = line
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    text = _typed_removed(text)
    found = [f"id {m[0]!r}" for m in SEAT_ID.finditer(text)]
    found += [f"code {m[0]!r}" for m in ENGINE.finditer(text)]
    if lang != "en":
        only = english_only(lang)
        found += [f"English {w!r}" for w in WORD.findall(text) if w.lower() in only]
    found += [f"plural {p!r}" for p in plural_errors(text, lang)]
    return found


def bad_lines(lines: Iterable[str], lang: str, *, names: Iterable[str] = ()
              ) -> list[tuple[str, list[str]]]:
    """Every line with a problem, and its problems."""
    names = tuple(names)
    return [(line, found) for line in lines if (found := problems(line, lang, names=names))]
