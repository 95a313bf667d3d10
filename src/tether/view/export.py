"""`tether view --export DIR`: the viewer as a folder that opens from disk (a CI artifact).

A page opened from `file://` may not fetch files, but it may load scripts: so the data is
JavaScript. `data.js` sets `window.TETHER_STATIC` (the runs list, the lab and audit results and
where each run's file is), and `runs/N.js` hands one run to the page when it is opened. The
page's JS and CSS are the package's own, copied beside them.
"""

from __future__ import annotations

import shutil
from collections.abc import Collection
from pathlib import Path
from typing import Any

import orjson

from tether.view.app import STATIC_DIR, ViewSource, page_html
from tether.view.listing import RunFilter, list_runs, with_gate
from tether.view.runs import run_page


def _script(call: str, body: Any) -> bytes:
    return call.encode() + b"(" + orjson.dumps(body) + b");\n"


def export(
    source: ViewSource, folder: str | Path, run_ids: Collection[str] | None = None
) -> list[Path]:
    """Write the viewer and every run of the source's store (or only `run_ids`) into `folder`
    (created); the files written, index.html first."""
    out = Path(folder)
    (out / "static").mkdir(parents=True, exist_ok=True)
    (out / "runs").mkdir(exist_ok=True)
    written = [out / "index.html"]
    for asset in ("view.js", "view.css"):
        shutil.copyfile(STATIC_DIR / asset, out / "static" / asset)
        written.append(out / "static" / asset)
    rows: list[dict[str, Any]] = []
    page = 1
    while True:
        body = list_runs(source.store, RunFilter(page=page, size=500))
        rows += with_gate(
            source.store,
            [r for r in body["runs"] if run_ids is None or r["run_id"] in run_ids],
        )
        if page * body["size"] >= body["total"]:
            break
        page += 1
    files: dict[str, str] = {}
    for number, row in enumerate(rows):
        one = run_page(source.store, row["run_id"])
        if one is None:  # pruned between the list and now
            continue
        name = f"runs/{number}.js"
        (out / name).write_bytes(_script("tetherRunLoaded", one))
        files[row["run_id"]] = name
        written.append(out / name)
    data = {
        "info": {**source.info(), "source": f"{source.label} (exported)"},
        "runs": rows,
        "verdicts": sorted({v for r in rows for v in r["verdicts"]}),
        "files": files,
        "lab": source.lab,
        "audit": source.audit,
    }
    (out / "data.js").write_bytes(b"window.TETHER_STATIC = " + orjson.dumps(data) + b";\n")
    written.append(out / "data.js")
    (out / "index.html").write_text(page_html('<script src="data.js"></script>'), "utf-8")
    return written
