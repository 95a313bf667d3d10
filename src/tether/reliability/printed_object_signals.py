"""A value printed where its text belongs: a client library's response object printed whole
(`ChatCompletion(id=..., choices=[Choice(...`), or a runtime's default print of a value
(`<coroutine object ...>`, `<Response [429]>`, `Promise { <pending> }`). The client put the
object in the reply, not the model's text inside it. Weighs toward "failure" (weights in
signals.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.reply import Reply, Signal

# A client library's response object printed whole, instead of the text inside it.
_SDK_OBJECT = re.compile(
    r"\b(?:ChatCompletion(?:Chunk|Message)?|ChoiceDelta|Completion|Message|Response"
    r"|GenerateContentResponse)\(\s*(?:id=|content=|choices=|role=|candidates=)"
    r"|\bchoices=\[\s*Choice\("
)


def sdk_object(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """`ChatCompletionChunk(id=..., choices=[Choice(delta=ChoiceDelta(content=''...` as the
    reply: the client printed the response object, it did not take the model's text out."""
    said = r.said[:2000]
    m = _SDK_OBJECT.search(said) if "=" in said else None  # (every branch has an `=`)
    if m is None:
        return ()
    return (Signal("sdk_object", w["sdk_object"], m.group(0)[:40]),)


def object_repr(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a runtime's default print of a value, not a text: Python's `<coroutine
    object Agent.reply at 0x7f3a...>` (an un-awaited call), `<generator object ...>`, `<function
    f at 0x...>`, `<bound method ...>`, `<X object at 0x...>`, requests' `<Response [429]>`,
    asyncio's `<Task pending ...>`; Node's `Promise { <pending> }`; Java's `com.x.Reply@1b6d3586`;
    .NET's ``System.Threading.Tasks.Task`1[System.String]``; Dart's `Instance of 'Future<String>'`;
    Ruby's `#<Net::HTTPTooManyRequests 429 ...>`. A client put the object where its text should
    be. Not when the request asks what a program prints (the print is then the answer)."""
    text = r.text.strip()
    if len(text) > OBJECT_REPR_CHARS or not text or text[0] not in _REPR_FIRST:
        return ()
    if text.count("\n") > 2 or any(
        not _OBJECT_REPR.fullmatch(x.strip()) for x in text.splitlines()
    ):
        return ()
    if r.question and asks_value(r.question):
        return ()
    return (Signal("object_repr", w["object_repr"], text[:40]),)


OBJECT_REPR_CHARS = 300
_REPR_FIRST = frozenset("<P#ISabcdefghijklmnopqrstuvwxyz")
_OBJECT_REPR = re.compile(
    r"<(?:coroutine|generator|async_generator|function|built-in method|built-in function|map|zip"
    r"|filter|[\w.]+) object [\w.<>]+ at 0x[0-9a-f]+>"
    r"|<(?:[\w.]+ )?object at 0x[0-9a-f]+>|<[\w.]+ object at 0x[0-9a-f]+>"
    r"|<function [\w.<>]+ at 0x[0-9a-f]+>|<bound method [\w.<>]+ of <.{1,120}>>"
    r"|<Response \[\d{3}\]>|<(?:Task|Future) (?:pending|finished|cancelled)\b.{0,200}>"
    r"|Promise \{ <(?:pending|rejected)> ?.{0,200}\}"
    r"|(?:[a-z]\w*\.)+[A-Z][\w$]*@[0-9a-f]{5,8}"
    r"|System\.Threading\.Tasks\.Task(?:`1\[[\w.`\[\], ]{1,120}\]|\+\S{1,120})?"
    r"|Instance of '_?Future<[\w<>?, ]{1,60}>'"
    r"|#<(?:Net::HTTP\w+ \d{3} [^>]{1,80}"
    r"|(?:Proc|Thread|Enumerator|Fiber|Async::Task):[^>]{1,120})>"
)
# A request that asks what a program prints or returns, or about a value, or calls a function:
# its answer may be the print itself (`<coroutine object ...>`, `object_repr`) or a program's
# stand-in for a value (`None: None`, `stand_in_signals.stand_in_leak`). One list for both.
_ASKS_VALUE = re.compile(
    r"print|output|repr|return|console\.log|log\(|输出|打印|出力"
    r"|\b(?:none|null|undefined|nil|values?)\b|\w\(",
    re.I,
)


def asks_value(question: str) -> bool:
    """Whether `question` asks what a program prints or returns, or about a value (`None`,
    `undefined`), or names a call: a value printed is then the answer, not a client's slip."""
    return _ASKS_VALUE.search(question) is not None
