"""The lab's and the audit's results as the viewer's chart pages read them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tether.errors import UsageError


def lab_results(folder: str | Path) -> dict[str, Any]:
    """`runs.json` of a `tether lab --out DIR` folder (or that file itself)."""
    path = Path(folder)
    if path.is_dir():
        path = path / "runs.json"
    try:
        body = orjson.loads(path.read_bytes())
    except FileNotFoundError:
        raise UsageError(
            f"--lab {folder}: no runs.json there; give the folder `tether lab --out DIR` wrote"
        ) from None
    except (OSError, orjson.JSONDecodeError) as exc:
        raise UsageError(f"--lab {folder}: cannot read {path}: {exc}") from None
    if not isinstance(body, dict) or "harnesses" not in body:
        raise UsageError(f"--lab {folder}: {path} is not a lab result (no `harnesses`)")
    return dict(body)


def audit_results(log: str | Path) -> dict[str, Any]:
    """A log of exchange records audited again: each finding and the counts per verdict."""
    from tether.audit import audit_lines, summarize

    try:
        with open(log, encoding="utf-8-sig") as lines:
            findings = audit_lines(lines)
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(
            f"--audit {log}: cannot read it ({exc}); give a JSONL log of exchange records"
        ) from None
    return {
        "source": str(log),
        "summary": summarize(findings),
        "records": [
            {**f.as_json(), "excerpt": f.excerpt} for f in findings if f.verdict is not None
        ][:2000],
    }
