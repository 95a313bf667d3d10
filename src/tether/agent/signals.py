"""Stop on signals: Ctrl-C, SIGTERM and SIGHUP stop a run the way Stop does.

SIGTERM is what `timeout`, `docker stop`, systemd and CI send; SIGHUP what a closed terminal
sends. Either way the work is cancelled through its one cancel scope, so the caller still
writes its receipt and closes its trace, instead of the process dying mid-write.
"""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TypeVar

import anyio
from anyio.abc import TaskStatus

from tether.errors import Cancelled

T = TypeVar("T")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@asynccontextmanager
async def cancel_on_signals(
    cancel: Callable[[], None], signals: tuple[signal.Signals, ...] = STOP_SIGNALS
) -> AsyncIterator[None]:
    """While the block runs, the first of `signals` calls `cancel` (e.g. `runtime.cancel`).
    What the block raises comes out as itself, not wrapped in an exception group."""
    try:
        async with anyio.create_task_group() as tg:

            async def watch(*, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
                with anyio.open_signal_receiver(*signals) as received:
                    task_status.started()  # the handlers are in place before the work starts
                    async for _ in received:
                        cancel()
                        return

            await tg.start(watch)
            try:
                yield
            finally:
                tg.cancel_scope.cancel()
    except BaseExceptionGroup as group:
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise


async def until_signalled(work: Callable[[], Awaitable[T]]) -> T:
    """`await work()`, cancelled by Ctrl-C, SIGTERM or SIGHUP: then `Cancelled` is raised once
    every `finally` of the work has run (child processes stopped, temporary folders removed)."""
    with anyio.CancelScope() as scope:
        async with cancel_on_signals(scope.cancel):
            return await work()
    raise Cancelled("stopped by a signal before the work finished")
