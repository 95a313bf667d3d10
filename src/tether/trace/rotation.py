"""Where a loop's list of items reads smallest, in linear time: the gate names a cycle of spans
the same way whichever span its walk met first (a loop of a million spans must not take a
million rotations)."""

from __future__ import annotations


def least_rotation(items: list[str]) -> int:
    """Where the lexicographically smallest rotation of `items` starts (Booth, O(n))."""
    doubled = items + items
    fail = [-1] * len(doubled)
    k = 0
    for j in range(1, len(doubled)):
        x = doubled[j]
        i = fail[j - k - 1]
        while i != -1 and x != doubled[k + i + 1]:
            if x < doubled[k + i + 1]:
                k = j - i - 1
            i = fail[i]
        if x != doubled[k + i + 1]:  # here i == -1
            if x < doubled[k]:
                k = j
            fail[j - k] = -1
        else:
            fail[j - k] = i + 1
    return k % len(items) if items else 0


def smallest_period(items: list[str]) -> int:
    """The smallest p dividing len(items) such that items repeats every p (KMP prefix table)."""
    n = len(items)
    prefix = [0] * n
    for i in range(1, n):
        j = prefix[i - 1]
        while j and items[i] != items[j]:
            j = prefix[j - 1]
        if items[i] == items[j]:
            j += 1
        prefix[i] = j
    p = n - prefix[-1] if n else 1
    return p if n % p == 0 else n
