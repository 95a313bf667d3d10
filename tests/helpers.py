"""Plain helpers shared across test folders (fixtures live in conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

# The `stand_factory` fixture (tests/conftest.py): `url = stand_factory(script=..., faults=[...])`.
StandFactory = Callable[..., str]
