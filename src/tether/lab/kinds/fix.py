"""fix: a small module with a planted bug and unittest tests that fail because of it.

The check runs a hidden copy of the tests (plus a case or two the agent never saw) against the
workspace's module, so editing the visible tests cannot make the task pass. The solver lists the
files, reads the module and its tests, runs the tests (they fail), patches the bug, runs the
tests again (they pass) and says what it fixed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tether.lab.kinds.base import (
    Task,
    call,
    final,
    hidden_tests,
    test_command,
    turn,
    unified_diff,
)

PACKAGES = ("shop", "ledger", "toolbox", "pipeline", "billing", "catalog", "reports", "core")


@dataclass(frozen=True)
class Bug:
    mod: str  # the module's name inside the package
    buggy: str  # the module's source with the bug
    fixed: str  # the same source, fixed
    tests: str  # the visible test file's body (imports + TestCase), `{pkg}` filled in
    extra: str  # hidden-only test methods (indented for the TestCase), may be ""
    cause: str  # what was wrong, for the final answer


def _paging(rng: random.Random) -> Bug:
    per = rng.choice([10, 20, 25, 50])
    full = rng.randint(2, 9)
    rest = rng.randint(1, per - 1)
    body = '''\
"""Pagination helpers for list views."""

DEFAULT_PER_PAGE = {per}


def page_count(total, per_page=DEFAULT_PER_PAGE):
    """How many pages `total` items fill, `per_page` to a page."""
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
{line}


def page_slice(items, page, per_page=DEFAULT_PER_PAGE):
    """The items on `page` (1-based)."""
    start = (page - 1) * per_page
    return items[start : start + per_page]
'''
    buggy = body.format(per=per, line="    return total // per_page")
    fixed = body.format(per=per, line="    return (total + per_page - 1) // per_page")
    total = per * full + rest
    tests = f"""\
import unittest

from {{pkg}}.paging import page_count, page_slice


class PageCountTest(unittest.TestCase):
    def test_exact_pages(self):
        self.assertEqual(page_count({per * full}, {per}), {full})

    def test_a_partial_last_page_counts(self):
        self.assertEqual(page_count({total}, {per}), {full + 1})

    def test_no_items_no_pages(self):
        self.assertEqual(page_count(0), 0)

    def test_slice(self):
        items = list(range({total}))
        self.assertEqual(page_slice(items, {full + 1}, {per}), items[{per * full}:])
"""
    extra = "    def test_one_item(self):\n        self.assertEqual(page_count(1, 7), 1)\n"
    return Bug(
        "paging",
        buggy,
        fixed,
        tests,
        extra,
        "page_count rounded down, so a partial last page was lost; it now rounds up",
    )


def _intervals(rng: random.Random) -> Bug:
    body = '''\
"""Merging booked time ranges (start, end), ends inclusive of the next start."""


def merge(ranges):
    """Merge overlapping or touching ranges; returns them sorted."""
    merged = []
    for start, end in sorted(ranges):
{line}
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def total_length(ranges):
    """The time covered by `ranges`, overlaps counted once."""
    return sum(end - start for start, end in merge(ranges))
'''
    buggy = body.format(line="        if merged and start < merged[-1][1]:")
    fixed = body.format(line="        if merged and start <= merged[-1][1]:")
    a = rng.randint(1, 20)
    b = a + rng.randint(3, 9)
    c = b + rng.randint(2, 6)
    d = c + rng.randint(5, 12)
    e = d + rng.randint(1, 4)
    tests = f"""\
import unittest

from {{pkg}}.intervals import merge, total_length


class MergeTest(unittest.TestCase):
    def test_overlapping(self):
        self.assertEqual(merge([({a}, {b}), ({a + 1}, {c})]), [({a}, {c})])

    def test_touching_ranges_merge(self):
        self.assertEqual(merge([({b}, {c}), ({a}, {b})]), [({a}, {c})])

    def test_apart(self):
        self.assertEqual(merge([({d}, {e}), ({a}, {b})]), [({a}, {b}), ({d}, {e})])

    def test_total_length(self):
        self.assertEqual(total_length([({a}, {b}), ({b}, {c}), ({d}, {e})]), {c - a + e - d})
"""
    extra = (
        "    def test_chain(self):\n"
        "        self.assertEqual(merge([(1, 2), (2, 3), (3, 4)]), [(1, 4)])\n"
    )
    return Bug(
        "intervals",
        buggy,
        fixed,
        tests,
        extra,
        "merge compared with `<`, so ranges "
        "that touch (one ends where the next starts) stayed apart; it now uses `<=`",
    )


def _median(rng: random.Random) -> Bug:
    body = '''\
"""Summary statistics for report columns."""


def mean(xs):
    if not xs:
        raise ValueError("mean of no values")
    return sum(xs) / len(xs)


def median(xs):
    if not xs:
        raise ValueError("median of no values")
    s = sorted(xs)
    mid = len(s) // 2
    if len(s) % 2:
        return s[mid]
{line}
'''
    buggy = body.format(line="    return (s[mid] + s[mid + 1]) / 2")
    fixed = body.format(line="    return (s[mid - 1] + s[mid]) / 2")
    odd = rng.sample(range(1, 90), 5)
    even = rng.sample(range(1, 90), 6)
    se = sorted(even)
    tests = f"""\
import unittest

from {{pkg}}.stats import mean, median


class StatsTest(unittest.TestCase):
    def test_median_odd(self):
        self.assertEqual(median({odd}), {sorted(odd)[2]})

    def test_median_even(self):
        self.assertEqual(median({even}), {(se[2] + se[3]) / 2})

    def test_mean(self):
        self.assertAlmostEqual(mean({odd}), {sum(odd) / 5})
"""
    extra = "    def test_two(self):\n        self.assertEqual(median([4, 2]), 3)\n"
    return Bug(
        "stats",
        buggy,
        fixed,
        tests,
        extra,
        "median of an even count averaged the "
        "wrong middle pair (mid and mid + 1, past the middle); it now averages "
        "mid - 1 and mid",
    )


def _slug(rng: random.Random) -> Bug:
    sep = rng.choice(["-", "_"])
    body = '''\
"""URL slugs for catalog titles."""

import re

SEPARATOR = "{sep}"


def slugify(title):
    """Lowercase words joined by SEPARATOR; no separator at either end."""
{line}
'''
    buggy = body.format(sep=sep, line='    return re.sub(r"[^a-z0-9]+", SEPARATOR, title.lower())')
    fixed = body.format(
        sep=sep, line='    return re.sub(r"[^a-z0-9]+", SEPARATOR, title.lower()).strip(SEPARATOR)'
    )
    words = rng.sample(["Red", "Fast", "Garden", "Chair", "Lamp", "Wool", "Steel", "Blue"], 3)
    title = f"  {words[0]}, {words[1]} & {words[2]}!  "
    slug = sep.join(w.lower() for w in words)
    tests = f'''\
import unittest

from {{pkg}}.slugs import slugify


class SlugifyTest(unittest.TestCase):
    def test_plain(self):
        expected = "{words[0].lower()}{sep}{words[1].lower()}"
        self.assertEqual(slugify("{words[0]} {words[1]}"), expected)

    def test_punctuation_and_edges(self):
        self.assertEqual(slugify({title!r}), {slug!r})
'''
    extra = '    def test_edges_only(self):\n        self.assertEqual(slugify("--A--"), "a")\n'
    return Bug(
        "slugs",
        buggy,
        fixed,
        tests,
        extra,
        "slugify left separators at the ends "
        "when the title started or ended with punctuation or spaces; it now strips them",
    )


def _split(rng: random.Random) -> Bug:
    body = '''\
"""Splitting an amount of money into near-equal parts, in cents."""


def split_cents(total, parts):
    """`parts` amounts that add up to `total`; the first ones get the extra cents."""
    if parts < 1:
        raise ValueError("parts must be at least 1")
    base, rem = divmod(total, parts)
{line}
'''
    buggy = body.format(line="    return [base + (1 if i <= rem else 0) for i in range(parts)]")
    fixed = body.format(line="    return [base + (1 if i < rem else 0) for i in range(parts)]")
    parts = rng.randint(3, 7)
    total = rng.randint(10, 99) * parts + rng.randint(1, parts - 1)
    base, rem = divmod(total, parts)
    expected = [base + (1 if i < rem else 0) for i in range(parts)]
    tests = f"""\
import unittest

from {{pkg}}.money import split_cents


class SplitTest(unittest.TestCase):
    def test_adds_up(self):
        self.assertEqual(sum(split_cents({total}, {parts})), {total})

    def test_extra_cents_go_first(self):
        self.assertEqual(split_cents({total}, {parts}), {expected})
"""
    extra = "    def test_even(self):\n        self.assertEqual(split_cents(9, 3), [3, 3, 3])\n"
    return Bug(
        "money",
        buggy,
        fixed,
        tests,
        extra,
        "split_cents gave one cent too many "
        "(`i <= rem` instead of `i < rem`), so the parts did not add up to the total",
    )


def _restock(rng: random.Random) -> Bug:
    threshold = rng.randint(5, 40)
    batch = rng.choice([12, 24, 50, 100])
    body = '''\
"""Restocking rules for the warehouse."""

REORDER_AT = {threshold}
BATCH = {batch}


def needs_restock(stock, threshold=REORDER_AT):
    """True when the stock is at or below the threshold."""
{line}


def reorder_quantity(stock, threshold=REORDER_AT, batch=BATCH):
    """Whole batches that bring the stock above the threshold (0 if none are needed)."""
    if not needs_restock(stock, threshold):
        return 0
    short = threshold - stock + 1
    return -(-short // batch) * batch
'''
    buggy = body.format(threshold=threshold, batch=batch, line="    return stock < threshold")
    fixed = body.format(threshold=threshold, batch=batch, line="    return stock <= threshold")
    tests = f"""\
import unittest

from {{pkg}}.stock import needs_restock, reorder_quantity


class RestockTest(unittest.TestCase):
    def test_at_the_threshold(self):
        self.assertTrue(needs_restock({threshold}))

    def test_above(self):
        self.assertFalse(needs_restock({threshold + 1}))

    def test_reorder_at_threshold(self):
        self.assertEqual(reorder_quantity({threshold}), {batch})
"""
    extra = "    def test_below(self):\n        self.assertTrue(needs_restock(0, 3))\n"
    return Bug(
        "stock",
        buggy,
        fixed,
        tests,
        extra,
        "needs_restock compared with `<`, so a "
        "stock exactly at the threshold was not reordered; it now uses `<=`",
    )


def _duration(rng: random.Random) -> Bug:
    body = '''\
"""Parsing durations like "1h30m15s" into seconds."""

import re

UNITS = {{"d": 86400, "h": {hour}, "m": 60, "s": 1}}
_PART = re.compile(r"(\\d+)([dhms])")


def to_seconds(text):
    """Seconds in a duration such as "2h", "45m" or "1d2h3m4s"."""
    text = text.strip().lower()
    parts = _PART.findall(text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise ValueError(f"not a duration: {{text!r}}")
    return sum(int(n) * UNITS[u] for n, u in parts)
'''
    buggy = body.format(hour=360)
    fixed = body.format(hour=3600)
    h, m, s = rng.randint(1, 9), rng.randint(1, 59), rng.randint(1, 59)
    tests = f'''\
import unittest

from {{pkg}}.durations import to_seconds


class DurationTest(unittest.TestCase):
    def test_minutes(self):
        self.assertEqual(to_seconds("{m}m"), {m * 60})

    def test_mixed(self):
        self.assertEqual(to_seconds("{h}h{m}m{s}s"), {h * 3600 + m * 60 + s})

    def test_bad(self):
        with self.assertRaises(ValueError):
            to_seconds("{h}x")
'''
    extra = '    def test_a_day(self):\n        self.assertEqual(to_seconds("1d1h"), 90000)\n'
    return Bug(
        "durations",
        buggy,
        fixed,
        tests,
        extra,
        "UNITS had an hour of 360 seconds (a missing zero); it is 3600 now",
    )


def _window(rng: random.Random) -> Bug:
    body = '''\
"""Moving sums over daily counts."""


def moving_sum(xs, k):
    """The sums of every window of `k` consecutive values, in order."""
    if k < 1:
        raise ValueError("k must be at least 1")
{line}
'''
    buggy = body.format(line="    return [sum(xs[i : i + k]) for i in range(len(xs) - k)]")
    fixed = body.format(line="    return [sum(xs[i : i + k]) for i in range(len(xs) - k + 1)]")
    xs = [rng.randint(0, 30) for _ in range(rng.randint(5, 8))]
    k = rng.randint(2, 3)
    expected = [sum(xs[i : i + k]) for i in range(len(xs) - k + 1)]
    tests = f"""\
import unittest

from {{pkg}}.window import moving_sum


class MovingSumTest(unittest.TestCase):
    def test_sums(self):
        self.assertEqual(moving_sum({xs}, {k}), {expected})

    def test_window_as_long_as_the_list(self):
        self.assertEqual(moving_sum({xs[:k]}, {k}), [{sum(xs[:k])}])
"""
    extra = "    def test_k_one(self):\n        self.assertEqual(moving_sum([1, 2], 1), [1, 2])\n"
    return Bug(
        "window",
        buggy,
        fixed,
        tests,
        extra,
        "moving_sum stopped one window early (range(len(xs) - k)); the last window is included now",
    )


TEMPLATES: tuple[Callable[[random.Random], Bug], ...] = (
    _paging,
    _intervals,
    _median,
    _slug,
    _split,
    _restock,
    _duration,
    _window,
)


def make(rng: random.Random, index: int, python: str) -> Task:
    bug = TEMPLATES[index % len(TEMPLATES)](rng)
    pkg = rng.choice(PACKAGES)
    module = f"{pkg}/{bug.mod}.py"
    test_file = f"tests/test_{bug.mod}.py"
    tests = bug.tests.replace("{pkg}", pkg)
    hidden_body = tests.rstrip("\n") + "\n\n" + bug.extra if bug.extra else tests
    files = {
        f"{pkg}/__init__.py": f'"""The {pkg} package."""\n',
        module: bug.buggy,
        "tests/__init__.py": "",
        test_file: tests,
        "README.md": f"# {pkg}\n\nRun the tests from this folder: `python -m unittest`.\n",
    }
    run_tests = test_command(python, "-q")
    prompt = (
        f"The tests in {test_file} fail. Find the bug in {module} and fix it so that the tests "
        f"pass; do not change the tests. Run them from the workspace root with `{run_tests}`."
    )
    solver = (
        turn(call("list_files", path="."), text="Let me see the project first."),
        turn(call("read_file", path=module), call("read_file", path=test_file)),
        turn(call("run_command", command=run_tests), text="Running the tests to see the failure."),
        turn(call("apply_patch", patch=unified_diff(module, bug.buggy, bug.fixed))),
        turn(call("run_command", command=test_command(python, "-v", f"tests.test_{bug.mod}"))),
        final(f"Fixed the bug in {module}: {bug.cause}. The tests in {test_file} pass now."),
    )
    return Task(
        id="",
        kind="fix",
        prompt=prompt,
        files=files,
        hidden={f"check_{bug.mod}.py": hidden_tests(hidden_body)},
        checks=(f"{{python}} {{hidden}}/check_{bug.mod}.py",),
        solver=solver,
    )
