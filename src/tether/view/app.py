"""The viewer's local web app: the pages (static files of the package), the JSON they read, and
server-sent events that follow a run still in progress.

Routes: `/` the page, `/static/*` its JS and CSS, `/api/info`, `/api/runs?status=&verdict=&q=
&page=`, `/api/run/{id}`, `/api/run/{id}/events` (SSE: `spans` with the spans that changed,
then `end` with the whole run once its root has ended), `/api/lab`, `/api/audit`. Every store
read runs in a worker thread: SQLite never blocks the event loop.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import orjson
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tether.trace.store import TraceStore
from tether.view.listing import RunFilter, list_runs, verdicts_met, with_gate
from tether.view.runs import SpanFollower, run_page

STATIC_DIR = Path(__file__).parent / "static"
T = TypeVar("T")


@dataclass
class ViewSource:
    """What the viewer shows: a trace store, and optionally a lab result and an audit."""

    store: TraceStore
    label: str
    lab: dict[str, Any] | None = None
    audit: dict[str, Any] | None = None
    poll_s: float = 0.2  # how often a followed run is read again
    end_grace_s: float = 1.0  # after the root ends, how long to wait for the receipt
    _verdicts: tuple[int, list[str]] = field(default=(-1, []), repr=False)

    def info(self) -> dict[str, Any]:
        return {"source": self.label, "lab": self.lab is not None, "audit": self.audit is not None}

    def verdicts(self) -> list[str]:
        """The verdict filter's choices, read again only when the store has more spans."""
        with self.store.reading() as conn:
            count = conn.execute("SELECT MAX(rowid) FROM spans").fetchone()[0] or 0
        if self._verdicts[0] != count:
            self._verdicts = (count, verdicts_met(self.store))
        return self._verdicts[1]


def page_html(data_script: str = "") -> str:
    """index.html with the data a static export carries (none when served)."""
    html = (STATIC_DIR / "index.html").read_text("utf-8")
    return html.replace("<!--TETHER-DATA-->", data_script)


def _json(body: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(body), status, media_type="application/json")


async def _off_loop(fn: Callable[..., T], *args: Any) -> T:
    return await anyio.to_thread.run_sync(fn, *args)


def build_app(source: ViewSource) -> Starlette:
    store = source.store

    async def index(_: Request) -> Response:
        return HTMLResponse(page_html())

    async def info(_: Request) -> Response:
        return _json(source.info())

    async def runs(request: Request) -> Response:
        q = request.query_params
        try:
            page = int(q.get("page") or 1)
            size = int(q.get("size") or 50)
        except ValueError:
            return _json({"error": "page and size are numbers"}, 400)
        size = max(1, min(size, 500))
        wanted = RunFilter(q.get("status", ""), q.get("verdict", ""), q.get("q", ""), page, size)
        body = await _off_loop(list_runs, store, wanted)
        await _off_loop(with_gate, store, body["runs"])
        body["verdicts"] = await _off_loop(source.verdicts)
        return _json(body)

    async def run(request: Request) -> Response:
        body = await _off_loop(run_page, store, request.path_params["run_id"])
        if body is None:
            return _json({"error": "no such run in this store"}, 404)
        return _json(body)

    async def events(request: Request) -> Response:
        run_id = request.path_params["run_id"]
        return StreamingResponse(
            _follow(request, source, run_id),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def lab(_: Request) -> Response:
        return _json(source.lab)

    async def audit(_: Request) -> Response:
        return _json(source.audit)

    return Starlette(
        # Only pages addressed to this machine: a web page elsewhere that points a name of its
        # own at 127.0.0.1 (DNS rebinding) gets nothing of the traces.
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost"])],
        routes=[
            Route("/", index),
            Route("/api/info", info),
            Route("/api/runs", runs),
            Route("/api/run/{run_id}", run),
            Route("/api/run/{run_id}/events", events),
            Route("/api/lab", lab),
            Route("/api/audit", audit),
            Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
        ],
    )


def _event(name: str, body: Any) -> bytes:
    return b"event: " + name.encode() + b"\ndata: " + orjson.dumps(body) + b"\n\n"


async def _follow(request: Request, source: ViewSource, run_id: str) -> AsyncIterator[bytes]:
    """The spans of a run as they change, then `end` with the whole run (receipt and gate
    included) once its root has ended and its receipt came, or `end_grace_s` passed without
    one. A comment line every few seconds keeps the connection alive."""
    follower = SpanFollower(source.store, run_id)
    ended_at: float | None = None
    quiet = 0.0
    while not await request.is_disconnected():
        changed = await _off_loop(follower.changes)
        if changed:
            quiet = 0.0
            yield _event("spans", changed)
        if follower.root_ended:
            now = anyio.current_time()
            ended_at = ended_at if ended_at is not None else now
            receipt = await _off_loop(source.store.receipt, run_id)
            if receipt is not None or now - ended_at >= source.end_grace_s:
                yield _event("end", await _off_loop(run_page, source.store, run_id))
                return
        quiet += source.poll_s
        if quiet >= 5.0:
            quiet = 0.0
            yield b": still following\n\n"
        await anyio.sleep(source.poll_s)
