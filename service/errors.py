"""Errors of the service: a stable code plus parameters, translated at the edge.

Like `RuleError`, a `ServiceError` never carries a sentence meant for players: the console
and the cogs turn `code` and `params` into the player's language with `locales.translate`
(see `message`). `str()` is an English fallback for logs and tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from locales.coded import CodedError
from rules import RuleError


class ServiceError(CodedError):
    """Base of everything a user can get wrong at the service level."""

    code = "service_error"


class UnknownGame(ServiceError):
    code = "unknown_game"  # params: game


class NoGameHere(ServiceError):
    code = "no_game_here"


class SeveralGamesHere(ServiceError):
    code = "several_games_here"  # params: games


class GameHere(ServiceError):
    """A channel or thread holds one open game at a time (lobby or running)."""

    code = "game_here"  # params: game


class OwnRequest(ServiceError):
    """The asker answered their own undo or abandon request: it already counts as yes."""

    code = "own_request"


class NotAPlayer(ServiceError):
    code = "not_a_player"  # params: player, game


class NotYourTurn(ServiceError):
    code = "not_your_turn"  # params: current, player (same text as the rules' code)


class GameNotStarted(ServiceError):
    code = "game_not_started"  # params: game


class GameAlreadyStarted(ServiceError):
    code = "game_already_started"  # params: game


class GameOver(ServiceError):
    code = "game_ended"  # params: game


class SeatTaken(ServiceError):
    code = "seat_taken"  # params: player, game


class GameFull(ServiceError):
    code = "game_full"  # params: game, count (its seats)


class NotEnoughPlayers(ServiceError):
    code = "not_enough_players"  # params: game, count, low


class StaleVersion(ServiceError):
    code = "stale_version"  # params: expected, actual


class DuplicateInteraction(ServiceError):
    code = "duplicate_interaction"


class NotHost(ServiceError):
    code = "not_host"  # params: host


class BadOption(ServiceError):
    code = "bad_option"  # params: name, value, expected


class QuietHoursHalf(BadOption):
    """Quiet hours with a start and no end, or the other way round."""

    code = "remind.quiet_pair"


class SoloNeedsLevel(ServiceError):
    """A solo game asked for without the Autobot's level (there is no default: the level
    is the game's difficulty, and the player should choose it)."""

    code = "solo_needs_level"  # params: low, high


class BadMoveNumber(ServiceError):
    code = "bad_move_number"  # params: move, count


class NothingToUndo(ServiceError):
    code = "nothing_to_undo"


class NoUndoRequest(ServiceError):
    code = "no_undo_request"


class ConsentRequired(ServiceError):
    """The undo needs the other players' consent; a request was recorded."""

    code = "consent_required"  # params: players, count, request


class NoAbandonRequest(ServiceError):
    code = "no_abandon_request"


class BadRecord(ServiceError):
    code = "bad_record"  # params: reason


class RecordMismatch(ServiceError):
    code = "record_mismatch"  # params: move, notation, reason


class ReplayLimited(ServiceError):
    code = "replay_limited"  # params: seconds (until the user may ask again)


class StoreBusy(ServiceError):
    code = "store_busy"


class BadValue(ServiceError):
    """A value the store cannot keep as given (caught there, after the service's checks)."""

    code = "bad_value"


class StorageFault(ServiceError):
    """The database file failed: disk full, read-only, damaged, or from a newer version.
    Nothing was changed; the message says what an operator must do."""

    code = "storage.fault"  # params: path

    def __init__(self, kind: str, **params: Any) -> None:
        super().__init__(f"storage.{kind}", **params)


class IllegalAction(ServiceError):
    """A `RuleError` refused the action; keeps it and a few legal alternatives.

    `code` and `params` are the rule error's own, so the catalogues translate it directly;
    `alternatives` are notation strings to show as "possible instead".
    """

    def __init__(self, rule: RuleError, alternatives: Sequence[str] = ()) -> None:
        self.rule = rule
        self.alternatives = tuple(alternatives)
        super().__init__(rule.code, **rule.params)


def message(error: BaseException, lang: str = "en") -> str:
    """The text to show a player for a `ServiceError` or `RuleError`, in `lang`."""
    from locales import Named, translate

    if isinstance(error, CodedError):
        text = translate(error.code, lang, **error.params)
        alternatives = getattr(error, "alternatives", ())
        if alternatives:
            text += " " + translate("possible_instead", lang,
                                    options=Named.joined(alternatives))
        return text
    return translate("internal_error", lang, ref=type(error).__name__)
