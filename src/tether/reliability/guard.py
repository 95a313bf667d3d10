"""The stream guard: the loop guard and holdback around one provider stream.

The phase timeouts (connect, first byte, silence) live in the adapter's transport
(`providers.base.Timeouts`), where the reads happen. The guard adds what needs the events:

- the **loop guard**: once content + reasoning pass `loop_chars` (default 160,000, the seed's
  figure), the stream is closed and the turn ends with termination `cut`;
- **holdback**: text is held from the caller's `on_text` until the first `holdback_chars`
  (default 160) showed no gateway phrase, or until the turn is judged an answer, so a rejected
  turn's text never reaches a user. Its cost is the time the stream takes to deliver those
  characters (`bench/holdback.py` measures it).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import aclosing
from dataclasses import dataclass

from tether.errors import ConfigError, SilenceTimeout, StreamDropped
from tether.messages import Event, ReasoningDelta, TextDelta, Turn, TurnBuilder
from tether.reliability.judge import DEFAULT_CONFIG, JudgeConfig

TextCallback = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class GuardConfig:
    loop_chars: int = 160_000
    holdback_chars: int = 160

    def __post_init__(self) -> None:
        if self.loop_chars <= 0:
            raise ConfigError(
                f"loop_chars={self.loop_chars} must be a positive number of characters"
            )
        if self.holdback_chars < 0:
            raise ConfigError(f"holdback_chars={self.holdback_chars} cannot be negative")


class Holdback:
    """Holds streamed text until it can no longer be a gateway's error text."""

    def __init__(
        self,
        on_text: TextCallback | None,
        chars: int,
        judge_config: JudgeConfig = DEFAULT_CONFIG,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._on_text = on_text
        self._chars = chars
        self._matcher = judge_config.matcher
        self._held: list[str] = []
        self._held_len = 0
        self._clock = clock
        self.released = on_text is None
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
        if self._held_len >= self._chars:
            head = "".join(self._held)
            self._held = [head]
            if not self._matcher.maybe(head[:400].lower()):
                self.release()

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
    events: AsyncIterator[Event],
    holdback: Holdback,
    config: GuardConfig,
    on_reasoning: TextCallback | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Turn:
    """Drain a provider stream into a Turn under the loop guard, feeding text through holdback.

    Silence and drops in mid-stream end the turn (termination `timeout` / `error`); errors
    before the reply (connect, HTTP status, first byte) propagate to the caller.
    """
    builder = TurnBuilder(clock)
    seen = 0
    limit = config.loop_chars
    try:
        async with aclosing(events) as stream:  # type: ignore[type-var]
            async for event in stream:
                builder.add(event)
                if isinstance(event, TextDelta):
                    holdback.feed(event.text)
                    seen += len(event.text)
                elif isinstance(event, ReasoningDelta):
                    if on_reasoning is not None and event.text:
                        on_reasoning(event.text)
                    seen += len(event.text)
                else:
                    continue
                if seen > limit:
                    return builder.build("cut", f"loop guard: {seen:,} characters > {limit:,}")
    except SilenceTimeout as exc:
        return builder.build("timeout", str(exc))
    except StreamDropped as exc:
        return builder.build("error", str(exc))
    return builder.build()
