"""The HTML of a game's page, and its parts as JSON for live updates and the replay.

Server-rendered: the first answer already holds the map and every board, so the page
shows the game before any script runs (and without one). No inline script or style (the
content security policy forbids both); everything a script needs is in `data-`
attributes. Every text that is not the service's own markup is escaped here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape

from locales import SUPPORTED, translate
from service import WebBoard

LANG_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}
UI_TEXTS = ("web.move", "web.deal", "web.live", "web.offline", "web.not_found",
            "web.too_many")


def t(code: str, lang: str, **params: object) -> str:
    return escape(translate(code, lang, **params))


def story_html(lines: Sequence[str]) -> str:
    return "".join(f"<li>{escape(line)}</li>" for line in lines)


def log_html(lines: Sequence[str]) -> str:
    return "".join(f"<li>{escape(line)}</li>" for line in lines)


def move_label(board: WebBoard) -> str:
    if board.move == 0:
        return translate("web.deal", board.lang)
    return translate("web.move", board.lang, move=board.move, moves=board.moves)


def board_json(board: WebBoard) -> bytes:
    """What a live update or a replay step swaps into the page."""
    return json.dumps({
        "move": board.move, "moves": board.moves, "version": board.version,
        "status": board.status, "over": board.over, "label": move_label(board),
        "map": board.map_svg, "header": board.header_html, "shared": board.shared_html,
        "scores": board.scores_html, "players": board.players_html,
        "story": story_html(board.story),
    }, ensure_ascii=False, separators=(",", ":")).encode()


def log_json(lines: Sequence[str]) -> bytes:
    return json.dumps({"log": log_html(lines)}, ensure_ascii=False,
                      separators=(",", ":")).encode()


def head(title: str, lang: str, assets: str) -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">'
            '<link rel="icon" href="data:,">'
            f'<title>{escape(title)}</title>'
            f'<link rel="stylesheet" href="/static/web.css?v={assets}">'
            f'<script src="/static/web.js?v={assets}" defer></script></head>')


def languages(lang: str, move: int | None) -> str:
    at = f"&amp;move={move}" if move is not None else ""
    current = ' aria-current="true"'
    links = "".join(
        f'<a href="?lang={code}{at}" hreflang="{code}" lang="{code}"'
        f'{current if code == lang else ""}>{LANG_NAMES[code]}</a>'
        for code in SUPPORTED)
    return f'<nav class="langs" aria-label="{t("web.language", lang)}">{links}</nav>'


def page_html(board: WebBoard, log: Sequence[str], assets: str, pinned: bool) -> str:
    """The whole page at `board`'s move; `pinned`: the reader asked for that move (the
    page then stays there when the game moves on)."""
    lang = board.lang
    texts = " ".join(f'data-{code.removeprefix("web.").replace("_", "-")}="'
                     f'{escape(translate(code, lang))}"' for code in UI_TEXTS)
    body = (f'<body data-move="{board.move}" data-moves="{board.moves}"'
            f' data-version="{board.version}" data-lang="{lang}"'
            f' data-label-size="{board.label_size}" data-pinned="{int(pinned)}" {texts}>')
    top = (f'<header class="top"><h1>{escape(board.title)}</h1>'
           f'{languages(lang, board.move if pinned else None)}'
           f'<span id="live" class="live" hidden>{t("web.live", lang)}</span></header>')
    if board.status == "lobby":
        names = ", ".join(board.names)
        return (head(board.title, lang, "0") + body + top +
                f'<main><p class="lobby">{t("web.lobby", lang)}</p>'
                f'<p>{escape(names)}</p></main></body></html>')
    zoom = (f'<div class="zoom"><button type="button" id="zoom-in" aria-label="'
            f'{t("web.zoom_in", lang)}">+</button><button type="button" id="zoom-out"'
            f' aria-label="{t("web.zoom_out", lang)}">−</button><button type="button"'
            f' id="fit">{t("web.fit", lang)}</button></div>')
    replay = (f'<section class="replay" aria-labelledby="replay-h"><h2 id="replay-h">'
              f'{t("web.replay", lang)}</h2><div class="steps">'
              f'<button type="button" id="first" aria-label="{t("web.first", lang)}">«</button>'
              f'<button type="button" id="prev" aria-label="{t("web.previous", lang)}">◀</button>'
              f'<input type="range" id="slider" min="0" max="{board.moves}" value="{board.move}"'
              f' aria-label="{t("web.replay", lang)}">'
              f'<button type="button" id="next" aria-label="{t("web.next", lang)}">▶</button>'
              f'<button type="button" id="last" aria-label="{t("web.latest", lang)}">»</button>'
              f'</div><p id="move-label" aria-live="polite">{escape(move_label(board))}</p>'
              f'<h3>{t("web.story", lang)}</h3><ul id="story">{story_html(board.story)}</ul>'
              '</section>')
    return "".join((
        head(board.title, lang, assets), body, top,
        f'<div id="header" class="status">{board.header_html}</div>',
        '<main>',
        f'<section class="board"><div id="mapbox" class="mapbox">{board.map_svg}</div>{zoom}'
        f'<p class="hint">{t("web.changes", lang)}</p></section>',
        '<div class="side">', replay,
        f'<section aria-labelledby="scores-h"><h2 id="scores-h">{t("web.scores", lang)}</h2>'
        f'<div id="scores">{board.scores_html}</div></section>',
        '</div>',
        f'<section class="players-box" aria-labelledby="players-h"><h2 id="players-h">'
        f'{t("web.players", lang)}</h2><div id="players" class="players">'
        f'{board.players_html}</div></section>',
        f'<section aria-labelledby="shared-h"><h2 id="shared-h">{t("web.shared", lang)}</h2>'
        f'<div id="shared" class="shared">{board.shared_html}</div></section>',
        f'<section class="log" aria-labelledby="log-h"><h2 id="log-h">{t("web.log", lang)}'
        f'</h2><ol id="log">{log_html(log)}</ol></section>',
        f'</main><noscript><p>{t("web.no_script", lang)}</p></noscript></body></html>',
    ))


def not_found_html(lang: str) -> str:
    title = translate("web.not_found", lang)
    return (head(title, lang, "0") + f'<body><main><p class="lobby">{escape(title)}</p>'
            '</main></body></html>')
