"""Signed thinking, as Anthropic's API keeps it: a thinking block carries a signature the
provider checks when the block comes back, and with thinking on, a tool loop's last assistant
message must start with its thinking block, unchanged. The stand does the same (its signature
is a hash of the thinking's text), so a client or proxy that drops, reorders or rewrites the
blocks meets the 400 it would meet at Anthropic, in Anthropic's words.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

THINKING_DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"


def sign(thinking: str) -> str:
    """The stand's signature of a thinking block's text."""
    return "stand-" + hashlib.sha256(thinking.encode("utf-8")).hexdigest()[:40]


def thinking_problem(body: Any, issued: Mapping[str, str]) -> str | None:
    """Why Anthropic would refuse this messages body's thinking blocks, or None. `issued`:
    the signature of the thinking that led to each tool call the stand sent (by call id)."""
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
        return None
    messages = body["messages"]
    for i, m in enumerate(messages):  # every thinking block that comes back must be the one sent
        content = m.get("content") if isinstance(m, dict) else None
        for j, block in enumerate(content if isinstance(content, list) else []):
            if (
                isinstance(block, dict)
                and block.get("type") == "thinking"
                and block.get("signature") != sign(str(block.get("thinking", "")))
            ):
                return f"messages.{i}.content.{j}: Invalid `signature` in `thinking` block"
    thinking = body.get("thinking")
    if not (isinstance(thinking, dict) and thinking.get("type") in ("enabled", "adaptive")):
        return None
    last = max(
        (i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "assistant"),
        default=None,
    )
    content = messages[last].get("content") if last is not None else None
    blocks = [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []
    thought = any(b.get("type") == "tool_use" and b.get("id") in issued for b in blocks)
    if not thought or blocks[0].get("type") in ("thinking", "redacted_thinking"):
        return None
    return (
        f"messages.{last}.content.0.type: Expected `thinking` or `redacted_thinking`, but found "
        f"`{blocks[0].get('type')}`. When `thinking` is enabled, a final `assistant` message must "
        "start with a thinking block (preceeding the lastmost set of `tool_use` and "
        "`tool_result` blocks). We recommend you include thinking blocks from previous turns. "
        "To avoid this requirement, disable `thinking`. Please consult our documentation at "
        f"{THINKING_DOCS}"
    )
