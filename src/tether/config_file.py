"""Reading a TOML configuration into a pydantic model, the one way every configuration is read.

Every problem is a ConfigError (a usage error: exit 2) naming the file, the key and what is
expected, so a user fixes it in one go.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tether.errors import ConfigError

M = TypeVar("M", bound=BaseModel)


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
    key = ".".join(str(p) for p in e["loc"]) or "top level"
    return ConfigError(f"{where}: {key}: {e['msg']}")


def load_toml(path: str | Path, model: type[M]) -> M:
    """Read and validate a TOML configuration file."""
    return validated(model, read_toml(path), str(path))


class JudgeSection(BaseModel):
    """`[judge]` (the runtime's and the proxy's): your own failure phrases and the weights of
    the judge's signals (`tether judge --explain` shows them), over the shipped ones."""

    model_config = ConfigDict(extra="forbid")

    phrases: list[str] = Field(default_factory=list)  # each alone makes a reply a failure text
    weights: dict[str, float] = Field(default_factory=dict)  # by signal name
    threshold: float = Field(default=1.0, gt=0)

    def judge_config(self, where: str) -> Any:
        """The JudgeConfig these settings stand for (a ConfigError names `where`)."""
        from tether.reliability.judge import JudgeConfig

        try:
            return JudgeConfig(
                threshold=self.threshold,
                weights=dict(self.weights),
                extra_phrases=tuple(self.phrases),
            )
        except ConfigError as exc:
            raise ConfigError(f"{where}: judge: {exc}") from None
