"""Permissions enforced in code: every tool call is decided by rules, never by the prompt.

A `Rule` names a tool (a glob) and an action: `allow`, `ask` (a person decides), `block`, or
`handover` (the run stops and says what a person must do). It may narrow itself with matchers,
all of which must match:

- `path_inside_workspace`: True matches when every path-like argument (keys ``path``, ``file``,
  ``dir``, ``directory``, ``cwd``, ``target`` or ending in ``_path``; a string or a list of
  strings) resolves inside the workspace, symlinks and ``..`` resolved (a call with no path-like
  argument has nothing outside, so it matches); False matches when any of them resolves outside.
- `command_prefix`: the ``command`` argument (a string, split as a shell would, or a list)
  starts with the prefix (``["git", "status"]``) or, given a list of prefixes, with any of them.
  A command string is cut at shell operators (``;``, ``&&``, ``||``, ``|``, ``&``, newlines):
  an `allow` rule matches only when EVERY piece starts with a prefix and the command holds no
  substitution or redirection (`` ` ``, ``$(``, ``<``, ``>``), so ``pytest && rm -rf /`` is
  never allowed as "pytest"; any other rule matches when ANY piece starts with a prefix (also
  when the program is given by path, ``/usr/bin/sudo``), so ``ls; sudo x`` is blocked as "sudo".
- `network`: the host of the ``url`` argument matches one of the globs (``*.example.com``).

`Rules.decide` takes the first rule that matches; none matching gives the default (`ask`).
Arguments that carry text from a result flagged for prompt injection are `tainted`: an `allow`
becomes `ask`, so text an outsider wrote never runs without a person saying yes.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Literal, cast, get_args
from urllib.parse import urlsplit

from tether.errors import ConfigError
from tether.tools.base import ToolContext

__all__ = ["Action", "Decision", "Rule", "Rules", "path_arguments"]

Action = Literal["allow", "ask", "block", "handover"]
ACTIONS: tuple[str, ...] = get_args(Action)

PATH_KEYS = frozenset({"path", "file", "dir", "directory", "cwd", "target"})
_PUNCTUATION = ";&|<>()\n"
_UNSAFE_FOR_ALLOW = ("`", "$(", "<", ">")


@dataclass(frozen=True, slots=True)
class Decision:
    """What the rules decided for one call: the action, the rule (its index; None for the
    default) and why."""

    action: Action
    rule_index: int | None
    reason: str
    tainted: bool = False

    def describe(self) -> str:
        """One line: ``allow by rule 2 (reads inside the workspace)``."""
        by = "by default" if self.rule_index is None else f"by rule {self.rule_index}"
        text = f"{self.action} {by}"
        return f"{text} ({self.reason})" if self.reason else text


@dataclass(frozen=True, slots=True)
class Rule:
    """One permission rule: `tool` glob, `action`, and optional matchers (all must match)."""

    tool: str
    action: Action
    path_inside_workspace: bool | None = None
    command_prefix: list[str] | list[list[str]] | None = None
    network: list[str] | None = None
    reason: str = ""
    _prefixes: tuple[tuple[str, ...], ...] = field(default=(), init=False, repr=False)

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise ConfigError(f"rule action must be one of {', '.join(ACTIONS)}: {self.action!r}")
        prefixes: list[tuple[str, ...]] = []
        if self.command_prefix is not None:
            items = list(self.command_prefix)
            if items and all(isinstance(p, str) for p in items):
                prefixes.append(tuple(cast(list[str], items)))
            else:
                prefixes.extend(tuple(p) for p in cast(list[list[str]], items))
        object.__setattr__(self, "_prefixes", tuple(prefixes))

    @property
    def prefixes(self) -> tuple[tuple[str, ...], ...]:
        """The command prefixes, always as a tuple of token tuples."""
        return self._prefixes

    def matches(self, tool_name: str, arguments: Mapping[str, Any], ctx: ToolContext) -> bool:
        if not fnmatchcase(tool_name, self.tool):
            return False
        if self.path_inside_workspace is not None:
            inside = all(_inside(p, ctx.workspace) for p in path_arguments(arguments))
            if inside != self.path_inside_workspace:
                return False
        if self.command_prefix is not None and not _command_matches(
            arguments.get("command"), self.prefixes, every=self.action == "allow"
        ):
            return False
        return self.network is None or _host_matches(arguments.get("url"), self.network)


class Rules:
    """An ordered list of rules; the first that matches decides, else `default`."""

    def __init__(self, rules: Sequence[Rule], default: Action = "ask") -> None:
        if default not in ACTIONS:
            raise ConfigError(f"default action must be one of {', '.join(ACTIONS)}: {default!r}")
        self.rules = list(rules)
        self.default: Action = default

    def __repr__(self) -> str:
        return f"Rules({self.rules!r}, default={self.default!r})"

    def decide(
        self,
        tool_name: str,
        arguments: Mapping[str, Any],
        ctx: ToolContext,
        tainted: bool = False,
    ) -> Decision:
        """The first matching rule's action (tightened from allow to ask when `tainted`)."""
        decision = Decision(self.default, None, "no rule matched")
        for index, rule in enumerate(self.rules):
            if rule.matches(tool_name, arguments, ctx):
                decision = Decision(rule.action, index, rule.reason)
                break
        if tainted and decision.action == "allow":
            why = "arguments carry text from a tool result flagged for prompt injection"
            reason = f"{decision.reason}; tightened to ask: {why}" if decision.reason else why
            return Decision("ask", decision.rule_index, reason, tainted=True)
        if tainted:
            return Decision(decision.action, decision.rule_index, decision.reason, tainted=True)
        return decision

    @classmethod
    def default_coding(cls) -> Rules:
        """Defaults for the built-in coding tools: reads and writes inside the workspace are
        allowed, anything outside it is blocked, commands ask unless allow-listed, a few
        dangerous commands are blocked, and everything else asks."""
        return cls(
            [
                Rule("*", "block", path_inside_workspace=False, reason="outside the workspace"),
                Rule(
                    "run_command",
                    "block",
                    command_prefix=[["rm", "-rf"], ["sudo"], ["curl"], ["wget"]],
                    reason="dangerous command",
                ),
                Rule(
                    "run_command",
                    "allow",
                    command_prefix=[
                        ["pytest"],
                        ["python", "-m", "pytest"],
                        ["ls"],
                        ["cat"],
                        ["git", "status"],
                        ["git", "diff"],
                    ],
                    reason="allow-listed command",
                ),
                Rule("run_command", "ask", reason="commands need approval"),
                *(
                    Rule(name, "allow", path_inside_workspace=True, reason="read in the workspace")
                    for name in ("read_file", "list_files", "search")
                ),
                *(
                    Rule(name, "allow", path_inside_workspace=True, reason="edit in the workspace")
                    for name in ("write_file", "apply_patch")
                ),
            ],
            default="ask",
        )

    @classmethod
    def from_config(
        cls, data: Sequence[Mapping[str, Any]], source: str, default: str = "ask"
    ) -> Rules:
        """Rules from a list of tables (e.g. TOML ``[[rules]]``); ConfigError names the source,
        the rule's index and the key."""
        if not isinstance(data, list | tuple):
            raise ConfigError(f"{source}: rules must be a list of tables, not {_kind(data)}")
        if default not in ACTIONS:
            raise ConfigError(
                f"{source}: default: must be one of {', '.join(ACTIONS)}, not {default!r}"
            )
        return cls(
            [_rule_from(item, f"{source}: rule {i}") for i, item in enumerate(data)],
            default=cast(Action, default),
        )


_RULE_KEYS = ("tool", "action", "path_inside_workspace", "command_prefix", "network", "reason")


def _kind(value: object) -> str:
    return type(value).__name__


def _rule_from(item: object, where: str) -> Rule:
    if not isinstance(item, Mapping):
        raise ConfigError(f"{where}: must be a table, not {_kind(item)}")
    for key in item:
        if key not in _RULE_KEYS:
            raise ConfigError(f"{where}: key {key!r}: unknown key (known: {', '.join(_RULE_KEYS)})")
    for key in ("tool", "action"):
        if key not in item:
            raise ConfigError(f"{where}: key {key!r}: missing")
    tool = item["tool"]
    if not isinstance(tool, str) or not tool:
        raise ConfigError(f"{where}: key 'tool': must be a non-empty string (a glob)")
    action = item["action"]
    if action not in ACTIONS:
        raise ConfigError(f"{where}: key 'action': must be one of {', '.join(ACTIONS)}")
    inside = item.get("path_inside_workspace")
    if inside is not None and not isinstance(inside, bool):
        raise ConfigError(f"{where}: key 'path_inside_workspace': must be true or false")
    prefix = item.get("command_prefix")
    if prefix is not None and not _valid_prefix(prefix):
        raise ConfigError(
            f"{where}: key 'command_prefix': must be a non-empty list of strings "
            '(["git", "status"]) or a list of such lists'
        )
    network = item.get("network")
    if network is not None and (
        not isinstance(network, list)
        or not network
        or not all(isinstance(h, str) and h for h in network)
    ):
        raise ConfigError(f"{where}: key 'network': must be a non-empty list of host globs")
    reason = item.get("reason", "")
    if not isinstance(reason, str):
        raise ConfigError(f"{where}: key 'reason': must be a string")
    return Rule(
        tool,
        action,
        path_inside_workspace=inside,
        command_prefix=None if prefix is None else list(prefix),
        network=None if network is None else list(network),
        reason=reason,
    )


def _valid_prefix(value: object) -> bool:
    if not isinstance(value, list) or not value:
        return False
    if all(isinstance(t, str) and t for t in value):
        return True
    return all(
        isinstance(p, list) and p and all(isinstance(t, str) and t for t in p) for p in value
    )


# ----------------------------------------------------------------------------- matchers


def path_arguments(arguments: Mapping[str, Any]) -> Iterator[str]:
    """The path-like argument values (strings, or strings in a list) of a call."""
    for key, value in arguments.items():
        if key in PATH_KEYS or key.endswith("_path"):
            if isinstance(value, str):
                yield value
            elif isinstance(value, list | tuple):
                yield from (v for v in value if isinstance(v, str))


def _inside(path: str, workspace: Path) -> bool:
    """Whether `path` (relative to the workspace, or absolute) resolves inside it."""
    try:
        root = workspace.resolve()
        target = (root / Path(path).expanduser()).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte: not inside
        return False
    return target == root or target.is_relative_to(root)


def _split_command(command: object) -> tuple[list[list[str]], bool] | None:
    """The command's pieces (token lists, cut at shell operators) and whether it holds a
    substitution or redirection; None when it cannot be read."""
    if isinstance(command, list | tuple):
        if not all(isinstance(t, str) for t in command):
            return None
        return [list(command)], False
    if not isinstance(command, str):
        return None
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=_PUNCTUATION)
        lexer.whitespace_split = True
        lexer.whitespace = " \t\r"  # newlines separate commands, as in a shell
        # No comments: shlex's comment swallows the newline that ends it, gluing the next line
        # (a command `sh` runs) to this piece ("ls #\nrm -rf /x" read as one `ls`). A `#` is
        # kept as a word, and the newline still cuts, as in a shell.
        lexer.commenters = ""
        tokens = list(lexer)
    except ValueError:  # an unclosed quote
        return None
    pieces: list[list[str]] = [[]]
    for token in tokens:
        if all(c in _PUNCTUATION for c in token):  # an operator, a newline, a paren
            pieces.append([])
        else:
            pieces[-1].append(token)
    unsafe = any(mark in command for mark in _UNSAFE_FOR_ALLOW)
    return [p for p in pieces if p], unsafe


def _starts_with(tokens: list[str], prefix: tuple[str, ...], *, by_name: bool) -> bool:
    if len(tokens) < len(prefix) or not prefix:
        return False
    head = tokens[: len(prefix)]
    if by_name:  # /usr/bin/sudo counts as sudo
        head[0] = head[0].rsplit("/", 1)[-1]
    return tuple(head) == prefix


def _command_matches(
    command: object, prefixes: tuple[tuple[str, ...], ...], *, every: bool
) -> bool:
    split = _split_command(command)
    if split is None:
        return False
    pieces, unsafe = split
    if not pieces:
        return False
    if every:
        if unsafe:
            return False
        return all(any(_starts_with(p, x, by_name=False) for x in prefixes) for p in pieces)
    return any(any(_starts_with(p, x, by_name=True) for x in prefixes) for p in pieces)


def _host_matches(url: object, globs: list[str]) -> bool:
    if not isinstance(url, str):
        return False
    try:
        host = urlsplit(url.strip()).hostname
    except ValueError:
        return False
    if not host:
        return False
    return any(fnmatchcase(host.lower(), g.lower()) for g in globs)
