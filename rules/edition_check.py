"""`python -m rules.editions check FILE`: is a group's corrected edition file playable?

For someone who owns the printed game and corrects numbers in a copy of `classic.toml`
(docs/editions.md), not for a programmer: a mistake is reported with the line of the file,
the thing it concerns in the game's words ("the red link r2, Hamburg–Bremen"), the problem,
and, for a misspelt name, the names it may have meant. A good file is summed up (its hash,
the one its games will be pinned by) with what it changes against the shipped classic.
"""

from __future__ import annotations

import difflib
import re
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules.edition import CLASSIC_PATH, EditionError, load_edition
from rules.model import Edition

# What the first part of a key path is, in the owner's words.
TABLES = {
    "edition": "the edition's settings", "player": "each player's pieces",
    "costs": "the costs", "trucks": "the truck rules", "eras": "era", "offices": "the offices",
    "city_values": "the city values", "slots": "the action slots",
    "administration": "the administration building", "countries": "country",
    "nodes": "city", "links": "link", "depots": "depot", "delivery_boards": "the delivery boards",
    "bonus_tiles": "the bonus-tile bag", "development_track": "the development track",
    "locks": "research lock", "cards": "card", "routes": "the route cards",
    "checks": "the stated totals", "solo": "the solo mode",
}
_UNKNOWN = re.compile(r"unknown (node|colour|goods|country|lock|department|era|slot)\w* '([^']*)'")
# Where the names of an unknown thing are defined in the file, when its message lists none.
_DEFINED = {"node": "nodes", "country": "countries", "lock": "locks"}


def where(key: str, data: dict[str, Any]) -> str:
    """`links.r2.b` as "the red link r2 (Hamburg–Bremen), b"; unknown shapes as the key."""
    parts = re.split(r"\.|(?=\[)", key)
    head = parts[0]
    what = TABLES.get(head)
    if what is None:
        return key
    if head == "eras" and len(parts) > 1 and parts[1].startswith("["):
        index = int(parts[1].strip("[]"))
        return _rest(f"era {index + 1}", parts[2:])
    if head in ("nodes", "links", "depots", "countries", "locks", "cards") and len(parts) == 1:
        return f"the {head}"
    if head in ("nodes", "links", "depots", "countries", "locks", "cards"):
        ident = parts[1]
        entry = data.get(head, {}).get(ident, {})
        label = f"{what} {ident}"
        if head == "links" and isinstance(entry, dict):
            ends = [_node_name(data, entry.get(end)) for end in ("a", "b")]
            label = f"the {entry.get('colour', '')} link {ident} ({ends[0]}–{ends[1]})".replace(
                "the  link", "the link")
        elif head in ("nodes", "countries") and isinstance(entry, dict) and "name" in entry:
            label = f"{what} {ident} ({entry['name']})"
        elif head == "depots" and isinstance(entry, dict):
            label = (f"the {entry.get('colour', '')} depot {ident} at "
                     f"{_node_name(data, entry.get('node'))}")
        return _rest(label, parts[2:])
    return _rest(what, parts[1:])


def _node_name(data: dict[str, Any], node: object) -> str:
    entry = data.get("nodes", {}).get(node) if isinstance(node, str) else None
    return str(entry.get("name", node)) if isinstance(entry, dict) else str(node)


def _rest(label: str, parts: list[str]) -> str:
    rest = "".join(p if p.startswith("[") else "." + p for p in parts).lstrip(".")
    return f"{label}, {rest}" if rest else label


def line_of(key: str, text: str) -> int | None:
    """The line (1-based) where `key` is written, or its table's header; None if unknown."""
    parts = [p for p in re.split(r"\.|\[\d+\]", key) if p]
    lines = text.splitlines()
    found: int | None = None
    start = 0
    # Walk down the headers: `[links.r2]`, then `b =` inside it.
    for depth in range(len(parts), 0, -1):
        header = ".".join(parts[:depth])
        for i, line in enumerate(lines):
            if re.match(rf"\s*\[\[?{re.escape(header)}\]\]?\s*(#.*)?$", line):
                found, start = i + 1, i + 1
                break
        if found is not None:
            leaf = parts[depth] if depth < len(parts) else None
            if leaf is not None:
                for i in range(start, len(lines)):
                    if lines[i].lstrip().startswith("["):
                        break
                    if re.match(rf"\s*{re.escape(leaf)}\s*=", lines[i]):
                        return i + 1
            return found
    return None


def suggestions(err: EditionError, data: dict[str, Any]) -> list[str]:
    """Names close to a misspelt one (an unknown node, colour, goods…), from the file itself."""
    match = _UNKNOWN.search(err.problem)
    if not match:
        return []
    known = re.search(r"known: (.*)$", err.problem)
    if known:
        pool = [k.strip() for k in known.group(1).split(",")]
    else:
        defined = data.get(_DEFINED.get(match.group(1), ""))
        pool = list(defined) if isinstance(defined, dict) else []
    return difflib.get_close_matches(match.group(2), pool, n=3, cutoff=0.6)


def explain(path: Path, err: EditionError) -> str:
    """The owner's message for one mistake: where, what, and what it may have meant."""
    text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        data = {}
    if not err.key:
        return f"{err.file}: {err.problem}"
    line = line_of(err.key, text)
    at = f"{err.file}, line {line}" if line else err.file
    out = f"{at}: {where(err.key, data)} (key {err.key}): {err.problem}"
    close = suggestions(err, data)
    if close:
        out += f" — did you mean {' or '.join(repr(c) for c in close)}?"
    return out


def differences(edition: Edition, classic: Edition) -> list[str]:
    """What the file changes against the shipped classic, table by table, in a few words."""
    out = []
    for label, mine, theirs in (
        ("cities", edition.nodes, classic.nodes), ("links", edition.links, classic.links),
        ("depots", edition.depots, classic.depots),
        ("countries", edition.countries, classic.countries),
    ):
        added = sorted(set(mine) - set(theirs))
        gone = sorted(set(theirs) - set(mine))
        changed = sorted(k for k in set(mine) & set(theirs) if mine[k] != theirs[k])
        bits = [f"{name} {', '.join(ids)}" for name, ids in
                (("added", added), ("removed", gone), ("changed", changed)) if ids]
        if bits:
            out.append(f"{label}: " + "; ".join(bits))
    for label, a, b in (("eras", edition.eras, classic.eras),
                        ("delivery board", edition.delivery_board, classic.delivery_board),
                        ("bonus tiles", edition.bonus_tiles, classic.bonus_tiles),
                        ("cards", edition.cards, classic.cards),
                        ("development track", edition.development_track,
                         classic.development_track)):
        if a != b:
            out.append(f"{label}: changed")
    return out


def check(path: Path) -> tuple[bool, list[str]]:
    """(playable, lines to print) for one file."""
    try:
        edition = load_edition(path)
    except EditionError as err:
        return False, [explain(path, err)]
    sections = sum(link.sections for link in edition.links.values())
    lines = [f"{path.name}: OK — edition {edition.name!r}, hash {edition.hash[:12]} "
             f"(games started with it are pinned to this hash); {len(edition.nodes)} cities, "
             f"{len(edition.links)} links, {sections} sections, {len(edition.depots)} depots"]
    if path.resolve() != CLASSIC_PATH.resolve():
        changes = differences(edition, load_edition())
        lines.append("differs from the shipped classic in: " + ("; ".join(changes) if changes
                                                                 else "nothing above"))
    return True, lines


USAGE = "usage: python -m rules.editions check FILE [FILE...]"


def main(argv: Sequence[str] | None = None) -> int:
    """0 when every file is playable, 1 when one is not, 2 on a wrong command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] != "check":
        print(USAGE, file=sys.stderr)
        return 2
    status = 0
    for name in args[1:]:
        ok, lines = check(Path(name))
        print("\n".join(lines), file=sys.stdout if ok else sys.stderr)
        status = status or (0 if ok else 1)
    return status
