"""The judge's regression corpus: every verdict, their order, and the texts that fooled agents.

Each case is data (an id, a turn, a request, the verdict kind or None for an answer), so a new
misjudgement found in a log becomes one more line here.
"""

# ruff: noqa: RUF001  (replies in Chinese, Japanese and Russian use their own punctuation)

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tether.context.tokens import count_request
from tether.errors import ConfigError
from tether.messages import (
    ErrorFrame,
    ImagePart,
    Malformed,
    Message,
    Request,
    TextPart,
    ToolCall,
    ToolSpec,
    Turn,
    Usage,
)
from tether.reliability.judge import DEFAULT_CONFIG, DETECTOR, JudgeConfig, judge
from tether.wire import anthropic

# ---------------------------------------------------------------- builders


def answer(content: str = "", **kw: Any) -> Turn:
    """A turn that ended cleanly with finish `stop`, unless `kw` says otherwise."""
    kw.setdefault("finish_reason", "stop")
    kw.setdefault("termination", "stop")
    return Turn(content=content, **kw)


def ask(question: str, system: str = "You are a helpful coding assistant.") -> Request:
    return Request(messages=(Message.text("system", system), Message.text("user", question)))


QUESTION = ask("Why does my deploy script hang?")

# An agent's request: a long system prompt and tool schemas, about 9,300 estimated tokens (the
# seed's "system prompt and tool schemas alone are about 9,300 tokens").
_RULES = (
    "Rule {n}: before you edit a file, read it whole; keep changes small; run the tests after "
    "every change; never claim a task is done before its checks pass; report what you changed.\n"
)
_TOOLS = tuple(
    ToolSpec(
        name=f"tool_{i}",
        description=f"Tool number {i}: reads, searches or edits files in the workspace. " * 6,
        parameters={
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "A path relative to the workspace."},
                "query": {"type": "string", "description": "What to look for, as a regex."},
                "limit": {"type": "integer", "description": "At most this many results."},
            },
            "required": ["path"],
        },
    )
    for i in range(12)
)
AGENT = Request(
    messages=(
        Message.text("system", "".join(_RULES.format(n=n) for n in range(162))),
        Message.text("user", "Fix the failing test in tests/test_parse.py."),
    ),
    tools=_TOOLS,
)
AGENT_TOKENS = count_request(AGENT).text_total

# About 10,000 estimated tokens, for the cached-prompt cases.
TEN_K = Request(
    messages=(
        Message.text("system", "Follow the style guide in every reply. " * 1020),
        Message.text("user", "Summarise the style guide."),
    )
)
TEN_K_TOKENS = count_request(TEN_K).text_total

# Screenshots: many images and little text (images are counted apart, not in text_total).
IMAGES = Request(
    messages=(
        Message(
            "user",
            (
                TextPart("What changed between these screenshots of the settings page?"),
                *(ImagePart(data="iVBORw0KGgo" + "A" * 40) for _ in range(24)),
            ),
        ),
    )
)
# The same, with a large text part that the provider counted alongside images.
IMAGES_BIG_TEXT = Request(
    messages=(
        Message.text("system", "Describe user interfaces precisely. " * 700),
        Message("user", (TextPart("Compare them."), *(ImagePart(url="https://x/i.png"),) * 12)),
    )
)


def test_request_sizes_are_what_the_cases_need() -> None:
    assert 9_000 <= AGENT_TOKENS <= 9_600, AGENT_TOKENS
    assert 9_900 <= TEN_K_TOKENS <= 10_400, TEN_K_TOKENS
    assert count_request(IMAGES).images > 0
    assert count_request(IMAGES).text_total < DEFAULT_CONFIG.unprocessed_min_expected
    assert count_request(IMAGES_BIG_TEXT).images > 0
    assert count_request(IMAGES_BIG_TEXT).text_total > DEFAULT_CONFIG.unprocessed_min_expected
    assert count_request(ask("hi")).text_total < DEFAULT_CONFIG.unprocessed_min_expected


# ---------------------------------------------------------------- the corpus


@dataclass(frozen=True)
class Case:
    id: str
    turn: Turn
    expected: str | None
    request: Request | None = None
    cut: bool = False
    config: JudgeConfig = field(default=DEFAULT_CONFIG)

    def param(self) -> Any:
        return pytest.param(self, id=self.id)


GATEWAY_TEXT = (
    "The request could not be completed. Please retry later, or reduce the request "
    "parameters/content."
)

NGINX_502 = """<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.18.0 (Ubuntu)</center>
</body>
</html>
"""

NGINX_504_BARE = (
    "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n"
    "<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx</center>\r\n"
    "</body>\r\n</html>\r\n"
)

CLOUDFLARE_STYLE = (
    "<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body>"
    "<h1>503 Service Unavailable</h1><p>The server is temporarily unable to service your "
    "request. Please try again later.</p></body></html>"
)

JSON_504 = '{"error": {"message": "Upstream request timeout", "code": 504}}'
JSON_504_PRETTY = """{
  "error": {
    "message": "Upstream request timeout",
    "type": "upstream_error",
    "code": 504
  }
}"""
JSON_RATE_LIMIT = (
    '{"type":"error","error":{"type":"rate_limit_error","message":"Rate limit exceeded"}}'
)
SDK_503 = (
    "Error code: 503 - {'error': {'message': 'Service Unavailable', 'type': 'server_error', "
    "'param': None, 'code': None}}"
)


def _diagnostics() -> str:
    """A gateway's diagnostic block: ids, timestamps, headers, a Python and a Java trace."""
    lines = [
        "",
        "request_id: req_8f14e45fceea167a5a36dedd4bea2543",
        "trace-id: 4bf92f3577b34da6a3ce929d0e0e4736",
        "timestamp: 2026-10-14T14:02:11.482Z",
        "upstream: glm-5.3-flash@pool-b (10.0.4.17:8443)",
        "x-request-id: 6f1c2a9e-58b1-4d0e-9a4e-2f6f0c1d9b77",
        "Traceback (most recent call last):",
    ]
    for depth in range(7):
        lines += [
            f'  File "/srv/gateway/relay/stage_{depth}.py", line {100 + depth * 17}, in forward',
            f"    resp = await self.client.post(url, json=body, timeout=self.timeouts[{depth}])",
        ]
    lines += [
        "httpx.ReadTimeout: timed out",
        "",
        "java.net.SocketTimeoutException: Read timed out",
    ]
    lines += [f"\tat com.example.gateway.Relay.forward(Relay.java:{200 + i})" for i in range(12)]
    lines += [
        "Caused by: java.io.IOException: Connection reset",
        "\tat java.base/sun.nio.ch.SocketDispatcher.read0(Native Method)",
        "2026-10-14 14:02:11,482 ERROR [relay-7] upstream gave up after 60000 ms",
    ]
    return "\n".join(lines)


DIAGNOSTICS = _diagnostics()

LONG_ANSWER = (
    "Your deploy script hangs because the health check never returns. The load balancer in "
    "front of the service answers 502 while the new version starts, and your script waits for "
    "a 200 forever. When curl prints 'Bad Gateway' or 'The request could not be completed', "
    "that comes from the proxy, not from your app. Three fixes, in order of effort: first, give "
    "the health check a timeout (curl --max-time 5) and a retry loop with a limit; second, raise "
    "proxy_read_timeout in nginx.conf so slow starts are not cut; third, make the app answer "
    "the health check before it warms its caches. After that the script either passes within "
    "a minute or fails with a clear message, instead of hanging."
)

ORDER: list[Case] = [
    # the order of the verdicts: the first match wins
    Case(
        "error_frame-beats-cut",
        answer("partial", errors=(ErrorFrame("overloaded", "529"),), termination="error"),
        "error_frame",
        cut=True,
    ),
    Case(
        "error_frame-after-finish",
        answer("All done.", errors=(ErrorFrame("internal error"),), termination="error"),
        "error_frame",
    ),
    Case("cut-flag", answer("The answer is 42."), "cut", cut=True),
    Case("cut-termination", answer("The answer is", termination="cut"), "cut"),
    Case(
        "cut-with-a-started-tool-call",
        Turn(
            tool_calls=(ToolCall("call_1", "read_file", '{"path": "src/pa'),),
            termination="cut",
        ),
        "cut",
        cut=True,
    ),
    Case(
        "cut-with-a-whole-tool-call",
        answer(
            tool_calls=(ToolCall("call_1", "read_file", '{"path": "a.py"}'),),
            finish_reason="tool_calls",
            termination="tool_calls",
        ),
        "cut",
        cut=True,
    ),
    Case(
        "cut-beats-timeout",
        Turn(content="x", termination="timeout", detail="silent"),
        "cut",
        cut=True,
    ),
    Case(
        "timeout",
        Turn(content="The answer is", termination="timeout", detail="no data for 60 s"),
        "timeout",
    ),
    Case(
        "timeout-beats-eof-with-finish",
        answer("The answer is", termination="timeout"),
        "timeout",
    ),
    Case("dropped", Turn(content="The answer", termination="error"), "dropped"),
    Case("dropped-empty", Turn(termination="error"), "dropped"),
    Case(
        "eof-with-text", Turn(content="A whole sentence that looks done.", termination="eof"), "eof"
    ),
    Case("eof-empty", Turn(termination="eof"), "eof"),
    Case(
        "eof-beats-malformed",
        Turn(content="Done.", malformed=(Malformed("{", "not JSON"),)),
        "eof",
    ),
    Case("malformed", answer("Done.", malformed=(Malformed('{"x', "not JSON"),)), "malformed"),
    Case("malformed-beats-empty", answer(malformed=(Malformed("{", "not JSON"),)), "malformed"),
    Case("empty", answer(""), "empty"),
    Case("empty-whitespace", answer(" \n\t "), "empty"),
    # a stand-in word dressed in signs is the same stand-in; signs alone stay what they were
    Case("placeholder-dressed", answer("🦙Generating ..."), "empty"),
    Case("placeholder-bracketed", answer("[Silencio]"), "empty"),
    Case("empty-reasoning-only", answer(reasoning="Let me think about the parser..."), "empty"),
    Case(
        "empty-reasoning-only-for-length",
        answer(reasoning="Let me reconsider. " * 50, finish_reason="length", termination="length"),
        "empty",
    ),
    Case(
        "bad_tool_args-not-json",
        answer(
            tool_calls=(ToolCall("c1", "read_file", '{"path": "src/a'),),
            finish_reason="tool_calls",
            termination="tool_calls",
        ),
        "bad_tool_args",
    ),
    Case(
        "bad_tool_args-not-an-object",
        answer(
            tool_calls=(ToolCall("c1", "read_file", '["src/a.py"]'),),
            finish_reason="tool_calls",
            termination="tool_calls",
        ),
        "bad_tool_args",
    ),
    Case(
        "bad_tool_args-second-call",
        answer(
            "Reading both.",
            tool_calls=(ToolCall("c1", "read", '{"p": 1}'), ToolCall("c2", "read", "{p: 2}")),
            finish_reason="tool_calls",
            termination="tool_calls",
        ),
        "bad_tool_args",
    ),
    Case(
        "bad_tool_args-beats-truncated",
        answer(
            tool_calls=(ToolCall("c1", "write_file", '{"path": "a.py", "text": "de'),),
            finish_reason="length",
            termination="length",
        ),
        "bad_tool_args",
    ),
    Case(
        "tool-call-without-arguments-is-an-answer",
        answer(
            tool_calls=(ToolCall("c1", "list_files", ""),),
            finish_reason="tool_calls",
            termination="tool_calls",
        ),
        None,
    ),
    Case(
        "filtered",
        answer("I can't help with", finish_reason="content_filter", raw_finish_reason="refusal"),
        "filtered",
    ),
    Case(
        "filtered-beats-gateway",
        answer(GATEWAY_TEXT, finish_reason="content_filter"),
        "filtered",
    ),
    Case(
        "truncated",
        answer("The function first reads the", finish_reason="length", termination="length"),
        "truncated",
    ),
    Case(
        "truncated-beats-gateway",
        answer("Service unavailable", finish_reason="length", termination="length"),
        "truncated",
    ),
    Case(
        "gateway-beats-unprocessed",
        answer(GATEWAY_TEXT, usage=Usage(prompt_tokens=12)),
        "gateway",
        AGENT,
    ),
    Case(
        "tool-calls-with-gateway-text-is-not-gateway",
        answer(
            "Service unavailable",
            tool_calls=(ToolCall("c1", "retry", "{}"),),
            finish_reason="tool_calls",
            termination="tool_calls",
        ),
        None,
    ),
    Case(
        "unprocessed-with-a-tool-call",
        answer(
            tool_calls=(ToolCall("c1", "read_file", '{"path": "a.py"}'),),
            finish_reason="tool_calls",
            termination="tool_calls",
            usage=Usage(prompt_tokens=300),
        ),
        "unprocessed",
        AGENT,
    ),
    Case("plain-answer", answer("Paris."), None, ask("Capital of France?")),
]

GATEWAY: list[Case] = [
    Case("seed-gateway-text", answer(GATEWAY_TEXT), "gateway", QUESTION),
    Case("seed-gateway-text-no-request", answer(GATEWAY_TEXT), "gateway"),
    Case("seed-gateway-text-padded", answer(f"\n\n  {GATEWAY_TEXT}  \n"), "gateway", QUESTION),
    Case("nginx-502-page", answer(NGINX_502), "gateway", QUESTION),
    Case("nginx-504-page-crlf", answer(NGINX_504_BARE), "gateway", QUESTION),
    Case("html-503-page", answer(CLOUDFLARE_STYLE), "gateway", QUESTION),
    Case("json-504-error-body", answer(JSON_504), "gateway", QUESTION),
    Case("json-504-error-body-pretty", answer(JSON_504_PRETTY), "gateway", QUESTION),
    Case("json-rate-limit-error-body", answer(JSON_RATE_LIMIT), "gateway", QUESTION),
    Case("sdk-error-code-503", answer(SDK_503), "gateway", QUESTION),
    Case("error-code-502-bare", answer("Error code: 502"), "gateway", QUESTION),
    Case("quoted-value-after-colon", answer('Error: "Service Unavailable"'), "gateway", QUESTION),
    Case("http-429", answer("HTTP 429 Too Many Requests"), "gateway", QUESTION),
    Case(
        "gateway-text-then-long-diagnostics",
        answer(GATEWAY_TEXT + "\n" + DIAGNOSTICS),
        "gateway",
        QUESTION,
    ),
    Case(
        "upstream-timeout-then-long-diagnostics",
        answer("upstream request timeout\n" + DIAGNOSTICS),
        "gateway",
        QUESTION,
    ),
    Case("rate-limit-exceeded", answer("Rate limit exceeded. Please try again later."), "gateway"),
    Case("rate-limit-too-many", answer("Too many requests, please slow down."), "gateway"),
    Case("rate-limit-429-status", answer("429 Too Many Requests"), "gateway", QUESTION),
    Case("overloaded", answer("Overloaded: the model is overloaded."), "gateway", QUESTION),
    Case("quota", answer("Insufficient quota."), "gateway", QUESTION),
    Case("zh-service-busy", answer("服务繁忙，请稍后重试"), "gateway", QUESTION),
    Case("zh-system-busy", answer("系统繁忙"), "gateway", QUESTION),
    Case("zh-system-busy-punctuated", answer("系统繁忙，请稍后再试。"), "gateway", QUESTION),
    Case("zh-request-failed-json", answer('{"code": 500, "msg": "请求失败"}'), "gateway", QUESTION),
    Case(
        "ja-server-error",
        answer("サーバーエラー。しばらくしてから再度お試しください。"),
        "gateway",
        QUESTION,
    ),
    Case(
        "de-try-again-later",
        answer("Bitte versuchen Sie es später erneut."),
        "gateway",
        QUESTION,
    ),
]

# What a client prints when it crashed, where the answer should be.
PYTHON_TRACEBACK = """Traceback (most recent call last):
  File "/app/bot.py", line 88, in on_message
    reply = resp["choices"][0]["message"]["content"]
            ~~~~^^^^^^^^^^^
KeyError: 'choices'"""

GATEWAY += [
    Case("a-python-traceback-alone", answer(PYTHON_TRACEBACK), "gateway", QUESTION),
    Case(
        "an-exception-line-alone",
        answer("litellm.APIError: APIError: OpenrouterException -"),
        "gateway",
        QUESTION,
    ),
    Case(
        "error-true-and-a-message",
        answer('{\n  "error": true,\n  "message": "Failed to fetch"\n}'),
        "gateway",
        QUESTION,
    ),
    Case(
        "an-aws-sdk-error-object",
        answer('{"name": "ThrottlingException", "$fault": "client", "$metadata": {"attempts": 3}}'),
        "gateway",
        QUESTION,
    ),
]

ANSWERS: list[Case] = [
    # an error quoted in a fence, with the answer's own words around it
    Case(
        "a-fenced-traceback-explained",
        answer(
            "Your handler reads `choices` before checking the status:\n\n```\n"
            + PYTHON_TRACEBACK
            + "\n```\n\nCheck `resp.get('error')` first and log it; the relay sends an "
            "error body when the key has no quota left."
        ),
        None,
        ask("Why does my bot crash with KeyError: 'choices'?"),
    ),
    # structured output a prompt asked for: a result field beside the error flag
    Case(
        "an-error-flag-in-demanded-json",
        answer('{"result": null, "error": true, "message": "Unknown user"}'),
        None,
        ask("Look up the user; answer as JSON with result, error and message."),
    ),
    # legitimate short replies quoting a gateway phrase
    Case(
        "quotes-the-seed-phrase",
        answer("If you see 'The request could not be completed', raise the proxy timeout."),
        None,
        QUESTION,
    ),
    Case(
        "quotes-the-seed-phrase-double-quotes",
        answer('If you see "The request could not be completed", raise the proxy timeout.'),
        None,
        QUESTION,
    ),
    Case(
        "explains-bad-gateway",
        answer(
            '"Bad Gateway" (HTTP 502) means the proxy in front of your app got an invalid '
            "response from the upstream server, usually because the app crashed or is still "
            "starting."
        ),
        None,
        ask("My site shows a 502, what is that?"),
    ),
    Case(
        "explains-bad-gateway-no-request",
        answer("A 'Bad Gateway' error means the proxy could not reach your app."),
        None,
    ),
    Case(
        "user-asked-about-the-phrase",
        answer("Service unavailable means the server is down for maintenance."),
        None,
        ask("what does 'service unavailable' mean?"),
    ),
    Case(
        "user-asked-about-the-phrase-terse-answer",
        answer("It says: service unavailable."),
        None,
        ask("What does the banner say, 'service unavailable'?"),
    ),
    Case(
        "same-terse-text-unasked-is-gateway",
        answer("It says: service unavailable."),
        "gateway",
        ask("What does the banner say?"),
    ),
    Case("long-answer-with-phrases", answer(LONG_ANSWER), None, QUESTION),
    Case(
        "long-answer-starting-with-a-phrase",
        answer("Bad gateway. " + LONG_ANSWER),
        None,
        QUESTION,
    ),
    Case(
        "long-answer-ending-with-the-seed-text",
        answer(LONG_ANSWER + "\n\nThe proxy said: " + GATEWAY_TEXT),
        None,
        QUESTION,
    ),
    Case(
        "code-answer-with-phrases",
        answer(
            "Retry on these statuses:\n\n```python\nRETRY = {429: 'too many requests', "
            "502: 'bad gateway', 503: 'service unavailable', 504: 'gateway timeout'}\n"
            "def should_retry(status: int) -> bool:\n    return status in RETRY\n```\n"
            "Everything else is a real error and should be raised to the caller."
        ),
        None,
        ask("Which HTTP statuses should my client retry?"),
    ),
    Case(
        "json-answer-without-a-message",
        answer('{"retry_on": ["bad gateway", "service unavailable", "gateway timeout"]}'),
        None,
        ask("Give me the retry list as JSON."),
    ),
    Case(
        "explains-a-pasted-trace",
        answer(
            "upstream request timeout\n"
            "Traceback (most recent call last):\n"
            '  File "relay.py", line 12, in forward\n'
            "    resp = client.post(url)\n"
            "This means the relay gave up waiting for the model; raise its timeout to 120 s "
            "and retry with a backoff."
        ),
        None,
        ask("What does this log mean?"),
    ),
    Case("short-ok", answer("Done."), None, QUESTION),
    Case("short-number", answer("42"), None, ask("What is 6 * 7?")),
    # real answers in other languages
    Case(
        "zh-explains-code",
        answer(
            "这个函数先读取配置文件，然后按行解析键值对。如果某一行没有等号，它会跳过这一行并记录"
            "警告。最后返回一个字典，调用方可以直接使用。请求失败时它会重试三次。"
        ),
        None,
        ask("这个函数是做什么的？"),
    ),
    Case(
        "zh-explains-busy-handling",
        answer(
            "当接口返回“服务繁忙”时，不要立刻重试：先等待一秒，然后按指数退避，最多重试五次，"
            "并在日志里记录请求编号，方便排查。"
        ),
        None,
        ask("接口返回错误时应该怎么处理？"),
    ),
    Case(
        "ja-explains-code",
        answer(
            "この関数は設定ファイルを読み込み、各行をキーと値に分けて辞書に保存します。"
            "等号のない行は警告を出してスキップします。サーバーエラーの場合は三回まで再試行します。"
        ),
        None,
        ask("この関数は何をしますか？"),
    ),
    Case(
        "ru-explains-code",
        answer(
            "Функция читает файл конфигурации построчно, разбивает каждую строку по знаку "
            "равенства и сохраняет пары в словарь. Строки без знака равенства пропускаются с "
            "предупреждением. Если сервер отвечает 503 Service Unavailable, запрос повторяется."
        ),
        None,
        ask("Что делает эта функция?"),
    ),
    Case(
        "de-explains-code",
        answer(
            "Die Funktion liest die Konfigurationsdatei Zeile für Zeile, trennt jede Zeile am "
            "Gleichheitszeichen und speichert die Paare in einem Dictionary. Bei einem Bad "
            "Gateway wartet sie kurz und versucht es dann erneut."
        ),
        None,
        ask("Was macht diese Funktion?"),
    ),
    Case(
        "de-short-answer",
        answer("Die Funktion gibt die Summe zurück."),
        None,
        ask("Was gibt sum_all zurück?"),
    ),
    Case("zh-short-answer", answer("这个函数返回列表的长度。"), None, ask("它返回什么？")),
]

COUNTS: list[Case] = [
    # tiny requests: below the unprocessed floor, whatever the count
    Case(
        "tiny-hi", answer("Hello! How can I help?", usage=Usage(prompt_tokens=8)), None, ask("hi")
    ),
    Case("tiny-hi-count-1", answer("Hi!", usage=Usage(prompt_tokens=1)), None, ask("hi")),
    Case("tiny-no-usage", answer("Hi!"), None, ask("hi")),
    # the seed's measurement: 4,552 counted of about 9,300 sent
    Case(
        "agent-4552-of-9300",
        answer("I fixed the test.", usage=Usage(prompt_tokens=4552, completion_tokens=6)),
        "unprocessed",
        AGENT,
    ),
    Case(
        "agent-9000-of-9300",
        answer("I fixed the test.", usage=Usage(prompt_tokens=9000, completion_tokens=6)),
        None,
        AGENT,
    ),
    Case(
        "agent-count-above-estimate",
        answer("I fixed the test.", usage=Usage(prompt_tokens=14000)),
        None,
        AGENT,
    ),
    Case("agent-no-usage", answer("I fixed the test."), None, AGENT),
    Case("agent-zero-count", answer("I fixed the test.", usage=Usage()), None, AGENT),
    Case("agent-no-request", answer("I fixed the test.", usage=Usage(prompt_tokens=4552)), None),
    # images are billed apart: a count far above the text estimate is an answer
    Case(
        "images-count-far-above-text",
        answer("The toggle moved to the left.", usage=Usage(prompt_tokens=24 * 1600)),
        None,
        IMAGES,
    ),
    Case(
        "images-with-big-text",
        answer("The second one has a dark theme.", usage=Usage(prompt_tokens=30_000)),
        None,
        IMAGES_BIG_TEXT,
    ),
    # cached prompts: the normalised prompt count includes cached tokens
    Case(
        "openai-cached",
        answer("Short summary.", usage=Usage(prompt_tokens=10_000, cached_tokens=9_500)),
        None,
        TEN_K,
    ),
    Case(
        "anthropic-cache-read",
        answer(
            "Short summary.",
            usage=anthropic.usage_from_raw(
                {"input_tokens": 500, "cache_read_input_tokens": 9500, "output_tokens": 20}
            ),
        ),
        None,
        TEN_K,
    ),
    Case(
        "anthropic-cache-write",
        answer(
            "Short summary.",
            usage=anthropic.usage_from_raw(
                {"input_tokens": 300, "cache_creation_input_tokens": 9700, "output_tokens": 9}
            ),
        ),
        None,
        TEN_K,
    ),
    Case(
        "anthropic-input-tokens-alone-would-look-unprocessed",
        answer("Short summary.", usage=Usage(prompt_tokens=500)),
        "unprocessed",
        TEN_K,
    ),
]

CONFIG: list[Case] = [
    Case(
        "extra-phrase",
        answer("Our proxy is napping."),
        "gateway",
        QUESTION,
        config=JudgeConfig(extra_phrases=("our proxy is napping",)),
    ),
    Case(
        "extra-phrase-default-config",
        answer("Our proxy is napping."),
        None,
        QUESTION,
    ),
    # judge/1 let this through (no known phrase covered half of it); it is a persona notice,
    # in reply to a task it shares no word with
    Case(
        "persona-notice-with-advice",
        answer("Our proxy is napping. Try again soon."),
        "gateway",
        ask("Fix the failing test in tests/test_parse.py."),
    ),
    Case(
        "extra-regex-phrase",
        answer("Quota of 500 requests per day used up"),
        "gateway",
        QUESTION,
        config=JudgeConfig(extra_phrases=(r"re:quota of \d+ requests per day used up",)),
    ),
    Case(
        "lower-ratio-accepts-4552",
        answer("I fixed the test.", usage=Usage(prompt_tokens=4552)),
        None,
        AGENT,
        config=JudgeConfig(unprocessed_ratio=0.4),
    ),
    Case(
        "higher-floor-skips-the-check",
        answer("I fixed the test.", usage=Usage(prompt_tokens=4552)),
        None,
        AGENT,
        config=JudgeConfig(unprocessed_min_expected=20_000),
    ),
    Case(
        "higher-threshold-lets-a-notice-through",
        answer(GATEWAY_TEXT),
        None,
        QUESTION,
        config=JudgeConfig(threshold=9.0),
    ),
    Case(
        "a-weight-of-zero-turns-a-signal-off",
        answer("<html><head><title>Welcome</title></head><body>Hi</body></html>"),
        None,
        QUESTION,
        config=JudgeConfig(weights={"html_doc": 0.0}),
    ),
]

CORPUS = ORDER + GATEWAY + ANSWERS + COUNTS + CONFIG


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in CORPUS]
    assert len(ids) == len(set(ids))


def test_every_verdict_kind_is_covered() -> None:
    kinds = {c.expected for c in CORPUS}
    assert kinds >= {
        "error_frame",
        "cut",
        "timeout",
        "dropped",
        "eof",
        "malformed",
        "empty",
        "bad_tool_args",
        "filtered",
        "truncated",
        "gateway",
        "unprocessed",
        None,
    }


@pytest.mark.parametrize("case", [c.param() for c in CORPUS])
def test_corpus(case: Case) -> None:
    verdict = judge(case.turn, case.request, cut=case.cut, config=case.config)
    got = None if verdict is None else verdict.kind
    assert got == case.expected, verdict
    if verdict is not None:
        assert verdict.detector == DETECTOR
        assert verdict.detail


@pytest.mark.parametrize("case", [c.param() for c in CORPUS if c.request is not None])
def test_corpus_with_counts_given(case: Case) -> None:
    """A chain passes the request's counts once per attempt: the verdicts are the same."""
    assert case.request is not None
    counts = count_request(case.request)
    verdict = judge(case.turn, case.request, cut=case.cut, counts=counts, config=case.config)
    assert (None if verdict is None else verdict.kind) == case.expected


# ---------------------------------------------------------------- details


def test_counts_alone_are_enough_for_unprocessed() -> None:
    turn = answer("I fixed the test.", usage=Usage(prompt_tokens=4552))
    verdict = judge(turn, None, counts=count_request(AGENT))
    assert verdict is not None and verdict.kind == "unprocessed"
    assert "4552" in verdict.detail


def test_reasoning_only_says_so() -> None:
    verdict = judge(answer(reasoning="thinking..."), QUESTION)
    assert verdict is not None and "only reasoning" in verdict.detail


def test_gateway_detail_names_the_evidence() -> None:
    verdict = judge(answer(GATEWAY_TEXT), QUESTION)
    assert verdict is not None and "retry" in verdict.detail and "vocabulary" in verdict.detail


def test_cut_detail_keeps_the_guard_reason() -> None:
    verdict = judge(Turn(content="x", termination="cut", detail="160000 characters"), None)
    assert verdict is not None and "160000 characters" in verdict.detail


def test_error_frame_detail_is_capped() -> None:
    turn = answer(errors=(ErrorFrame("boom " * 500),), termination="error")
    verdict = judge(turn)
    assert verdict is not None and len(verdict.detail) < 300


# ---------------------------------------------------------------- configuration


def test_invalid_regex_phrase_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="re:\\("):
        JudgeConfig(extra_phrases=("re:(",))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"threshold": 0},
        {"threshold": -1},
        {"threshold": float("nan")},
        {"weights": {"no_such_signal": 1.0}},
        {"weights": {"prose": -0.5}},
        {"weights": {"status_code": float("nan")}},
        {"unprocessed_ratio": 0},
        {"unprocessed_ratio": 1},
        {"unprocessed_ratio": -0.5},
        {"unprocessed_min_expected": -1},
    ],
    ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()),
)
def test_bad_thresholds_are_config_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        JudgeConfig(**kwargs)


def test_config_error_is_a_usage_error() -> None:
    from tether.errors import UsageError

    with pytest.raises(UsageError):
        JudgeConfig(unprocessed_ratio=2)
