"""The example suite's tools: deterministic fakes, so a case's outcome depends on tether alone.

`check_inventory` never answers, on purpose: the case that calls it expects a `timeout` tool
result after 0.3 s and a run that still ends honestly.
"""

from __future__ import annotations

import json

import anyio

from tether.tools.base import ToolContext, ToolOutput, tool

ORDERS: dict[str, dict[str, str | None]] = {
    "A-1042": {"status": "shipped", "shipped_on": "2026-11-27", "carrier": "DHL",
               "tracking": "JD014600003828"},
    "A-1043": {"status": "processing", "shipped_on": None, "carrier": None, "tracking": None},
}  # fmt: skip


@tool
def lookup_order(order_id: str) -> str:
    """Look up an order by its id (like A-1042): status, ship date, carrier, tracking number."""
    order = ORDERS.get(order_id)
    if order is None:
        return json.dumps({"error": f"no order {order_id}"})
    return json.dumps({"order_id": order_id, **order})


@tool
def save_note(text: str, ctx: ToolContext) -> ToolOutput:
    """Save a note for the support team (appended to notes.txt in the workspace)."""
    path = ctx.workspace / "notes.txt"
    with path.open("a", encoding="utf-8") as f:
        f.write(text.rstrip() + "\n")
    return ToolOutput("saved", effects=(f"appended {len(text)} characters to notes.txt",))


async def check_inventory(sku: str) -> str:
    """Check how many units of a SKU the warehouse holds."""
    await anyio.sleep_forever()  # the inventory service never answers
    return "unreachable"


check_inventory = tool(check_inventory, timeout_s=0.3)  # i.e. @tool(timeout_s=0.3)


@tool
def get_weather(city: str, unit: str = "celsius") -> str:
    """The current weather in a city."""
    return json.dumps({"city": city, "temperature": 21, "unit": unit, "sky": "clear"})


@tool
def get_time(tz: str) -> str:
    """The current time in an IANA time zone."""
    return json.dumps({"tz": tz, "time": "2026-11-30T09:00:00"})


@tool
def search_code(query: str, path: str = ".") -> str:
    """Search the code under a folder for a string."""
    return f"{path}/config.py:12: {query}(text: str) -> Config:"


@tool
def read_file(path: str) -> str:
    """Read a file of the project."""
    return "RETRY_LIMIT = 5\nTIMEOUT_S = 30\n"
