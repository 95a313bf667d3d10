"""Provider-neutral messages, requests, stream events and turns.

Every wire format (OpenAI chat completions, Anthropic messages, Ollama chat) is translated to
and from these types, so policy code (judge, chain, loop) never sees a vendor's shape.

Plain frozen dataclasses with slots: they sit on the hot path of every streamed chunk.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from tether.citations import Citations, read_citations
from tether.errors import ReplyTooLarge, SilenceTimeout, StreamDropped

Role = Literal["system", "user", "assistant", "tool"]

# How a stream ended at the protocol level (recorded apart from any verdict).
Termination = Literal["stop", "length", "tool_calls", "eof", "cut", "timeout", "error"]

# Finish reasons are normalised to OpenAI's values; the provider's own word is kept beside.
FinishReason = Literal["stop", "length", "tool_calls", "content_filter"]


# ---------------------------------------------------------------- message parts


@dataclass(frozen=True, slots=True)
class TextPart:
    text: str


@dataclass(frozen=True, slots=True)
class ImagePart:
    """An image, either by URL or inline base64 `data` with its media type."""

    url: str = ""
    data: str = ""
    media_type: str = "image/png"


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool call as the model sent it; `arguments` is the raw JSON text, parsed or not."""

    id: str
    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class NativePart:
    """A block tether has no neutral form for (a document, a search result, a server tool's
    call or result, a file), in its API's own words: an upstream of that API gets it unchanged,
    any other gets `text` in its place (what it held, or a note that it was left out), so
    nothing is dropped without a word."""

    api: str
    block: dict[str, Any]
    text: str = ""


@dataclass(frozen=True, slots=True)
class ToolResultPart:
    """A tool's result. `native` is the result's content as the client's API sent it when it
    holds more than text (an image, a document): sent as it is to an upstream of that API;
    `content` is its text (with a note for what another API cannot take)."""

    tool_call_id: str
    content: str
    name: str = ""
    is_error: bool = False
    native: NativePart | None = None


@dataclass(frozen=True, slots=True)
class ReasoningPart:
    """One block of a model's reasoning. `signature` is the provider's proof of it (Anthropic's
    thinking signature, OpenAI's encrypted reasoning) and `redacted` the opaque data of a block
    whose text the provider withheld: both go back to that provider exactly as they came, or
    the next request of a tool loop is refused."""

    text: str
    signature: str = ""
    redacted: str = ""


Part = TextPart | ImagePart | ToolCall | ToolResultPart | ReasoningPart | NativePart


def unsealed(parts: tuple[Part, ...]) -> tuple[Part, ...]:
    """The parts without their reasoning's seals: a signature or a redacted block is one
    provider's proof, refused by any other and meaningless to a client of another API (the
    reasoning's text stays; a block with no text left goes)."""
    if not any(isinstance(p, ReasoningPart) and (p.signature or p.redacted) for p in parts):
        return parts
    return tuple(
        (ReasoningPart(p.text) if isinstance(p, ReasoningPart) else p)
        for p in parts
        if not (isinstance(p, ReasoningPart) and (p.redacted or not p.text))
    )


def parts_for(parts: tuple[Part, ...], api: str) -> tuple[Part, ...]:
    """The parts as an upstream of `api` takes them: another API's native blocks become their
    text stand-ins (dropped when they have none), a tool result keeps only its text."""
    out: list[Part] = []
    for p in parts:
        if isinstance(p, NativePart) and p.api != api:
            if p.text:  # a paragraph of its own among the message's texts
                out.append(TextPart(p.text + "\n\n"))
        elif isinstance(p, ToolResultPart) and p.native is not None and p.native.api != api:
            out.append(replace(p, native=None))
        else:
            out.append(p)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Message:
    role: Role
    parts: tuple[Part, ...]

    @classmethod
    def text(cls, role: Role, text: str) -> Message:
        return cls(role, (TextPart(text),))

    @property
    def text_content(self) -> str:
        return "".join(p.text for p in self.parts if isinstance(p, TextPart))

    @property
    def tool_calls(self) -> tuple[ToolCall, ...]:
        return tuple(p for p in self.parts if isinstance(p, ToolCall))


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool offered to the model: name, description, JSON schema of its arguments."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})


@dataclass(frozen=True, slots=True)
class Request:
    """One model call, before it is put in any vendor's shape."""

    messages: tuple[Message, ...]
    tools: tuple[ToolSpec, ...] = ()
    max_tokens: int | None = None
    temperature: float | None = None
    reasoning_effort: str | None = None
    stream: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    # True when `max_tokens` is the end user's own limit (a proxy's client set it): a stop at
    # it is the answer they asked for. False: a length stop is a truncation, retried.
    length_is_answer: bool = False
    # True when the client put a system message after the conversation began on purpose, in a
    # format that defines one there (Anthropic's mid-conversation system messages): it keeps its
    # place. False: a format where only some models accept one folds it into the system prompt.
    system_in_place: bool = False
    # Tools the provider runs itself (web search, code execution, connectors; Responses
    # namespaces), exactly as the client sent them: passed on only to an upstream that speaks
    # the client's own API (the proxy drops them otherwise), never run by tether.
    hosted_tools: tuple[dict[str, Any], ...] = ()
    # True when the caller continues a paused turn itself (an Anthropic client behind the proxy
    # sends a `pause_turn` reply back, as its API asks): the pause is passed on as it is. False:
    # a paused turn is unfinished, not an answer (verdict `paused`).
    continues_paused: bool = False
    # HTTP headers of the client's that its API's upstream must get too (Anthropic's
    # `anthropic-beta` flags, without which beta tools and features are refused): set by the
    # proxy only when every upstream speaks the client's API; the provider's own headers win.
    headers: dict[str, str] = field(default_factory=dict)

    def for_api(self, api: str) -> Request:
        """The request as an upstream of `api` takes it: other APIs' native blocks as text."""
        if not any(
            isinstance(p, NativePart) or (isinstance(p, ToolResultPart) and p.native is not None)
            for m in self.messages
            for p in m.parts
        ):
            return self
        messages = tuple(replace(m, parts=parts_for(m.parts, api)) for m in self.messages)
        return replace(self, messages=messages)

    @property
    def system(self) -> str:
        """The system prompt: the system messages before any other, joined."""
        return self.split_system()[0]

    def split_system(self) -> tuple[str, tuple[Message, ...]]:
        """The system prompt (the system messages before any other, joined) and the rest of
        the conversation, later system messages included where they stand."""
        messages = self.messages
        start = 0
        while start < len(messages) and messages[start].role == "system":
            start += 1
        return "\n\n".join(m.text_content for m in messages[:start]), messages[start:]


# ---------------------------------------------------------------- usage


@dataclass(frozen=True, slots=True)
class Usage:
    """Token counts normalised across vendors.

    `prompt_tokens` is every input token the provider read, cached ones included (OpenAI's
    convention). Anthropic's `input_tokens` excludes cache reads and writes, so its adapter adds
    them back. `raw` keeps the usage object exactly as the API reported it.
    """

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    reasoning_tokens: int = 0
    raw: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- stream events


@dataclass(frozen=True, slots=True)
class TextDelta:
    text: str


@dataclass(frozen=True, slots=True)
class ReasoningDelta:
    """A piece of reasoning; a `signature` ends its block, a `redacted` one is a whole block."""

    text: str
    signature: str = ""
    redacted: str = ""


@dataclass(frozen=True, slots=True)
class ToolCallDelta:
    """A piece of a tool call: the first piece of an index carries id and name."""

    index: int
    arguments: str = ""
    id: str = ""
    name: str = ""


@dataclass(frozen=True, slots=True)
class NativeDelta:
    """A whole block of the reply that tether has no neutral form for (a server tool's call or
    result, a hosted tool's output item, a text block with its citations), in its API's own
    words, assembled by the stream decoder from the block's start, deltas and end. A client of
    that API gets it verbatim at its place; any other gets nothing of it but `text`: the reply
    text the block holds (a cited text block's), which came as TextDelta too."""

    api: str
    block: dict[str, Any]
    text: str = ""


@dataclass(frozen=True, slots=True)
class UsageReport:
    usage: Usage


@dataclass(frozen=True, slots=True)
class Finish:
    """The provider said the turn is over; `reason` normalised, `raw` as sent."""

    reason: FinishReason
    raw: str


@dataclass(frozen=True, slots=True)
class ErrorFrame:
    """An error the provider sent inside a stream that had started with HTTP 200."""

    message: str
    code: str = ""


@dataclass(frozen=True, slots=True)
class Malformed:
    """A chunk that is not valid for the format (bad JSON, wrong shape); parsing went on."""

    raw: str
    problem: str


@dataclass(frozen=True, slots=True)
class StreamEnd:
    """The stream reached its protocol end marker (`[DONE]`, `message_stop`, `done: true`)."""


Event = (
    TextDelta
    | ReasoningDelta
    | ToolCallDelta
    | NativeDelta
    | UsageReport
    | Finish
    | ErrorFrame
    | Malformed
    | StreamEnd
    | Citations
)


# ---------------------------------------------------------------- the turn


@dataclass(frozen=True, slots=True)
class NativeBlock:
    """A NativeDelta of a turn, where it stood: after `at` characters of the turn's content
    (a block with `text` holds `content[at:at + len(text)]`)."""

    at: int
    api: str
    block: dict[str, Any]
    text: str = ""


# A turn's content as a client of one API gets it: text, that API's blocks at their place, the
# url citations of another API's blocks after the text they cite, and when asked for, the
# reasoning blocks at their place.
Piece = str | NativeBlock | Citations | ReasoningPart
# A place in a turn: after so many characters of its content and so many of its native blocks.
Place = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Turn:
    """One model reply, assembled from its events."""

    content: str = ""
    reasoning: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage | None = None
    # The reasoning block by block, with signatures and redacted blocks: what a client of the
    # provider's own API must send back (`reasoning` is their text, for reading and judging).
    reasoning_parts: tuple[ReasoningPart, ...] = ()
    # Blocks with no neutral form (NativeDelta), in order, each with its place in `content`.
    native: tuple[NativeBlock, ...] = ()
    # Where each reasoning block began: after how many characters of `content` and how many
    # native blocks (a thinking block between a server tool's result and the text citing it).
    reasoning_places: tuple[Place, ...] = ()
    finish_reason: FinishReason | None = None
    raw_finish_reason: str = ""
    termination: Termination = "eof"
    first_byte_s: float | None = None
    total_s: float = 0.0
    errors: tuple[ErrorFrame, ...] = ()
    malformed: tuple[Malformed, ...] = ()
    detail: str = ""

    @property
    def reasoning_blocks(self) -> tuple[ReasoningPart, ...]:
        """The reasoning as blocks: as received, or the text as one block (a turn built whole)."""
        if self.reasoning_parts or not self.reasoning:
            return self.reasoning_parts
        return (ReasoningPart(self.reasoning),)

    def unsealed(self) -> Turn:
        """The turn as a client of another API than its provider's gets it: its reasoning's
        text, without the seals only that provider reads (`unsealed`)."""
        if unsealed(self.reasoning_parts) is self.reasoning_parts:
            return self
        places = self._places()
        kept = [(p, at) for p, at in zip(self.reasoning_parts, places, strict=True) if p.text]
        return replace(
            self,
            reasoning_parts=tuple(ReasoningPart(p.text) for p, _ in kept),
            reasoning_places=tuple(at for _, at in kept),
        )

    def _places(self) -> tuple[Place, ...]:
        """Where each reasoning block began; before everything when unknown (a turn built
        whole, or by hand)."""
        blocks = self.reasoning_blocks
        if len(self.reasoning_places) == len(blocks):
            return self.reasoning_places
        return ((0, 0),) * len(blocks)

    def pieces(self, api: str, start: int = 0, reasoning: bool = False) -> list[Piece]:
        """The content from character `start` on, as a client of `api` gets it: text, with
        that API's native blocks at their place. A cited text block whose text began before
        `start` (it went out as plain text already) gives the rest of it as plain text.
        Another API's blocks give only their url citations, after the text they cite. With
        `reasoning`, the reasoning blocks too, each where it began: a client that sends them
        back must send them in the order the provider made them (Anthropic refuses a rebuilt
        message; OpenAI a reasoning item not followed by the item it led to)."""
        out: list[Piece] = []
        pos = start
        thoughts = list(zip(self.reasoning_blocks, self._places(), strict=True))
        if not reasoning:
            thoughts = []
        for k, b in enumerate([*self.native, None]):
            at = len(self.content) if b is None else b.at
            while thoughts and thoughts[0][1][1] <= k and thoughts[0][1][0] <= at:
                part, (chars, _) = thoughts.pop(0)
                if chars > pos:
                    out.append(self.content[pos:chars])
                    pos = chars
                out.append(part)
            if b is None:
                break
            if b.api != api:
                cites = read_citations(b.api, b.block, b.at, b.text)
                if cites:
                    end = b.at + len(b.text)
                    if end > pos:
                        out.append(self.content[pos:end])
                        pos = end
                    out.append(Citations(cites))
                continue
            if b.text and b.at < pos:
                continue
            if b.at > pos:
                out.append(self.content[pos : b.at])
                pos = b.at
            out.append(b)
            pos += len(b.text)
        if pos < len(self.content):
            out.append(self.content[pos:])
        out += [part for part, _ in thoughts]  # a place past the end: none is lost
        return out

    def to_json(self) -> dict[str, Any]:
        """The turn as JSON (what `tether ask --json` and the eval reports print)."""
        usage = self.usage
        return {
            "content": self.content,
            "reasoning": self.reasoning,
            "tool_calls": [
                {"id": c.id, "name": c.name, "arguments": c.arguments} for c in self.tool_calls
            ],
            "finish_reason": self.finish_reason,
            "raw_finish_reason": self.raw_finish_reason,
            "termination": self.termination,
            "usage": None
            if usage is None
            else {
                "prompt_tokens": usage.prompt_tokens,
                "completion_tokens": usage.completion_tokens,
                "cached_tokens": usage.cached_tokens,
            },
            "first_byte_s": self.first_byte_s,
            "total_s": self.total_s,
            "errors": [e.message for e in self.errors],
            "malformed": [m.problem for m in self.malformed],
        }


_FINISH_TERMINATION: dict[str, Termination] = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "content_filter": "stop",
}


class TurnBuilder:
    """Accumulates events into a Turn; tool calls are assembled by index."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._started = clock()
        self._first: float | None = None
        self._text: list[str] = []
        self._blocks: list[ReasoningPart] = []  # reasoning blocks closed so far
        self._places: list[Place] = []  # where each stood among the text and native blocks
        self._block_text: list[str] = []  # the open block's text
        self._block_place: Place | None = None  # and where it began
        self._calls: dict[int, list[str]] = {}
        self._call_ids: dict[int, str] = {}
        self._call_names: dict[int, str] = {}
        self._native: list[NativeBlock] = []
        self._content_len = 0
        self.usage: Usage | None = None
        self.finish: Finish | None = None
        self.errors: list[ErrorFrame] = []
        self.malformed: list[Malformed] = []
        self.ended = False
        self.chars = 0
        # More of the reply came after a finish: the server marks chunks before the last as
        # finished, so only its end marker can say the stream was whole.
        self.finished_early = False

    def add(self, event: Event) -> None:
        if self._first is None:
            self._first = self._clock()
        if isinstance(event, TextDelta):
            if event.text:  # endless empty deltas keep nothing
                self._text.append(event.text)
                self._content_len += len(event.text)
                self.chars += len(event.text)
                if self.finish is not None:
                    self.finished_early = True
        elif isinstance(event, ReasoningDelta):
            if self._block_place is None:
                self._block_place = (self._content_len, len(self._native))
            if event.text:
                self._block_text.append(event.text)
                self.chars += len(event.text)
                if self.finish is not None:
                    self.finished_early = True
            if event.redacted:
                self._close_block()
                self._blocks.append(ReasoningPart("", redacted=event.redacted))
                self._places.append((self._content_len, len(self._native)))
            elif event.signature:
                self._close_block(event.signature)
        elif isinstance(event, ToolCallDelta):
            if self.finish is not None:
                self.finished_early = True
            pieces = self._calls.setdefault(event.index, [])
            if event.arguments:
                pieces.append(event.arguments)
            if event.id:
                self._call_ids[event.index] = event.id
            if event.name:
                self._call_names[event.index] = event.name
        elif isinstance(event, NativeDelta):
            if self.finish is not None:
                self.finished_early = True
            at = self._content_len - len(event.text)  # its text came before it, as TextDelta
            self._native.append(NativeBlock(max(0, at), event.api, event.block, event.text))
        elif isinstance(event, UsageReport):
            self.usage = event.usage
        elif isinstance(event, Finish):
            self.finish = event
        elif isinstance(event, ErrorFrame):
            self.errors.append(event)
        elif isinstance(event, Malformed):
            self.malformed.append(event)
        elif isinstance(event, StreamEnd):
            self.ended = True

    def _close_block(self, signature: str = "") -> None:
        if self._block_text or signature:
            self._blocks.append(ReasoningPart("".join(self._block_text), signature))
            place = self._block_place or (self._content_len, len(self._native))
            self._places.append(place)
            self._block_text = []
        self._block_place = None

    def _open_block(self) -> tuple[ReasoningPart, ...]:
        return (ReasoningPart("".join(self._block_text)),) if self._block_text else ()

    def build(self, termination: Termination | None = None, detail: str = "") -> Turn:
        """The turn as received so far; `termination` overrides the derived one."""
        if termination is None:
            if self.errors:
                termination = "error"
            elif self.finish is not None and (self.ended or not self.finished_early):
                termination = _FINISH_TERMINATION[self.finish.reason]
            else:
                termination = "eof"
                if self.finish is not None and not detail:
                    detail = (
                        "the server sent a finish before the end of the reply (on every chunk) "
                        "and the stream ended without its end marker: the reply may be cut"
                    )
        calls = tuple(
            ToolCall(
                id=self._call_ids.get(i, f"call_{i}"),
                name=self._call_names.get(i, ""),
                arguments="".join(self._calls[i]),
            )
            for i in sorted(self._calls)
        )
        blocks = (*self._blocks, *self._open_block())  # the reasoning is their text
        places = (*self._places, *((self._block_place or (0, 0),) if self._block_text else ()))
        return Turn(
            content="".join(self._text),
            reasoning="".join(p.text for p in blocks),
            tool_calls=calls,
            usage=self.usage,
            reasoning_parts=blocks,
            reasoning_places=places,
            native=tuple(self._native),
            finish_reason=self.finish.reason if self.finish else None,
            raw_finish_reason=self.finish.raw if self.finish else "",
            termination=termination,
            first_byte_s=None if self._first is None else self._first - self._started,
            total_s=self._clock() - self._started,
            errors=tuple(self.errors),
            malformed=tuple(self.malformed),
            detail=detail,
        )


async def collect(
    events: AsyncIterator[Event],
    *,
    on_event: Callable[[Event], str | None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Turn:
    """Drain a provider stream into a Turn (the one drain: the chain's guard uses it too).

    `on_event` sees every event; when it returns a reason, the stream is closed there and the
    turn ends with termination `cut` and that reason. Silence or a dropped connection in
    mid-stream still yields the partial turn, with termination `timeout` or `error`; errors
    before the reply began (connect, HTTP status, first-byte timeout) propagate, because there
    is no turn to speak of.
    """
    builder = TurnBuilder(clock)
    try:
        async for event in events:
            builder.add(event)
            if on_event is not None:
                reason = on_event(event)
                if reason is not None:
                    return builder.build("cut", reason)
    except SilenceTimeout as exc:
        return builder.build("timeout", str(exc))
    except ReplyTooLarge as exc:
        return builder.build("cut", str(exc))
    except StreamDropped as exc:
        return builder.build("error", str(exc))
    finally:
        close = getattr(events, "aclose", None)
        if close is not None:
            await close()
    return builder.build()
