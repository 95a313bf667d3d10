"""`tether eval SUITE`: the shipped example passes end to end, a broken case fails with its
reason, and a suite that cannot run as written is refused up front (exit 2, file + key)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tether.errors import SuiteError
from tether.evals import builtin_suites, load_suite
from tether.trace.gate import check_targets
from tether.trace.store import TraceStore

EXAMPLE = builtin_suites()["example"]


def tether_eval(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tether", "eval", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.timeout(60)
def test_the_example_suite_passes_end_to_end(tmp_path: Path) -> None:
    store = tmp_path / "traces.db"
    ran = tether_eval("example", "--json", "--store", str(store))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    body = json.loads(ran.stdout)
    cases = {c["name"]: c for c in body["cases"]}
    assert body["summary"]["failed"] == 0, [c["reason"] for c in body["cases"] if not c["passed"]]
    kinds = [c["kind"] for c in body["cases"]]
    assert kinds.count("cassette") >= 3 and kinds.count("tools") >= 2 and kinds.count("golden") >= 2
    apis = {c["details"]["api"] for c in body["cases"] if c["kind"] == "cassette"}
    assert {"openai", "anthropic"} <= apis
    # the messy OpenAI stream: both parallel calls, arguments split mid-character, parsed whole
    parsed = cases["openai-parallel-split-args"]["details"]["turn"]["tool_calls"]
    assert [json.loads(c["arguments"]) for c in parsed] == [
        {"city": "São Paulo", "unit": "celsius"},
        {"tz": "America/Sao_Paulo"},
    ]
    # the tool that hangs: a timeout result, and a run that still ended honestly
    hang = cases["inventory-hangs"]["details"]
    assert [t["status"] for t in hang["tool_calls"]] == ["timeout"]
    assert hang["receipt"]["status"] == "answered"
    assert cases["inventory-hangs"]["duration_s"] < 5
    # every run is in the store, and every one passes the gate
    ids = [c["run_id"] for c in body["cases"]]
    assert all(ids) and len(set(ids)) == len(ids)
    with TraceStore(store) as traces:
        report = check_targets(ids, traces, None)
    assert len(report.runs) == len(ids) and all(r.complete for r in report.runs)


def broken_copy(tmp_path: Path, edits: dict[str, list[tuple[str, str]]]) -> Path:
    folder = tmp_path / "suite"
    shutil.copytree(EXAMPLE, folder)
    for name, replacements in edits.items():
        path = folder / name
        text = path.read_text(encoding="utf-8")
        for old, new in replacements:
            assert old in text, (name, old)
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return folder


@pytest.mark.timeout(60)
def test_broken_cases_fail_with_a_clear_reason_and_the_others_still_pass(tmp_path: Path) -> None:
    folder = broken_copy(
        tmp_path,
        {
            # a server that names the field differently: the adapter finds no tool call
            "cassettes/selfhosted_tool_call_finish_stop.jsonl": [
                ('\\"tool_calls\\":[{\\"index\\":0', '\\"tool_call\\":[{\\"index\\":0')
            ],
            "suite.toml": [
                # an expectation the stream does not meet
                ('{ name = "get_weather", arguments = { city = "São Paulo"',
                 '{ name = "get_forecast", arguments = { city = "São Paulo"'),
                ('check_inventory = "timeout"', 'check_inventory = "ok"'),
                ("23 = 391.", "23 = 401."),
            ],
        },
    )  # fmt: skip
    ran = tether_eval(str(folder), "--store", str(tmp_path / "traces.db"))
    assert ran.returncode == 1, ran.stdout + ran.stderr
    lines = {
        line.split()[2]: line for line in ran.stdout.splitlines() if line[:4] in ("PASS", "FAIL")
    }
    failed = {name for name, line in lines.items() if line.startswith("FAIL")}
    assert failed == {
        "selfhosted-tool-call-finish-stop",
        "openai-parallel-split-args",
        "inventory-hangs",
        "arithmetic",
    }
    assert (
        "expected tool calls [get_weather], parsed [none]"
        in lines["selfhosted-tool-call-finish-stop"]
    )
    assert (
        "expected tool calls [get_forecast, get_time], parsed [get_weather, get_time]"
        in (lines["openai-parallel-split-args"])
    )
    assert (
        "expected every call of check_inventory to end 'ok', got ['timeout']"
        in (lines["inventory-hangs"])
    )
    arithmetic = lines["arithmetic"]
    assert "expected status 'done', the run ended 'failed'" in arithmetic
    assert (
        "the validator validators.py:is_391 rejected the answer: expected 391, found ['401']"
        in (arithmetic)
    )
    assert "10 cases, 6 passed, 4 failed" in ran.stdout


TOOLS = """
from tether.tools.base import tool

@tool
def ping(host: str) -> str:
    \"\"\"Ping a host.\"\"\"
    return "pong"
"""
VALIDATORS = "def says_hi(answer):\n    return 'hi' in answer\n"
CASSETTE = '{"cassette": 1, "api": "openai"}\n{"raw": "data: [DONE]\\n\\n"}\n'
GOOD_CASE = """
[[cases]]
name = "greet"
kind = "golden"
reply = "hi there"
validator = "validators.py:says_hi"
"""


def write_suite(tmp_path: Path, manifest: str) -> Path:
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "suite.toml").write_text(manifest, encoding="utf-8")
    (folder / "tools.py").write_text(TOOLS)
    (folder / "validators.py").write_text(VALIDATORS)
    (folder / "reply.jsonl").write_text(CASSETTE)
    return folder


@pytest.mark.parametrize(
    ("manifest", "key", "problem"),
    [
        ('[[cases]]\nname = "x"\nkind = "casette"\n', 'cases[0] ("x").kind', "use kind = one of"),
        ('[[cases]]\nname = "x"\nkind = "cassette"\n', 'cases[0] ("x").cassette', "missing"),
        (
            '[[cases]]\nname = "x"\nkind = "cassette"\ncassette = "reply.jsonl"\n'
            "expect.tool_call = []\n",
            'cases[0] ("x").expect.tool_call',
            "unknown key; remove it or fix its spelling (known keys: finish, reasoning_contains, "
            "text, text_contains, tool_calls, verdict)",
        ),
        (
            '[[cases]]\nname = "x"\nkind = "cassette"\ncassette = "reply.jsonl"\n'
            'expect.finish = "done"\n',
            'cases[0] ("x").expect.finish',
            "Input should be 'stop', 'length', 'tool_calls' or 'content_filter'",
        ),
        (
            '[[cases]]\nname = "x"\nkind = "cassette"\ncassette = "missing.jsonl"\n',
            'cases[0] ("x").cassette',
            "'missing.jsonl': no such file",
        ),
        (
            '[[cases]]\nname = "x"\nkind = "golden"\nreply = "hi"\n'
            'validator = "validators.py:no_such"\n',
            'cases[0] ("x").validator',
            "no function 'no_such' in validators.py (functions there: says_hi)",
        ),
        (
            '[[cases]]\nname = "x"\nkind = "golden"\nreply = "hi"\nvalidator = "says_hi"\n',
            'cases[0] ("x").validator',
            "name it as FILE.py:function_name",
        ),
        (
            '[[cases]]\nname = "x"\nkind = "golden"\nreply = "hi"\ncassette = "reply.jsonl"\n'
            'validator = "validators.py:says_hi"\n',
            'cases[0] ("x")',
            "both reply and cassette",
        ),
        (
            '[suite]\ntools = "tools.py"\n[[cases]]\nname = "x"\nkind = "tools"\n'
            'turns = [{ tool_calls = [{ name = "pong" }] }]\n',
            'cases[0] ("x").turns',
            "a turn calls 'pong', which this case does not give the agent",
        ),
        (
            '[suite]\ntools = "tools.py"\n[[cases]]\nname = "x"\nkind = "tools"\n'
            'tools = ["pong"]\nturns = [{ text = "hi" }]\n',
            'cases[0] ("x").tools[0]',
            "no tool 'pong' in the suite (known: ping)",
        ),
        (
            '[[cases]]\nname = "x"\nkind = "tools"\nturns = [{ text = "hi", colour = 1 }]\n',
            'cases[0] ("x").turns[0].colour',
            "unknown key",
        ),
        (GOOD_CASE + GOOD_CASE, "cases[1].name", "'greet' is used twice"),
        ('[suite]\nname = "a"\nnmae = "b"\n' + GOOD_CASE, "suite.nmae", "unknown key"),
        ("[suite]\n", "cases", "no cases"),
        ("[[cases]\n", "", "invalid TOML"),
    ],
)
def test_a_suite_that_cannot_run_names_the_file_key_and_fix(
    tmp_path: Path, manifest: str, key: str, problem: str
) -> None:
    folder = write_suite(tmp_path, manifest)
    with pytest.raises(SuiteError) as caught:
        load_suite(folder)
    assert caught.value.path == str(folder.resolve() / "suite.toml")
    assert caught.value.key == key
    assert problem in caught.value.problem


def test_a_tools_file_that_does_not_import_is_named(tmp_path: Path) -> None:
    folder = write_suite(tmp_path, '[suite]\ntools = "tools.py"\n' + GOOD_CASE)
    (folder / "tools.py").write_text("import no_such_module_here\n")
    with pytest.raises(SuiteError, match=r"tools\.py: importing it failed: ModuleNotFoundError"):
        load_suite(folder)


@pytest.mark.timeout(30)
def test_usage_errors_exit_2_with_one_line_naming_the_input(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"no such suite folder; .* built-in: example"):
        load_suite(tmp_path / "nowhere")
    bare = tmp_path / "bare"
    bare.mkdir()
    with pytest.raises(SuiteError, match=r"no suite\.toml in this folder"):
        load_suite(bare)
    folder = write_suite(tmp_path, '[[cases]]\nname = "x"\nkind = "cassette"\n')
    bad = tether_eval(str(folder), "--json")
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert f'{folder.resolve() / "suite.toml"}: cases[0] ("x").cassette: missing' in bad.stderr


@pytest.mark.timeout(30)
def test_a_validator_that_raises_or_returns_junk_fails_its_case(tmp_path: Path) -> None:
    import anyio

    from tether.evals import run_suite

    junk = GOOD_CASE.replace('"greet"', '"junk"').replace("says_hi", "count")
    folder = write_suite(tmp_path, GOOD_CASE + junk)
    (folder / "validators.py").write_text(
        "def says_hi(answer):\n    return answer.missing\n\n"
        "def count(answer):\n    return len(answer)\n"
    )
    suite = load_suite(folder)
    result = anyio.run(lambda: run_suite(suite, tmp_path / "work", store=None))
    assert result.exit_code == 1
    raised, junk_result = result.cases
    assert "rejected the answer: it raised AttributeError" in raised.reason
    assert "it returned 8; return a bool or (bool, reason)" in junk_result.reason
