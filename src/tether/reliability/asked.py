"""Where a request says what it asks: its last user message, and with it its system messages.

The request readings (a form, a grade, a title, a commit message, code) look at the same
places; they are named once here.
"""

from __future__ import annotations

from tether.messages import Message, Request


def last_user_message(request: Request) -> Message | None:
    """The request's last user message, or None."""
    return next((m for m in reversed(request.messages) if m.role == "user"), None)


def last_user_text(request: Request) -> str:
    """The text of the request's last user message ("" when it has none)."""
    user = last_user_message(request)
    return user.text_content if user is not None else ""


def instructions(request: Request) -> tuple[Message, ...]:
    """Every system message of the request, then its last user message: where a pipeline's
    step says what its one output is to be."""
    system = tuple(m for m in request.messages if m.role == "system")
    user = last_user_message(request)
    return (*system, user) if user is not None else system
