"""The signals that say a reply is a program's crash output: a stack trace, an exception line
(a runtime's message alone is `runtime_message_signals`')."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.keyed import holds, may_hold_folded, split_keys
from tether.reliability.once import kept
from tether.reliability.reply import (
    Reply,
    Signal,
)

# A line of a stack trace: a frame (Python, JavaScript, Java, Go, Rust, Lua's `file.lua:12: in
# function 'f'`, `[C]: in ?`), the source line under a Python frame, or its `^^^` markers.
_FRAME_LINE = re.compile(
    r"^(?:traceback \(most recent call last\):|stack traceback:|traceback:"
    r"|\s*file \".*\", line \d+.*"
    r"|\s+at \S.*|\s*\S+: in (?:(?:function|main chunk|local|method|field|upvalue)\b|\?).*"
    r"|\s*(?:caused by|during handling of the above exception).*|goroutine \d+ \[.*"
    r"|\s+\d+: .*|\s{2,}\S.*|\s*[~^]+\s*|\s*\.\.\. \d+ more"
    # SQLAlchemy's pointer to its page on the error class (`(Background on this error at: ...)`)
    r"|\s*\(background on this error at: \S+\)"
    # Selenium's and chromedriver's (`(Session info: chrome=120.0...)`, `Stacktrace:`, `#0
    # 0x55d3b1c5e4e3 <unknown>`, `GetHandleVerifier [0x00A7A813+48355]`, `(No symbol)
    # [0x00A0C4B1]`), pydantic's pointer to its page, Playwright's boxed notice
    r"|\s*\(session info: .*|\s*stacktrace:|\s*#\d+ 0x[0-9a-f]+ <unknown>"
    r"|\s*(?:\w+|\(no symbol\)) \[0x[0-9a-f]+(?:\+\d+)?\]"
    r"|\s*for further information visit https://errors\.pydantic\.dev/\S+"
    r"|\s*[\u2554\u2551\u255a].*"
    # Dio's (Dart's HTTP client's) stock lines under its `DioException [bad response]: ...`
    r"|\s*(?:this exception was thrown because the response has a status code of \d+.*"
    r"|the status code of \d{3} has the following meaning: .*"
    r"|read more about status codes at \S+|in order to resolve this exception you typically .*)"
    # Firefox's and Safari's frames (`handleReply@https://x/app.js:41:7`, `@debugger eval
    # code:1:1`), an Apple crash report's (`3   libswiftCore.dylib   0x00000001a0c4 $ss17...`),
    # Android's native tombstone's (`#00 pc 000000000004f9c4  /system/lib64/libc.so (abort+164)`)
    r"|\s*[\w$.<>/]*@\S.*:\d+:\d+|\s*\d+\s+\S+\s+0x[0-9a-f]+ .*|\s*#\d+ pc [0-9a-f]+\s+\S.*"
    # a Java frame without its `at`, as a servlet container's error page prints it
    r"|\s*[\w$]+(?:\.[\w$<>]+)+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|native method"
    r"|unknown source)\)"
    # the lines a Rust panic prints around its frames: its payload, the backtrace's header, the
    # hint to set RUST_BACKTRACE
    r"|\s*called `(?:result|option)::(?:unwrap|expect)\(\)` on an? `(?:err|none)` value.*"
    r"|\s*stack backtrace:|\s*note: run with `rust_backtrace=1`.*"
    # a Go panic's lines, indented or not (pasted into a chat, a trace loses its tabs): the
    # signal, a function with its arguments' words (`main.f(0xc000228000, ...)`, `f(...)`),
    # its file and offset, the goroutine that started it
    r"|\s*\[signal .*\]\s*|\s*\S+\.go:\d+(?: \+0x[0-9a-f]+)?|\s*created by \S+.*"
    r"|\s*(?:[\w.@-]+/)*[\w.@-]+\.(?:\(\*?\w+\)\.)?[\w.]+\((?:\.\.\.|[^()\n]*0x[^()\n]*)?\)"
    # a Rust backtrace's frames pasted without their indentation (`0: std::panicking::begin`,
    # `at /rustc/.../src/panicking.rs:593:5`): a numbered path of `::` or an `at` a file's line
    r"|\s*\d+: (?:<|[\w$]+::)\S*.*|\s*at (?:/|[a-z]:\\|\.{1,2}/)\S*:\d+(?::\d+)?"
    # IPython's frames (`Cell In[3], line 5`, `File /x/frame.py:11335 in mean`); a browser
    # overlay's (Next.js's `Call Stack`, a frame's file and `(line:col)` under its function)
    r"|\s*cell in\[\d+\], line \d+.*|\s*file \S.*:\d+ in \S+\s*|call stack(?: \d+)?"
    # IPython's rule over its trace, its arrow at the line that raised, its older frame's name
    r"|-{20,}|\s*-+> ?\d+ .*|\s*<ipython-input-\S+> in \S+.*"
    r"|[\w.]+\s+traceback \(most recent call last\)\s*"
    # .NET's inner exception (` ---> System.IO.IOException: ...`) and the markers between its
    # parts, in the runtime's language (`--- End of inner exception stack trace ---`); Unity's
    # frames (`Npc.OnReply (System.String text) (at Assets/Scripts/Npc.cs:58)`)
    r"|\s*-+> \S.*|\s*--- \S.{3,80} ---|.*\) \(at (?:\S+:\d+|<[0-9a-f]+>:0)\)"
    r"|\s*\S+\.(?:[cm]?[jt]sx?|vue|svelte) \(\d+:\d+\)"
    # Flutter's error box: its rules and its own lines around the widget that broke
    r"|\s*\u2550{4,}\s*|\s*the relevant error-causing widget was:?"
    r"|\s*when the exception was thrown, this was the stack:?|\s*\S.*\.dart:\d+:\d+\)?"
    r"|\s*#\d+\s+\S+ \(\S+:\d+(?::\d+)?\)|\s*<asynchronous suspension>"
    # Zig's frame: a file's line and column, the address, the function (`main.zig:12:18:
    # 0x10342a1 in main (bot)`)
    r"|\s*\S+\.zig:\d+:\d+: 0x[0-9a-f]+ in .*"
    # JavaScript's and Java's `at` frames pasted without their indentation
    r"|at (?:async )?[^()\n]{1,200} \(\S+:\d+:\d+\)|at (?:async )?\S+:\d+:\d+"
    r"|at [\w$.<>/]+\((?:[^()\n]*:\d+|native method|unknown source)\)"
    # PHP's (`Stack trace:`, `#0 /x.php(9): f()`, `#1 {main}`, `thrown in /x.php on line 3`),
    # Ruby's (`from app.rb:40:in 'f'`), Node's around its frames (the file and line it threw
    # at, `Require stack:`, its version), C++'s `what():` and the shell's `Aborted`
    r"|stack trace:|\s*#\d+ (?:\{main\}|\S+\(\d+\): .*|\[internal function\]: .*)"
    r"|\s*thrown in \S+ on line \d+|\s*from \S+:\d+:in .*|node:\S+:\d+|require stack:"
    r"|- /\S+|node\.js v\d+(?:\.\d+)*|\s*what\(\):\s.*|aborted(?: \(core dumped\))?"
    # the brace that closes the properties Node prints after an error (`{ code: 'ECONNRESET' }`)
    r"|\s*\}\s*)$",
    re.I,
)
# A browser overlay's frame: a function's name alone on its line, its file under it.
_OVERLAY_FILE = re.compile(r"^\s*\S+\.(?:[cm]?[jt]sx?|vue|svelte) \(\d+:\d+\)$", re.I)
_BARE_NAME = re.compile(r"^\s*[\w$.<>]+\s*$")
# A bare `Error: ...` (JavaScript's base class): a trace's name only over frames.
_BARE_ERROR = re.compile(r"^Error: [A-Z]")
_MESSAGE_BELOW = re.compile(r"^\s*[\w.$]*error: ", re.I)
# A panel's left border (`│ ` of a rich console or an agent's log box) before each line.
_BORDER = re.compile(r"^\s*[\u2502\u2503|]\s?")
# Android's logcat before each line (`E/flutter ( 7412): `, `W/System.err( 812): `): an app's
# crash as the device's log printed it.
_LOGCAT = re.compile(r"^[VDIWEF]/[\w.$-]+\s*\(\s*\d+\):\s?")
# A line of a service's log: a timestamp or a level opens it (`2023/04/10 14:32:31 INFO ...`,
# `10-12 16:28:30 [INFO] ...`, `INFO[0001] ...`, `[2022-05-10T10:19:31Z INFO  app] ...`). Above
# a crash, the service's last words: machine output, neither a frame nor a writer's prose.
_LOG_LINE = re.compile(
    r"^\s*\[?(?:(?:\d{2,4}[-/])?\d{2}[-/]\d{2}[ T]\d{2}:\d{2}"
    r"|(?:INFO|WARN|WARNING|ERROR|DEBUG)\[\d+\])"
)
# A markdown report's scaffolding around a pasted trace: a fence, a heading, a bold label on
# its own line (`## Stack trace`, `**Traceback:**`). Neither frame nor prose: not counted.
_SCAFFOLD_LINE = re.compile(r"^\s*(?:```[\w+-]*|#{1,6}\s.{0,60}|\*\*[^*\n]{1,40}\*\*:?)\s*$")
# The line that names the exception: `KeyError: 'error'`, `litellm.APIError: ...`,
# `Uncaught TypeError: ...`, `panic: ...`, `java.net.SocketTimeoutException: Read timed out`.
# A name in Ruby's or PHP's namespaces counts (`Faraday::TooManyRequestsError: ...`,
# `GuzzleHttp\\Exception\\ClientException: ...`), and so does a code in brackets before the
# colon (Node's `TypeError [ERR_INVALID_URL]: ...`, Dio's `DioException [bad response]: ...`).
# A name from a module of exceptions counts whatever its ending
# (`requests.exceptions.ConnectTimeout`, `openai.error.Timeout`).
EXCEPTION_LINE = re.compile(
    r"^\s*(?:uncaught |unhandled |exception in thread \"[^\"]*\" )?(?:[\w$]+(?:\.|::|\\))*"
    r"[A-Za-z_$][\w$]*(?:error|exception|exit|interrupt|fault)(?: \[[^\]\n]{1,40}\])?(?::|$)"
    r"|^\s*panic: |"
    r"^\s*thread '[^']*'(?: \(\d+\))? panicked at|^\s*(?:\w+\.)*(?:exceptions?|errors?)\.[A-Z]\w*:",
    re.I,
)
# A name in lower camel case before a colon (`onError: (e) => ...`, `lastError: null`, a
# switch's `default:`): a key or a label of code, never an exception's class (CapWords, or
# dotted: `socket.gaierror`).
# An indented entry that ends as one of a map's or a list's (`  TimeoutError: 504,`,
# `  AuthError: 'unauthorized',`) is code's too.
_CODE_NAME = re.compile(r"^\s*(?!panic:)[a-z][\w$]*:|^\s+[\w$.]+: .*[,;{\[(]\s*$")
# The crash lines of runtimes whose grammar `EXCEPTION_LINE` does not read, tried only when
# one of `_CRASH_KEYS` is in the text (the pattern costs twice `EXCEPTION_LINE` on prose).
_CRASH_LINE = re.compile(
    # Flutter's banner over its error box (`════════ Exception caught by rendering library ═══`)
    r"^\s*\u2550+(?:\u2561)? exception caught by "
    # and a browser's error overlay (Next.js's `Unhandled Runtime Error` over its `Call Stack`)
    r"|^\s*(?:unhandled )?runtime error\s*$"
    # the crash lines of runtimes that print no exception's name: Perl's (`Can't locate X.pm in
    # @INC`, a `die` at its script's line), Objective-C's, C++'s, the C library's, Swift's and
    # PHP's fatal error
    r"|^\s*can't locate \S+ in @inc\b|^\s*\S.{0,200} at \S+\.p[lm] line \d+\.?$"
    r"|^\s*\*\*\* terminating app due to uncaught exception"
    r"|^\s*[-+]\[\S+ \S+\]: unrecognized selector"
    r"|^\s*terminate called after throwing an instance of "
    r"|^\s*segmentation fault(?: \(core dumped\))?$"
    r"|^\s*\*\*\* (?:stack smashing|buffer overflow) detected \*\*\*"
    r"|^\s*(?:\S+\.swift:\d+: )?fatal error: unexpectedly found nil"
    r"|^\s*(?:php )?(?:fatal error|parse error|warning|notice|deprecated):\s+.{0,300}"
    r"\bin \S+(?: on line |:)\d+$|^\s*(?:php )?fatal error:\s+uncaught "
    # Ruby's first line (`app.rb:3:in 'f': undefined method ... (NoMethodError)`), Elixir's
    # (`** (ArithmeticError) ...`), Dart's header
    r"|^\s*\S+\.rb:\d+:in .{0,300}\((?:\w+::)*\w+\)$|^\s*\*\* \((?:\w+\.)*\w+\) "
    r"|^\s*unhandled exception:?\s*$|^\s*[A-Za-z_$][\w$]*(?:error|exception) \(\w+\): "
    # Node's report of a promise nobody caught, and the Flutter engine's of an uncaught exception
    r"|^\s*\[unhandledpromiserejection: |^\s*\[error:flutter/\S+\] unhandled exception: "
    # Node's own lines: an error of its own with its code (`Error [ERR_REQUIRE_ESM]: ...`,
    # `Uncaught Error [ERR_HTTP_HEADERS_SENT]: ...`) and a warning with the process's id
    # (`(node:4821) UnhandledPromiseRejectionWarning: ...`, `(node:7) [DEP0018] ...`)
    r"|^\s*(?:uncaught )?error \[err_[a-z0-9_]+\]:|^\s*\(node:\d+\) (?:\[\w+\] )?\w+: "
    # Java's and Kotlin's cause (`Caused by: org.x.HttpServerErrorException$ServiceUnavailable:
    # 503 ...`): a nested class after the exception's name
    r"|^\s*(?:caused by: )?(?:[\w$]+\.)+[\w$]*(?:exception|error)(?:\$\w+)+(?::|$)"
    r"|^\s*caused by: (?:[\w$]+\.)+[\w$]*(?:exception|error)(?::|$)"
    # curl's failure, its exit code in brackets (`curl: (7) Failed to connect to ...`)
    r"|^\s*curl: \(\d{1,3}\) \S"
    # .NET's unhandled exception under its label in the runtime's language (`Unbehandelte
    # Ausnahme: System.NullReferenceException: ...`, `未经处理的异常:  System.X: ...`)
    r"|^\s*[^\W\d_][^\W\d_]*(?: [^\W\d_]+){0,3}\s?[:\uff1a]\s+(?:[\w`]+\.)+[\w`]*exception: "
    # Clojure's (1.10 and later): the phase, the exception's class, where (`Execution error
    # (NullPointerException) at bot.core/ask (core.clj:22).`), its message under it
    r"|^\s*(?:execution|syntax) error (?:\(\w+\) )?(?:compiling |reading source "
    r"|macroexpanding \S+ )?at \(?\S+ ?\(\S+:\d+(?::\d+)?\)\)?\.$"
    # Zig's panic (`thread 1033 panic: index out of bounds`)
    r"|^\s*thread \d+ panic: "
    # Oracle's error, its code before the message (`ORA-12541: TNS:no listener`)
    r"|^\s*ora-\d{5}: \S"
    # Playwright's error, the API call before its message (`locator.click: Timeout 30000ms
    # exceeded.`, `browserType.launch: Executable doesn't exist at ...`)
    r"|^\s*(?:browserType|browser|browserContext|page|frame|locator|elementHandle|request"
    r"|apiRequestContext|keyboard|mouse)\.\w+: \S"
    # VS Code's failed extension, pydantic's head (`1 validation error for ChatOpenAI`),
    # llama.cpp's assertion and a CUDA error as the runtime words it
    r"|^\s*activating extension '[^'\n]+' failed: |^\s*\d+ validation errors? for \w+\s*$"
    r"|^\s*ggml_assert: \S+:\d+: |^\s*cuda error: \S"
    # an Apple crash report's thread and Android's native crash over their frames
    r"|^\s*thread \d+ crashed::?|^\s*fatal signal \d+ \(sig\w+\)"
    # VBA's run-time error box in Office's language, its message under it
    r"|^\s*(?:run-time error|laufzeitfehler|erreur d'ex\u00e9cution|errore di run-time"
    r"|\u5b9f\u884c\u6642\u30a8\u30e9\u30fc|\u8fd0\u884c\u65f6\u9519\u8bef) ?"
    r"'-?\d+(?: \([0-9a-f]{8}\))?' ?:\s*$",
    re.I,
)
_CRASH_KEYS = (
    "exception caught by",
    "runtime error",
    "@inc",
    " line ",
    "terminating app",
    "unrecognized selector",
    "terminate called",
    "segmentation fault",
    " detected ***",
    "fatal error:",
    "parse error:",
    "warning:",
    "notice:",
    "deprecated:",
    ".rb:",
    "** (",
    "unhandled exception",
    "error (",
    "exception (",
    "unhandledpromiserejection",
    "unhandled exception: ",
    "[err_",
    "(node:",
    "exception$",
    "error$",
    "caused by: ",
    "curl: (",
    "exception: ",
    "execution error",
    "syntax error",
    " panic: ",
    "ora-",
    "browsertype.",
    "browsercontext.",
    "locator.",
    "elementhandle.",
    "apirequestcontext.",
    "ms exceeded",  # (Playwright's other objects by their usual messages: `page.x` is common)
    "net::err_",
    "has been closed",
    "executable doesn't exist",
    "activating extension",
    "validation error",
    "ggml_assert",
    "cuda error: ",
    " crashed:",
    "fatal signal ",
    "run-time error",
    "laufzeitfehler",
    "erreur d'ex",
)
# A crash line whose message the runtime prints on the next line (Clojure's `Execution error
# (X) at f (x.clj:3).`, VBA's `Run-time error '13':`): that line is the runtime's, not prose.
# pydantic's field path under its head (`messages -> 0 -> content`, `__root__`)
_PYDANTIC_FIELD = re.compile(r"^[\w.]+(?: -> [\w.]+)*\s*$")
_MESSAGE_NEXT = re.compile(
    r"^\s*(?:(?:execution|syntax) error \S.*\)\.|\S.{0,30}'-?\d+(?: \([0-9a-f]{8}\))?' ?:)\s*$",
    re.I,
)
# Python's header opens its trace; Lua's (`stack traceback:`) follows the error's message line.
_TRACE_HEADER = re.compile(
    r"^\s*(?:(?:traceback \(most recent call last\)|stack traceback):"
    # IPython's (Jupyter's): the exception's name, then its header without a colon
    r"|[\w.]+\s+traceback \(most recent call last\)\s*$)",
    re.I,
)
_PY_FRAME = re.compile(
    r"^\s*(?:file \".*\", line \d+|file \S.*:\d+ in \S+\s*$|cell in\[\d+\], line \d+)", re.I
)
# A .NET (or Java) frame, its `at` in the runtime's language (`в`, `在`, `bei`, `à`, `em`, `場所`,
# `위치`), a method's full name and its parameters: printed one a line or, pasted from a page,
# run together on one. Two of them are a trace even when the client printed only the message
# above them (`Service request failed.` without `System.ClientModel.ClientResultException`).
_MANAGED_FRAME = re.compile(
    r"(?:^|\s{2})\s*(?:at|\u0432|\u5728|bei|\u00e0|em|en|\u5834\u6240|\uc704\uce58:?|ved|vid)\s+"
    r"(?:[\w`$<>]+\.)+[\w`$<>]+\([^()\n]*\)",
    re.M,
)
_MANAGED_KEYS = split_keys(
    (
        "  at ",
        "\tat ",
        "  \u0432 ",
        "  \u5728 ",
        "  bei ",
        "  \u00e0 ",
        "  em ",
        "  en ",
        "  \u5834\u6240 ",
        "  \uc704\uce58",
        "  ved ",
        "  vid ",
    )
)


def _managed_trace(text: str, lines: list[str]) -> bool:
    """Two .NET or Java frames or more (`_MANAGED_FRAME`), and at most the message above them
    and a line in five besides: a trace whose exception's name was not printed."""
    if ("  " not in text and "\t" not in text) or not holds(text, _MANAGED_KEYS):
        return False  # (frames are indented or run together after spaces: ~1 us, not ~20)
    framed = [len(_MANAGED_FRAME.findall(line)) for line in lines]
    if sum(framed) < 2:
        return False
    other = sum(1 for n in framed[1:] if n == 0)
    return other * 5 <= len(lines)


def stack_trace(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a stack trace, or an exception as a runtime prints it, and little else: a
    client printed its own crash where the answer should be."""
    named = _trace(r)
    if named is None or _asks_for_trace(r.question):
        return ()  # (or the request asked for the trace: it is the answer)
    return (Signal("stack_trace", w["stack_trace"], named),)


def runtime_prose(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a stack trace (`stack_trace`) that carries a runtime's own stock sentences
    (Node's report of a promise nobody caught: "This error originated either by throwing
    inside of an async function without a catch block ..."; its hint to require an ES module
    by `import()`; Rust's hint to set RUST_BACKTRACE; Python's between two exceptions). The
    answer signals read those as a writer's explanation (`explains`, `defines`,
    `handles_errors`, `code_parts`); this weighs them back as the runtime's."""
    named = _trace(r)  # (read once a reply, and before the keys: most replies are no trace)
    if named is None or not any(key in r.low for key in _STOCK_KEYS):
        return ()
    if _asks_for_trace(r.question):
        return ()
    found = _RUNTIME_STOCK.findall(r.text[:6000])
    if not found:
        return ()
    weight = w["runtime_prose"] * min(len(found), RUNTIME_PROSE_MAX)
    return (Signal("runtime_prose", round(weight, 3), found[0][:40]),)


RUNTIME_PROSE_MAX = 3  # each stock sentence weighs, up to three


_RUNTIME_STOCK = re.compile(
    r"This error originated either by throwing inside of an async function without a catch "
    r"block, or by rejecting a promise which was not handled with \.catch\(\)"
    r"|The promise rejected with the reason \S"
    r"|Unhandled promise rejections are deprecated\. In the future, promise rejections"
    r"|To terminate the node process on unhandled promise rejection, use the CLI flag"
    r"|Instead change the require of \S+ in \S+ to a dynamic import\(\)"
    r"|Use `node --trace-(?:warnings|deprecation|uncaught) \.\.\.` to show where"
    r"|note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
    r"|During handling of the above exception, another exception occurred:"
    r"|The above exception was the direct cause of the following exception:"
    r"|\(Background on this error at: \S+\)"
    r"|For documentation on this error, please visit: https://www\.selenium\.dev/\S+"
    r"|This exception was thrown because the response has a status code of \d+"
    r"|The status code of \d{3} has the following meaning:|Read more about status codes at \S"
    r"|In order to resolve this exception you typically have either to verify"
    r"|To get rid of this exception, try raising the RequestOptions\.\w+"
)
_STOCK_KEYS = (
    "this error originated",
    "promise rejected with",
    "rejections are deprecated",
    "to terminate the node process",
    "instead change the require",
    "node --trace-",
    "rust_backtrace=1",
    "above exception",
    "background on this error",
    "for documentation on this error",
    "this exception was thrown because",
    "has the following meaning",
    "read more about status codes",
    "in order to resolve this exception",
    "to get rid of this exception",
)


# A request for the trace itself ("paste the full traceback", "show me the stack trace it
# prints", "把完整的堆栈贴出来"): the trace is what was asked for.
_TRACE_NOUNS = (
    "traceback",
    "stack trace",
    "stacktrace",
    "backtrace",
    "call stack",
    "堆栈",
    "调用栈",
    "スタックトレース",
    "стектрейс",
    "трассировк",
)
_ASKS_TRACE = re.compile(
    r"(?:show|paste|print|give|post|share|output|display|dump|send|copy|reproduce|return|"
    r"zeig|montre|muestra|mostra|покажи|пришли|выведи|把|贴|给|显示|打印|出力|見せ|貼)"
    r".{0,40}?(?:traceback|stack ?trace|backtrace|call stack|堆栈|调用栈|スタックトレース"
    r"|стектрейс|трассировк)",
    re.I | re.S,
)


def _asks_for_trace(question: str) -> bool:
    """Whether the request asks for a trace to be shown (`_ASKS_TRACE`)."""
    return (
        bool(question)
        and any(n in question for n in _TRACE_NOUNS)
        and (_ASKS_TRACE.search(question) is not None)
    )


def is_trace(r: Reply) -> bool:
    """Whether the reply is a stack trace (`stack_trace`): its lines are a runtime's, not a
    writer's sentences (read by the answer signals that count a writer's prose)."""
    return _trace(r) is not None


# Windows PowerShell's error record (its NormalView): the message (after the command's name),
# the position line in the shell's language (`At line:1 char:1`, `At C:\x.ps1:3 char:11`,
# `In Zeile:1 Zeichen:1`, `Au caractère Ligne:1 : 1`, `En línea: 1 Carácter: 1`,
# `発生場所 行:1 文字:1`, `所在位置 行:1 字符: 1`, `строка:1 знак:1`), the source line it
# echoes and its `~~~` markers after `+ `, and the record's fields, never translated
# (`+ CategoryInfo : ...`, `+ FullyQualifiedErrorId : ...`). PowerShell 7's ConciseView
# frames the source instead: `Line |`, `  14 |  $r = ...`, `     | message`.
_PS_FIELD = re.compile(r"^\s*\+ (?:CategoryInfo|FullyQualifiedErrorId)\s*:")
_PS_POSITION = re.compile(
    r"^\s*\S{0,12}(?: \S{1,12})?\s*(?:line|zeile|ligne|l\u00ednea|linea|riga|linha|wierszu|"
    r"sat\u0131r|regel|\u0159\u00e1dek|\u884c|\u7dda\u8def|\uc904"
    r"|\u0441\u0442\u0440\u043e\u043a\u0430|\S+\.ps[dm]?1)"
    r"\s*:\s*\d+\s*(?::\s*\d+|\S{1,12}\s*:\s*\d+)\s*\.?$",
    re.I,
)
_PS_CONCISE = re.compile(r"^\s*(?:line \||\d+ \|(?: .*)?|\|(?: .*)?)$", re.I)


# PowerShell 7's ConciseView of an error at the prompt: the command's name (an approved verb,
# a noun) or, for a script's own error, its category, then the message in the shell's language
# (`Get-Item: Cannot find path 'C:\\x' because it does not exist.`, `Invoke-RestMethod: {...}`,
# `InvalidOperation: You cannot call a method on a null-valued expression.`). Its names are
# never translated.
_PS_VERBS = (
    "Add|Approve|Assert|Backup|Block|Build|Checkpoint|Clear|Close|Compare|Complete|Compress|"
    "Confirm|Connect|Convert|ConvertFrom|ConvertTo|Copy|Debug|Deny|Deploy|Disable|Disconnect|"
    "Dismount|Edit|Enable|Enter|Exit|Expand|Export|Find|Format|Get|Grant|Group|Hide|Import|"
    "Initialize|Install|Invoke|Join|Limit|Lock|Measure|Merge|Mount|Move|New|Open|Optimize|Out|"
    "Ping|Pop|Protect|Publish|Push|Read|Receive|Redo|Register|Remove|Rename|Repair|Request|"
    "Reset|Resize|Resolve|Restart|Restore|Resume|Revoke|Save|Search|Select|Send|Set|Show|Skip|"
    "Sort|Split|Start|Step|Stop|Submit|Suspend|Switch|Sync|Test|Trace|Unblock|Undo|Uninstall|"
    "Unlock|Unprotect|Unpublish|Unregister|Update|Use|Wait|Watch|Write"
)
_PS_CATEGORIES = (
    "NotSpecified|OpenError|CloseError|DeviceError|DeadlockDetected|InvalidArgument|InvalidData|"
    "InvalidOperation|InvalidResult|InvalidType|MetadataError|NotImplemented|NotInstalled|"
    "ObjectNotFound|OperationStopped|OperationTimeout|SyntaxError|ParserError|PermissionDenied|"
    "ResourceBusy|ResourceExists|ResourceUnavailable|ReadError|WriteError|FromStdErr|"
    "SecurityError|ProtocolError|ConnectionError|AuthenticationError|LimitsExceeded|"
    "QuotaExceeded|NotEnabled"
)
_PS_CONCISE_LINE = re.compile(
    rf"^(?:(?:{_PS_VERBS})-[A-Z][A-Za-z0-9]+|{_PS_CATEGORIES}): (?!\s)[^`\n]{{3,400}}$"
)
_PS_CATEGORY = re.compile(rf"^(?:{_PS_CATEGORIES}): ")
PS_CONCISE_LINES = 3


def _powershell_concise(r: Reply, lines: list[str]) -> str | None:
    """The first line when the reply is PowerShell 7's errors at the prompt and nothing else
    (`_PS_CONCISE_LINE`, at most three; a command's with failure words): a client ran a command and
    passed its error on. A sentence about a cmdlet ("Get-Item: returns the item at a path")
    has no failure word."""
    if len(lines) > PS_CONCISE_LINES:
        return None
    if not all(_PS_CONCISE_LINE.match(line.strip()) for line in lines):
        return None
    if not r.hits and not _PS_CATEGORY.match(lines[0].strip()):
        return None  # (a category's name is the shell's own; a command's needs failure words)
    return lines[0].strip()[:60]


def _powershell_record(lines: list[str]) -> str | None:
    """The record's first line when the reply is PowerShell's error records and nothing else:
    each a message of at most three lines over its position line, `+ ` lines and the record's
    fields (or 7's `Line |` frame). A writer's words around a quoted record stay an answer."""
    marks = [
        bool(
            _PS_FIELD.match(line)
            or _PS_POSITION.match(line)
            or line.lstrip().startswith("+ ")
            or line.strip().strip("+ ").strip("~") == ""
            or _PS_CONCISE.match(line)
        )
        for line in lines
    ]
    if not any(_PS_FIELD.match(line) for line in lines) and not any(
        line.strip().lower() == "line |" for line in lines
    ):
        return None
    run = 0  # the message's lines before a record's position line (or 7's `Line |`)
    for line, mark in zip(lines, marks, strict=True):
        if not mark:
            run += 1
        elif run:
            if run > 3 or not (_PS_POSITION.match(line) or line.strip().lower() == "line |"):
                return None  # (prose before a record, or between its parts)
            run = 0
    if run or sum(marks) < 2:
        return None  # (prose after the last record)
    return lines[0].strip()[:60]


# R's error as the console prints it: base R's `Error in f(x) : message` (its message wrapped
# on indented lines, `Calls: a -> b`, `Execution halted`), in R's languages (`Erreur dans`,
# `Fehler in`, `Error en`, `Errore in`, `Erro em`), and rlang's over cli's bullets (`Error in
# \`f()\`:`, `! message`, `\u2716`/`x`, `\u2139`/`i`, `Caused by error in \`g()\`:`, `Run
# \`rlang::last_trace()\``, `Backtrace:` and its tree).
_R_HEAD = re.compile(
    r"^\s*(?:(?:error|erreur|fehler|errore|erro)\s?:\s*$|(?:error in|erreur dans|fehler in|"
    r"error en|errore in|erro em) (?:`[^`\n]{1,200}`\s?:\s*$|\S.{0,300}? :(?: .*)?$))",
    re.I,
)
_R_BODY = re.compile(
    r"^\s*(?:[!\u2716\u2139\u2714\u2022\u2192xiv*>] \S.*"
    r"|caused by (?:error|warning)(?: in `[^`\n]+`)?:"
    r"|backtrace:|run `rlang::last_(?:trace|error)\(\)`.*|calls: .*|execution halted"
    r"|in addition: warning messages?:?.*|\u2586|(?:\d+\. )?[\u2502\u251c\u2514].*|\d+\. \S.*)$",
    re.I,
)


def _r_condition(lines: list[str]) -> str | None:
    """The head when the reply is an R error as the console prints it (`_R_HEAD`, then only
    its indented message lines and `_R_BODY`'s), at most one line of a client's before it."""
    start = 0 if _R_HEAD.match(lines[0]) else 1
    if start >= len(lines) or not _R_HEAD.match(lines[start]) or len(lines[0]) > 200:
        return None
    for line in lines[start + 1 :]:
        if not (_R_BODY.match(line) or line.startswith("  ") or _R_HEAD.match(line)):
            return None
    rlang = lines[start].rstrip().endswith(":")
    if rlang and (len(lines) == start + 1 or not _R_BODY.match(lines[start + 1])):
        return None  # (an rlang head says its message on the next line, after a bullet)
    return lines[start].strip()[:60]


# Swift's `DecodingError` (or `EncodingError`) printed whole (`print(error)`): its case and
# its context, `keyNotFound(CodingKeys(stringValue: "choices", intValue: nil),
# Swift.DecodingError.Context(codingPath: [...], debugDescription: "...", underlyingError: nil))`,
# after at most a client's label.
_SWIFT_CODING = re.compile(
    r"^[^\n(]{0,60}?(?:Swift\.)?(?:(?:De|En)codingError\.)?(?:keyNotFound|typeMismatch|"
    r"valueNotFound|dataCorrupted|invalidValue)\(.{0,400}?(?:Swift\.)?(?:De|En)codingError\.Context\("
    r"codingPath: ",
    re.S,
)


# Python's traceback with its line breaks lost (run together on one line by a chat or a log):
# its header after at most a client's label, a frame, and the exception's name at its end.
_FLAT_TRACEBACK = re.compile(
    r"^.{0,80}?traceback \(most recent call last\):\s*file \"[^\"\n]+\", line \d+.{0,2500}?"
    r"\s(?:[\w$]+\.)*[A-Za-z_]\w*(?:error|exception|exit|interrupt|timeout)\b(?::[^\n]{0,300})?$",
    re.I | re.S,
)


def _record(text: str, lines: list[str]) -> str | None:
    """A runtime's error in a shape other than a trace's: PowerShell's record, R's error, a
    Swift decoding error's value, a traceback run together on a line (each tried only when its
    key substring is in the text)."""
    if len(lines) <= 2 and "(most recent call last):" in text[:120]:
        flat = _FLAT_TRACEBACK.match(text.strip())
        if flat is not None:
            return text.strip()[:60]
    if "FullyQualifiedErrorId" in text or "Line |" in text:
        found = _powershell_record(lines)
        if found is not None:
            return found
    if "odingError.Context(" in text and len(text) < 3000:
        m = _SWIFT_CODING.match(text.strip())
        if m is not None and text.rstrip().endswith(")"):
            return m.group(0)[:60]
    if len(lines) <= 40 and ("rr" in text[:300] or "ehler" in text[:300]):
        return _r_condition(lines)
    return None


_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# rich's traceback (Typer's, many CLIs'): a box whose title is Python's header, `│` on both
# sides of each line, a frame as `/x/main.py:42 in ask`, its source lines numbered, `❱` at the
# line that raised, the exception's line under the box.
_RICH_FRAME = re.compile(r"^\s*(?:\S+:\d+ in \S+|(?:\u2771 )?\d+ \u2502.*)\s*$")


def _rich_box(lines: list[str]) -> list[str]:
    """rich's box read as Python's traceback: its title the header, its frames and source
    lines as `File ...` and source lines, its rules and empty rows dropped."""
    found = ["Traceback (most recent call last):"]
    for line in lines[1:]:
        inner = line.strip().strip("\u2502").strip()
        if not inner or inner[0] in "\u2570\u2500":
            continue  # (an empty row, the box's bottom rule)
        found.append(f'  File "{inner}", line 0' if _RICH_FRAME.match(inner) else inner)
    return found


@kept
def _trace(r: Reply) -> str | None:
    """The line that names a stack trace's exception (its first 60 characters) when the reply
    is one (`stack_trace`), read once a reply."""
    head, low = r.text[:6000], r.low[:6000]
    if "\x1b[" in head or head.startswith("<pre>"):
        # a terminal's colours (IPython's, a CLI's), or a page's `<pre>` around the output
        head = _ANSI.sub("", head)
        head = head.removeprefix("<pre>").rstrip().removesuffix("</pre>")
        low = head.lower()
    lines = [line for line in head.splitlines() if line.strip()]
    if head.startswith("\u256d") and "traceback (most recent call last)" in low[:400]:
        lines = _rich_box(lines)
    elif "\u2502" in head[:200] or "\u2503" in head[:200]:
        unbordered = [_BORDER.sub("", line, count=1) for line in lines]
        lines = [line for line in unbordered if line.strip()]
    if r.text[1:2] == "/" and _LOGCAT.match(r.text):
        lines = [_LOGCAT.sub("", line, count=1) for line in lines]
    if "```" in r.text or "#" in r.text or "**" in r.text:
        lines = [line for line in lines if not _SCAFFOLD_LINE.match(line)]
    if not lines or len(lines) > 200:
        return None
    record = _record(head, lines)
    if record is not None:
        return record
    if len(lines) <= PS_CONCISE_LINES and ("-" in head[:40] or ": " in head[:24]):
        record = _powershell_concise(r, lines)
        if record is not None:
            return record
    # (whether the head holds a crash key: its ~50 keys looked for in the whole head cost ~0.02
    # us a character, the crash pattern tried at each line ~2 us a line; with few lines to a
    # long head, the keys are looked for once a line matches the pattern)
    crash = may_hold_folded(head, low, _CRASH_KEYS) if len(lines) * 100 >= len(head) else None

    def crash_line(line: str) -> bool:
        nonlocal crash
        if crash is None:
            if _CRASH_LINE.match(line) is None:
                return False
            crash = may_hold_folded(head, low, _CRASH_KEYS)
            return crash
        return crash and _CRASH_LINE.match(line) is not None

    named = [
        line
        for line in lines
        if (EXCEPTION_LINE.match(line) and not _CODE_NAME.match(line)) or crash_line(line)
    ]
    bare = not named and "Error: " in head and ("at " in head or "Call Stack" in head)
    if bare:
        named = [line for line in lines if _BARE_ERROR.match(line)]
    if named and _LOG_LINE.match(lines[0]):
        # a service's log that ends in its crash: the lines above the crash are the log's
        first = lines.index(named[0])
        lines = [line for line in lines[:first] if not _LOG_LINE.match(line)] + lines[first:]
    # a traceback cut before the line that names its exception is one all the same
    if not named and not any(_TRACE_HEADER.match(line) for line in lines[:3]):
        if _managed_trace(head, lines):
            return lines[0].strip()[:60]
        return None  # (before the frames are counted: most replies name no exception)
    # the source line Python prints under a frame counts as the frame's, indented or not (a
    # trace pasted into a chat often loses its indentation)
    frames = sum(
        1
        for i, line in enumerate(lines)
        if _FRAME_LINE.match(line)
        or (i and _PY_FRAME.match(lines[i - 1]))
        or (
            i + 1 < len(lines)
            and _BARE_NAME.match(line)
            and _OVERLAY_FILE.match(lines[i + 1]) is not None
        )
    )
    other = len(lines) - frames - len(named)
    if named and named[0].strip().lower().endswith("error"):
        # an overlay's header, its `Error: ...` message under it
        at = lines.index(named[0]) + 1
        other -= at < len(lines) and _MESSAGE_BELOW.match(lines[at]) is not None
    if named and " validation error" in named[0]:
        other -= sum(1 for line in lines if _PYDANTIC_FIELD.match(line))
    if named and len(named) == 1 and _MESSAGE_NEXT.match(named[0]):
        at = lines.index(named[0]) + 1
        other -= at < len(lines) and not _FRAME_LINE.match(lines[at])
    if not named:
        # (the header is no frame; above Lua's, its message line names the error)
        named = [lines[0]]
        frames -= 1
        other -= _TRACE_HEADER.match(lines[0]) is None
    if (frames >= 2 and other * 5 <= len(lines)) or (other == 0 and len(lines) <= 3 and not bare):
        return named[-1].strip()[:60]
    return None
