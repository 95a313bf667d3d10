"""The context window is a budget: fit a request into a model's window, section by section.

`ContextBudget().fit(request, window)` is the chain's `fit` hook. It counts every section with
the documented estimate (`tether.context.tokens`): system prompts, tool schemas, history, tool
calls and results, images, and a reserve for the reply (`max_tokens`, or 1,024). A request that
fits is returned as it is (the same object). One that does not is fitted so:

1. every tool result is capped at `result_cap_tokens` (1,500), cut with a note saying so;
   older results are shortened this way before any turn is dropped;
2. if that is not enough, the system prompt(s), the first user message (the task) and the
   newest turns stay; the turns in between are dropped and folded into ONE "conversation so
   far" system note, placed where they were (after the task);
3. a tool call is never separated from its results: an assistant message with tool calls and
   the tool messages that follow it are kept or dropped together. The newest tool-using turns
   (the last 3 at least, when they fit) therefore stay as real call/result pairs.

The note is a deterministic extract (the first line of each dropped message, newest first
until `summary_max_tokens`) in `fit`, which must be synchronous. `await budget.afit(...)` asks
the `summarize` callback for a model-made summary instead, under `summary_timeout_s`; when the
callback is missing, raises or times out, the extract is used, so a failed summary never blocks
the turn. `budget.last_fit` records what happened.

Counting is incremental: each message's count is kept by identity (messages are frozen), and
the running totals of the last history seen are kept, so a history that grew by one message is
counted by counting that message.
"""

from __future__ import annotations

import bisect
import inspect
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

import anyio

from tether.context.tokens import (
    IMAGE_TOKENS,
    MESSAGE_OVERHEAD,
    SectionCounts,
    count_request,
    count_tools,
    estimate_tokens,
)
from tether.errors import ContextOverflow
from tether.messages import (
    ImagePart,
    Message,
    NativePart,
    Part,
    ReasoningPart,
    Request,
    TextPart,
    ToolCall,
    ToolResultPart,
)

Summarize = Callable[[list[Message]], Awaitable[str] | str]

DEFAULT_RESERVE = 1024
SUMMARY_HEADER = "Conversation so far"
_CUT_NOTE = "\n[... result cut to fit the context window: {shown} of {total} tokens shown]"
_LINE_CHARS = 160
_CACHE_LIMIT = 200_000
# ... and at most this many characters of the messages they hold: a long-lived budget (the
# proxy's chain) sees new messages with every request, which must not stay alive in it.
_CACHE_CHARS = 4_000_000


@dataclass(frozen=True, slots=True)
class FitReport:
    """What the last fit did."""

    window: int
    tokens_before: int  # the request as given, reserve not included
    tokens_after: int  # the request as fitted
    reserve: int
    dropped: int = 0  # messages folded into the summary note
    shortened: int = 0  # tool results cut to the cap
    summarized: bool = False  # a "conversation so far" note was added
    summary_source: str = ""  # "model" or "extract" when summarized
    summary_failed: bool = False  # the summarize callback raised or timed out
    summary_error: str = ""
    fits: bool = True  # False only when even the task and the newest turn do not fit


@dataclass(frozen=True, slots=True)
class _Entry:
    """One message's counts, raw and with its tool results capped."""

    message: Message
    system: int
    text: int  # framing + text + results (the `messages` section unless system)
    tool_calls: int
    images: int
    capped: int  # total after capping results (== total when nothing to cap)

    @property
    def total(self) -> int:
        return self.system + self.text + self.tool_calls + self.images


Sums = tuple[int, int, int, int, int, int]  # system, messages, calls, images, capped, n_cappable


class _History:
    """Running sums over the last history seen, and where its over-long tool results are."""

    __slots__ = ("cappable", "messages", "sums")

    def __init__(self) -> None:
        self.messages: tuple[Message, ...] = ()
        self.sums: list[Sums] = [(0, 0, 0, 0, 0, 0)]
        self.cappable: list[int] = []


class ContextBudget:
    """Fits requests into windows; use `budget.fit` as a Chain's `fit` hook."""

    def __init__(
        self,
        *,
        summarize: Summarize | None = None,
        summary_timeout_s: float = 20.0,
        summary_max_tokens: int = 400,
        result_cap_tokens: int = 1500,
        default_reserve: int = DEFAULT_RESERVE,
        incremental: bool = True,
    ) -> None:
        self.summarize = summarize
        self.summary_timeout_s = summary_timeout_s
        self.summary_max_tokens = summary_max_tokens
        self.result_cap_tokens = result_cap_tokens
        self.default_reserve = default_reserve
        self.incremental = incremental  # False: count everything afresh (the benchmark baseline)
        self.last_fit: FitReport | None = None
        self._entries: dict[int, _Entry] = {}
        self._entry_chars = 0  # characters of the messages in _entries
        self._capped_cache: dict[int, tuple[Message, Message]] = {}
        self._capped_chars = 0
        self._history = _History()

    # ------------------------------------------------------------ counting

    def _entry(self, m: Message) -> _Entry:
        if self.incremental:
            hit = self._entries.get(id(m))
            if hit is not None and hit.message is m:
                return hit
        text = MESSAGE_OVERHEAD
        calls = images = 0
        over = 0  # tokens removed by capping
        chars = 0
        for p in m.parts:
            if isinstance(p, TextPart | ReasoningPart | NativePart):
                text += estimate_tokens(p.text)
                chars += len(p.text)
            elif isinstance(p, ToolResultPart):
                n = estimate_tokens(p.content)
                text += n
                chars += len(p.content)
                if n > self.result_cap_tokens:
                    over += n - estimate_tokens(self._cap_text(p.content, n))
            elif isinstance(p, ToolCall):
                calls += estimate_tokens(p.name) + estimate_tokens(p.arguments)
                chars += len(p.arguments)
            elif isinstance(p, ImagePart):
                images += IMAGE_TOKENS
        system = text if m.role == "system" else 0
        entry = _Entry(m, system, text - system, calls, images, text + calls + images - over)
        if self.incremental:
            if len(self._entries) > _CACHE_LIMIT or self._entry_chars > _CACHE_CHARS:
                self._entries.clear()
                self._entry_chars = 0
            self._entries[id(m)] = entry
            self._entry_chars += chars
        return entry

    def _sums(self, messages: tuple[Message, ...]) -> _History:
        """Prefix sums of every section over `messages`, extending the last history seen."""
        h = self._history
        k = len(h.messages)
        if not (self.incremental and k and len(messages) >= k and messages[:k] == h.messages):
            h = _History()  # a different history (or no cache): counted from its start
            k = 0
        sums, cappable = h.sums, h.cappable
        s, t, c, i, cap, nc = sums[-1]
        for j in range(k, len(messages)):
            e = self._entry(messages[j])
            over = e.capped != e.total
            if over:
                cappable.append(j)
            s, t, c, i = s + e.system, t + e.text, c + e.tool_calls, i + e.images
            cap, nc = cap + e.capped, nc + over
            sums.append((s, t, c, i, cap, nc))
        h.messages = messages
        if self.incremental:
            self._history = h
        return h

    def _tools(self, request: Request) -> int:
        return count_tools(request.tools)

    def count(self, request: Request) -> SectionCounts:
        """The same counts as `count_request(request)`, kept incrementally."""
        s, t, c, i, _, _ = self._sums(request.messages).sums[-1]
        return SectionCounts(s, t, c, self._tools(request), i)

    # ------------------------------------------------------------ capping

    def _squeeze(self, kept: list[Message], after: int, limit: int) -> tuple[list[Message], int]:
        """Kept messages with their tool results cut harder, until they fit under `limit`."""
        base = after - count_request(Request(tuple(kept))).total
        cap = self.result_cap_tokens
        squeezed, total = kept, after
        while total > limit and cap > 64:
            cap = cap * 3 // 4
            squeezed = [self._capped_at(m, cap) for m in kept]
            total = base + count_request(Request(tuple(squeezed))).total
        return squeezed, total

    def _capped_at(self, m: Message, cap: int) -> Message:
        parts: list[Part] = []
        for p in m.parts:
            if isinstance(p, ToolResultPart):
                n = estimate_tokens(p.content)
                if n > cap:
                    p = replace(p, content=self._cap_text(p.content, n, cap))
            parts.append(p)
        return Message(m.role, tuple(parts))

    def _cap_text(self, content: str, n: int, cap: int | None = None) -> str:
        """`content` cut so that it and its note take at most `cap` (`result_cap_tokens`)."""
        note_room = estimate_tokens(_CUT_NOTE.format(shown=n, total=n)) + 1
        room = max((cap or self.result_cap_tokens) - note_room, 0)
        cut = content[: room * 4]
        while cut and estimate_tokens(cut) > room:
            cut = cut[: max(math.floor(len(cut) * room / estimate_tokens(cut)) - 1, 0)]
        return cut + _CUT_NOTE.format(shown=estimate_tokens(cut), total=n)

    def _capped(self, m: Message) -> Message:
        hit = self._capped_cache.get(id(m))
        if hit is not None and hit[0] is m:
            return hit[1]
        capped = self._capped_at(m, self.result_cap_tokens)
        if len(self._capped_cache) > _CACHE_LIMIT or self._capped_chars > _CACHE_CHARS:
            self._capped_cache.clear()
            self._capped_chars = 0
        self._capped_cache[id(m)] = (m, capped)
        self._capped_chars += sum(len(p.content) for p in m.parts if isinstance(p, ToolResultPart))
        return capped

    def _kept(self, h: _History, start: int) -> list[Message]:
        """The messages from `start` on, over-long tool results capped."""
        kept = list(h.messages[start:])
        for j in h.cappable[bisect.bisect_left(h.cappable, start) :]:
            kept[j - start] = self._capped(kept[j - start])
        return kept

    # ------------------------------------------------------------ the summary note

    def _extract(self, dropped: Sequence[Message]) -> str:
        """The first line of each dropped message, newest first until the bound, in order.

        An earlier "conversation so far" note among them is carried over line by line."""
        budget = self.summary_max_tokens - 40  # the header and the "earlier" line
        lines: list[str] = []
        shown = 0
        for m in reversed(dropped):
            own = _note_lines(m)
            for line in reversed(own or [_first_line(m)]):
                n = estimate_tokens(line) + 1
                if n > budget:
                    break
                budget -= n
                lines.append(line)
            else:
                shown += 1
                continue
            break
        lines.reverse()
        missing = len(dropped) - shown
        if missing:
            lines.insert(0, f"- ({missing} earlier messages not shown)")
        return "\n".join(lines)

    def _note(self, body: str, dropped: int) -> Message:
        if estimate_tokens(body) > self.summary_max_tokens - 30:
            body = body[: (self.summary_max_tokens - 40) * 2] + " [...]"
        head = f"{SUMMARY_HEADER} ({dropped} earlier messages were removed to fit the window):"
        return Message.text("system", f"{head}\n{body}")

    # ------------------------------------------------------------ fitting

    def fit(self, request: Request, window: int) -> Request:
        """`request` fitted into `window` tokens (the same object when it fits already)."""
        plan = self._plan(request, window)
        if isinstance(plan, Request):
            return plan
        return self._finish(plan, self._extract(plan.dropped) if plan.dropped else "", "extract")

    async def afit(self, request: Request, window: int) -> Request:
        """As `fit`, with the summary made by `summarize` when there is one (and it works)."""
        plan = self._plan(request, window)
        if isinstance(plan, Request):
            return plan
        if not plan.dropped or self.summarize is None:
            return self._finish(plan, self._extract(plan.dropped), "extract")
        try:
            with anyio.fail_after(self.summary_timeout_s):
                made = await _call_summarize(self.summarize, list(plan.dropped))
        except Exception as exc:  # a failed summary never blocks the turn
            error = "timed out" if isinstance(exc, TimeoutError) else f"{type(exc).__name__}: {exc}"
            return self._finish(plan, self._extract(plan.dropped), "extract", error)
        return self._finish(plan, made, "model")

    def _plan(self, request: Request, window: int) -> Request | _Plan:
        messages = request.messages
        h = self._sums(messages)
        sums = h.sums
        tools = self._tools(request)
        reserve = request.max_tokens or self.default_reserve
        before = sum(sums[-1][:4]) + tools
        if before + reserve <= window:
            self.last_fit = FitReport(window, before, before, reserve)
            return request
        n = len(messages)
        head_end = next((j for j, m in enumerate(messages) if m.role != "system"), n)
        body = head_end + 1 if head_end < n and messages[head_end].role == "user" else head_end
        fixed = sum(sums[body][:4]) + tools
        if fixed + reserve > window:  # nothing to leave out would make room: say so now
            raise ContextOverflow(
                f"the system prompt, the task and the tool schemas alone need ~{fixed:,} "
                f"tokens, plus {reserve:,} for the reply, and the window is {window:,}: "
                "shorten the task or use a model with a larger window",
                fixed + reserve,
                window,
            )

        def capped(a: int) -> int:
            return sums[n][4] - sums[a][4]

        if fixed + capped(body) + reserve <= window:  # shortening the results is enough
            return _Plan(request, h, window, before, reserve, body, body, fixed)
        # Keep the newest whole units (a call with all its results) while they fit.
        room = window - reserve - fixed - self.summary_max_tokens - MESSAGE_OVERHEAD
        # The first index whose tail fits, moved on to the start of a unit (past tool results
        # whose call would be left out); the newest unit stays even when it does not fit.
        cut = bisect.bisect_left(sums, sums[n][4] - room, lo=body, hi=n, key=_capped_sum)
        while cut < n and messages[cut].role == "tool":
            cut += 1
        if cut >= n:
            cut = _unit_start(messages, n, body)
        return _Plan(request, h, window, before, reserve, body, cut, fixed)

    def _finish(self, plan: _Plan, summary: str, source: str, error: str = "") -> Request:
        r, h, n = plan.request, plan.history, len(plan.request.messages)
        note: tuple[Message, ...] = ()
        if plan.dropped:
            note = (self._note(summary, len(plan.dropped)),)
        kept = self._kept(h, plan.cut)
        fitted = replace(r, messages=(*r.messages[: plan.body], *note, *kept))
        sums = h.sums
        after = plan.fixed + sums[n][4] - sums[plan.cut][4]
        after += sum(self._entry(m).total for m in note)
        if after + plan.reserve > plan.window and kept:  # the newest turn alone is too big
            kept, after = self._squeeze(kept, after, plan.window - plan.reserve)
            fitted = replace(r, messages=(*r.messages[: plan.body], *note, *kept))
        self.last_fit = FitReport(
            window=plan.window,
            tokens_before=plan.before,
            tokens_after=after,
            reserve=plan.reserve,
            dropped=len(plan.dropped),
            shortened=sums[n][5] - sums[plan.cut][5],
            summarized=bool(note),
            summary_source=source if note else "",
            summary_failed=bool(error),
            summary_error=error,
            fits=after + plan.reserve <= plan.window,
        )
        return fitted


@dataclass(frozen=True, slots=True)
class _Plan:
    request: Request
    history: _History
    window: int
    before: int
    reserve: int
    body: int  # the first message after the system prompt(s) and the task
    cut: int  # the first message kept after the note
    fixed: int  # tokens of the system prompt(s), the task and the tool schemas

    @property
    def dropped(self) -> tuple[Message, ...]:
        return self.request.messages[self.body : self.cut]


async def _call_summarize(summarize: Summarize, dropped: list[Message]) -> str:
    made = summarize(dropped)
    text = await made if inspect.isawaitable(made) else made
    if not isinstance(text, str) or not text.strip():
        raise ValueError("the summary was empty")
    return text.strip()


def _note_lines(m: Message) -> list[str]:
    """The lines of an earlier summary note (so the summary rolls), or nothing."""
    text = m.text_content
    if m.role != "system" or not text.startswith(SUMMARY_HEADER):
        return []
    return [line for line in text.splitlines()[1:] if line.strip()]


def _capped_sum(s: Sums) -> int:
    return s[4]


def _unit_start(messages: tuple[Message, ...], end: int, floor: int) -> int:
    """The start of the unit ending just before `end`: a tool call with all its results."""
    if end <= floor:
        return end  # nothing after the task: no unit to keep (never the task a second time)
    j = end - 1
    while j > floor and messages[j].role == "tool":
        j -= 1
    if j < end - 1 and not messages[j].tool_calls and messages[j].role != "tool":
        return j + 1  # results without their call (should not happen): a unit of their own
    return j


def _first_line(m: Message) -> str:
    def clip(text: str) -> str:
        line = next((s.strip() for s in text.splitlines() if s.strip()), "")
        return line if len(line) <= _LINE_CHARS else line[: _LINE_CHARS - 3] + "..."

    if m.role == "tool":
        results = [p for p in m.parts if isinstance(p, ToolResultPart)]
        text = "; ".join(f"{p.name or p.tool_call_id}: {clip(p.content)}" for p in results)
        return f"- tool result {clip(text)}"
    calls = m.tool_calls
    said = clip(m.text_content)
    if calls:
        called = ", ".join(f"{c.name}({c.arguments[:60]})" for c in calls)
        return f"- {m.role}: {said + ' ' if said else ''}[called {clip(called)}]"
    return f"- {m.role}: {said or '(no text)'}"
