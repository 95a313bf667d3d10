"""Which commands will the shell run? A command line read the way `sh` reads it.

The rules decide on every program a command line runs, so they must see them all: the pieces
of a list (newlines, `;`, `&&`, `||`, `&`, pipes), subshells and braces, loops and `if`s,
command and process substitutions (`$(...)`, backticks, `<(...)`), the strings of `sh -c` /
`bash -c` and `eval`, and the programs behind wrappers (`env`, `timeout`, `nice`, `nohup`,
`xargs`, `command`, `exec`, `time`, `setsid`, `stdbuf`, ...). Parsed with `bashlex` (a port of
bash's own parser), never with a split on spaces.

`commands(text)` returns them as `SimpleCommand`s, or None when the line cannot be read (then
the rules ask a person: what tether cannot read, it never allows).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

import bashlex

# Programs that run the rest of their arguments as another program.
WRAPPERS = frozenset(
    (
        "env", "timeout", "nice", "nohup", "xargs", "command", "exec", "time", "setsid",
        "stdbuf", "ionice", "chrt", "taskset", "unbuffer", "builtin", "doas", "sudo", "su",
        "watch", "flock", "strace", "ltrace", "caffeinate", "chroot",
    )
)  # fmt: skip
SHELLS = frozenset(("sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "busybox"))
# Options of wrappers that take a value (so the value is not taken for the program).
_VALUED = {
    "timeout": {"-s", "--signal", "-k", "--kill-after"},
    "nice": {"-n", "--adjustment"},
    "xargs": {"-I", "-n", "-P", "-L", "-s", "-d", "-E", "-a", "--max-args", "--max-procs"},
    "env": {"-u", "--unset", "-C", "--chdir", "-S", "--split-string"},
    "stdbuf": {"-i", "-o", "-e"},
    "ionice": {"-c", "-n", "-p"},
    "taskset": set(),
    "flock": {"-w", "-E"},
    "sudo": {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U"},
    "su": {"-c", "-s", "-g"},
    "watch": {"-n", "-d"},
}
_DEPTH = 8  # `sh -c "sh -c ..."` deeper than this is not read


@dataclass(frozen=True, slots=True)
class SimpleCommand:
    """One program the shell will start: its words (expansions kept as written), whether its
    name is only known at run time (`$CMD`, `$(which rm)`), and its output redirections."""

    words: tuple[str, ...]
    dynamic: bool = False
    writes_to: tuple[str, ...] = ()

    @property
    def program(self) -> str:
        """The program's name (`/usr/bin/rm` -> `rm`)."""
        return self.words[0].rsplit("/", 1)[-1] if self.words else ""


def commands(text: str) -> list[SimpleCommand] | None:
    """Every program `text` will start, or None when it cannot be read."""
    found: list[SimpleCommand] = []
    return found if _read(text, found, 0) else None


def _read(text: str, found: list[SimpleCommand], depth: int) -> bool:
    if depth > _DEPTH:
        return False
    if not text.strip():
        return True
    try:
        trees = bashlex.parse(text)
    except Exception:
        return False
    return all(_walk(tree, text, found, depth) for tree in trees)


def _walk(node: Any, text: str, found: list[SimpleCommand], depth: int) -> bool:
    kind = getattr(node, "kind", "")
    if kind == "command":
        return _command(node, text, found, depth)
    ok = True
    for child in _children(node):
        ok = _walk(child, text, found, depth) and ok
    return ok


def _children(node: Any) -> list[Any]:
    out: list[Any] = []
    for name in ("parts", "list", "command"):
        value = getattr(node, name, None)
        if isinstance(value, list):
            out += value
        elif value is not None and hasattr(value, "kind"):
            out.append(value)
    return out


def _command(node: Any, text: str, found: list[SimpleCommand], depth: int) -> bool:
    words: list[str] = []
    dynamic = False
    writes: list[str] = []
    ok = True
    for part in node.parts:
        kind = part.kind
        if kind == "word":
            nested = [p for p in getattr(part, "parts", []) or [] if hasattr(p, "kind")]
            for sub in nested:  # $(...), `...`, <(...): programs of their own
                if sub.kind in ("commandsubstitution", "processsubstitution"):
                    ok = _walk(sub, text, found, depth) and ok
            if not words and any(
                p.kind in ("commandsubstitution", "processsubstitution", "parameter")
                for p in nested
            ):
                dynamic = True  # the program's name is only known when it runs
            words.append(part.word)
        elif kind == "redirect":
            target: Any = getattr(part, "output", None)
            if target is not None and hasattr(target, "kind"):
                ok = _walk(target, text, found, depth) and ok
                if part.type in (">", ">>", ">|", "&>", ">&") and hasattr(target, "word"):
                    writes.append(str(target.word))
        elif kind == "assignment":
            for sub in getattr(part, "parts", []) or []:
                if getattr(sub, "kind", "") in ("commandsubstitution", "processsubstitution"):
                    ok = _walk(sub, text, found, depth) and ok
    if words:
        found.append(SimpleCommand(tuple(words), dynamic, tuple(writes)))
        ok = _inner(words, text, found, depth) and ok
    return ok


def _inner(words: list[str], text: str, found: list[SimpleCommand], depth: int) -> bool:
    """The program a wrapper, a shell's `-c` or `eval` runs, read as a command of its own."""
    name = words[0].rsplit("/", 1)[-1]
    args = words[1:]
    if name == "eval":
        return _read(" ".join(args), found, depth + 1)
    if name in SHELLS:
        for i, arg in enumerate(args):
            if arg.startswith("-") and "c" in arg.lstrip("-") and not arg.startswith("--"):
                return i + 1 < len(args) and _read(args[i + 1], found, depth + 1)
        return True  # `sh script.sh`: the script is a file, decided by its own rules
    if name not in WRAPPERS:
        return True
    if name == "su":
        for i, arg in enumerate(args):
            if arg == "-c":
                return i + 1 < len(args) and _read(args[i + 1], found, depth + 1)
        return True
    valued = _VALUED.get(name, set())
    i = 0
    while i < len(args):
        arg = args[i]
        if name == "env" and "=" in arg and not arg.startswith("-"):
            i += 1
        elif arg.startswith("-") and arg != "-":
            if arg == "--":
                i += 1
                break
            i += 2 if arg in valued else 1
        elif name in ("timeout", "taskset", "chrt") and _is_number_like(arg):
            i += 1  # the duration, mask or priority before the program
        else:
            break
    rest = args[i:]
    if not rest:
        return True
    inner = " ".join(shlex.quote(w) for w in rest)
    return _read(inner, found, depth + 1)


def _is_number_like(word: str) -> bool:
    return bool(word) and (word[0].isdigit() or word.startswith("0x"))
