"""`/stats` and `/game history` as lines in the reader's language: one wording for the
console and Discord (each adapter says how it writes a date and a link to a record)."""

from __future__ import annotations

from collections.abc import Callable

from locales import Phrase, number, translate

from .history import HistoryPage, PastGame, PlayerStats, ServerStats
from .names import seat_names


def _figure(value: float, lang: str) -> str:
    return number(round(value, 1), lang)


def stats_lines(stats: PlayerStats, lang: str) -> list[str]:
    """A player's figures; head-to-head last when asked for."""
    if not stats.games:
        return [translate("pace.stats.none", lang, player=stats.name)]
    lines = [translate("pace.stats.title", lang, player=stats.name),
             translate("pace.stats.record", lang,
                       games=Phrase("pace.games", count=stats.games),
                       wins=Phrase("pace.wins", count=stats.wins))]
    if stats.rating.games:
        lines.append(translate("pace.stats.rating", lang, mu=_figure(stats.rating.mu, lang),
                               sigma=_figure(stats.rating.sigma, lang),
                               count=stats.rating.games))
    else:
        lines.append(translate("pace.stats.unrated", lang))
    if stats.favourite is not None:
        lines.append(translate("pace.stats.favourite", lang, department=stats.favourite))
    if stats.median_points is not None:
        lines.append(translate("pace.stats.median", lang,
                               points=_figure(stats.median_points, lang)))
    face = stats.versus
    if face is not None:
        if face.games:
            lines.append(translate("pace.stats.versus", lang, other=face.name,
                                   count=face.games, ahead=face.ahead, behind=face.behind,
                                   level=face.level))
        else:
            lines.append(translate("pace.stats.versus_none", lang, other=face.name))
    return lines


def server_lines(stats: ServerStats, lang: str) -> list[str]:
    """The leaderboard: place, name, rating with its uncertainty, wins."""
    if not stats.leaders:
        return [translate("pace.server.empty", lang)]
    lines = [translate("pace.server.title", lang,
                       games=Phrase("pace.games", count=stats.games),
                       players=Phrase("pace.players", count=stats.players))]
    for place, leader in enumerate(stats.leaders, start=1):
        lines.append(translate("pace.server.line", lang, place=place, player=leader.name,
                               mu=_figure(leader.rating.mu, lang),
                               sigma=_figure(leader.rating.sigma, lang),
                               wins=Phrase("pace.wins", count=leader.wins),
                               games=Phrase("pace.rated_games", count=leader.rating.games)))
    lines.append(translate("pace.server.how", lang))
    return lines


def history_lines(page: HistoryPage, lang: str, when: Callable[[float], str],
                  link: Callable[[PastGame], str | None]) -> list[str]:
    """The finished games, newest first: when, who won, the points, a link to the record."""
    if not page.games:
        return [translate("pace.history.empty", lang)]
    lines = [translate("pace.history.title", lang, count=page.total, page=page.page,
                       pages=page.pages)]
    for past in page.games:
        names = seat_names(past.game, lang)  # computer seats named in the reader's language
        winners = ", ".join(names.get(w, w) for w in past.winners)
        scores = ", ".join(f"{names.get(p, p)} {points}"
                           for p, points in sorted(past.points.items(),
                                                   key=lambda kv: (-kv[1], kv[0])))
        line = translate("pace.history.line" if len(past.winners) < 2
                         else "pace.history.line_shared", lang, game=past.game.id,
                         date=when(past.finished_at), winners=winners, scores=scores)
        if not past.rated:
            line += " " + translate("pace.history.imported", lang)
        found = link(past)
        if found:
            line += " · " + translate("pace.history.record", lang, link=found)
        lines.append(line)
    return lines
