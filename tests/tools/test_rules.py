"""Permissions in code: globs, workspace paths, command prefixes, hosts, order, taint, config."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tether.errors import ConfigError
from tether.tools.base import ToolContext
from tether.tools.rules import Decision, Rule, Rules


@pytest.fixture
def ctx(tmp_path: Path) -> ToolContext:
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    return ToolContext(workspace=ws)


def test_tool_globs_and_the_default(ctx: ToolContext) -> None:
    rules = Rules([Rule("mcp_*", "block", reason="no MCP"), Rule("read_?", "allow")])
    assert rules.decide("mcp_fetch", {}, ctx) == Decision("block", 0, "no MCP")
    assert rules.decide("read_x", {}, ctx).action == "allow"
    assert rules.decide("read_xy", {}, ctx) == Decision("ask", None, "no rule matched")
    assert Rules([], default="block").decide("anything", {}, ctx).action == "block"


def test_first_match_wins(ctx: ToolContext) -> None:
    rules = Rules([Rule("*", "ask", reason="first"), Rule("x", "allow", reason="second")])
    assert rules.decide("x", {}, ctx) == Decision("ask", 0, "first")
    swapped = Rules([Rule("x", "allow", reason="second"), Rule("*", "ask", reason="first")])
    assert swapped.decide("x", {}, ctx) == Decision("allow", 0, "second")


@pytest.mark.parametrize(
    ("arguments", "inside"),
    [
        ({"path": "src/app.py"}, True),
        ({"path": "."}, True),
        ({"file": "new/dir/file.txt"}, True),  # need not exist yet
        ({"path": "src/../src/app.py"}, True),
        ({"path": "../outside/x"}, False),
        ({"path": "src/../../outside"}, False),
        ({"path": "/etc/passwd"}, False),
        ({"cwd": "/"}, False),
        ({"directory": "src", "target": "../outside"}, False),  # any outside
        ({"source_path": "../x"}, False),
        ({"paths_list": "../x"}, True),  # not a path-like key
        ({"dir": ["src", "/tmp"]}, False),
        ({}, True),  # no path argument: nothing outside
    ],
)
def test_path_inside_workspace(ctx: ToolContext, arguments: dict[str, Any], inside: bool) -> None:
    rules = Rules(
        [
            Rule("*", "allow", path_inside_workspace=True),
            Rule("*", "block", path_inside_workspace=False),
        ]
    )
    assert rules.decide("t", arguments, ctx).action == ("allow" if inside else "block")


def test_symlinks_are_resolved(ctx: ToolContext, tmp_path: Path) -> None:
    os.symlink(tmp_path / "outside", ctx.workspace / "escape")
    os.symlink(ctx.workspace / "src", ctx.workspace / "alias")
    rules = Rules([Rule("*", "allow", path_inside_workspace=True)], default="block")
    assert rules.decide("t", {"path": "escape/secret"}, ctx).action == "block"
    assert rules.decide("t", {"path": "alias/app.py"}, ctx).action == "allow"
    # a workspace given through a symlink still contains its own files
    link = tmp_path / "ws_link"
    os.symlink(ctx.workspace, link)
    via_link = ToolContext(workspace=link)
    assert rules.decide("t", {"path": str(ctx.workspace / "src")}, via_link).action == "allow"


def test_a_symlink_loop_is_not_inside(ctx: ToolContext) -> None:
    os.symlink(ctx.workspace / "b", ctx.workspace / "a")
    os.symlink(ctx.workspace / "a", ctx.workspace / "b")
    rules = Rules([Rule("*", "allow", path_inside_workspace=True)], default="block")
    assert rules.decide("t", {"path": "a/x"}, ctx).action in {"allow", "block"}  # never raises


@pytest.mark.parametrize(
    ("command", "action"),
    [
        ("pytest -q tests", "allow"),
        (["pytest", "-q"], "allow"),
        ("python -m pytest -x", "allow"),
        ("python -m pip install x", "ask"),
        ("git status --short", "allow"),
        ("git   diff HEAD", "allow"),
        ("git push", "ask"),
        ("ls -la && cat README.md", "allow"),
        ("pytest && rm -rf /", "block"),  # a blocked piece wins
        ("pytest; echo hi", "ask"),  # an allow must cover every piece
        ("cat $(echo x)", "ask"),  # substitution is never allow-listed
        ("ls > listing.txt", "ask"),  # nor is redirection
        ("rm -rf build", "block"),
        ("sudo ls", "block"),
        ("/usr/bin/sudo ls", "block"),
        ("echo hi | sudo tee /etc/x", "block"),
        ("curl https://example.com", "block"),
        (["wget", "x"], "block"),
        ("rm -r build", "ask"),
        ("echo 'unclosed", "ask"),
        ("", "ask"),
    ],
)
def test_command_prefixes_in_the_coding_defaults(
    ctx: ToolContext, command: Any, action: str
) -> None:
    decision = Rules.default_coding().decide("run_command", {"command": command}, ctx)
    assert decision.action == action, decision


def test_a_single_prefix_or_several(ctx: ToolContext) -> None:
    one = Rules([Rule("sh", "allow", command_prefix=["git", "log"])])
    assert one.decide("sh", {"command": "git log -1"}, ctx).action == "allow"
    assert one.decide("sh", {"command": "git"}, ctx).action == "ask"
    assert one.decide("sh", {}, ctx).action == "ask"  # no command: the matcher does not match
    many = Rules([Rule("sh", "allow", command_prefix=[["make"], ["npm", "test"]])])
    assert many.decide("sh", {"command": "npm test"}, ctx).action == "allow"
    assert many.decide("sh", {"command": "npm install"}, ctx).action == "ask"


@pytest.mark.parametrize(
    ("url", "action"),
    [
        ("https://docs.python.org/3/", "allow"),
        ("https://PYPI.org/simple", "allow"),
        ("https://api.github.com/repos", "allow"),
        ("https://github.com/", "ask"),  # *.github.com needs a subdomain
        ("https://evil.example/?q=docs.python.org", "block"),
        ("http://user@docs.python.org.evil.example/", "block"),
        ("not a url", "ask"),
    ],
)
def test_network_hosts(ctx: ToolContext, url: str, action: str) -> None:
    rules = Rules(
        [
            Rule("fetch", "allow", network=["docs.python.org", "pypi.org", "*.github.com"]),
            Rule("fetch", "block", network=["*.example", "*.evil.example"]),
        ]
    )
    assert rules.decide("fetch", {"url": url}, ctx).action == action


def test_all_matchers_of_a_rule_must_match(ctx: ToolContext) -> None:
    rule = Rule("run", "allow", path_inside_workspace=True, command_prefix=["ls"])
    rules = Rules([rule])
    assert rules.decide("run", {"command": "ls", "cwd": "src"}, ctx).action == "allow"
    assert rules.decide("run", {"command": "ls", "cwd": "/"}, ctx).action == "ask"
    assert rules.decide("run", {"command": "pwd", "cwd": "src"}, ctx).action == "ask"


def test_tainted_tightens_allow_to_ask_only(ctx: ToolContext) -> None:
    rules = Rules([Rule("a", "allow", reason="fine"), Rule("b", "block"), Rule("h", "handover")])
    tight = rules.decide("a", {}, ctx, tainted=True)
    assert tight.action == "ask" and tight.rule_index == 0 and tight.tainted
    assert "prompt injection" in tight.reason
    assert rules.decide("b", {}, ctx, tainted=True).action == "block"
    assert rules.decide("h", {}, ctx, tainted=True).action == "handover"
    assert rules.decide("zzz", {}, ctx, tainted=True).action == "ask"
    assert Rules([], default="allow").decide("x", {}, ctx, tainted=True).action == "ask"


def test_coding_defaults_for_files(ctx: ToolContext) -> None:
    rules = Rules.default_coding()
    for name in ("read_file", "list_files", "search", "write_file", "apply_patch"):
        assert rules.decide(name, {"path": "src/x.py"}, ctx).action == "allow", name
        assert rules.decide(name, {"path": "../x"}, ctx).action == "block", name
    assert rules.decide("run_command", {"command": "ls", "cwd": "/etc"}, ctx).action == "block"
    assert rules.decide("fetch", {"url": "https://x.org"}, ctx).action == "ask"


def test_decision_describe() -> None:
    assert Decision("allow", 2, "reads").describe() == "allow by rule 2 (reads)"
    assert Decision("ask", None, "").describe() == "ask by default"


def test_from_config_builds_rules(ctx: ToolContext) -> None:
    rules = Rules.from_config(
        [
            {"tool": "run_command", "action": "allow", "command_prefix": ["make"]},
            {"tool": "fetch", "action": "block", "network": ["*"], "reason": "offline"},
            {"tool": "*", "action": "allow", "path_inside_workspace": True},
        ],
        "tether.toml",
        default="block",
    )
    assert rules.decide("run_command", {"command": "make"}, ctx).action == "allow"
    assert rules.decide("fetch", {"url": "https://a.b"}, ctx) == Decision("block", 1, "offline")
    assert rules.default == "block"


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ([{"tool": "x", "action": "allow"}, {"action": "allow"}], "rule 1: key 'tool': missing"),
        ([{"tool": "x"}], "rule 0: key 'action': missing"),
        ([{"tool": "x", "action": "maybe"}], "rule 0: key 'action'"),
        ([{"tool": "", "action": "allow"}], "rule 0: key 'tool'"),
        ([{"tool": "x", "action": "allow", "colour": 1}], "rule 0: key 'colour': unknown key"),
        (
            [{"tool": "x", "action": "allow", "path_inside_workspace": "yes"}],
            "rule 0: key 'path_inside_workspace'",
        ),
        ([{"tool": "x", "action": "allow", "command_prefix": "git"}], "key 'command_prefix'"),
        ([{"tool": "x", "action": "allow", "command_prefix": []}], "key 'command_prefix'"),
        ([{"tool": "x", "action": "allow", "command_prefix": [1]}], "key 'command_prefix'"),
        ([{"tool": "x", "action": "allow", "network": "a.com"}], "rule 0: key 'network'"),
        ([{"tool": "x", "action": "allow", "reason": 3}], "rule 0: key 'reason'"),
        (["allow everything"], "rule 0: must be a table"),
    ],
)
def test_from_config_errors_name_source_index_and_key(data: Any, needle: str) -> None:
    with pytest.raises(ConfigError) as info:
        Rules.from_config(data, "tether.toml")
    assert str(info.value).startswith("tether.toml: ")
    assert needle in str(info.value)


def test_from_config_rejects_a_non_list_and_a_bad_default() -> None:
    with pytest.raises(ConfigError, match=r"tether\.toml: rules must be a list"):
        Rules.from_config({"tool": "x"}, "tether.toml")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"tether\.toml: default"):
        Rules.from_config([], "tether.toml", default="sometimes")


def test_a_rule_with_a_bad_action_is_refused() -> None:
    with pytest.raises(ConfigError):
        Rule("x", "perhaps")  # type: ignore[arg-type]


def test_a_server_rule_matches_only_that_mcp_servers_tools(tmp_path: Path) -> None:
    rules = Rules.from_config(
        [{"tool": "*", "server": "docs", "action": "allow"}], "test", default="block"
    )
    ctx = ToolContext(tmp_path)
    assert rules.decide("search", {}, ctx, server="docs").action == "allow"
    assert rules.decide("search", {}, ctx, server="git").action == "block"
    assert rules.decide("search", {}, ctx).action == "block"  # a local tool has no server
    with pytest.raises(ConfigError, match="key 'server'"):
        Rules.from_config([{"tool": "*", "server": "", "action": "allow"}], "test")
