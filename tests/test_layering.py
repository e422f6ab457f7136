"""The rules package is pure (DESIGN §1–2): no Discord, database, imaging or event loop,
and deterministic: no global randomness or clock (the seeded generator lives in the state)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "rules"
FORBIDDEN = {"discord", "aiosqlite", "PIL", "asyncio", "sqlite3",
             "random", "secrets", "uuid", "time", "datetime"}
MODULES = sorted(RULES.rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            roots.add(node.args[0].value.split(".")[0])
    return roots


def test_the_rules_package_has_modules_to_check():
    assert len(MODULES) >= 15
    assert RULES / "flow.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_rules_module_imports_io_or_adapter_libraries(path):
    assert imported_roots(path) & FORBIDDEN == set()


def test_the_checker_sees_imports_in_every_form(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import discord.ext\nfrom PIL import Image\nimport os, sqlite3\n"
                      "def f():\n    import asyncio\n    __import__('aiosqlite')\n"
                      "from . import sibling\n")
    assert imported_roots(sample) == {"discord", "PIL", "os", "sqlite3", "asyncio", "aiosqlite"}


# ----- ai -> rules (issue 16) -----

AI = RULES.parent / "ai"
AI_MODULES = sorted(AI.rglob("*.py"))
AI_FORBIDDEN = {"discord", "aiosqlite", "PIL", "asyncio", "sqlite3",
                "store", "render", "service", "cogs", "console", "bot"}


def imported_modules(path: Path) -> set[str]:
    """Full dotted names of absolute imports: `from rules.bots import x` gives rules.bots."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_the_ai_package_has_modules_to_check():
    assert AI / "search.py" in AI_MODULES


@pytest.mark.parametrize("path", AI_MODULES, ids=lambda p: p.name)
def test_the_ai_imports_only_the_public_rules_api(path):
    assert imported_roots(path) & AI_FORBIDDEN == set()
    rules_imports = {m for m in imported_modules(path) if m.split(".")[0] == "rules"}
    assert rules_imports <= {"rules"}  # never rules.<module>: only rules/__init__.py


def test_the_ai_checker_sees_private_rules_modules(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from rules import apply\nfrom rules.bots import GreedyBot\nimport ai.view\n")
    assert imported_modules(sample) == {"rules", "rules.bots", "ai.view"}
