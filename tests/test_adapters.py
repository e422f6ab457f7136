"""The adapters (the Discord cogs and the console) use only the service's public API
(DESIGN §1): never its store, never its private members. The service is the one place
that turns store errors into service errors and keeps the state cache right; an adapter
reaching around it skips both."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = sorted([*(ROOT / "cogs").glob("*.py"), *(ROOT / "console").glob("*.py")])
# Names an adapter gives the service object.
SERVICE_NAMES = {"service", "svc"}


def _is_service(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in SERVICE_NAMES
    if isinstance(node, ast.Attribute):  # self.service, self.bot.service, bot.service
        return node.attr in SERVICE_NAMES
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id == "service_of"
    return False


def reach_arounds(source: str, filename: str = "<test>") -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if (isinstance(node, ast.Attribute) and _is_service(node.value)
                and (node.attr == "store" or node.attr.startswith("_"))):
            found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_checker_sees_the_usual_spellings() -> None:
    sample = ("svc.store.read_log(1)\nself.service._game(1)\nservice_of(i)._state(g)\n"
              "self.bot.service.store\nsvc.game(1)\nself._game_id()\nservice.close()\n")
    assert len(reach_arounds(sample)) == 4


@pytest.mark.parametrize("path", ADAPTERS, ids=lambda p: p.name)
def test_adapters_use_only_the_public_service_api(path: Path) -> None:
    assert reach_arounds(path.read_text(encoding="utf-8"), path.name) == []
