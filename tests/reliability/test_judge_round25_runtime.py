"""Round 25 (engineer 134): a runtime's output printed where the answer should be, in the shapes
round 24 left: Node's own lines (`[UnhandledPromiseRejection: ...]` and its stock sentences,
`Error [ERR_...]:`, `(node:PID) ...Warning:`), PowerShell 7's one-line error at the prompt, Java's
`Caused by:` with a nested class, curl's `curl: (N)`, .NET's unhandled exception under a label in
the runtime's language, Clojure's and VBA's heads over their message, Zig's panic, Oracle's
`ORA-`, Streamlit's `Traceback:`, SQLAlchemy's pointer line, Lua's `[C]: in ?`, Windows' shells
on a command they cannot find, Selenium's and chromedriver's lines, Playwright's `locator.x:`,
pydantic's head and fields, llama.cpp's GGML_ASSERT, Dio's stock lines, the JSON readers'
and HTTP clients' messages of Kotlin, Java, .NET and Faraday, Firefox's `f@url:line:col` frames, Apple's
and Android's native crashes, and a value's default print (`<coroutine object ...>`); and a key
of code in lower camel case (`default:`, `onError:`), or an indented entry that ends as a map's
(`  TimeoutError: 504,`), is no exception's name. Made-up replies,
both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

OUTPUTS = (
    # Node, a promise nobody caught: its own stock sentences are no writer's explanation
    "node:internal/process/promises:391\n    triggerUncaughtException(err, true);\n    ^\n\n"
    "[UnhandledPromiseRejection: This error originated either by throwing inside of an async "
    "function without a catch block, or by rejecting a promise which was not handled with "
    '.catch(). The promise rejected with the reason "upstream closed".] {\n'
    "  code: 'ERR_UNHANDLED_REJECTION'\n}\n\nNode.js v20.11.1",
    "(node:912) UnhandledPromiseRejectionWarning: Error: read ECONNRESET\n"
    "    at TLSWrap.onStreamRead (node:internal/stream_base_commons:217:20)\n"
    "(node:912) UnhandledPromiseRejectionWarning: Unhandled promise rejection. This error "
    "originated either by throwing inside of an async function without a catch block, or by "
    "rejecting a promise which was not handled with .catch().",
    "Error [ERR_REQUIRE_ESM]: require() of ES Module /srv/bot/node_modules/chalk/index.js from "
    "/srv/bot/cli.js not supported.\nInstead change the require of index.js in /srv/bot/cli.js to"
    " a dynamic import() which is available in all CommonJS modules.\n"
    "    at Object.<anonymous> (/srv/bot/cli.js:2:15) {\n  code: 'ERR_REQUIRE_ESM'\n}",
    # PowerShell 7 at the prompt, English and German
    "Get-Item: Cannot find path 'D:\\agent\\prompt.md' because it does not exist.",
    'Get-Content: Der Pfad "D:\\bot\\antwort.txt" kann nicht gefunden werden, da er nicht '
    "vorhanden ist.",
    "InvalidOperation: You cannot call a method on a null-valued expression.",
    # Java's cause, a nested class
    "Caused by: org.springframework.web.client.HttpClientErrorException$TooManyRequests: 429 "
    "Too Many Requests: [no body]\n\t... 38 more",
    # curl
    "curl: (35) OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to llm.internal:443",
    # .NET under its label in the runtime's language
    "Unbehandelte Ausnahme: System.Net.Http.HttpRequestException: Der Host ist unbekannt.\n"
    "   bei Agent.Client.Send(String prompt) in C:\\src\\Client.cs:Zeile 30.",
    # Clojure, VBA, Zig, Oracle
    "Execution error (ConnectException) at bot.http/post! (http.clj:41).\nConnection refused",
    "Run-time error '-2147012894 (80072ee2)':\n\nThe operation timed out",
    "thread 4410 panic: attempt to unwrap error: ConnectionRefused\n"
    "/home/dev/agent/src/client.zig:77:9: 0x1039a2e in send (agent)\n"
    "        return error.ConnectionRefused;\n        ^",
    "ORA-12170: TNS:Connect timeout occurred",
    # Streamlit's traceback, SQLAlchemy's pointer, Lua's C frame
    "TypeError: 'NoneType' object is not subscriptable\nTraceback:\n"
    'File "/mount/src/helper/app.py", line 57, in <module>\n    st.write(out["text"])',
    "sqlalchemy.exc.OperationalError: (sqlite3.OperationalError) database is locked\n"
    "(Background on this error at: https://sqlalche.me/e/20/e3q8)",
    "lua: bot.lua:8: attempt to concatenate a nil value (local 'reply')\nstack traceback:\n"
    "\t[C]: in ?\n\tbot.lua:8: in main chunk",
    # Windows' shells on a command they cannot find
    "'ollama' is not recognized as an internal or external command,\n"
    "operable program or batch file.",
    "'node' 不是内部或外部命令\uff0c也不是可运行的程序\n或批处理文件。",
    # Selenium with chromedriver's frames, Playwright's call, pydantic v1, llama.cpp, crashes
    "selenium.common.exceptions.TimeoutException: Message: \nStacktrace:\n"
    "#0 0x5581c2e1a4e3 <unknown>\n#1 0x5581c2b49c76 <unknown>",
    "locator.fill: Timeout 15000ms exceeded.\nCall log:\n  - waiting for locator('#prompt')",
    "2 validation errors for AgentConfig\nmodel\n  field required (type=value_error.missing)\n"
    "temperature\n  value is not a valid float (type=type_error.float)",
    "GGML_ASSERT: /src/llama.cpp/ggml/src/ggml.c:5012: ne % 32 == 0\nAborted (core dumped)",
    "TypeError: reply.text is undefined\nrender@https://app.example.org/main.js:88:14\n"
    "onmessage@https://app.example.org/main.js:40:9",
    "Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0 in tid 4410 (worker)\n"
    "#00 pc 00000000000b2c10  /data/app/lib/arm64/libwhisper.so (decode+96)",
    # Dio's stock lines; the JSON readers and HTTP clients of Kotlin, Java, .NET, Faraday
    "DioException [bad response]: This exception was thrown because the response has a status "
    "code of 503 and RequestOptions.validateStatus was configured to throw for this status "
    'code.\nThe status code of 503 has the following meaning: "Server error - the server '
    'failed to fulfil an apparently valid request"\nRead more about status codes at '
    "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status\nIn order to resolve this "
    "exception you typically have either to verify and fix your request code or you have to "
    "fix the server code.",
    "Use JsonReader.setLenient(true) to accept malformed JSON at line 1 column 1 path $",
    "Field 'candidates' is required for type with serial name 'GeminiReply', but it was "
    "missing at path: $",
    "Unexpected JSON token at offset 0: Expected start of the object '{', but had '<' instead "
    "at path: $",
    "The response ended prematurely. (ResponseEnded)",
    "Sequence contains no elements",
    "stream was reset: PROTOCOL_ERROR",
    "the server responded with status 502",
    # a value's default print
    "<coroutine object Assistant.answer at 0x7f52c1a9be40>",
    "<generator object stream_tokens at 0x10d4e2b20>",
    "<Response [503]>",
    "Promise { <pending> }",
    "com.acme.chat.ModelReply@5e2de80c",
)


@pytest.mark.parametrize("text", OUTPUTS)
def test_a_runtimes_output_alone_is_a_failure(text: str) -> None:
    failure, found = hand(text)
    assert failure, found


ANSWERS = (
    # a writer explaining Node's message in its own words
    (
        "What does UnhandledPromiseRejection mean?",
        "`[UnhandledPromiseRejection: ...]` means a promise rejected and nothing caught it; "
        "since Node 15 that ends the process. Add `.catch()` to the chain or wrap the `await` "
        "in `try/catch`, and log `err.cause` to see the reason.",
    ),
    # a sentence about a cmdlet, no failure in it
    ("What does Get-ChildItem do?", "Get-ChildItem: lists the items in a folder or a key."),
    # curl's error explained
    (
        "curl says (7) for ollama",
        "`curl: (7) Failed to connect` means nothing listens on that port. Start the server "
        "with `ollama serve` and check it with `ss -ltnp | grep 11434`.",
    ),
    # the print asked for
    (
        "What does print(ask) show when I forget the parentheses?",
        "<function ask at 0x7f9c2b1e3d30>",
    ),
    # code whose keys end like an exception's name
    (
        "Write the switch for the reply's status",
        "switch (status) {\n  case 200:\n    render(body);\n    break;\n  default:\n"
        "    showRetry();\n}",
    ),
    (
        "Add an error state to the hook",
        "const [state, setState] = useState({\n  loading: false,\n  lastError: null,\n"
        "  onError: undefined,\n});",
    ),
    # a map and a docstring keyed by exceptions' names
    (
        "Define the error codes for the client",
        "```ts\nexport const codes = {\n  RateLimitError: 'rate_limited',\n"
        "  TimeoutError: 'timeout',\n};\n```",
    ),
    # a Playwright error explained
    (
        "playwright locator.click timeout",
        "`locator.click: Timeout 30000ms exceeded` means the button never became clickable: "
        "wait for the dialog to close first, or raise the timeout with `{ timeout: 60000 }`.",
    ),
    # a writer on Gson's message
    (
        "Gson says setLenient",
        "Gson's `Use JsonReader.setLenient(true) to accept malformed JSON` usually means the "
        "server sent an HTML error page instead of JSON; log the raw body before you parse it.",
    ),
    # a Clojure error explained
    (
        "clojure Execution error ConnectException",
        "That `Execution error (ConnectException)` is Clojure saying the HTTP call could not "
        "reach the host: the service is down or the port is wrong. Check the URL in your "
        "config and that the server is running before you retry.",
    ),
)


@pytest.mark.parametrize(("question", "text"), ANSWERS)
def test_a_writer_about_runtime_output_is_an_answer(question: str, text: str) -> None:
    failure, found = hand(text, question)
    assert not failure, found


def test_the_runtimes_stock_sentences_are_weighed_back() -> None:
    _, found = hand(OUTPUTS[0])
    assert "runtime_prose" in found and "stack_trace" in found


def test_a_lower_camel_key_names_no_exception() -> None:
    _, found = hand("  default:\n    retry();\n    break;\n  onError: log,\n  lastError: null,")
    assert "stack_trace" not in found
