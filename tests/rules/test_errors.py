"""Rule errors (DESIGN §2): every code the rules raise is listed in `rules.errors.CODES` and
has an English text in the one catalogue, and every listed code is raised, so the
catalogues translate exactly these. The rules carry no text of their own."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import rules.errors
from locales import catalogue
from rules.errors import CODES, IllegalActionError, RuleError

RULES_DIR = Path(rules.errors.__file__).parent
# A code is the first argument of an error class or of a module's `_err` shorthand.
RAISED = re.compile(r'(?:Error|_err)\(\s*"([a-z_]+)"')


def raised_codes() -> set[str]:
    return {code for path in RULES_DIR.rglob("*.py")
            for code in RAISED.findall(path.read_text(encoding="utf-8"))}


def class_codes() -> set[str]:
    return {cls.code for _name, cls in inspect.getmembers(rules.errors, inspect.isclass)
            if issubclass(cls, RuleError)}


def test_every_code_raised_has_an_english_fallback() -> None:
    missing = raised_codes() - set(CODES)
    assert not missing, sorted(missing)
    untranslated = (raised_codes() | set(CODES)) - set(catalogue("en"))
    assert not untranslated, sorted(untranslated)


def test_every_english_fallback_is_for_a_code_that_can_be_raised() -> None:
    # The base codes are only defaults: the subclasses always raise a specific code.
    unused = set(CODES) - raised_codes() - class_codes()
    assert not unused, sorted(unused)


def test_an_error_is_its_code_and_parameters_with_english_for_logs() -> None:
    err = IllegalActionError("cannot_pay", cost=4, money=3)
    assert (err.code, err.params) == ("cannot_pay", {"cost": 4, "money": 3})
    assert str(err) == "That costs 4 DM; you have 3 DM."
    # A template whose parameter is missing still gives a line for the log, not a crash.
    assert str(IllegalActionError("cannot_pay", cost=4)) == "cannot_pay {'cost': 4}"


def test_the_rules_hold_no_english_text() -> None:
    assert not hasattr(rules.errors, "ENGLISH")
    assert not hasattr(RuleError, "template")
