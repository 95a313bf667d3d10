"""The signal of a patch that changes no line: the reply is a git diff whose every file is new
and carries no line (a binary file, an empty one), such as the `db.sqlite3` or `mydatabase` a
test run left in the working tree. An agent asked to fix an issue that hands back only that has
changed nothing of the code; a fix adds or changes lines (a hunk, `@@`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.reply import Reply, Signal

# One file's header in a git diff, and what follows it up to the next header.
_FILE_HEADER = re.compile(r"^diff --git a/(\S+) b/\S+$", re.MULTILINE)
# What a new file without lines shows under its header: its mode, its index, and for a binary
# file the line that says so (nothing more for an empty one).
_NEW_WITHOUT_LINES = re.compile(
    r"\s*new file mode \d+\s*\nindex [0-9a-f]+\.\.[0-9a-f]+\s*"
    r"(?:\nBinary files /dev/null and b/\S+ differ\s*)?",
)
# A diff this long or longer is read as more than stray files.
PATCH_CHARS = 4000


def patch_without_lines(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A diff that only adds files without a line (binary or empty ones)."""
    text = r.text.strip()
    if not text.startswith("diff --git ") or len(text) > PATCH_CHARS or "@@" in text:
        return ()
    headers = list(_FILE_HEADER.finditer(text))
    ends = [h.start() for h in headers[1:]] + [len(text)]
    for header, end in zip(headers, ends, strict=True):
        if _NEW_WITHOUT_LINES.fullmatch(text, header.end(), end) is None:
            return ()
    names = ", ".join(h.group(1) for h in headers)
    return (Signal("patch_without_lines", w["patch_without_lines"], names[:80]),)
