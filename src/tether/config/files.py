"""Reading a TOML configuration into a pydantic model, the one way every configuration is read.

Every problem is a ConfigError (a usage error: exit 2) naming the file, the key and what is
expected, so a user fixes it in one go.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tether.errors import ConfigError

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """The base of every configuration model: an unknown key is an error, never ignored (a
    misspelt `max_atempts` must not silently keep the default)."""

    model_config = ConfigDict(extra="forbid")


class Frozen(Strict):
    """A strict model whose values never change once read (scripts, suites)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def read_toml(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such configuration file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None


def validated(model: type[M], data: Any, where: str) -> M:
    """`data` as `model`, or a ConfigError naming `where` and the first bad key."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validated_error(exc, where) from None


def validated_error(exc: ValidationError, where: str) -> ConfigError:
    """The first problem of a validation, as `WHERE: KEY: what is expected`."""
    e = exc.errors()[0]
    message = str(e["msg"]).removeprefix("Value error, ")
    if not e["loc"]:  # a check of the whole configuration: its message says what is wrong
        return ConfigError(f"{where}: {message}")
    key = ".".join(str(p) for p in e["loc"])
    return ConfigError(f"{where}: {key}: {message}")


def load_toml(path: str | Path, model: type[M]) -> M:
    """Read and validate a TOML configuration file."""
    return validated(model, read_toml(path), str(path))


def user_config_path() -> Path:
    """The user's own configuration: $XDG_CONFIG_HOME/tether/tether.toml (~/.config/...)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tether" / "tether.toml"


def find_config() -> Path | None:
    """The configuration file to use when none is given: ./tether.toml, then the file
    $TETHER_CONFIG names (which must exist: a ConfigError otherwise), then the user's own."""
    named = os.environ.get("TETHER_CONFIG")
    if named and not Path(named).is_file():
        raise ConfigError(
            f"$TETHER_CONFIG names {named}, which is not a file; fix the variable or unset it"
        )
    for path in (Path("tether.toml"), Path(named) if named else None, user_config_path()):
        if path is not None and path.is_file():
            return path
    return None
