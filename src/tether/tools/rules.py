"""Permissions enforced in code: every tool call is decided by rules, never by the prompt.

A `Rule` names a tool (a glob) and an action: `allow`, `ask` (a person decides), `block`, or
`handover` (the run stops and says what a person must do). It may narrow itself with matchers,
all of which must match:

- `path_inside_workspace`: True matches when every path-like argument (keys ``path``, ``file``,
  ``dir``, ``directory``, ``cwd``, ``target`` or ending in ``_path``; a string or a list of
  strings) resolves inside the workspace, symlinks and ``..`` resolved (a call with no path-like
  argument has nothing outside, so it matches); False matches when any of them resolves outside.
- `command_prefix`: the ``command`` argument (a string, or an argv list) runs the prefix
  (``["git", "status"]``) or, given a list of prefixes, any of them. A command string is read
  as the shell reads it (`tether.tools.shellwords`): every program it will start counts, in
  lists, pipes, subshells, loops, `$(...)` and backticks, `sh -c` strings, `eval`, and behind
  wrappers (`env`, `timeout`, `nice`, `xargs`, ...). An `allow` rule matches only when EVERY
  program starts with a prefix, word for word, and nothing is substituted or redirected
  (`` ` ``, ``$(``, ``<``, ``>``), so ``pytest && rm -rf /`` is never allowed as "pytest"; any
  other rule matches when ANY program is the prefix's, by name (``/usr/bin/sudo`` is sudo),
  with the prefix's flags in any spelling (``rm -fr``, ``rm -r -f``, ``rm --recursive
  --force`` are ``rm -rf``), so ``ls; sudo x`` is blocked as "sudo". A command that cannot be
  read matches no rule with a prefix, so it falls to the rules after (by default: ask).
- `network`: the host of the ``url`` argument matches one of the globs (``*.example.com``).
- `server`: the tool comes from an MCP server whose name matches the glob (``git``, ``*``); a
  local tool matches no `server`.

`Rules.decide` takes the first rule that matches; none matching gives the default (`ask`).
Arguments that carry text from a result flagged for prompt injection are `tainted`: an `allow`
becomes `ask`, so text an outsider wrote never runs without a person saying yes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Literal, cast, get_args
from urllib.parse import urlsplit

from tether.errors import ConfigError
from tether.tools.base import ToolContext
from tether.tools.shellwords import SimpleCommand, commands

__all__ = ["Action", "Decision", "Rule", "Rules", "path_arguments"]

Action = Literal["allow", "ask", "block", "handover"]
ACTIONS: tuple[str, ...] = get_args(Action)

PATH_KEYS = frozenset({"path", "file", "dir", "directory", "cwd", "target"})
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
    server: str | None = None
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

    def matches(
        self, tool_name: str, arguments: Mapping[str, Any], ctx: ToolContext, server: str = ""
    ) -> bool:
        if not fnmatchcase(tool_name, self.tool):
            return False
        if self.server is not None and not (server and fnmatchcase(server, self.server)):
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
        server: str = "",
    ) -> Decision:
        """The first matching rule's action (tightened from allow to ask when `tainted`);
        `server` names the MCP server of the tool ("" for a local one)."""
        decision = Decision(self.default, None, "no rule matched")
        for index, rule in enumerate(self.rules):
            if rule.matches(tool_name, arguments, ctx, server):
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


_RULE_KEYS = (
    "tool", "action", "path_inside_workspace", "command_prefix", "network", "reason", "server",
)  # fmt: skip


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
    server = item.get("server")
    if server is not None and (not isinstance(server, str) or not server):
        raise ConfigError(f"{where}: key 'server': must be a non-empty string (a glob)")
    return Rule(
        tool,
        action,
        path_inside_workspace=inside,
        command_prefix=None if prefix is None else list(prefix),
        network=None if network is None else list(network),
        reason=reason,
        server=server,
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


def _read_command(command: object) -> list[SimpleCommand] | None:
    """The programs a command runs (a string read as `sh` reads it, or an argv list); None
    when it cannot be read."""
    if isinstance(command, list | tuple):
        if not command or not all(isinstance(t, str) for t in command):
            return None
        return [SimpleCommand(tuple(command))]
    if not isinstance(command, str):
        return None
    return commands(command)


def _starts_with(tokens: tuple[str, ...], prefix: tuple[str, ...]) -> bool:
    """Exactly these first words (what an allow-list names is what may run)."""
    return bool(prefix) and tokens[: len(prefix)] == prefix


# Long options that mean a short one, for matching flags of a block list.
_LONG_FLAGS = {"--recursive": "r", "--force": "f", "--dir": "d", "--interactive": "i"}


def _flags(words: tuple[str, ...]) -> set[str]:
    found: set[str] = set()
    for w in words:
        if w.startswith("--"):
            found.add(_LONG_FLAGS.get(w.split("=", 1)[0], w))
        elif w.startswith("-") and len(w) > 1:
            found.update(c.lower() for c in w[1:])
    return found


def _names(program: SimpleCommand, prefix: tuple[str, ...]) -> bool:
    """The program is the prefix's (by name, `/usr/bin/rm` is `rm`), every flag of the prefix
    is among its flags in any spelling (`rm -rf`: `rm -fr`, `rm -r -f`, `rm --recursive
    --force`), and the prefix's other words come in order among its words."""
    if not prefix or program.program != prefix[0].rsplit("/", 1)[-1]:
        return False
    wanted = prefix[1:]
    if not _flags(tuple(w for w in wanted if w.startswith("-"))) <= _flags(program.words[1:]):
        return False
    words = iter(w for w in program.words[1:] if not w.startswith("-"))
    return all(any(w == x for w in words) for x in wanted if not x.startswith("-"))


def _command_matches(
    command: object, prefixes: tuple[tuple[str, ...], ...], *, every: bool
) -> bool:
    programs = _read_command(command)
    if not programs:
        return False
    if every:  # allow: every program allow-listed, exactly, and nothing hidden or written
        if isinstance(command, str) and any(m in command for m in _UNSAFE_FOR_ALLOW):
            return False
        if any(p.dynamic or p.writes_to for p in programs):
            return False
        return all(any(_starts_with(p.words, x) for x in prefixes) for p in programs)
    return any(any(_names(p, x) for x in prefixes) for p in programs)


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
