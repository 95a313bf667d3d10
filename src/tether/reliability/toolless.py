"""A request for a model that cannot call tools: what the chain sends a candidate whose
provider does not take tools, instead of failing the call."""

from __future__ import annotations

from dataclasses import replace

from tether.messages import Message, Request, TextPart, ToolCall, ToolResultPart

TOOLLESS_NOTE = (
    "Tools are not available on this model. Do not try to call tools: answer with what you "
    "have, and say clearly what you could not check or do."
)


def without_tools(request: Request) -> Request:
    """The request for a model that cannot call tools: no tool schemas, earlier tool traffic
    flattened into plain text (some providers reject tool blocks when no tools are defined),
    and a system note saying so."""
    messages: list[Message] = []
    for m in request.messages:
        if m.role == "tool":
            texts = [
                f"[result of tool call {p.tool_call_id}]\n{p.content}"
                for p in m.parts
                if isinstance(p, ToolResultPart)
            ]
            messages.append(Message.text("user", "\n\n".join(texts)))
        elif m.tool_calls:
            parts = [p for p in m.parts if not isinstance(p, ToolCall)]
            calls = "\n".join(f"[called {c.name}({c.arguments}) as {c.id}]" for c in m.tool_calls)
            messages.append(Message(m.role, (*parts, TextPart(calls))))
        else:
            messages.append(m)
    note = Message.text("system", TOOLLESS_NOTE)
    first_other = next((i for i, m in enumerate(messages) if m.role != "system"), len(messages))
    messages.insert(first_other, note)
    return replace(request, messages=tuple(messages), tools=(), hosted_tools=())
