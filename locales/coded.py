"""The one base of every typed error a player can be shown: a stable code plus parameters,
never a sentence. The rules (`RuleError`) and the service (`ServiceError`) both derive from
it, and the adapters translate any of them the same way (`service.message`).

Kept free of I/O and of every other package so the pure `rules` may import it.
"""

from __future__ import annotations

from typing import Any


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
        from locales import translate  # late: only when a message is actually wanted

        return translate(self.code, "en", **self.params)
