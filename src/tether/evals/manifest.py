"""A suite's manifest (`suite.toml`): its cases, checked before anything runs.

Loading resolves everything a run needs (cassettes read, the suite's Python files imported,
tools and validators found), so a typo is a SuiteError naming the file, the key and the fix
(exit 2), never a failed case halfway through. The schema is in the README ("tether eval").
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
import tomllib
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationError

from tether.agent.receipt import ReceiptStatus
from tether.config.files import Frozen
from tether.errors import ScriptError, SuiteError
from tether.stand.cassette import Cassette, load_cassette
from tether.stand.script import TurnSpec
from tether.tools.base import Tool

MANIFEST = "suite.toml"
KINDS = ("cassette", "tools", "golden")
Api = Literal["openai", "anthropic", "ollama"]
ToolStatus = Literal["ok", "error", "timeout", "blocked", "denied", "skipped", "handover"]
FinishName = Literal["stop", "length", "tool_calls", "content_filter"]
CaseName = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$")]
Validator = Callable[[str], Any]


class ExpectedCall(Frozen):
    """A tool call the reply must hold: its name and (when given) its arguments, as JSON."""

    name: str = Field(min_length=1)
    arguments: dict[str, Any] | None = None


class CassetteExpect(Frozen):
    text: str | None = None
    text_contains: list[str] = Field(default_factory=list)
    reasoning_contains: list[str] = Field(default_factory=list)
    tool_calls: list[ExpectedCall] | None = None  # None: not checked; []: none allowed
    finish: FinishName | None = None
    verdict: str = ""  # the judge's verdict the reply must get ("": it must be an answer)


class RunExpect(Frozen):
    status: ReceiptStatus | None = None  # default: `done` with checks, else `answered`
    text: str | None = None
    text_contains: list[str] = Field(default_factory=list)
    tool_calls: list[ExpectedCall] | None = None  # the calls the agent made, in order
    tool_status: dict[str, ToolStatus] = Field(default_factory=dict)  # every call of that tool


class SuiteSection(Frozen):
    name: str = ""
    description: str = ""
    tools: str | None = None  # the Python file whose @tool functions the cases may use
    timeout_s: float = Field(default=60.0, gt=0)  # each case, at most


class _Case(Frozen):
    name: CaseName
    kind: str
    description: str = ""
    prompt: str = "Reply to this request."
    checks: list[str] = Field(default_factory=list)
    check_timeout_s: float = Field(default=30.0, gt=0)
    timeout_s: float | None = Field(default=None, gt=0)  # default: the suite's


class CassetteCase(_Case):
    kind: Literal["cassette"]
    cassette: str = Field(min_length=1)
    tools: list[str] | None = None  # tool specs sent with the request (default: the suite's)
    expect: CassetteExpect = Field(default_factory=CassetteExpect)


class _AgentCase(_Case):
    api: Api = "openai"
    tools: list[str] | None = None  # default: every tool of the suite (golden: none)
    turns: list[TurnSpec] | None = None
    max_steps: int = Field(default=8, ge=1)
    tool_timeout_s: float = Field(default=10.0, gt=0)
    fix_cycles: int = Field(default=0, ge=0, le=10)
    workspace: str | None = None  # a folder of the suite copied into the case's workspace
    validator: str | None = None
    expect: RunExpect = Field(default_factory=RunExpect)


class ToolsCase(_AgentCase):
    kind: Literal["tools"]
    turns: list[TurnSpec] = Field(min_length=1)


class GoldenCase(_AgentCase):
    kind: Literal["golden"]
    reply: str | None = None
    cassette: str | None = Field(default=None, min_length=1)
    validator: str = Field(min_length=1)


Case = CassetteCase | ToolsCase | GoldenCase
_CASE_MODELS: dict[str, type[CassetteCase] | type[ToolsCase] | type[GoldenCase]] = {
    "cassette": CassetteCase,
    "tools": ToolsCase,
    "golden": GoldenCase,
}


@dataclass
class Suite:
    """A loaded suite: its cases with everything they refer to already resolved."""

    name: str
    folder: Path
    manifest: Path
    description: str
    timeout_s: float
    cases: list[Case]
    tools: dict[str, Tool] = field(default_factory=dict)
    cassettes: dict[str, Cassette] = field(default_factory=dict)  # case name -> cassette
    validators: dict[str, Validator] = field(default_factory=dict)  # case name -> function
    modules: dict[Path, types.ModuleType] = field(default_factory=dict)  # imported once a load

    def case_tools(self, case: Case) -> list[Tool]:
        if case.tools is None:
            return [] if isinstance(case, GoldenCase) else list(self.tools.values())
        return [self.tools[n] for n in case.tools]


# ---------------------------------------------------------------- finding and loading


def builtin_suites() -> dict[str, Path]:
    """The suites shipped with tether, by name (`tether eval example`)."""
    root = Path(__file__).resolve().parent / "suites"
    if not root.is_dir():
        return {}
    return {p.name: p for p in sorted(root.iterdir()) if (p / MANIFEST).is_file()}


def find_suite(spec: str) -> Path:
    """A suite folder from a path (a folder, or its suite.toml) or a built-in suite's name."""
    path = Path(spec)
    if path.is_file():
        if path.name == MANIFEST:
            return path.parent
        raise SuiteError(spec, "", f"a suite is a folder with {MANIFEST}; give the folder")
    if (path / MANIFEST).is_file():
        return path
    builtin = builtin_suites()
    if spec in builtin:  # a folder of that name without a manifest does not hide it
        return builtin[spec]
    if path.is_dir():
        raise SuiteError(
            spec, "", f"no {MANIFEST} in this folder; a suite is a folder with a manifest"
        )
    names = ", ".join(builtin) or "none"
    raise SuiteError(
        spec, "", f"no such suite folder; give a folder with {MANIFEST} or a built-in: {names}"
    )


def load_suite(spec: str | Path) -> Suite:
    """Find, read and resolve a suite; any problem is a SuiteError (file, key, fix)."""
    folder = find_suite(str(spec)).resolve()
    manifest = folder / MANIFEST
    name = str(manifest)
    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SuiteError(name, "", f"cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SuiteError(name, "", f"invalid TOML: {exc}") from None
    unknown = set(data) - {"suite", "cases"}
    if unknown:
        key = sorted(unknown)[0]
        raise SuiteError(name, key, "unknown top-level key; use [suite] and [[cases]]")
    try:
        section = SuiteSection.model_validate(data.get("suite", {}))
    except ValidationError as exc:
        raise _schema_error(name, "suite", SuiteSection, exc) from None
    raw_cases = data.get("cases")
    if not isinstance(raw_cases, list) or not raw_cases:
        raise SuiteError(
            name, "cases", "no cases; add [[cases]] tables with name, kind and what to check"
        )
    cases = [_case(name, i, raw) for i, raw in enumerate(raw_cases)]
    seen: set[str] = set()
    for i, case in enumerate(cases):
        if case.name in seen:
            raise SuiteError(name, f"cases[{i}].name", f"{case.name!r} is used twice; rename one")
        seen.add(case.name)
    suite = Suite(
        name=section.name or folder.name,
        folder=folder,
        manifest=manifest,
        description=section.description,
        timeout_s=section.timeout_s,
        cases=cases,
    )
    if section.tools is not None:
        suite.tools = _load_tools(suite, section.tools, "suite.tools")
    for i, case in enumerate(cases):
        _resolve(suite, i, case)
    return suite


def _case(name: str, index: int, raw: Any) -> Case:
    key = f"cases[{index}]"
    if not isinstance(raw, dict):
        raise SuiteError(name, key, "a case is a table: [[cases]] with name = ..., kind = ...")
    label = f'{key} ("{raw["name"]}")' if isinstance(raw.get("name"), str) else key
    kind = raw.get("kind")
    if kind not in _CASE_MODELS:
        got = "missing" if kind is None else f"{kind!r} is not a kind"
        raise SuiteError(name, f"{label}.kind", f"{got}; use kind = one of {', '.join(KINDS)}")
    model = _CASE_MODELS[kind]
    try:
        case = model.model_validate(raw)
    except ValidationError as exc:
        raise _schema_error(name, label, model, exc) from None
    if isinstance(case, GoldenCase):
        given = [k for k in ("reply", "turns", "cassette") if getattr(case, k) is not None]
        if len(given) != 1:
            problem = "both " + " and ".join(given) if given else "no reply"
            raise SuiteError(
                name,
                label,
                f'{problem}: a golden case gives exactly one of reply = "...", turns = [...] or '
                'cassette = "FILE.jsonl"',
            )
    return case


def _resolve(suite: Suite, index: int, case: Case) -> None:
    name = str(suite.manifest)
    label = f'cases[{index}] ("{case.name}")'
    if case.tools is not None:
        for i, tool_name in enumerate(case.tools):
            if tool_name not in suite.tools:
                known = ", ".join(suite.tools) or 'none: set tools = "FILE.py" under [suite]'
                raise SuiteError(
                    name,
                    f"{label}.tools[{i}]",
                    f"no tool {tool_name!r} in the suite (known: {known})",
                )
    cassette = getattr(case, "cassette", None)
    if cassette is not None:
        path = _inside(suite, cassette, f"{label}.cassette")
        try:
            suite.cassettes[case.name] = load_cassette(path)
        except ScriptError as exc:
            raise SuiteError(name, f"{label}.cassette", str(exc)) from None
        api = suite.cassettes[case.name].api
        if isinstance(case, GoldenCase) and "api" in case.model_fields_set and case.api != api:
            raise SuiteError(
                name, f"{label}.api", f"the cassette was recorded from {api}; set api = {api!r}"
            )
    if isinstance(case, ToolsCase | GoldenCase):
        if (
            case.workspace is not None
            and not _inside(suite, case.workspace, f"{label}.workspace").is_dir()
        ):
            raise SuiteError(
                name, f"{label}.workspace", f"{case.workspace!r} is not a folder of the suite"
            )
        if case.validator is not None:
            suite.validators[case.name] = _load_validator(
                suite, case.validator, f"{label}.validator"
            )
        for who in [c.name for t in case.turns or [] for c in t.tool_calls]:
            if who not in {t.name for t in suite.case_tools(case)}:
                raise SuiteError(
                    name,
                    f"{label}.turns",
                    f"a turn calls {who!r}, which this case does not give the agent; "
                    "add it to the case's tools (or the suite's tools file)",
                )


def _inside(suite: Suite, relative: str, key: str) -> Path:
    path = (suite.folder / relative).resolve()
    if not path.is_relative_to(suite.folder):
        raise SuiteError(
            str(suite.manifest), key, f"{relative!r} is outside the suite; keep files in it"
        )
    if not path.exists():
        raise SuiteError(str(suite.manifest), key, f"{relative!r}: no such file in {suite.folder}")
    return path


def _import(suite: Suite, relative: str, key: str) -> types.ModuleType:
    path = _inside(suite, relative, key)
    if path.suffix != ".py":
        raise SuiteError(str(suite.manifest), key, f"{relative!r} is not a Python file (.py)")
    if path in suite.modules:
        return suite.modules[path]
    digest = hashlib.blake2b(str(path).encode(), digest_size=6).hexdigest()
    module_name = f"tether_suite_{digest}_{path.stem}"  # fresh on every load: edits count
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise SuiteError(str(suite.manifest), key, f"{relative!r} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(module_name, None)
        raise SuiteError(
            str(path), "", f"importing it failed: {type(exc).__name__}: {exc} (key {key})"
        ) from None
    suite.modules[path] = module
    return module


def _load_tools(suite: Suite, relative: str, key: str) -> dict[str, Tool]:
    module = _import(suite, relative, key)
    tools = {v.name: v for v in vars(module).values() if isinstance(v, Tool)}
    if not tools:
        raise SuiteError(
            str(suite.manifest),
            key,
            f"{relative!r} defines no tools; decorate functions with @tool (tether.tools.base)",
        )
    return tools


def _load_validator(suite: Suite, ref: str, key: str) -> Validator:
    relative, sep, func = ref.rpartition(":")
    if not sep or not relative or not func:
        raise SuiteError(str(suite.manifest), key, f"{ref!r}: name it as FILE.py:function_name")
    module = _import(suite, relative, key)
    fn = getattr(module, func, None)
    if not callable(fn):
        found = sorted(
            n for n, v in vars(module).items() if inspect.isfunction(v) and not n.startswith("_")
        )
        raise SuiteError(
            str(suite.manifest),
            key,
            f"no function {func!r} in {relative} (functions there: {', '.join(found) or 'none'})",
        )
    return typing.cast(Validator, fn)


# ---------------------------------------------------------------- schema errors


def _schema_error(
    name: str, prefix: str, model: type[BaseModel], exc: ValidationError
) -> SuiteError:
    err = exc.errors()[0]
    loc = tuple(err["loc"])
    if err["type"] == "missing":
        return SuiteError(name, _key(prefix, loc), f"missing; add {loc[-1]} = ... to this table")
    if err["type"] == "extra_forbidden":
        known = _known_keys(model, loc[:-1])
        hint = f" (known keys: {', '.join(known)})" if known else ""
        return SuiteError(
            name, _key(prefix, loc), f"unknown key; remove it or fix its spelling{hint}"
        )
    more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
    return SuiteError(name, _key(prefix, loc), f"{err['msg']}{more}")


def _key(prefix: str, loc: tuple[Any, ...]) -> str:
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not isinstance(part, str) or part.startswith(("function-", "union[")):
            continue
        else:
            out += f".{part}" if out else part
    return out


def _known_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The keys the table at `loc` (under `model`) accepts, for the hint on an unknown key."""
    current: Any = model
    for part in loc:
        if not isinstance(part, str):
            continue  # a list index: the item's model is found inside the list's annotation
        table = _model_in(current)
        info = table.model_fields.get(part) if table is not None else None
        if info is None:
            return []
        current = info.annotation
    found = _model_in(current)
    return sorted(found.model_fields) if found is not None else []


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
        inner = _model_in(arg) if typing.get_args(arg) else None
        if inner is not None:
            return inner
    return None
