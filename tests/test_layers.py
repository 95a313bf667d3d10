"""The import rules that keep knowledge in one home: the wire formats sit at the bottom, and the
production path (providers, proxy, agent, reliability) never depends on the test double."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "tether"
# What may use the stand: the stand itself, and the commands that exist to serve or measure it.
STAND_USERS = ("stand/", "lab/", "evals/", "cli/")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def _modules() -> list[tuple[str, set[str]]]:
    return [(str(p.relative_to(SRC)), _imports(p)) for p in sorted(SRC.rglob("*.py"))]


def test_wire_imports_nothing_above_messages() -> None:
    # citations: the neutral url citation beside messages, itself importing nothing of tether
    allowed = ("tether.wire", "tether.messages", "tether.errors", "tether.citations")
    assert not {m for m in _imports(SRC / "citations.py") if m.startswith("tether")}
    offenders = {
        (name, module)
        for name, imports in _modules()
        if name.startswith("wire/")
        for module in imports
        if module.startswith("tether") and not module.startswith(allowed)
    }
    assert offenders == set()


def test_no_production_module_imports_the_stand() -> None:
    offenders = {
        (name, module)
        for name, imports in _modules()
        if not name.startswith(STAND_USERS)
        for module in imports
        if module.startswith("tether.stand")
    }
    assert offenders == set()


def test_every_wire_format_has_one_row_the_providers_follow() -> None:
    from tether.providers import ADAPTERS
    from tether.wire.apis import APIS

    assert set(ADAPTERS) == set(APIS)
    for name, adapter in ADAPTERS.items():
        assert adapter.api == name
        assert APIS[name].sdk_base + adapter.path == APIS[name].path
