"""The example suite's validators: each takes the final answer and returns a bool, or a bool
and the reason shown when the case fails."""

from __future__ import annotations

import re


def is_391(answer: str) -> tuple[bool, str]:
    """17 x 23: the answer must state 391 and no other result."""
    numbers = set(re.findall(r"\d+", answer)) - {"17", "23"}
    if numbers == {"391"}:
        return True, "states 391"
    return False, f"expected 391, found {sorted(numbers) or 'no number'}"


def mentions_refund_window(answer: str) -> tuple[bool, str]:
    """The refund policy: 30 days from delivery."""
    if re.search(r"\b30\s*days?\b", answer) and "deliver" in answer.lower():
        return True, "gives the 30-day window from delivery"
    return False, "does not say refunds are accepted within 30 days of delivery"
