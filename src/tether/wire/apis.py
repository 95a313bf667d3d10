"""The wire formats tether speaks, one row each.

Everything the stand, the proxy, the client adapters, `tether audit` and `tether models` need to
know about an API lives in its `Api` row: where it is served, what its request fields are, how a
whole reply, a stream, an error and usage look. Adding a format is one module in `wire/` plus
one row here (and its client adapter in `providers/`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tether.errors import WireError
from tether.messages import Event, Request, Turn, Usage
from tether.wire import anthropic, completions, ollama, openai, responses


class StreamEncoder(Protocol):
    """Neutral events to a format's streamed bytes."""

    def start(self, usage: Usage | None = None) -> bytes: ...

    def encode(self, event: Event) -> bytes: ...


@dataclass(frozen=True, slots=True)
class ModelRow:
    """One model a server lists: its id, context window and tool support when it says them."""

    id: str
    window: int | None = None
    tools: bool | None = None


# An SSE comment: every SSE client skips it (OpenAI's formats keep a stream alive with one).
SSE_KEEPALIVE = b": keep-alive\n\n"


@dataclass(frozen=True, slots=True)
class Api:
    """How one wire format looks from both sides of the connection."""

    name: str
    # The completion paths a server answers on; the first is the canonical one.
    paths: tuple[str, ...]
    # What an SDK's base URL adds to a server's root (OpenAI's SDK wants `.../v1`).
    sdk_base: str
    # The media type of a streamed reply.
    media_type: str
    # The request fields the format defines (the rest are a client's extras).
    known_fields: frozenset[str]
    # The path, under a server's root, where its models are listed.
    models_path: str
    # Whether a stream always carries usage (chat completions: only when the client asks).
    usage_always: bool
    decode_request: Callable[[Any], tuple[str, Request]]
    encoder: Callable[[str, str], StreamEncoder]
    error_body: Callable[[int, str, str | None], dict[str, Any]]
    usage_to_raw: Callable[[Usage], dict[str, Any]]
    usage_from_raw: Callable[[dict[str, Any]], Usage]
    _whole: Callable[..., dict[str, Any]]
    _id: Callable[[str, int], str]
    models_body: Callable[[list[ModelRow]], dict[str, Any]]
    read_models: Callable[[Any], list[ModelRow] | None]
    # What a stream may carry while there is nothing to say, that clients skip (an SSE comment,
    # Anthropic's `ping`); empty where the format has no such thing (Ollama's NDJSON).
    keepalive: bytes = b""
    # Whether its clients send a reply's reasoning blocks back, signed, in the order they came
    # (Anthropic's thinking, the Responses API's reasoning items): reasoning must precede text.
    reasoning_returns: bool = False
    # Request headers of its clients that an upstream of the same API must get as well.
    passed_headers: frozenset[str] = frozenset()

    @property
    def path(self) -> str:
        return self.paths[0]

    @property
    def client_path(self) -> str:
        """The completion path under an SDK-style base URL."""
        return self.path.removeprefix(self.sdk_base)

    @property
    def client_models_path(self) -> str:
        """The model list's path under an SDK-style base URL."""
        return self.models_path.removeprefix(self.sdk_base)

    def reasoning_in_place(self, turn: Turn) -> bool:
        """Whether a client of this API gets `turn`'s reasoning blocks where the provider made
        them (`Turn.pieces(reasoning=True)`): one that sends them back, when the turn has
        blocks with no neutral form to place them among; otherwise they come first."""
        return self.reasoning_returns and bool(turn.native)

    def whole(self, model: str, reply_id: str, turn: Turn, finish_raw: str) -> dict[str, Any]:
        """A whole (non-streamed) reply body for `turn`: with the blocks of the provider's
        own tools at their place when the turn came from a provider of this API, and the url
        citations of another API's blocks in this one's words."""
        native: dict[str, Any] = {}
        reasoning = turn.reasoning_blocks
        if turn.native:
            in_place = self.reasoning_in_place(turn)
            pieces = turn.pieces(self.name, reasoning=in_place)
            if any(not isinstance(p, str) for p in pieces):
                native["pieces"] = pieces
                reasoning = () if in_place else reasoning
        return self._whole(
            model,
            reply_id,
            content=turn.content,
            reasoning=reasoning,
            tool_calls=turn.tool_calls,
            finish_raw=finish_raw,
            usage=turn.usage,
            **native,
        )

    def reply_id(self, n: int, salt: str = "") -> str:
        """The id of the `n`th reply a server sends (`salt` keeps servers' ids apart)."""
        return self._id(salt, n)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _flag(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _openai_models(rows: list[ModelRow]) -> dict[str, Any]:
    data = []
    for r in rows:
        row: dict[str, Any] = {"id": r.id, "object": "model", "created": 1767225600}
        row["owned_by"] = "tether"
        if r.window is not None:
            row["context_length"] = r.window
        if r.tools is not None:
            row["supports_tools"] = r.tools
        data.append(row)
    return {"object": "list", "data": data}


def _read_listed(body: Any) -> list[ModelRow] | None:
    """OpenAI's and Anthropic's list (`{"data": [{"id", ...}]}`), with the windows and tool
    support some servers add (`context_length`, `context_window`, `supports_tools`)."""
    if not isinstance(body, dict) or not isinstance(body.get("data"), list):
        return None
    return [
        ModelRow(str(m.get("id")), _window(m), _flag(m.get("supports_tools")))
        for m in body["data"]
        if isinstance(m, dict)
    ]


def _window(model: dict[str, Any]) -> int | None:
    """A listed model's context window, where a server says it: `context_length` (OpenRouter,
    the stand), `context_window`, or llama.cpp's `meta.n_ctx` (what the server was started with;
    `n_ctx_train`, what the model was trained for, when that is all there is)."""
    meta = model.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    for value in (
        model.get("context_length"),
        model.get("context_window"),
        meta.get("n_ctx"),
        meta.get("n_ctx_train"),
    ):
        if _int(value):
            return _int(value)
    return None


def _anthropic_models(rows: list[ModelRow]) -> dict[str, Any]:
    data = [
        {"type": "model", "id": r.id, "display_name": r.id, "created_at": "2026-01-01T00:00:00Z"}
        for r in rows
    ]
    return {
        "data": data,
        "has_more": False,
        "first_id": rows[0].id if rows else None,
        "last_id": rows[-1].id if rows else None,
    }


def _ollama_models(rows: list[ModelRow]) -> dict[str, Any]:
    models = [
        {
            "name": r.id,
            "model": r.id,
            "modified_at": "2026-01-01T00:00:00Z",
            "size": 0,
            "digest": "",
            "details": {"family": "tether", "context_length": r.window, "supports_tools": r.tools},
        }
        for r in rows
    ]
    return {"models": models}


def _read_ollama_models(body: Any) -> list[ModelRow] | None:
    if not isinstance(body, dict) or not isinstance(body.get("models"), list):
        return None
    rows = []
    for m in body["models"]:
        if isinstance(m, dict):
            details = m.get("details")
            details = details if isinstance(details, dict) else {}
            rows.append(
                ModelRow(
                    str(m.get("name")),
                    _int(details.get("context_length")),
                    _flag(details.get("supports_tools")),
                )
            )
    return rows


def _ollama_whole(model: str, _reply_id: str, **reply: Any) -> dict[str, Any]:
    return ollama.chat_body(model, **reply)


OPENAI = Api(
    name="openai",
    paths=("/v1/chat/completions", "/chat/completions"),
    sdk_base="/v1",
    media_type="text/event-stream",
    known_fields=frozenset(
        {
            "model",
            "messages",
            "tools",
            "max_tokens",
            "max_completion_tokens",
            "temperature",
            "reasoning_effort",
            "reasoning",
            "thinking",
            "stream",
            "stream_options",
        }
    ),
    models_path="/v1/models",
    usage_always=False,
    decode_request=openai.decode_request,
    encoder=openai.StreamEncoder,
    error_body=openai.error_body,
    usage_to_raw=openai.usage_to_raw,
    usage_from_raw=openai.usage_from_raw,
    _whole=openai.completion_body,
    _id=lambda salt, n: f"chatcmpl-{salt}{n:012d}",
    models_body=_openai_models,
    read_models=_read_listed,
    keepalive=SSE_KEEPALIVE,
)
ANTHROPIC = Api(
    name="anthropic",
    paths=("/v1/messages",),
    sdk_base="",
    media_type="text/event-stream",
    # `thinking` is not among them: the client's own setting (adaptive, its budget) reaches
    # an Anthropic upstream as it is; another API gets the neutral reasoning level
    known_fields=frozenset(
        {"model", "messages", "system", "tools", "max_tokens", "temperature", "stream"}
    ),
    models_path="/v1/models",
    usage_always=True,
    decode_request=anthropic.decode_request,
    encoder=anthropic.StreamEncoder,
    error_body=anthropic.error_body,
    usage_to_raw=anthropic.usage_to_raw,
    usage_from_raw=anthropic.usage_from_raw,
    _whole=anthropic.message_body,
    _id=lambda salt, n: f"msg_{salt}{n:0{max(1, 24 - len(salt))}d}",
    models_body=_anthropic_models,
    read_models=_read_listed,
    keepalive=anthropic.ping(),
    reasoning_returns=True,
    passed_headers=frozenset({"anthropic-beta"}),
)
OLLAMA = Api(
    name="ollama",
    paths=("/api/chat",),
    sdk_base="",
    media_type="application/x-ndjson",
    known_fields=frozenset({"model", "messages", "tools", "stream", "options", "think"}),
    models_path="/api/tags",
    usage_always=True,
    decode_request=ollama.decode_request,
    encoder=lambda model, _reply_id: ollama.StreamEncoder(model),
    error_body=ollama.error_body,
    usage_to_raw=ollama.usage_to_raw,
    usage_from_raw=ollama.usage_from_raw,
    _whole=_ollama_whole,
    _id=lambda salt, n: f"{salt}{n:012d}",
    models_body=_ollama_models,
    read_models=_read_ollama_models,
)

RESPONSES = Api(
    name="responses",
    paths=("/v1/responses", "/responses"),
    sdk_base="/v1",
    media_type="text/event-stream",
    known_fields=frozenset(
        {
            "model",
            "input",
            "instructions",
            "tools",
            "max_output_tokens",
            "temperature",
            "reasoning",
            "stream",
            "store",
        }
    ),
    models_path="/v1/models",
    usage_always=True,
    decode_request=responses.decode_request,
    encoder=responses.StreamEncoder,
    error_body=responses.error_body,
    usage_to_raw=responses.usage_to_raw,
    usage_from_raw=responses.usage_from_raw,
    _whole=responses.response_body,
    _id=lambda salt, n: f"resp_{salt}{n:024d}",
    models_body=_openai_models,
    read_models=_read_listed,
    keepalive=SSE_KEEPALIVE,
    reasoning_returns=True,
)

# OpenAI's legacy completions: a prompt and its continuation (no tools, no reasoning).
COMPLETIONS = Api(
    name="completions",
    paths=("/v1/completions", "/completions"),
    sdk_base="/v1",
    media_type="text/event-stream",
    known_fields=frozenset(
        {"model", "prompt", "max_tokens", "temperature", "stream", "stream_options"}
    ),
    models_path="/v1/models",
    usage_always=False,
    decode_request=completions.decode_request,
    encoder=completions.StreamEncoder,
    error_body=openai.error_body,
    usage_to_raw=openai.usage_to_raw,
    usage_from_raw=openai.usage_from_raw,
    _whole=completions.completion_body,
    _id=lambda salt, n: f"cmpl-{salt}{n:012d}",
    models_body=_openai_models,
    read_models=_read_listed,
    keepalive=SSE_KEEPALIVE,
)

APIS: dict[str, Api] = {
    api.name: api for api in (OPENAI, ANTHROPIC, OLLAMA, RESPONSES, COMPLETIONS)
}


def api_named(name: str) -> Api:
    """The row for an API name; an unknown name is a WireError that lists the known ones."""
    try:
        return APIS[name]
    except KeyError:
        raise WireError(f"unknown API {name!r}; use one of {', '.join(APIS)}") from None


def read_models(body: Any) -> list[ModelRow] | None:
    """The models in a listing of any known format, or None when it is none of them."""
    for api in APIS.values():
        rows = api.read_models(body)
        if rows is not None:
            return rows
    return None
