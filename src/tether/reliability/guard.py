"""The stream guard: the loop guard and holdback around one provider stream.

The phase timeouts (connect, first byte, silence) live in the adapter's transport
(`providers.base.Timeouts`), where the reads happen. The guard adds what needs the events:

- the **loop guard**: once the characters of every event kept in the turn (content, reasoning,
  tool-call arguments, error frames, malformed chunks) pass `loop_chars` (default 160,000, the
  field report's figure), or the events pass `loop_events` (default 320,000: endless empty
  deltas), or error frames and malformed chunks together reach `BAD_EVENTS_MAX` (64), the
  stream is closed and the turn ends with termination `cut`: a misbehaving upstream never
  grows the turn without bound;
- **holdback**: text is held from the caller's `on_text` until the judge is confident it is
  an answer (read first at `holdback_chars`, default 64, then every 96 more), or until the
  turn is judged an answer, so a rejected turn's text never reaches a user. Text that could
  still be a failure (failure words, an error's structure) is held longer, up to
  `holdback_max_chars` (default 1,000). When the request offers tools, text that may be a
  tool call sent as text (call markup, a call object at its start) is held until the turn is
  judged, with no cap: a lost call's markup never reaches the caller as an answer's start. Its
  cost is the time the stream takes to deliver the held characters (`bench/holdback.py`).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from tether.errors import ConfigError
from tether.messages import (
    ErrorFrame,
    Event,
    Malformed,
    NativeDelta,
    ReasoningDelta,
    TextDelta,
    ToolCallDelta,
    Turn,
    collect,
)
from tether.reliability import clearing
from tether.reliability.judge import BAD_EVENTS_MAX, DEFAULT_CONFIG, JudgeConfig, read_text
from tether.reliability.tool_markup import may_be_call

TextCallback = Callable[[str], None]
NativeCallback = Callable[[NativeDelta], None]


@dataclass(frozen=True, slots=True)
class GuardConfig:
    loop_chars: int = 160_000
    holdback_chars: int = 64
    holdback_max_chars: int = 1000
    loop_events: int = 320_000

    def __post_init__(self) -> None:
        if self.loop_chars <= 0:
            raise ConfigError(
                f"loop_chars={self.loop_chars} must be a positive number of characters"
            )
        if self.loop_events <= 0:
            raise ConfigError(f"loop_events={self.loop_events} must be a positive number of events")
        if self.holdback_chars < 0:
            raise ConfigError(f"holdback_chars={self.holdback_chars} cannot be negative")
        if self.holdback_max_chars < self.holdback_chars:
            raise ConfigError(
                f"holdback_max_chars={self.holdback_max_chars} must be at least "
                f"holdback_chars={self.holdback_chars}"
            )


# Once text is held past the first look, it is looked at again every this many characters.
LOOK_EVERY = 96
# A held head whose failure evidence stays this far below the threshold is an answer's start.
CONFIDENT_MARGIN = 0.5


class Holdback:
    """Holds streamed text until the judge is confident it is an answer's start."""

    def __init__(
        self,
        on_text: TextCallback | None,
        chars: int,
        judge_config: JudgeConfig = DEFAULT_CONFIG,
        clock: Callable[[], float] = time.perf_counter,
        max_chars: int = 1000,
        tools: bool = False,
    ) -> None:
        self._on_text = on_text
        self._tools = tools  # the request offered tools: a call may come as text
        self._call = False  # it looks like one: held until the turn is judged
        self._chars = chars
        self._max = max(max_chars, chars)
        self._next_look = chars
        self._judge = judge_config
        self._held: list[str] = []
        self._held_len = 0
        self._clock = clock
        self.released = on_text is None or chars == 0  # 0: no holdback at all
        self.first_text_at: float | None = None  # when the caller first got text

    @property
    def shown(self) -> bool:
        """Whether any text reached the caller (then failover is no longer clean)."""
        return self.first_text_at is not None

    def feed(self, text: str) -> None:
        if self.released:
            self._emit(text)
            return
        self._held.append(text)
        self._held_len += len(text)
        if self._held_len >= self._next_look and not self._call:
            head = "".join(self._held)
            self._held = [head]
            if self._tools and may_be_call(head):
                self._call = True  # no cap: released only if the turn is judged an answer
            elif self._held_len >= self._max or self._confident(head):
                self.release()
            else:
                self._next_look = self._held_len + LOOK_EVERY

    def _confident(self, head: str) -> bool:
        """The held start reads as an answer's: no failure evidence, or little of it."""
        if clearing.quick_clear(head, self._judge.lexicon):
            return True
        bar = self._judge.threshold - CONFIDENT_MARGIN
        return read_text(head, config=self._judge, settle_below=bar, side_only=True).score <= bar

    def release(self) -> None:
        """The turn is an answer (or past suspicion): hand over what was held."""
        self.released = True
        held, self._held, self._held_len = "".join(self._held), [], 0
        if held:
            self._emit(held)

    def discard(self) -> None:
        """The turn was rejected: what was held never reaches the caller."""
        self._held, self._held_len = [], 0

    def _emit(self, text: str) -> None:
        if self._on_text is None or not text:
            return
        if self.first_text_at is None:
            self.first_text_at = self._clock()
        self._on_text(text)


async def guarded_turn(
    events_in: AsyncIterator[Event],
    holdback: Holdback,
    config: GuardConfig,
    on_reasoning: TextCallback | None = None,
    clock: Callable[[], float] = time.perf_counter,
    on_native: NativeCallback | None = None,
) -> Turn:
    """Drain a provider stream into a Turn under the loop guard, feeding text through holdback.
    `on_native` hears each block of the provider's own tools as it ends (not held: the
    proxy only learns from it that text must wait for the blocks before it).

    Silence and drops in mid-stream end the turn (termination `timeout` / `error`); errors
    before the reply (connect, HTTP status, first byte) propagate to the caller.
    """
    seen = events = bad = 0
    limit, most_events = config.loop_chars, config.loop_events

    def watch(event: Event) -> str | None:
        nonlocal seen, events, bad
        events += 1
        if isinstance(event, TextDelta):
            holdback.feed(event.text)
            seen += len(event.text)
        elif isinstance(event, ReasoningDelta):
            if on_reasoning is not None and event.text:
                on_reasoning(event.text)
            seen += len(event.text)
        elif isinstance(event, ToolCallDelta):
            seen += len(event.arguments) + len(event.id) + len(event.name)
        elif isinstance(event, NativeDelta):
            # Not counted in characters: a server tool's results (pages, encrypted content)
            # are the provider's, bounded by the reply's size limit, not a model running on.
            if on_native is not None:
                on_native(event)
        elif isinstance(event, ErrorFrame):
            seen += len(event.message) + len(event.code)
            bad += 1
        elif isinstance(event, Malformed):
            seen += len(event.raw) + len(event.problem)
            bad += 1
        if seen > limit:
            return f"loop guard: {seen:,} characters > {limit:,}"
        if bad >= BAD_EVENTS_MAX:
            return f"{bad} error frames or malformed chunks in one stream"
        if events > most_events:
            return f"loop guard: {events:,} events > {most_events:,}"
        return None

    return await collect(events_in, on_event=watch, clock=clock)
