"""A fingerprint of a workspace, to tell whether a check's result is about the files as they are.

Paths, sizes and modification times (nanoseconds) of every file and symlink, found without
following symlinks. Caches and build output that tools rewrite on every run are left out
(`IGNORED`, plus names the caller adds), or every check that imports Python or runs cargo would
make its own result stale.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

IGNORED: frozenset[str] = frozenset(
    {
        ".git", ".hg", ".svn", ".tether", "__pycache__", ".pytest_cache", ".mypy_cache",
        ".ruff_cache", ".hypothesis", ".tox", ".nox", ".venv", "node_modules", ".coverage",
        "htmlcov", ".nyc_output", "target", ".gradle", ".next", ".turbo", ".DS_Store",
    }
)  # fmt: skip
IGNORED_SUFFIXES = (".pyc", ".pyo")
IGNORED_PREFIXES = ("tether-answer-",)  # the answer file, if the temp folder is in the workspace


@dataclass(frozen=True, eq=False)
class Fingerprint:
    """`files`: relative path -> (size, mtime in ns). Equal fingerprints: nothing changed."""

    files: Mapping[str, tuple[int, int]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fingerprint) and dict(self.files) == dict(other.files)

    def __hash__(self) -> int:
        return hash(self.digest)

    @property
    def digest(self) -> str:
        h = hashlib.sha256()
        for path in sorted(self.files):
            size, mtime = self.files[path]
            h.update(f"{path}\0{size}\0{mtime}\n".encode("utf-8", "surrogateescape"))
        return h.hexdigest()[:16]

    def changed(self, later: Fingerprint) -> list[str]:
        """Paths added, removed or changed between this fingerprint and `later`, sorted."""
        paths = set(self.files) | set(later.files)
        return sorted(p for p in paths if self.files.get(p) != later.files.get(p))


def fingerprint(
    workspace: str | Path, ignore: Iterable[str] = (), exclude: Iterable[str | Path] = ()
) -> Fingerprint:
    """Walk `workspace`: names in IGNORED and `ignore` are skipped at any depth; `exclude` are
    files skipped by path, with their SQLite companions (`-wal`, `-shm`, `-journal`): the trace
    store, when it lives in the workspace, is written while the checks run."""
    skip = IGNORED | frozenset(ignore)
    root = Path(workspace)
    excluded = {
        os.path.abspath(p) + suffix for p in exclude for suffix in ("", "-wal", "-shm", "-journal")
    }
    files: dict[str, tuple[int, int]] = {}
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    name = entry.name
                    if name in skip or name.endswith(IGNORED_SUFFIXES):
                        continue
                    if name.startswith(IGNORED_PREFIXES):
                        continue
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            pending.append(Path(entry.path))
                            continue
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue  # gone meanwhile, or unreadable
                    if excluded and os.path.abspath(entry.path) in excluded:
                        continue
                    rel = os.path.relpath(entry.path, root)
                    files[rel] = (st.st_size, st.st_mtime_ns)
        except OSError:
            continue
    return Fingerprint(files)
