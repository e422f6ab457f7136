"""No import circle anywhere in the project's packages (issue 12).

A circle works only as long as every import in it stays where it is (inside a function,
below a definition); moving one to the top breaks start-up. The graph holds every import a
module can run — at the top, inside functions, inside `try` — and leaves out only those
under `if TYPE_CHECKING:`, which never run (they are how a leaf names a type it must not
import, e.g. `cogs.context` naming `AutobahnBot`).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cogs", "console", "service", "store", "rules", "render", "ai", "locales")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found = {module_name(p): p for pkg in PACKAGES if (ROOT / pkg).is_dir()
             for p in (ROOT / pkg).rglob("*.py")}
    found["bot"] = ROOT / "bot.py"
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node except the bodies of `if TYPE_CHECKING:` (their `else` runs)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules `name` imports when it runs."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:  # `from pkg import module` imports that module
                sub = f"{source}.{alias.name}"
                targets.add(sub if sub in known else source)
    return {t for t in targets if t in known and t != name}


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, set(modules)) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The graph's strongly connected parts of more than one module (Tarjan): each is a
    set of modules that import one another in a circle."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = set()
            while True:
                member = stack.pop()
                part.add(member)
                if member == node:
                    break
            if len(part) > 1:
                found.add(frozenset(part))

    for start in sorted(graph):
        if start not in index:
            visit(start)
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of the graph (its modules, the first repeated at the end), or None."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_graph_covers_the_packages_and_their_function_level_imports() -> None:
    graph = import_graph()
    assert {"cogs.context", "cogs.turns", "service", "store", "rules", "bot"} <= set(graph)
    assert "cogs.context" in graph["cogs.turns"]
    assert "cogs" in graph["bot"]  # imported inside main()
    assert "cogs.client" not in graph["cogs.context"]  # a TYPE_CHECKING import


def test_the_cycle_finder_finds_circles_and_only_circles(tmp_path: Path) -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    assert circles({"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"c"}, "e": {"a"}}) == {
        frozenset({"a", "b"}), frozenset({"c", "d"})}
    sample = tmp_path / "m.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\n"
                      "else:\n    import y\ndef f():\n    import z\nfrom .w import q\n")
    assert imports_of("p.m", sample, {"x", "y", "z", "p.w", "p.w.q"}) == {"y", "z", "p.w.q"}


def test_no_import_circle_in_the_project() -> None:
    assert circles(import_graph()) == set()


def test_no_import_circle_in_the_adapters_and_the_service() -> None:
    graph = import_graph()
    strict = {name: {t for t in targets if not t.startswith(("rules", "render"))}
              for name, targets in graph.items() if not name.startswith(("rules", "render"))}
    assert find_cycle(strict) is None
    assert {"cogs.context", "service", "store"} <= set(strict)
