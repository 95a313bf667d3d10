"""Every exception tether raises, in one tree.

Errors are classes, never strings, so callers branch on type::

    TetherError
    ├── UsageError                 bad input from a person: flags, files, specs (CLI exit 2)
    │   ├── ConfigError            a configuration value that cannot work
    │   ├── ScriptError            a stand script that fails to parse or validate (file + place)
    │   ├── SuiteError             an eval suite that cannot run as written (file + key + fix)
    │   ├── FaultSpecError         a --fault SPEC the stand does not know
    │   ├── TraceFormatError       a trace input that cannot be read (names it and why)
    │   └── ResumeRefused          a run that cannot be resumed (ended done, unknown, not kept)
    ├── WireError                  a body that does not fit its wire format (names the field)
    ├── ModelCallFailed            the chain gave up: every attempt failed (carries them all)
    │   └── RequestRejected        a provider refused the request itself (400/401/403/404)
    ├── ContextOverflow            the task alone does not fit a model's window (sizes named)
    ├── Cancelled                  the caller stopped the work (Stop, Ctrl-C, SIGTERM)
    ├── ToolError                  a tool call that cannot run as asked (told to the model)
    │   ├── ToolArgumentsError     arguments that do not fit the tool's schema
    │   ├── WorkspacePathError     a path that leaves the workspace or cannot be used
    │   ├── PatchError             a patch that cannot be read or does not apply
    │   └── McpServerError         an MCP server that did not start or died (names it, stderr)
    └── ProviderError              one model call failed before it produced a turn
        ├── ProviderConnectError   could not connect / the connection failed before a reply
        ├── ProviderStatusError    the provider answered with an HTTP error status (429, 5xx, ...)
        ├── ProviderTimeout        a phase timed out
        │   ├── FirstByteTimeout   nothing arrived within the first-byte limit
        │   ├── SilenceTimeout     a flowing stream went silent for longer than the silence limit
        │   └── DeadlineShareTimeout  no answer within the attempt's share of the caller's deadline
        └── StreamDropped          the connection broke in mid-stream (no clean end)
            └── ReplyTooLarge      the reply passed its byte limit (an endless stream): cut

In-stream problems after HTTP 200 (error frames, malformed chunks) are not exceptions: the
adapters report them as events, because deciding what they mean is policy, not wire format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the annotation only: errors.py imports nothing of tether at run time
    from tether.reliability.chain import Attempt


class TetherError(Exception):
    """Base of every error tether raises on purpose."""


class UsageError(TetherError):
    """Bad input from a person; the message names the input and the fix."""


class ResumeRefused(UsageError):
    """A run that cannot be resumed: it ended done, or the store has no such run to continue."""


class ConfigError(UsageError):
    """A configuration value that cannot work, found at construction time."""


class ScriptError(UsageError):
    """A stand script that cannot be read; the message names the file and the place."""

    def __init__(self, path: str, place: str, problem: str) -> None:
        self.path = path
        self.place = place
        self.problem = problem
        where = f"{path}:{place}" if place else path
        super().__init__(f"{where}: {problem}")


class SuiteError(UsageError):
    """An eval suite (`tether eval`) that cannot run as written: names the file, key and fix."""

    def __init__(self, path: str, key: str, problem: str) -> None:
        self.path = path
        self.key = key
        self.problem = problem
        where = f"{path}: {key}" if key else path
        super().__init__(f"{where}: {problem}")


class FaultSpecError(UsageError):
    """A fault spec the stand does not understand."""


class TraceStoreError(UsageError):
    """A trace store that cannot be opened or read (damaged, unreadable, read-only and old)."""


class TraceFormatError(UsageError):
    """A trace input that cannot be read; the message names the input and the reason."""

    def __init__(self, source: str, reason: str) -> None:
        self.source = source
        self.reason = reason
        super().__init__(f"{source}: {reason}")


class WireError(TetherError):
    """A request or reply body that does not fit its wire format; the message names the field."""


class ModelCallFailed(TetherError):
    """The honest error of a model call: no candidate gave an answer.

    `attempts` holds every attempt (candidate, verdict or error), so the caller can say what
    happened instead of handing back a disguised failure.
    """

    def __init__(self, message: str, attempts: tuple[Attempt, ...] = ()) -> None:
        self.attempts = attempts
        super().__init__(message)


class RequestRejected(ModelCallFailed):
    """A provider refused the request itself; retrying or failing over would not help."""

    def __init__(self, message: str, status: int, attempts: tuple[Attempt, ...] = ()) -> None:
        self.status = status
        super().__init__(message, attempts)


class ContextOverflow(TetherError):
    """A request that cannot fit a model's window even with every earlier turn left out: the
    system prompt, the task and the tool schemas alone are too big (the message names sizes)."""

    def __init__(self, message: str, needed: int, window: int) -> None:
        self.needed = needed
        self.window = window
        super().__init__(message)


class Cancelled(TetherError):
    """The caller stopped the work (Stop, Ctrl-C, SIGTERM) before it finished."""


class ToolError(TetherError, ValueError):
    """A tool call that cannot run as asked; its message goes back to the model as the result."""


class ToolArgumentsError(ToolError):
    """The model's arguments do not fit the tool's schema (sent back to the model as an error)."""


class WorkspacePathError(ToolError):
    """A path that leaves the workspace, or cannot be used as asked (the message says why)."""


class PatchError(ToolError):
    """The patch cannot be read or does not apply (the message names the file and hunk)."""


class McpServerError(ToolError):
    """An MCP server that did not start (handshake failed or timed out) or died; the message
    names the server and ends with the tail of what it wrote to stderr."""


class ProviderError(TetherError):
    """One model call failed before it produced a turn."""

    def __init__(self, message: str, *, provider: str = "", url: str = "") -> None:
        self.provider = provider
        self.url = url
        super().__init__(message)


class ProviderConnectError(ProviderError):
    """The connection could not be made, or broke before any reply."""


class ProviderStatusError(ProviderError):
    """The provider answered with an HTTP error status.

    `retry_after` is the provider's Retry-After in seconds when it sent one.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int,
        retry_after: float | None = None,
        body: str = "",
        provider: str = "",
        url: str = "",
    ) -> None:
        self.status = status
        self.retry_after = retry_after
        self.body = body
        super().__init__(message, provider=provider, url=url)


class ProviderTimeout(ProviderError):
    """A phase (first byte or silence between reads) ran past its limit."""

    phase = "timeout"

    def __init__(self, message: str, *, limit_s: float, provider: str = "", url: str = "") -> None:
        self.limit_s = limit_s
        super().__init__(message, provider=provider, url=url)


class FirstByteTimeout(ProviderTimeout):
    """Nothing arrived within the first-byte limit."""

    phase = "first_byte"


class SilenceTimeout(ProviderTimeout):
    """A stream that had started went silent for longer than the silence limit."""

    phase = "silence"


class DeadlineShareTimeout(ProviderTimeout):
    """Nothing reached the caller within the attempt's share of the caller's own deadline."""

    phase = "deadline"


class StreamDropped(ProviderError):
    """The connection broke in mid-stream, before the stream's own end."""


class ReplyTooLarge(StreamDropped):
    """The reply's bytes passed the adapter's limit (endless empty deltas, keep-alives, events
    the format drops): the stream is closed and the turn is cut, as by the loop guard."""
