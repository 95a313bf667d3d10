"""Configuration: reading TOML into strict models (files.py) and the sections the runtime's and
the proxy's configurations share (sections.py)."""

from tether.config.files import Frozen, Strict, load_toml, read_toml, validated, validated_error
from tether.config.sections import (
    BreakersConfig,
    ConcurrencySection,
    EndpointConfig,
    HedgeSection,
    JudgeSection,
    RetryConfig,
)

__all__ = [
    "BreakersConfig",
    "ConcurrencySection",
    "EndpointConfig",
    "Frozen",
    "HedgeSection",
    "JudgeSection",
    "RetryConfig",
    "Strict",
    "load_toml",
    "read_toml",
    "validated",
    "validated_error",
]
