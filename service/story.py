"""A turn told as lines in the player's language (issue 14): every decision in order, named
as on the board (service.labels), with what it changed (one decision: service.story_step),
then the end, the catch-up digest and the log's pages.

Pure: no store, no clock. The service feeds it states replayed from the log; the turn
post, the console, `/log` and the catch-up digest all read these same lines.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import rules
from locales import translate
from rules import State
from rules.scoring import ranking_key
from rules.scoring import score_breakdown as player_breakdown

from .progress import turn_passed
from .story_era import era_lines
from .story_step import BULLET, Step, headline, name_of, step_lines, steps

__all__ = ["BULLET", "Step", "final_lines", "page_of", "score_breakdown", "since_last_turn",
           "step_lines", "steps", "tell", "tie_break", "turns", "undo_line"]


def turns(all_steps: Sequence[Step]) -> list[list[Step]]:
    """The steps grouped into turns: a group ends where the decision passed to another."""
    groups: list[list[Step]] = []
    current: list[Step] = []
    for step in all_steps:
        current.append(step)
        if turn_passed(step.before, step.after):
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def score_breakdown(state: State) -> dict[str, dict[str, int]]:
    """Each player's points per department (lobby first, then the edition's departments)."""
    edition = rules.edition_of(state)
    return {pid: player_breakdown(state, edition, pid) for pid in state.order}


def tell(turn: Sequence[Step], names: Mapping[str, str], lang: str) -> list[str]:
    """A turn (or any run of decisions) told, decision by decision; the end if it ended."""
    if not turn:
        return []
    ed = rules.edition_of(turn[0].before)
    out = [line for step in turn for line in step_lines(ed, step, names, lang)]
    if rules.is_over(turn[-1].after):
        out += final_lines(turn[-1].after, names, lang)
    return out


# -- the end -------------------------------------------------------------------------------


def tie_break(state: State) -> str | None:
    """Which part of the ranking decided first place: None when the points alone did (or
    nothing could), "employees" or "floors" when tied points were split by them, "shared"
    when the tie stands."""
    ed = rules.edition_of(state)
    keys = {pid: ranking_key(state, ed, pid) for pid in state.order}
    best = max(keys.values())
    level = [pid for pid in state.order if keys[pid][0] == best[0]]
    if len(level) < 2:
        return None
    winners = [pid for pid in level if keys[pid] == best]
    if len(winners) > 1:
        return "shared"
    by_staff = [pid for pid in level if keys[pid][1] == best[1]]
    return "employees" if len(by_staff) == 1 else "floors"


def final_lines(state: State, names: Mapping[str, str], lang: str) -> list[str]:
    """The final scores ranked, each with its points per department, and the tie-break."""
    ed = rules.edition_of(state)
    parts = score_breakdown(state)
    order = sorted(state.order, key=lambda p: ranking_key(state, ed, p), reverse=True)
    out = [translate("story.final", lang)]
    place = 0
    previous = None
    for i, pid in enumerate(order, start=1):
        key = ranking_key(state, ed, pid)
        place = place if key == previous else i
        previous = key
        detail = ", ".join(
            translate("story.points_in", lang, count=points,
                      department=translate("word.lobby", lang) if dept == "lobby"
                      else translate(f"word.department.{dept}", lang))
            for dept, points in parts[pid].items())
        out.append(translate("story.rank", lang, place=place, player=name_of(names, pid),
                             count=sum(parts[pid].values()), detail=detail))
    decided = tie_break(state)
    if decided is not None:
        out.append(translate(f"story.tie.{decided}", lang))
    return out


# -- catch-up ------------------------------------------------------------------------------


def since_last_turn(all_steps: Sequence[Step], player: str, names: Mapping[str, str],
                    lang: str, by_computer: Collection[int] = (),
                    limit: int = 12) -> list[str]:
    """What the others did since `player` last decided: one headline per decision (the
    consequences of the latest few), at most `limit` lines. `by_computer`: the numbers of
    the moves a computer made for `player`, which they have not seen either."""
    def theirs(step: Step) -> bool:
        return step.player == player and step.seq not in by_computer

    last = max((i for i, s in enumerate(all_steps) if theirs(s)), default=-1)
    since = [s for s in all_steps[last + 1:] if not theirs(s)]
    if not since:
        return [translate("story.since_nothing", lang)]
    ed = rules.edition_of(since[0].before)
    lines = [translate("story.since", lang, count=len(since))]
    for step in since:
        lines.append(BULLET + headline(ed, step, names, lang))
        lines.extend(BULLET + line for line in era_lines(step, lang))
    if len(lines) > limit:
        lines = [lines[0], BULLET + translate("story.more", lang, count=len(lines) - limit),
                 *lines[-(limit - 2):]]
    return lines


# -- the log ---------------------------------------------------------------------------------


def undo_line(by: str | None, detail: Mapping[str, Any], names: Mapping[str, str],
              lang: str) -> str:
    """An undo as the log shows it: who took back which moves (its stored reason is the
    service's English note, so it is not shown)."""
    removed = detail.get("removed") or []
    seqs = [int(r["seq"]) for r in removed] or [0]
    return translate("story.undo", lang, player=name_of(names, by or "-"),
                     first=min(seqs), last=max(seqs))


def page_of(lines: Sequence[str], page: int | None, per_page: int,
            lang: str) -> tuple[list[str], int, int]:
    """(the page's lines under a 'Page x of y' head, its number, how many pages). `page`
    None is the latest; a number past either end shows the nearest page."""
    pages = max(1, -(-len(lines) // per_page))
    number = pages if page is None else min(max(1, page), pages)
    shown = list(lines[(number - 1) * per_page:number * per_page])
    if pages > 1:
        shown.insert(0, translate("story.page", lang, page=number, pages=pages))
    return shown, number, pages
