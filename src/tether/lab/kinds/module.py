"""module: write a small module and its tests from a one-paragraph spec.

Hidden tests (cases drawn from the random seed, the agent never sees them) are run against the
module, and the agent's own tests must exist and pass. The solver reads the README, writes the
module and its tests, runs them and reports.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from tether.lab.kinds.base import Task, call, final, hidden_tests, test_command, turn

PACKAGES = ("textkit", "helpers", "common", "util", "kit", "lib", "tools", "shared")


@dataclass(frozen=True)
class Spec:
    mod: str
    what: str  # the prompt's description of the function(s)
    source: str  # the solver's module
    tests: str  # the solver's own tests (body), `{pkg}` and `{mod}` filled in
    hidden: str  # the hidden tests (body)


def _runs(rng: random.Random) -> Spec:
    source = '''\
"""Run-length encoding."""


def encode_runs(text):
    """[(char, count), ...], one pair per run of equal characters."""
    runs = []
    for ch in text:
        if runs and runs[-1][0] == ch:
            runs[-1] = (ch, runs[-1][1] + 1)
        else:
            runs.append((ch, 1))
    return runs


def decode_runs(runs):
    """The text that `runs` encodes."""
    return "".join(ch * count for ch, count in runs)
'''
    text = "".join(rng.choice("ab") * rng.randint(1, 3) for _ in range(rng.randint(4, 7)))
    runs = [(m.group()[0], len(m.group())) for m in re.finditer(r"(.)\1*", text)]
    tests = """\
import unittest

from {pkg}.{mod} import decode_runs, encode_runs


class RunsTest(unittest.TestCase):
    def test_encode(self):
        self.assertEqual(encode_runs("aaabcc"), [("a", 3), ("b", 1), ("c", 2)])

    def test_empty(self):
        self.assertEqual(encode_runs(""), [])

    def test_round_trip(self):
        self.assertEqual(decode_runs(encode_runs("xxyzzz")), "xxyzzz")
"""
    hidden = f"""\
from {{pkg}}.{{mod}} import decode_runs, encode_runs


class HiddenRunsTest(unittest.TestCase):
    def test_encode(self):
        self.assertEqual([tuple(r) for r in encode_runs({text!r})], {runs!r})

    def test_decode(self):
        self.assertEqual(decode_runs({runs!r}), {text!r})

    def test_empty(self):
        self.assertEqual(list(encode_runs("")), [])
        self.assertEqual(decode_runs([]), "")
"""
    what = (
        "two functions: `encode_runs(text)` returns a list of (character, count) tuples, one "
        "per run of equal characters (`encode_runs('aab') == [('a', 2), ('b', 1)]`), and "
        "`decode_runs(runs)` turns such a list back into the text"
    )
    return Spec("runs", what, source, tests, hidden)


def _duration(rng: random.Random) -> Spec:
    source = '''\
"""Durations such as "1h30m" in seconds."""

import re

UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\\d+)([dhms])")


def parse_duration(text):
    """Seconds in a duration made of <number><unit> parts, units d, h, m, s."""
    text = text.strip().lower()
    parts = _PART.findall(text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise ValueError(f"not a duration: {text!r}")
    return sum(int(n) * UNITS[u] for n, u in parts)
'''
    d, h, m, s = rng.randint(1, 3), rng.randint(1, 23), rng.randint(1, 59), rng.randint(1, 59)
    tests = """\
import unittest

from {pkg}.{mod} import parse_duration


class DurationTest(unittest.TestCase):
    def test_parts(self):
        self.assertEqual(parse_duration("1h30m"), 5400)
        self.assertEqual(parse_duration("45s"), 45)

    def test_bad(self):
        for bad in ("", "5x", "h"):
            with self.assertRaises(ValueError):
                parse_duration(bad)
"""
    hidden = f'''\
from {{pkg}}.{{mod}} import parse_duration


class HiddenDurationTest(unittest.TestCase):
    def test_all_units(self):
        self.assertEqual(parse_duration("{d}d{h}h{m}m{s}s"), {d * 86400 + h * 3600 + m * 60 + s})

    def test_one_unit(self):
        self.assertEqual(parse_duration("{m}m"), {m * 60})

    def test_bad(self):
        for bad in ("", "{h}", "{m}q", "m{m}"):
            with self.assertRaises(ValueError):
                parse_duration(bad)
'''
    what = (
        "a function `parse_duration(text)` that returns the number of seconds in a duration "
        'made of <number><unit> parts with units d, h, m and s (`parse_duration("1h30m") == '
        "5400`) and raises ValueError for anything else (an empty string, a bare number, an "
        "unknown unit)"
    )
    return Spec("durations", what, source, tests, hidden)


def _chunks(rng: random.Random) -> Spec:
    source = '''\
"""Splitting a sequence into fixed-size chunks."""


def chunked(items, size):
    """Lists of `size` consecutive items; the last may be shorter."""
    if size < 1:
        raise ValueError("size must be at least 1")
    items = list(items)
    return [items[i : i + size] for i in range(0, len(items), size)]
'''
    n, size = rng.randint(7, 15), rng.randint(2, 4)
    items = list(range(n))
    expected = [items[i : i + size] for i in range(0, n, size)]
    tests = """\
import unittest

from {pkg}.{mod} import chunked


class ChunkedTest(unittest.TestCase):
    def test_even(self):
        self.assertEqual(chunked([1, 2, 3, 4], 2), [[1, 2], [3, 4]])

    def test_shorter_last(self):
        self.assertEqual(chunked("abcde", 2), [["a", "b"], ["c", "d"], ["e"]])

    def test_bad_size(self):
        with self.assertRaises(ValueError):
            chunked([1], 0)
"""
    hidden = f"""\
from {{pkg}}.{{mod}} import chunked


class HiddenChunkedTest(unittest.TestCase):
    def test_range(self):
        self.assertEqual([list(c) for c in chunked(range({n}), {size})], {expected})

    def test_empty(self):
        self.assertEqual(list(chunked([], {size})), [])

    def test_bad_size(self):
        with self.assertRaises(ValueError):
            chunked([1, 2], -{size})
"""
    what = (
        "a function `chunked(items, size)` that splits any iterable into a list of lists of "
        "`size` consecutive items (the last one may be shorter) and raises ValueError when "
        "size is less than 1"
    )
    return Spec("chunks", what, source, tests, hidden)


ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
         (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))  # fmt: skip


def _roman_ref(n: int) -> str:
    out = ""
    for value, sym in ROMAN:
        while n >= value:
            out += sym
            n -= value
    return out


def _roman(rng: random.Random) -> Spec:
    source = '''\
"""Roman numerals."""

_VALUES = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def to_roman(n):
    """`n` (1 to 3999) in Roman numerals."""
    if not isinstance(n, int) or not 1 <= n <= 3999:
        raise ValueError(f"out of range: {n!r}")
    out = []
    for value, symbol in _VALUES:
        count, n = divmod(n, value)
        out.append(symbol * count)
    return "".join(out)
'''
    cases = {n: _roman_ref(n) for n in rng.sample(range(1, 4000), 4)}
    tests = """\
import unittest

from {pkg}.{mod} import to_roman


class RomanTest(unittest.TestCase):
    def test_values(self):
        self.assertEqual(to_roman(1994), "MCMXCIV")
        self.assertEqual(to_roman(4), "IV")

    def test_range(self):
        for bad in (0, 4000):
            with self.assertRaises(ValueError):
                to_roman(bad)
"""
    hidden = f"""\
from {{pkg}}.{{mod}} import to_roman


class HiddenRomanTest(unittest.TestCase):
    def test_values(self):
        for n, expected in {cases!r}.items():
            self.assertEqual(to_roman(n), expected)

    def test_edges(self):
        self.assertEqual(to_roman(3999), "MMMCMXCIX")
        with self.assertRaises(ValueError):
            to_roman(-{rng.randint(1, 9)})
"""
    what = (
        "a function `to_roman(n)` that writes an integer from 1 to 3999 in Roman numerals "
        '(`to_roman(1994) == "MCMXCIV"`) and raises ValueError outside that range'
    )
    return Spec("roman", what, source, tests, hidden)


def _balanced_ref(text: str) -> bool:
    pairs = {")": "(", "]": "[", "}": "{"}
    stack: list[str] = []
    for ch in text:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs and (not stack or stack.pop() != pairs[ch]):
            return False
    return not stack


def _brackets(rng: random.Random) -> Spec:
    source = '''\
"""Bracket matching."""

_PAIRS = {")": "(", "]": "[", "}": "{"}


def is_balanced(text):
    """True when every (, [ and { in `text` is closed in order; other characters are ignored."""
    stack = []
    for ch in text:
        if ch in "([{":
            stack.append(ch)
        elif ch in _PAIRS:
            if not stack or stack.pop() != _PAIRS[ch]:
                return False
    return not stack
'''
    cases: dict[str, bool] = {}
    while len(cases) < 6:
        s = "".join(rng.choice("()[]{}x") for _ in range(rng.randint(2, 10)))
        cases[s] = _balanced_ref(s)
    tests = """\
import unittest

from {pkg}.{mod} import is_balanced


class BalancedTest(unittest.TestCase):
    def test_balanced(self):
        self.assertTrue(is_balanced("f(a[1]) {x}"))

    def test_unbalanced(self):
        self.assertFalse(is_balanced("(]"))
        self.assertFalse(is_balanced("(("))
"""
    hidden = f"""\
from {{pkg}}.{{mod}} import is_balanced


class HiddenBalancedTest(unittest.TestCase):
    def test_cases(self):
        for text, expected in {cases!r}.items():
            self.assertIs(bool(is_balanced(text)), expected, text)

    def test_empty(self):
        self.assertTrue(is_balanced(""))
"""
    what = (
        "a function `is_balanced(text)` that returns True when every (, [ and { in the text "
        "is closed by the matching bracket in the right order, False otherwise; other "
        "characters are ignored"
    )
    return Spec("brackets", what, source, tests, hidden)


def _words(rng: random.Random) -> Spec:
    source = '''\
"""Word counts."""

import re
from collections import Counter


def top_words(text, n):
    """The `n` most common words (lowercased, letters and apostrophes) as (word, count),
    most common first, ties in alphabetical order."""
    counts = Counter(re.findall(r"[a-z']+", text.lower()))
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]
'''
    pool = ["apple", "pear", "plum", "fig", "kiwi", "lime"]
    words = [rng.choice(pool) for _ in range(rng.randint(10, 16))]
    text = " ".join(w.capitalize() if rng.random() < 0.3 else w for w in words) + "."
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    expected = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:3]
    tests = """\
import unittest

from {pkg}.{mod} import top_words


class TopWordsTest(unittest.TestCase):
    def test_counts(self):
        self.assertEqual(top_words("b a b, A c b", 2), [("b", 3), ("a", 2)])

    def test_ties_alphabetical(self):
        self.assertEqual(top_words("z y", 2), [("y", 1), ("z", 1)])
"""
    hidden = f"""\
from {{pkg}}.{{mod}} import top_words


class HiddenTopWordsTest(unittest.TestCase):
    def test_top_three(self):
        self.assertEqual([tuple(x) for x in top_words({text!r}, 3)], {expected!r})

    def test_empty(self):
        self.assertEqual(list(top_words("", 3)), [])
"""
    what = (
        "a function `top_words(text, n)` that returns the n most common words of the text as "
        "(word, count) tuples, most common first and ties in alphabetical order; words are "
        "runs of letters and apostrophes, compared lowercased"
    )
    return Spec("wordcount", what, source, tests, hidden)


def _caesar_ref(text: str, shift: int) -> str:
    out = []
    for ch in text:
        if "a" <= ch <= "z" or "A" <= ch <= "Z":
            base = ord("a") if ch.islower() else ord("A")
            out.append(chr((ord(ch) - base + shift) % 26 + base))
        else:
            out.append(ch)
    return "".join(out)


def _caesar(rng: random.Random) -> Spec:
    source = '''\
"""The Caesar cipher."""


def caesar(text, shift):
    """`text` with each ASCII letter moved `shift` places (case kept, others unchanged)."""
    out = []
    for ch in text:
        if "a" <= ch <= "z" or "A" <= ch <= "Z":
            base = ord("a") if ch.islower() else ord("A")
            out.append(chr((ord(ch) - base + shift) % 26 + base))
        else:
            out.append(ch)
    return "".join(out)
'''
    shift = rng.choice([s for s in range(-30, 31) if s % 26])
    text = rng.choice(["Hello, World!", "Attack at dawn.", "Zebra-42 yak", "Quiet Night"])
    tests = """\
import unittest

from {pkg}.{mod} import caesar


class CaesarTest(unittest.TestCase):
    def test_shift(self):
        self.assertEqual(caesar("abc XYZ", 3), "def ABC")

    def test_back(self):
        self.assertEqual(caesar(caesar("Hi there", 5), -5), "Hi there")
"""
    hidden = f"""\
from {{pkg}}.{{mod}} import caesar


class HiddenCaesarTest(unittest.TestCase):
    def test_shift(self):
        self.assertEqual(caesar({text!r}, {shift}), {_caesar_ref(text, shift)!r})

    def test_zero(self):
        self.assertEqual(caesar("Same 1", 26), "Same 1")
"""
    what = (
        "a function `caesar(text, shift)` that moves every ASCII letter `shift` places along "
        "the alphabet, wrapping around and keeping its case (shift may be negative or larger "
        'than 26); other characters stay as they are (`caesar("abc XYZ", 3) == "def ABC"`)'
    )
    return Spec("cipher", what, source, tests, hidden)


def _flatten(rng: random.Random) -> Spec:
    source = '''\
"""Flattening nested lists."""


def flatten(nested):
    """Every item of `nested` in order, lists and tuples at any depth opened up."""
    out = []
    for item in nested:
        if isinstance(item, (list, tuple)):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out
'''
    a, b, c, d = rng.sample(range(1, 99), 4)
    nested = [a, [b, (c, [[d]])], [], "s"]
    tests = """\
import unittest

from {pkg}.{mod} import flatten


class FlattenTest(unittest.TestCase):
    def test_nested(self):
        self.assertEqual(flatten([1, [2, [3, [4]]], 5]), [1, 2, 3, 4, 5])

    def test_tuples_and_empties(self):
        self.assertEqual(flatten([(1, 2), [], [[]]]), [1, 2])
"""
    hidden = f"""\
from {{pkg}}.{{mod}} import flatten


class HiddenFlattenTest(unittest.TestCase):
    def test_deep(self):
        self.assertEqual(list(flatten({nested!r})), {[a, b, c, d, "s"]!r})

    def test_strings_stay_whole(self):
        self.assertEqual(list(flatten(["ab", ["cd"]])), ["ab", "cd"])
"""
    what = (
        "a function `flatten(nested)` that returns a flat list of every item of a list nested "
        "to any depth, opening lists and tuples (strings stay whole, order is kept)"
    )
    return Spec("flat", what, source, tests, hidden)


SPECS: tuple[Callable[[random.Random], Spec], ...] = (
    _runs,
    _duration,
    _chunks,
    _roman,
    _brackets,
    _words,
    _caesar,
    _flatten,
)


def make(rng: random.Random, index: int, python: str) -> Task:
    spec = SPECS[index % len(SPECS)](rng)
    pkg = rng.choice(PACKAGES)
    module, test_file = f"{pkg}/{spec.mod}.py", f"tests/test_{spec.mod}.py"
    run_tests = test_command(python, "-v", f"tests.test_{spec.mod}")
    fill = {"{pkg}": pkg, "{mod}": spec.mod}
    tests, hidden = spec.tests, spec.hidden
    for key, value in fill.items():
        tests, hidden = tests.replace(key, value), hidden.replace(key, value)
    files = {
        f"{pkg}/__init__.py": f'"""{pkg}: small helpers."""\n',
        "tests/__init__.py": "",
        "README.md": (
            f"# {pkg}\n\nCode goes in {pkg}/, one module per helper; tests go in tests/ "
            f"(unittest, one test_<module>.py per module). Run them with "
            f"`{test_command(python)}`.\n"
        ),
    }
    prompt = (
        f"Write {module} with {spec.what}. Also write unittest tests for it in {test_file}, "
        f"and make sure they pass (`{run_tests}`)."
    )
    names = list(dict.fromkeys(re.findall(r"`(\w+)\(", spec.what)))
    solver = (
        turn(call("list_files", path="."), call("read_file", path="README.md")),
        turn(call("write_file", path=module, content=spec.source), text=f"Writing {module}."),
        turn(call("write_file", path=test_file, content=tests), text="Now its tests."),
        turn(call("run_command", command=run_tests)),
        final(
            f"Wrote {module} with {' and '.join(f'`{n}`' for n in names)}, and tests for it in "
            f"{test_file}; I ran them with `{run_tests}` and they pass."
        ),
    )
    return Task(
        id="",
        kind="module",
        prompt=prompt,
        files=files,
        hidden={f"check_{spec.mod}.py": hidden_tests(hidden)},
        checks=(
            f"{{python}} {{hidden}}/check_{spec.mod}.py",
            f"{{python}} -m unittest -q tests.test_{spec.mod}",
        ),
        solver=solver,
    )
