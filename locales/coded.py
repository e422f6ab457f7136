"""The one base of every typed error a player can be shown: a stable code plus parameters,
never a sentence. The rules (`RuleError`) and the service (`ServiceError`) both derive from
it, and the adapters translate any of them the same way (`service.message`).

Kept free of I/O and of every other package so the pure `rules` may import it; the English
for logs and exceptions is read from the catalogue only when a text is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def english(code: str, params: Mapping[str, Any], *, strict: bool = False) -> str:
    """The catalogue's English for `code`. `strict`: a template whose parameters are not
    all given (or a code the catalogue lacks) reads `code {params}`, so a log shows what
    was raised instead of a half-filled sentence."""
    from locales import catalogue, placeholders, translate  # late: only when wanted

    if strict:
        template = catalogue("en").get(code)
        if template is None or not placeholders(template) <= set(params):
            return f"{code} {dict(params)}"
    return translate(code, "en", **params)


class CodedError(Exception):
    code = "error"

    def __init__(self, code: str | None = None, /, **params: Any) -> None:
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params
        # The English text is made only when asked for: `legal_actions` builds and drops
        # refused checks by the thousand, and formatting was most of their cost.
        super().__init__(self.code)

    def __str__(self) -> str:
        return self.english()

    def english(self) -> str:
        """The English text, for logs and tests (players get `locales.translate`)."""
        return english(self.code, self.params)
