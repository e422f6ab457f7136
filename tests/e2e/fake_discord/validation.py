"""The checks Discord applies to a command sync, so a bad name fails here and not in prod.

A sync that Discord would refuse (an upper-case or spaced localised name, a description
over 100 characters, an unknown locale, a required option after an optional one) answers
400 with code 50035 and Discord's nested `errors` shape; discord.py turns that into
`CommandSyncFailure`. Only the rules a translated, option-rich bot is likely to break are
here, not all of Discord's.
"""

from __future__ import annotations

import re
from typing import Any

# Discord's documented locales for *_localizations.
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
# CHAT_INPUT names: 1-32 of letters, digits, - _ ' (Discord's regex, minus the scripts that
# have no case); letters must be lower case where a lower case exists.
NAME = re.compile(r"^[-_'\w]{1,32}$")
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2

Errors = dict[str, Any]


def _err(code: str, message: str) -> Errors:
    return {"_errors": [{"code": code, "message": message}]}


def _check_name(name: Any, errors: Errors, key: str) -> None:
    if not isinstance(name, str) or not NAME.match(name) or name != name.lower():
        errors[key] = _err("APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _check_description(text: Any, errors: Errors, key: str) -> None:
    if not isinstance(text, str) or not 1 <= len(text) <= 100:
        errors[key] = _err("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")


def _check_localizations(entry: dict[str, Any], errors: Errors, field: str, check: Any) -> None:
    values = entry.get(field) or {}
    problems: Errors = {}
    for locale, text in values.items():
        if locale not in LOCALES:
            problems[locale] = _err("LOCALE_INVALID", f"Invalid locale {locale!r}")
        else:
            check(text, problems, locale)
    if problems:
        errors[field] = problems


def _check_entry(entry: dict[str, Any], chat_input: bool) -> Errors:
    errors: Errors = {}
    if chat_input:
        _check_name(entry.get("name"), errors, "name")
        _check_description(entry.get("description"), errors, "description")
        _check_localizations(entry, errors, "name_localizations", _check_name)
        _check_localizations(entry, errors, "description_localizations", _check_description)
    options = entry.get("options") or []
    if len(options) > 25:
        errors["options"] = _err("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        return errors
    seen_optional = False
    option_errors: Errors = {}
    for index, option in enumerate(options):
        problems = _check_entry(option, chat_input)
        is_sub = option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
        if not is_sub:
            if option.get("required") and seen_optional:
                problems["required"] = _err(
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
            seen_optional = seen_optional or not option.get("required")
        if len(option.get("choices") or []) > 25:
            problems["choices"] = _err("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        if option.get("choices") and option.get("autocomplete"):
            problems["autocomplete"] = _err(
                "AUTOCOMPLETE_AND_CHOICES", "Autocomplete cannot be set with choices"
            )
        if problems:
            option_errors[str(index)] = problems
    if option_errors:
        errors["options"] = option_errors
    return errors


def validate_commands(body: Any) -> Errors:
    """Discord's `errors` object for a bulk overwrite body; empty when Discord would accept."""
    if not isinstance(body, list):
        return {"_errors": [{"code": "BASE_TYPE_ARRAY", "message": "Must be an array"}]}
    if len(body) > 100:
        return _err("BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    errors: Errors = {}
    names: set[tuple[str, int]] = set()
    for index, entry in enumerate(body):
        kind = entry.get("type", 1)
        problems = _check_entry(entry, chat_input=kind == 1)
        key = (entry.get("name"), kind)
        if key in names:
            problems["name"] = _err("APPLICATION_COMMANDS_DUPLICATE_NAME", "Duplicate name")
        names.add(key)
        if problems:
            errors[str(index)] = problems
    return errors
