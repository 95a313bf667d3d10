"""The judge: is this turn an answer? `judge(turn, request)` returns a Verdict when it is NOT.

The end of a stream is not the end of a task. A turn is not an answer when (first match wins):

    error_frame    the provider sent an error inside the stream
    cut            the loop guard cut the stream (even mid tool call: its arguments may be cut)
    timeout        the stream went silent past the silence limit
    dropped        the connection broke off in mid-stream
    eof            the stream ended without the provider's finish (or without its end
                   marker, from a server that sent a finish before the reply's end)
    malformed      a chunk could not be parsed: part of the reply may be missing; also a
                   usage count no real reply has (2**53 tokens or more: JSON's exact integers)
    paused         the provider paused an unfinished turn (Anthropic's `pause_turn`: a server
                   tool's loop reached its limit), unless the caller continues it itself
    empty          neither text nor a tool call nor a block of the provider's own tools (a
                   generated image, a search); reasoning alone is empty, also reasoning sent
                   inline as the text: a `<think>` block with nothing after it
    bad_tool_args  a tool call whose arguments do not parse as JSON
    lost_tool_call the model called a tool and no call arrived: a `tool_calls` finish with
                   none but a preamble, or the call's markup sent as text (`tool_markup`)
    error_frame    also: a finish reason that says the reply failed (`network_error`, vLLM's
                   `abort`)
    filtered       the provider's content filter stopped the reply (a finish reason such as
                   `content_filter`, `sensitive`, `SAFETY`)
    truncated      the provider stopped for length (max tokens, the model's context window);
                   also a reply whose token count is exactly the request's limit, whatever
                   its finish says
    gateway        a failure text sent as the reply: a gateway's, relay's or client's error,
                   an error object or page, an error appended to a partial answer (the
                   evidence is weighed in `signals`); `empty` when the text is a placeholder
                   (`null`, `(No response generated)`), `filtered` when it is a content
                   filter's replacement
    unprocessed    the provider counted far fewer input tokens than were sent

Pure and fast: no I/O, no clock. Every verdict carries the detector version that made it, so a
recorded verdict can be re-judged when the detector changes (`tether audit`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

import orjson

from tether.context.tokens import SectionCounts, count_request
from tether.errors import ConfigError
from tether.messages import Request, Turn, Usage
from tether.reliability import clearing, reading, signals
from tether.reliability.lexicon import SHIPPED, Lexicon, unseen_error_phrases
from tether.reliability.reply import composed
from tether.reliability.tool_markup import lost_tool_call

DETECTOR = "judge/40"
# Error frames and malformed chunks in one stream past which the guard drops it (a flood).
BAD_EVENTS_MAX = 64

VerdictKind = Literal[
    "error_frame",
    "cut",
    "timeout",
    "dropped",
    "eof",
    "malformed",
    "empty",
    "bad_tool_args",
    "lost_tool_call",
    "paused",
    "filtered",
    "truncated",
    "gateway",
    "unprocessed",
]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The finding that a turn is not an answer, and why."""

    kind: VerdictKind
    detail: str
    detector: str = DETECTOR


_FAILURE_DETAIL = {
    "gateway": "a failure text, not the model's reply",
    "empty": "a placeholder instead of a reply",
    "filtered": "a content filter's text instead of a reply",
}
# Finish reasons (as sent) that say a filter or a failure ended the reply, whatever the wire
# format made of them: Zhipu's `sensitive`, Gemini's `SAFETY` / `PROHIBITED_CONTENT`, ...
_FILTER_FINISHES = frozenset(
    (
        "content_filter",
        "sensitive",
        "blacklist",
        "safety",
        "prohibited_content",
        "spii",
        "blocklist",
        "recitation",
        "refusal",
        "image_safety",
    )
)
# `abort`: vLLM ends a request its engine aborted (shutdown, scale-down, an abort call) with
# HTTP 200, this finish and `[DONE]` (vllm-project/vllm#57082); `cancelled`: a response the
# server cancelled.
_ERROR_FINISHES = frozenset(
    (
        "network_error",
        "error",
        "failed",
        "malformed_function_call",  # Gemini's, as gateways pass them on: a failed tool call
        "unexpected_tool_call",
        "too_many_tool_calls",
        "abort",
        "aborted",
        "cancelled",
        "canceled",
    )
)


@dataclass(frozen=True)
class JudgeConfig:
    """The judge's thresholds, weights and extra phrases (data, extendable by configuration)."""

    # A reply is a failure text when its signals' weights add up to this (see `signals`).
    threshold: float = reading.THRESHOLD
    # Weights by signal name, over `signals.DEFAULT_WEIGHTS` (e.g. {"status_code": 0.8}).
    weights: Mapping[str, float] = field(default_factory=dict)
    # Phrases of your own gateways: each alone makes a reply a failure text. `re:` = a regex.
    extra_phrases: tuple[str, ...] = ()
    # Only requests estimated at this many tokens or more are checked for `unprocessed` ...
    unprocessed_min_expected: int = 2000
    # ... and a provider count below this share of the estimate means it never read them.
    unprocessed_ratio: float = 0.5

    def __post_init__(self) -> None:
        if not 0 < self.threshold < 100:
            raise ConfigError("threshold must be a positive number (the default is 1.0)")
        negative = sorted(k for k, v in self.weights.items() if not v >= 0)
        if negative:
            raise ConfigError(
                f"judge weight(s) {', '.join(negative)} must be 0 or more: a weight says how "
                "much a signal counts, its side (failure or answer) is the signal's own"
            )
        unknown = sorted(set(self.weights) - set(signals.DEFAULT_WEIGHTS))
        if unknown:
            known = ", ".join(sorted(signals.DEFAULT_WEIGHTS))
            raise ConfigError(f"unknown judge weight(s) {', '.join(unknown)}; known: {known}")
        if not 0 < self.unprocessed_ratio < 1:
            raise ConfigError("unprocessed_ratio must be in (0, 1)")
        if self.unprocessed_min_expected < 0:
            raise ConfigError("unprocessed_min_expected must be a number of tokens, 0 or more")
        for phrase in self.extra_phrases:
            if phrase.startswith("re:"):
                try:
                    re.compile(phrase[3:])
                except re.error as exc:
                    raise ConfigError(
                        f"gateway phrase {phrase!r} is not a valid regex: {exc}"
                    ) from None

    def __hash__(self) -> int:
        return hash((self.threshold, tuple(sorted(self.weights.items())), self.extra_phrases))

    @cached_property
    def lexicon(self) -> Lexicon:
        data = SHIPPED
        return Lexicon(
            data["vocabulary"],
            data["prefixes"],
            data["placeholders"],
            data["explaining"],
            self.extra_phrases,
            data.get("defining", ()),
            (*data.get("witnessing", ()), *unseen_error_phrases()),
            data.get("stock"),
            data.get("pairs"),
            data.get("handing_back"),
            data.get("stand_in"),
            data.get("not_knowing"),
            data.get("own_machinery"),
        )

    @cached_property
    def all_weights(self) -> dict[str, float]:
        return {**signals.DEFAULT_WEIGHTS, **self.weights}


DEFAULT_CONFIG = JudgeConfig()
# A provider's own counts can lower the `unprocessed` bar at most this far: a count under
# half of a quarter of the floor is an unread request whatever the tokenizer.
MIN_CALIBRATION = 0.25


class Calibration:
    """What one provider counts of the floor estimate, learned from its answered turns: the
    median of the last `size` ratios (large requests only), 1.0 until three are known."""

    def __init__(self, size: int = 16) -> None:
        self._ratios: list[float] = []
        self._over: list[float] = []  # what it counts of the (ordinary) estimate
        self._size = size

    def observe(self, prompt_tokens: int, counts: SectionCounts, min_expected: int) -> None:
        expected = counts.floor or counts.text_total
        if prompt_tokens > 0 and expected >= min_expected:
            self._ratios = [*self._ratios[-(self._size - 1) :], prompt_tokens / expected]
            if counts.total > 0:
                self._over = [*self._over[-(self._size - 1) :], prompt_tokens / counts.total]

    def observe_count(self, counted: int, counts: SectionCounts) -> float:
        """A count the provider gave without running the request (its count endpoint): one
        more sample of what it counts of the estimate, as an answered turn's is. The ratio."""
        ratio = counted / max(1, counts.total)
        self._over = [*self._over[-(self._size - 1) :], ratio]
        return ratio

    @property
    def count_per_estimate(self) -> float:
        """How many tokens this provider counts per estimated token, at least 1.0: a real
        tokenizer that splits finer than the estimate needs the window check scaled, or a
        request the estimate fits is one the server refuses. From one answer on; 1.0 before."""
        if not self._over:
            return 1.0
        ordered = sorted(self._over)
        return max(1.0, ordered[len(ordered) // 2])

    @property
    def value(self) -> float:
        if len(self._ratios) < 3:
            return 1.0
        ordered = sorted(self._ratios)
        return min(1.0, ordered[len(ordered) // 2])


def read_text(
    text: str,
    request: Request | None = None,
    usage: Usage | None = None,
    config: JudgeConfig = DEFAULT_CONFIG,
    settle_below: float | None = None,
    side_only: bool = False,
) -> reading.Reading:
    """Every signal on a reply's text, with its weight (what `tether judge --explain` prints);
    with `settle_below`, only as much as a verdict needs, and with `side_only`, only as much as
    the side of it needs (`signals.read_reply`)."""
    return signals.read_reply(
        text.strip(),
        request,
        usage,
        config.lexicon,
        config.all_weights,
        config.threshold,
        settle_below,
        side_only,
    )


def failure_text(
    text: str,
    request: Request | None = None,
    usage: Usage | None = None,
    config: JudgeConfig = DEFAULT_CONFIG,
) -> reading.Reading | None:
    """The reading that makes `text` a failure text (a gateway's error, a placeholder, a
    filter's replacement), or None when it is an answer. Fast for ordinary answers: most are
    cleared without a full reading."""
    stripped = composed(text.strip())
    if not stripped:
        return None
    if clearing.quick_clear(stripped, config.lexicon) and not clearing.read_whole(
        request, stripped
    ):
        return None
    reading = read_text(stripped, request, usage, config, config.threshold, side_only=True)
    return reading if reading.failure else None


def _bad_arguments(arguments: str) -> str:
    if not arguments.strip():
        return ""  # no arguments at all: a call of a tool without parameters
    try:
        value = orjson.loads(arguments)
    except orjson.JSONDecodeError as exc:
        return f"not JSON ({exc})"
    if not isinstance(value, dict):
        return f"a JSON {type(value).__name__}, not an object"
    return ""


# A token count at or past this is no real count (and past 2**64 cannot even be re-encoded).
MAX_COUNT = 2**53


def _impossible_count(usage: Usage | None) -> str:
    """The first count in a usage report, normalised or raw, that no reply could have."""
    if usage is None:
        return ""
    counts = ("prompt_tokens", "completion_tokens", "cached_tokens", "cache_write_tokens")
    for name in (*counts, "reasoning_tokens"):
        value = getattr(usage, name)
        if not -MAX_COUNT < value < MAX_COUNT:
            return f"{name}={value}"
    pending: list[tuple[str, object]] = list(usage.raw.items())
    while pending:
        key, value = pending.pop()
        if isinstance(value, dict):
            pending += [(f"{key}.{k}", v) for k, v in value.items()]
        elif isinstance(value, list):
            pending += [(f"{key}[{i}]", v) for i, v in enumerate(value)]
        elif isinstance(value, int) and not -MAX_COUNT < value < MAX_COUNT:
            return f"{key}={value}"
    return ""


def judge(
    turn: Turn,
    request: Request | None = None,
    *,
    cut: bool = False,
    counts: SectionCounts | None = None,
    config: JudgeConfig = DEFAULT_CONFIG,
    calibration: float = 1.0,
) -> Verdict | None:
    """None when `turn` is an answer to `request`; otherwise the first reason it is not.

    `counts` is the request's estimate per section, when the caller already has it (a chain
    judges several attempts at one request). `calibration` is what this provider usually
    counts of the floor estimate on turns that were answers (`Calibration`): a tokenizer that
    merges more than the floor assumes lowers the bar, never below MIN_CALIBRATION.
    """
    if turn.errors:
        e = turn.errors[0]
        many = f" ({len(turn.errors)} errors; dropped there)" if len(turn.errors) > 1 else ""
        return Verdict(
            "error_frame", f"the provider sent an error in the stream{many}: {e.message[:200]}"
        )
    if turn.termination == "cut" and len(turn.malformed) >= BAD_EVENTS_MAX:
        return Verdict(
            "malformed",
            f"{len(turn.malformed)} chunks could not be parsed; the stream was dropped there: "
            f"{turn.malformed[0].problem[:120]}",
        )
    if cut or turn.termination == "cut":
        return Verdict(
            "cut", "the loop guard cut the stream" + (f": {turn.detail}" if turn.detail else "")
        )
    if turn.termination == "timeout":
        return Verdict("timeout", turn.detail or "the stream went silent past the silence limit")
    if turn.termination == "error":
        return Verdict("dropped", turn.detail or "the connection broke off in mid-stream")
    if turn.finish_reason is None:
        said = f": {turn.malformed[0].problem[:200]}" if turn.malformed else ""
        return Verdict("eof", f"the stream ended without the provider's finish{said}")
    if turn.termination == "eof":  # a finish, but one the server sent before the reply's end
        return Verdict("eof", turn.detail or "the stream ended without its end marker")
    if turn.malformed:
        return Verdict(
            "malformed",
            f"{len(turn.malformed)} chunk(s) could not be parsed: "
            f"{turn.malformed[0].problem[:120]}",
        )
    impossible = _impossible_count(turn.usage)
    if impossible:
        return Verdict("malformed", f"the usage reports {impossible}: no real reply counts that")
    raw_finish = (turn.raw_finish_reason or "").lower()
    paused = raw_finish == "pause_turn"
    if paused and not (request is not None and request.continues_paused):
        return Verdict(
            "paused",
            "the provider paused the turn (pause_turn: a server tool's loop reached its limit); "
            "the answer is not finished",
        )
    text = turn.content.strip()
    if not text and not turn.tool_calls and not turn.native and not paused:
        what = "only reasoning" if turn.reasoning.strip() else "nothing"
        return Verdict("empty", f"neither text nor a tool call ({what})")
    if not turn.tool_calls and _only_thinking(text):
        return Verdict("empty", "neither text nor a tool call (only reasoning, in <think> tags)")
    for call in turn.tool_calls:
        problem = _bad_arguments(call.arguments)
        if problem:
            return Verdict(
                "bad_tool_args", f"arguments of {call.name or 'a tool call'} are {problem}"
            )
    if raw_finish in _ERROR_FINISHES:
        return Verdict(
            "error_frame", f"the provider's finish reason says the reply failed ({raw_finish})"
        )
    if turn.finish_reason == "content_filter" or raw_finish in _FILTER_FINISHES:
        return Verdict(
            "filtered",
            f"the provider's content filter stopped the reply ({turn.raw_finish_reason})",
        )
    length = turn.finish_reason == "length" and not paused
    used_all = 0 if length or paused else whole_limit_used(turn, request)
    if (length or used_all) and not _stopped_at_own_limit(turn, request):
        said = (
            f"the reply used all {used_all} tokens of its limit, though its finish says "
            f"{turn.raw_finish_reason or turn.finish_reason}: it was cut there"
            if used_all
            else f"the provider stopped for length ({turn.raw_finish_reason}) in mid-answer"
        )
        # a request the server never read explains the reply better than where it stopped
        return _unprocessed(turn, request, counts, config, calibration) or Verdict(
            "truncated", said
        )
    lost = lost_tool_call(turn, text, request)
    if lost is not None:
        return Verdict("lost_tool_call", lost)
    if text and not turn.tool_calls:
        reading = failure_text(text, request, turn.usage, config)
        if reading is not None:
            kind = reading.kind
            return Verdict(kind, _FAILURE_DETAIL[kind] + f" ({reading.summary()})")
    return _unprocessed(turn, request, counts, config, calibration)


def _only_thinking(text: str) -> bool:
    """Text that is only the model's reasoning written inline, as servers without a reasoning
    parser send it: a `<think>` block with nothing after it (or never closed), or reasoning
    closed by `</think>` with nothing after (the chat template opened the block)."""
    if text.endswith("</think>"):  # (cheap tests first: every answer passes here)
        if text.startswith("<think>"):
            return text.find("</think>") == len(text) - len("</think>")  # one block, no answer
        return "<think>" not in text
    return text.startswith("<think>") and "</think>" not in text


def whole_limit_used(turn: Turn, request: Request | None) -> int:
    """The request's `max_tokens` when the provider's own count says the reply used exactly
    that many, whatever its finish says (else 0): relays and servers that report a length stop
    as `stop`, `end_turn` or `tool_calls` (vllm-project/vllm#58228, BerriAI/litellm#25825) are
    known only by this count."""
    if request is None or not request.max_tokens or turn.usage is None:
        return 0
    return request.max_tokens if turn.usage.completion_tokens == request.max_tokens else 0


def _stopped_at_own_limit(turn: Turn, request: Request | None) -> bool:
    """A length stop is the caller's own limit when it set one and the reply used at least half
    of it (by the provider's own count): a provider that stops far below it (its own cap, a cut
    reply) truncated the answer. An Anthropic client always sends `max_tokens`, so trusting the
    limit alone would pass every truncation to it."""
    if request is None or not request.length_is_answer:
        return False
    used = turn.usage.completion_tokens if turn.usage is not None else 0
    if request.max_tokens is None or used <= 0:
        return True  # nothing to compare: the caller's limit is the likelier cause
    return 2 * used >= request.max_tokens


def _unprocessed(
    turn: Turn,
    request: Request | None,
    counts: SectionCounts | None,
    config: JudgeConfig,
    calibration: float,
) -> Verdict | None:
    """The provider's own input count says it never read the request (or its tools)."""
    usage = turn.usage
    if usage is None or usage.prompt_tokens <= 0 or (counts is None and request is None):
        return None
    if counts is None:
        assert request is not None
        counts = counts_of(request)
    expected = counts.floor or counts.text_total
    scale = min(1.0, max(MIN_CALIBRATION, calibration))
    if (
        expected >= config.unprocessed_min_expected
        and usage.prompt_tokens < config.unprocessed_ratio * expected * scale
    ):
        said = f" (this provider counts about {scale:.2f} of the floor)" if scale < 1 else ""
        return Verdict(
            "unprocessed",
            f"the provider counted {usage.prompt_tokens} input tokens of at least {expected} "
            f"sent{said}: it never read the request",
        )
    unread = _tools_unread(turn, request, counts, usage, scale)
    return Verdict("unprocessed", unread) if unread else None


# The request counted last, with its counts: a chain judges every attempt at one request, and
# a caller that passes no `counts=` would estimate the same request again each time (~15 us
# for 50 KB). A request is frozen, its messages, parts and texts too: the same object counts
# the same (tool schemas are counted by identity already, `tokens.count_tools`).
_last_counted: tuple[Request, SectionCounts] | None = None


def counts_of(request: Request) -> SectionCounts:
    """`count_request(request)`, kept for the request counted last (by identity: one entry,
    so no request is kept alive but the last)."""
    global _last_counted
    last = _last_counted  # (one read: another thread may replace it meanwhile)
    if last is not None and last[0] is request:
        return last[1]
    counts = count_request(request)
    _last_counted = (request, counts)
    return counts


# The tool schemas are checked for being read when they are at least this many tokens, and
# this share of the request: smaller, they hide in the estimate's own error.
TOOLS_MIN_TOKENS = 200
TOOLS_MIN_SHARE = 0.25


def _tools_unread(
    turn: Turn, request: Request | None, counts: SectionCounts, usage: Usage, scale: float
) -> str:
    """Why the tool schemas were not read, or "": a reply with no tool call whose input count
    is what the request holds without them (a server whose chat template has no tools drops
    them silently, and the model then invents what a tool would have told it)."""
    if turn.tool_calls or request is None or not request.tools:
        return ""
    total = counts.text_total
    if total <= 0 or counts.tools < max(TOOLS_MIN_TOKENS, TOOLS_MIN_SHARE * total):
        return ""
    floor = counts.floor or total
    tools = floor * counts.tools / total
    rest = floor - tools
    if usage.prompt_tokens >= scale * (rest + 0.5 * tools):
        return ""
    return (
        f"the provider counted {usage.prompt_tokens} input tokens, about what the request holds "
        f"without its {len(request.tools)} tool schemas (~{round(tools)} tokens at the least): "
        "it never read the tools (a chat template without tool support drops them)"
    )
