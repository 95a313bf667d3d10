"""The stand's script: which models it serves and which turns it replays.

A script is a JSON or YAML file (the schema is in the README). Errors name the file and the
place: a line and column for syntax errors, the path of keys (and its line, when it can be
found) for schema errors.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import orjson
import yaml
from pydantic import (
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from tether.config.files import Frozen
from tether.errors import FaultSpecError, ScriptError
from tether.stand.faults import Fault, parse_fault

DEFAULT_WINDOW = 128_000


class ToolCallSpec(Frozen):
    name: str = Field(min_length=1)
    arguments: dict[str, Any] | str = Field(default_factory=dict)
    id: str | None = None


# The largest whole number every JSON reader keeps exactly (JavaScript's Number): a count
# beyond it cannot be sent to a client honestly.
MAX_COUNT = 2**53 - 1


class UsageSpec(Frozen):
    prompt_tokens: int | None = Field(default=None, ge=0, le=MAX_COUNT)
    completion_tokens: int | None = Field(default=None, ge=0, le=MAX_COUNT)
    cached_tokens: int | None = Field(default=None, ge=0, le=MAX_COUNT)
    cache_write_tokens: int | None = Field(default=None, ge=0, le=MAX_COUNT)


class TurnSpec(Frozen):
    """One scripted reply; an empty turn replies with the stand's default text."""

    text: str = ""
    reasoning: str = ""
    tool_calls: list[ToolCallSpec] = Field(default_factory=list)
    usage: UsageSpec | None = None
    finish_reason: Literal["stop", "length", "tool_calls", "content_filter"] | None = None
    fault: list[str] = Field(default_factory=list)
    # The turn's faults hit only its first N serves (a transient fault: a retry of the same
    # request gets the clean turn). None: every serve. Needs `position: history` to matter.
    fault_attempts: int | None = Field(default=None, ge=1)

    @field_validator("fault", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("fault")
    @classmethod
    def _known_faults(cls, value: list[str]) -> list[str]:
        for spec in value:
            try:
                parse_fault(spec)
            except FaultSpecError as exc:
                raise ValueError(str(exc)) from None
        return value

    @property
    def faults(self) -> list[Fault]:
        return [parse_fault(spec) for spec in self.fault]


class ModelSpec(Frozen):
    window: int = Field(default=DEFAULT_WINDOW, gt=0)
    tools: bool = True
    turns: list[TurnSpec] = Field(default_factory=list)
    # How a request finds its turn: `requests` (the Nth request of a conversation gets turn N)
    # or `history` (the turn after the assistant messages the request already holds, so a retry
    # or a failover to this model gets the same turn the failed attempt should have had).
    position: Literal["requests", "history"] = "requests"
    faults: list[str] = Field(default_factory=list)  # on every request to this model
    # A recorded reply (stand/cassette.py) served byte for byte to every request instead of
    # turns; faults do not apply. A relative path is read from the script file's folder.
    cassette: str | None = Field(default=None, min_length=1)

    @field_validator("faults")
    @classmethod
    def _known_faults(cls, value: list[str]) -> list[str]:
        return TurnSpec._known_faults(value)

    @model_validator(mode="after")
    def _turns_or_cassette(self) -> ModelSpec:
        if self.cassette is not None and (self.turns or self.faults):
            raise ValueError("a model replays a cassette or scripted turns (and faults), not both")
        return self


def _default_models() -> dict[str, ModelSpec]:
    return {
        "sim-large": ModelSpec(window=128_000, tools=True),
        "sim-small": ModelSpec(window=4_096, tools=False),
    }


class Script(Frozen):
    models: dict[str, ModelSpec] = Field(default_factory=_default_models, min_length=1)
    faults: list[str] = Field(default_factory=list)
    seed: int = 0
    chunk_chars: int = Field(default=24, gt=0)
    chunk_delay_s: float = Field(default=0.0, ge=0)

    @field_validator("faults")
    @classmethod
    def _known_faults(cls, value: list[str]) -> list[str]:
        return TurnSpec._known_faults(value)


def load_script(path: str | Path) -> Script:
    """Read and validate a script file; any problem is a ScriptError naming file and place."""
    path = Path(path)
    name = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_SCRIPT_BYTES:
            raise ScriptError(
                name,
                "",
                f"is {size / 1e6:.1f} MB; a stand script holds at most "
                f"{MAX_SCRIPT_BYTES // 1_000_000} MB (split it, or replay a cassette)",
            )
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScriptError(
            name, "", "no such file; give the path of a JSON or YAML script"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(name, "", f"cannot be read: {exc}") from None
    data = _parse(name, text)
    _check_size(name, data)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ScriptError(name, "line 1", "a script is a mapping with `models:` (see the README)")
    try:
        script = Script.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = err["loc"]
        place = ".".join(str(p) for p in loc) or "top level"
        line = _line_of(text, loc)
        where = f"line {line} ({place})" if line else place
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise ScriptError(name, where, f"{err['msg']}{more}") from None
    return _with_cassettes_from(script, path.parent)


def _with_cassettes_from(script: Script, folder: Path) -> Script:
    """Relative cassette paths are read from the script file's folder, not the current one."""
    if all(m.cassette is None for m in script.models.values()):
        return script
    models = {
        name: m.model_copy(update={"cassette": str(folder / m.cassette)})
        if m.cassette is not None and not Path(m.cassette).is_absolute()
        else m
        for name, m in script.models.items()
    }
    return script.model_copy(update={"models": models})


# Bigger than any hand-written script: a YAML parser takes minutes over hundreds of MB.
MAX_SCRIPT_BYTES = 8_000_000
# More values than any honest script holds: YAML aliases nested in aliases (a "billion laughs")
# expand to this many long before they expand to gigabytes in a reply.
MAX_VALUES = 1_000_000


def _check_size(name: str, data: Any) -> None:
    """Refuse at load what would blow up at the first request: a structure that contains
    itself (an alias inside its own anchor) or expands past MAX_VALUES values."""
    seen = 0
    stack: list[tuple[Any, bool]] = [(data, False)]
    open_ids: set[int] = set()
    while stack:
        node, leaving = stack.pop()
        if leaving:
            open_ids.discard(id(node))
            continue
        seen += 1
        if seen > MAX_VALUES:
            raise ScriptError(
                name,
                "",
                f"holds more than {MAX_VALUES:,} values (YAML aliases inside "
                "aliases, or too many turns); make it smaller",
            )
        if isinstance(node, dict | list):
            if id(node) in open_ids:
                raise ScriptError(
                    name, "", "a value contains itself (a YAML alias inside its own anchor)"
                )
            open_ids.add(id(node))
            stack.append((node, True))
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, False) for child in children)


# libyaml's loader where it is built in (the same safe constructors, many times faster).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _parse(name: str, text: str) -> Any:
    if name.endswith(".json"):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError as exc:
            raise ScriptError(
                name, f"line {exc.lineno} column {exc.colno}", f"invalid JSON: {exc.msg}"
            ) from None
    try:
        return yaml.load(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        place = f"line {mark.line + 1} column {mark.column + 1}" if mark else ""
        raise ScriptError(name, place, f"invalid YAML: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise ScriptError(name, "", f"invalid YAML: {exc}") from None


def _line_of(text: str, loc: tuple[int | str, ...]) -> int | None:
    """The 1-based line of the node at `loc`, found through YAML's node marks (JSON is YAML)."""
    try:
        node: Any = yaml.compose(text)
    except yaml.YAMLError:
        return None
    line = None
    for key in loc:
        if node is None:
            break
        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == str(key)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            node = node.value[key]
        else:
            break
    if node is not None:
        line = node.start_mark.line + 1
    return line
