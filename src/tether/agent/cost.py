"""Money: a price table per model, and what one model call cost.

Prices are USD per million tokens: `input` (uncached input), `cached_input` (cache reads),
`output`, and optionally `cache_write` (cache writes; Anthropic charges more than `input` for
them; when not given, cache writes are priced as `input`).

The only built-in prices are the stand's: `sim-large` and `sim-small` are the simulated models
of `tether stand`, and their prices are made-up round numbers so that receipts show money in
tests and demos. Real models have no built-in price (prices change, and a stale table is a
guess): configure them,

    [prices."claude-sonnet-4-5"]
    input = 3.0
    cached_input = 0.3
    output = 15.0
    cache_write = 3.75

A model with no price costs `None`, never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tether.errors import ConfigError
from tether.messages import Usage

__all__ = ["STAND_PRICES", "Price", "Prices", "cost"]

PER = 1_000_000


@dataclass(frozen=True, slots=True)
class Price:
    """USD per million tokens."""

    input: float
    cached_input: float
    output: float
    cache_write: float | None = None  # None: cache writes cost `input`

    def __post_init__(self) -> None:
        for name in ("input", "cached_input", "output", "cache_write"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ConfigError(f"price {name}={value}: a price cannot be negative")

    def of(self, usage: Usage) -> float:
        """What `usage` cost at this price (prompt tokens include cache reads and writes)."""
        cached = usage.cached_tokens
        written = usage.cache_write_tokens
        fresh = max(0, usage.prompt_tokens - cached - written)
        write_price = self.input if self.cache_write is None else self.cache_write
        total = (
            fresh * self.input
            + cached * self.cached_input
            + written * write_price
            + usage.completion_tokens * self.output
        )
        return total / PER


# The stand's simulated models only: made-up round prices, not any vendor's.
STAND_PRICES: dict[str, Price] = {
    "sim-large": Price(input=1.0, cached_input=0.1, output=4.0),
    "sim-small": Price(input=0.2, cached_input=0.02, output=0.8),
}


@dataclass(frozen=True)
class Prices:
    """A price table: model name -> Price. Configured prices win over the built-in ones."""

    table: Mapping[str, Price] = field(default_factory=lambda: dict(STAND_PRICES))

    @classmethod
    def from_config(cls, config: Mapping[str, Any], *, builtin: bool = True) -> Prices:
        """From `{model: {"input": .., "cached_input": .., "output": .., "cache_write": ..}}`
        (dicts or objects with those attributes); the stand's prices are kept unless
        `builtin=False`."""
        table: dict[str, Price] = dict(STAND_PRICES) if builtin else {}
        for model, raw in config.items():
            if isinstance(raw, Price):
                table[model] = raw
                continue
            values = raw if isinstance(raw, Mapping) else _attrs(raw)
            unknown = set(values) - {"input", "cached_input", "output", "cache_write"}
            if unknown:
                raise ConfigError(f"prices.{model}: unknown keys {sorted(unknown)}")
            try:
                table[model] = Price(
                    input=float(values["input"]),
                    cached_input=float(values["cached_input"]),
                    output=float(values["output"]),
                    cache_write=None
                    if values.get("cache_write") is None
                    else float(values["cache_write"]),
                )
            except KeyError as exc:
                raise ConfigError(f"prices.{model}: missing {exc.args[0]}") from None
            except (TypeError, ValueError) as exc:
                raise ConfigError(f"prices.{model}: {exc}") from None
        return cls(table)

    def get(self, model: str) -> Price | None:
        return self.table.get(model)

    def cost(self, usage: Usage | None, model: str) -> float | None:
        """USD for one call, or None when the model has no price or no usage was reported."""
        price = self.table.get(model)
        if price is None or usage is None:
            return None
        return price.of(usage)


def _attrs(raw: Any) -> dict[str, Any]:
    names = ("input", "cached_input", "output", "cache_write")
    return {n: getattr(raw, n) for n in names if hasattr(raw, n)}


DEFAULT_PRICES = Prices()


def cost(usage: Usage | None, model: str, prices: Prices | None = None) -> float | None:
    """USD for one call of `model` (the built-in stand prices unless `prices` is given)."""
    return (prices or DEFAULT_PRICES).cost(usage, model)
