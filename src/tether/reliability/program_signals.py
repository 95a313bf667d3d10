"""Is the reply a program someone wrote? Source code (fenced or not) that raises, catches, maps
or tests errors carries every failure word a notice has ("except RateLimitError", `throw new
Error("Service unavailable")`, a table of error messages, a test that asserts one), yet it is
an answer: a developer's code, written line by line in a language's grammar (definitions,
assignments, calls, blocks opened and closed, indented under their heads). A failure text is
never that: a notice is sentences, an error body is one object, a trace is a runtime's output
(its frames quote a line of code each, and are left out here). Weighs toward "answer" (weight
in judge_signals.json)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.reply import Reply, Signal
from tether.reliability.trace_signals import EXCEPTION_LINE

# A statement's head word in Python, JS/TS, Go, Rust, Java, C#, PHP, Ruby, shell, Kotlin, Swift.
# Many are English words too ("if", "for", "return"), so a line that starts with one counts only
# with a statement's punctuation on it (`_CODE_PUNCT`) and no sentence's end (`_SENTENCE_END`).
_HEAD = re.compile(
    r"(?:def|class|import|from\s+[\w.]+\s+import|return|if|elif|else|for|while|try|except"
    r"|catch|finally|throw|raise|func|fn|let|const|var|pub|public|private|protected|internal"
    r"|static|async|await|echo|begin|rescue|ensure|match|switch|case|package|using|namespace"
    r"|struct|enum|interface|export|require|use|with|yield|assert|local|function|foreach"
    r"|unless|elsif|defer|impl|val|override|suspend|lambda|new|guard|printf?|puts|console\.\w+"
    r"|log(?:ger)?\.\w+|self\.\w+|this\.\w+|\$\w+)\b"
)
# A head word alone on its line closes or continues a block ("else", "end", "done", "fi").
_BARE_HEAD = re.compile(
    r"(?:else|end|done|fi|esac|pass|break|continue|finally|begin|try|return)[:;]?"
)
# The punctuation of a statement, one of which a head-word line must carry.
_CODE_PUNCT = re.compile(r"[({\[;=]|:$|->|=>|::|\$\{")
# A sentence's end: code lines do not end with a full stop, "!" or "?" (outside a string).
_SENTENCE_END = re.compile(r"[.!?\u3002]\s*$")
# An assignment, a declaration with its value: `x = 1`, `self.n += 1`, `err := f()`, `x: int = 0`,
# `const { a } = b` (the head word is read first); a shell variable set with no spaces
# (`code=$(curl ...)`), alone on its line (a log's `key=value` pairs are many on one line).
_ASSIGN = re.compile(
    r"[\w$.\[\]'\"@>-]+(?:\s*:\s*[\w\[\].|<>, ]+)?\s+(?:=|\+=|-=|\*=|/=|:=|\?\?=|\|\|=)\s+\S"
    r"|[A-Za-z_]\w*=(?:\$\(|\"|'|\d)\S*(?<!,)$"
)
# A statement that is a call: `time.sleep(2)`, `console.log("x");`, `expect(a).toBe(b);`, a
# snake_case function's call; not a PascalCase name's (`APIError(message=...)` is a repr).
_CALL = re.compile(r"(?:[\w$]+\.)+[\w$]+\(.*\)[;,]?|[a-z_$][\w$]*\(.*\)[;,]?|\.\w+\(.*\)[;,]?")
# A call whose arguments follow on the next lines (`client.chat.completions.create(`,
# `retry_call(`); not a PascalCase name's (`ChatCompletion(`, a repr's).
_CALL_OPENED = re.compile(r"(?:await\s+)?(?:[\w$]+\.)+[\w$]+\(|[a-z_$][\w$]*\(")
# A block's head that ends with its brace (`function f() {`, `} else {`, `.then((r) => {`), a
# decorator, a preprocessor line, a shebang.
_OPENER = re.compile(
    r".*(?:\)|=>|\belse|\btry|\bdo|\bfinally)\s*\{|@[\w.]+(?:\(.*\))?|#include\b.*|#!/.*"
)
# A match arm or an arrow function's line (`Ok(r) => Ok(r.json()?),`, `(e) => log(e));`).
_ARM = re.compile(r".+\s=>\s.+[,;{)]")
# Lines that belong to code without proving it: a brace or bracket closing, a comment, a key of
# a literal or of a config (`"retry": 3,`, `on_error: [429]`, `- model: x`).
_WEAK = re.compile(
    r"[\]\)\}]+[;,)]*|\{|//.*|/?\*.*|#\s.*|--\s.*"
    # (a component's markup: `<div role="alert">`, `</div>`, `<p>{error.message}</p>`)
    r"|</?[A-Za-z][\w.-]*(?:\s[^<>]*)?/?>.*"
    r"|-?\s*[\"']?[\w.$-]+[\"']?\s*:\s*(?:[\[{\"'\d]|true|false|null|None).*"
    # (a typed property of an interface or a class: `message: string;`, `code?: number;`)
    r"|[\w$]+\??:\s*[\w$.<>\[\]|' ]+;"
)
# A runtime's output, where code is only quoted: a trace's frames, a crash's banner.
_TRACE = re.compile(
    r"Traceback \(most recent call last\)|^\s+File \".+\", line \d+|^\s+at .+[:(]\d+|^goroutine \d+"
    r"|^\s*#\d+ .+\(\d+\)|^Stack trace:|^Caused by:|panicked at",
    re.M,
)
# A patch's hunk header (`@@ -40,7 +40,9 @@`): a change a developer made, line by line.
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@", re.M)
# A mark that a line of code ends with or holds, two of which a program has at least.
_MARK = re.compile(r" = | => |[;{}()\[,]\n|:\n[ \t]")
# What every match of `_TRACE` holds.
_TRACE_KEYS = ("Traceback", 'File "', "at ", "goroutine ", "#", "Stack trace:", "Caused by:")
# A character one of which every line of code but a bare head word holds.
_CODE_CHAR = re.compile(r"[(){}\[\];=:@#*/<>$|-]")
_BARE_MAX = 8
_MIN_STATEMENTS = 3
_MIN_SHARE = 0.5
_MAX_LINES = 150


def _strong(line: str) -> bool:
    """Whether a stripped line is a statement of a program (see the patterns above)."""
    if _BARE_HEAD.fullmatch(line):
        return True
    if _SENTENCE_END.search(line) and not line.endswith((");", "...")):
        return False
    if _HEAD.match(line):
        return _CODE_PUNCT.search(line) is not None
    return _ASSIGN.match(line) is not None or any(
        p.fullmatch(line) for p in (_CALL, _OPENER, _ARM, _CALL_OPENED)
    )


def program_lines(text: str) -> tuple[int, int, int, bool]:
    """(statements, lines that may be code, lines with words, whether one is indented under a
    block's head) of `text`, fence markers left out."""
    strong = weak = total = 0
    nested = False
    opened = False
    for raw in text.splitlines()[:_MAX_LINES]:
        line = raw.strip()
        if not line or line.startswith("```"):
            continue
        total += 1
        indented = raw[: len(raw) - len(raw.lstrip())]
        if opened and indented:
            nested = True
        if len(line) > _BARE_MAX and _CODE_CHAR.search(line) is None:
            opened = False  # (words only: neither a statement nor a part of one)
        elif _strong(line):
            strong += 1
            opened = line.endswith(("{", ":", "(", "[")) or line in ("begin", "try", "do")
        elif _WEAK.fullmatch(line):
            weak += 1
            opened = line.endswith(("{", ":", "[", "("))
        else:
            opened = False
    return strong, weak, total, nested


# A declaration or an assignment that opens a literal: `ERROR_MESSAGES = {`, `const messages = {`,
# `errors := map[int]string{`, `$messages = [`. An error body opens with its brace or its name.
_OPENS_LITERAL = re.compile(r".*\s(?:=|:=)\s+(?:[\w\[\]]+)?[\[{(]")


def _literal(lines: list[str], strong: int, weak: int, total: int, nested: bool) -> bool:
    """Whether the lines are one literal assigned in code (a table of error messages, a map of
    codes): its head an assignment that opens it, every line code, its entries indented."""
    if not lines or strong + weak < total or not nested or total < _MIN_STATEMENTS + 1:
        return False
    head = next((line for line in lines if not line.startswith(("```", "//", "#"))), "")
    return _OPENS_LITERAL.fullmatch(head) is not None


# A query, the whole reply (a text-to-SQL model's answer: `SELECT avg(capacity) FROM stadium`):
# its head and its `FROM`. A database's error opens with its own label (`ERROR: ...`).
_SQL_QUERY = re.compile(r"\s*(?:SELECT|WITH)\s[^;]*?\bFROM\s", re.I)
_SQL_LINES = 30


def _sql_alone(text: str) -> bool:
    """Whether the query is the whole text: one statement, no line of it a sentence."""
    lines = text.strip().rstrip(";").splitlines()
    return (
        len(lines) <= _SQL_LINES
        and ";" not in text.strip().rstrip(";")
        and not any(_SENTENCE_END.search(line) for line in lines)
    )


def source_code(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is, or mostly is, a program: three statements or more (definitions,
    assignments, calls, blocks) and most of its lines code, with a block indented under its
    head or five statements: code a developer wrote, whatever error words its strings and
    names hold; or every line code, with two statements and a block (a component with its
    markup), or a patch's hunk. Not a trace (a runtime's output quoting code), nor an error
    object or a page, nor code whose last line is a failure sentence outside it (an error
    appended to it)."""
    if not r.written or r.unwritten_program:
        return ()
    text = r.text[:6000]
    if _SQL_QUERY.match(text) is not None and _sql_alone(text):
        return (Signal("source_code", -w["source_code"], "an SQL query"),)
    first = _MARK.search(text)
    if first is None or _MARK.search(text, first.end()) is None:
        return ()  # (not two line ends or assignments of code: 19 texts in 20 stop here)
    # (a runtime's output in a closed fence, with words around it, is quoted by the writer)
    fences = text.count("```")
    said = r.said[:6000] if fences and fences % 2 == 0 else text
    if text.count("\n") < _MIN_STATEMENTS - 1:
        return ()
    strong, weak, total, nested = program_lines(text)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if _HUNK.search(text) is not None and sum(1 for x in lines if x[:1] in "+-") >= 2:
        return (Signal("source_code", -w["source_code"], "a patch's hunk"),)
    whole = nested and strong >= 2 and strong + weak == total and total >= _MIN_STATEMENTS + 2
    if not whole and not _literal(lines, strong, weak, total, nested):
        if strong < _MIN_STATEMENTS or strong + weak < _MIN_SHARE * total:
            return ()
        if not nested and strong < 2 * _MIN_STATEMENTS - 1:
            return ()
    if any(key in said for key in _TRACE_KEYS) and _TRACE.search(said) is not None:
        return ()
    bare = [line.strip().lstrip("> ") for line in said.splitlines()]
    if any(EXCEPTION_LINE.match(line) for line in bare if not line.startswith(("raise", "throw"))):
        return ()  # a runtime's exception printed among the lines: its output, not its code
    last = lines[-1]
    code_last = _strong(last) or _WEAK.fullmatch(last) or last.startswith("```")
    if not code_last and r.hits:
        tail = last.lower()
        if any(term.strip() in tail for _, _, _, term in r.hits):
            return ()  # the code, then a failure said after it: an error appended
    return (Signal("source_code", -w["source_code"], f"{strong} statements of {total} lines"),)
