"""The judge's words: the failure vocabulary, prefixes, placeholders and answer words of
`judge_signals.json`, compiled once into fast regexes (`Lexicon`, each list a `terms.Terms`).

Terms are matched case-insensitively: ASCII terms at the start of a word (a trailing `*` takes
any ending), other terms (CJK, Cyrillic, accented) anywhere, and searched only in text that is
not ASCII; `re:` entries are regular expressions.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from importlib import resources
from itertools import accumulate, compress
from operator import add
from typing import Any, cast

from tether.reliability.keyed import KeyGated
from tether.reliability.term_search import _TRIGGER_CHARS, Gate, _term_key, _word_keys
from tether.reliability.terms import AnyTerms, Terms
from tether.reliability.trie_patterns import term_pattern, trie_pattern

# A configured phrase (your gateway's own text) alone makes a reply a failure text: its class
# weighs as much as the judge's threshold.
PHRASE_WEIGHT = 1.0


def _load() -> dict[str, Any]:
    text = resources.files("tether.reliability").joinpath("judge_signals.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


SHIPPED = _load()
# What a writer says of a failure word they do not see: before it ("not getting", "not
# seeing"), or as a whole phrase in many languages ("no errors", "kein Fehler", "没有报错",
# "エラーは出ません"). One concept, read twice: the failure word in it is no failure's
# (`Reply.hits`), and the phrase is a witness's words (`unseen_error_phrases`, signal `witness`).
NOT_SEEING = tuple(SHIPPED.get("not_seeing", {}).get("terms", ()))
NO_ERROR = tuple(SHIPPED.get("not_seeing", {}).get("no_error", ()))
# A request that asks why the bot is silent or where it went ("你怎么不说话", "where did you go?"):
# it asks after the bot (`persona_signals.asked_after`), it is no plain task.
SILENCE = tuple(SHIPPED.get("asking_after", {}).get("silence", ()))


def unseen_error_phrases() -> list[str]:
    """The witness's words of `NOT_SEEING` and `NO_ERROR`: "not getting an error", "not
    seeing any error", "sin errores", "没有报错"."""
    leads = [f"{lead} {article} error" for lead in NOT_SEEING for article in ("an", "any")]
    return [*leads, *NO_ERROR]


# A word that says a failure alone but not inside a longer word of its script, where no space
# marks the word's end ("无" in "无输出", not in "无效"): per term, what may not follow it and
# what may not precede it (`judge_signals.json`: `word_bounds`), read wherever it is listed.
WORD_BOUNDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    term: (tuple(bounds.get("not_followed_by", ())), tuple(bounds.get("not_preceded_by", ())))
    for term, bounds in SHIPPED.get("word_bounds", {}).get("terms", {}).items()
}


def bounded(terms: Iterable[str]) -> list[str]:
    """The terms, each one with bounds (`WORD_BOUNDS`) as a `re:` entry that matches it only
    within them: "无" as "re:无(?!效)"."""
    out: list[str] = []
    for term in terms:
        bounds = WORD_BOUNDS.get(term)
        if bounds is None:
            out.append(term)
            continue
        not_followed_by, not_preceded_by = bounds
        # (one look-behind per word: each is fixed-width, their lengths may differ)
        behind = "".join(f"(?<!{re.escape(word)})" for word in not_preceded_by)
        ahead = f"(?!{alternation(not_followed_by)})" if not_followed_by else ""
        out.append(f"re:{behind}{re.escape(term.lower())}{ahead}")
    return out


def _pair_terms(terms: Iterable[str]) -> Terms:
    """A pair's words (`Lexicon.pairs`) as `Terms`: its `re:` entries as regexes, its bounded
    words within their bounds (`bounded`)."""
    listed = bounded(terms)
    plain = (t.lower() for t in typographic([t for t in listed if not t.startswith("re:")]))
    return Terms(plain, [t[3:] for t in listed if t.startswith("re:")])


# What ends a clause: a word of talking and one of another turn on either side of it are not
# said together ("it works again, ask me if not").
# "ai" after an elided pronoun ("j'ai", "n'ai", "l'ai": I have, have it), never the AI: read
# as another word of the same length.
_ELIDED_AI = re.compile(r"(?<=\b[jnlmst]['\u2019])ai\b")
CLAUSE_BREAKS = ",.;:!?\n\uff0c\u3002\uff1b\uff1a\uff01\uff1f\u3001"


def near_pair(
    low: str, first: Terms, second: Terms, within: int, across: str = ""
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The spans of the first match of `first` that stands within `within` characters of a
    match of `second`, in either order, and of that match (with no character of `across`
    between them); None when none does."""
    seconds = second.spans(low)
    if not seconds:
        return None
    return near_spans(low, first.spans(low), seconds, within, across)


def near_spans(
    low: str,
    firsts: list[tuple[int, int]],
    seconds: list[tuple[int, int]],
    within: int,
    across: str = "",
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """`near_pair` on spans already found (and filtered by the caller): the first of `firsts`
    within `within` characters of one of `seconds`, in either order, with no character of
    `across` between them, and that one."""
    for a, b in firsts:
        for c, d in seconds:
            if 0 <= c - b <= within:
                gap = low[b:c]
            elif 0 <= a - d <= within:
                gap = low[d:a]
            else:
                continue
            if not across or not any(ch in across for ch in gap):
                return (a, b), (c, d)
    return None


# The lists of `handing_back` whose terms each hand the turn back alone: asked to be asked
# again ("alone"), to wait ("holding"), to say more ("go_on"), to ask otherwise ("differently"),
# to ask someone else ("elsewhere").
HANDING_BACK_ALONE = ("alone", "holding", "go_on", "differently", "elsewhere")


def handing_back_terms(back: Mapping[str, Any]) -> list[str]:
    """The terms that hand the turn back alone, from every list of `handing_back` that has them
    (`HANDING_BACK_ALONE`): each list is one way a bot's stand-in gives the turn back."""
    return typographic(t for name in HANDING_BACK_ALONE for t in back.get(name, ()))


def alternation(terms: Iterable[str]) -> str:
    """A regex alternation of the plain terms (`re:` entries are the caller's): lower-cased,
    escaped, the longest first so that a term is not cut short by another that begins it; one
    that never matches when there are none."""
    plain = {str(t).lower() for t in terms if not str(t).startswith("re:")}
    # (ties in their written order of code points: the same pattern in every process)
    return "|".join(re.escape(t) for t in sorted(plain, key=lambda t: (-len(t), t))) or "(?!)"


def field_alternation(section: Mapping[str, Any], field: str) -> str:
    """`alternation` of one field of a `judge_signals.json` section (a never-match without it):
    the one way a module builds a search from its words in data."""
    return alternation(section.get(field, ()))


def listed_group(section: Mapping[str, Any], field: str) -> str:
    """One non-capturing group of a `judge_signals.json` section's list of regex fragments, in
    the list's order (the first that matches is taken, as written), a never-match without
    them: an empty list must not become "(?:)", which matches everywhere."""
    return f"(?:{'|'.join(str(t) for t in section.get(field, ())) or '(?!)'})"


def typographic(terms: Iterable[str]) -> list[str]:
    """The terms, each also as its other spellings (`SPELLINGS`): a notice typeset or typed
    with them says the same words."""
    out: list[str] = []
    for term in terms:
        out.append(term)
        if term.startswith("re:"):
            continue
        out += [term.replace(a, b) for a, b in SPELLINGS if a in term]
        if "'" in term and _CYRILLIC.search(term):
            out.append(term.replace("'", "\u02bc"))  # Ukrainian's own apostrophe: "зʼєднання"
    return out


_CYRILLIC = re.compile("[\u0400-\u04ff]")


def shipped_terms(key: str, field: str = "terms") -> Terms:
    """The words of `judge_signals.json`'s `key` (its list `field`) as `Terms`, lower-cased,
    each also in its other spellings (`typographic`), its `re:` entries as regexes
    (`_pair_terms`): how a signal module reads its own list."""
    return _pair_terms(SHIPPED.get(key, {}).get(field, ()))


# One character (or pair) written two ways: the apostrophe and the typographic one (U+2019),
# in "couldn't", "n'a pas pu", "délai d'attente"; English's "n't" typed without its apostrophe,
# as canned strings often are ("I cant connect", "doesnt exist"); Arabic's ending tanween before
# or after its alif, in "عذرًا" / "عذراً" (sorry), "لاحقًا" / "لاحقاً" (later).
SPELLINGS = (
    ("'", "\u2019"),
    ("n't", "nt"),
    ("\u064b\u0627", "\u0627\u064b"),
    ("\u0627\u064b", "\u064b\u0627"),
)


class Lexicon:
    """The vocabulary classes, prefixes and placeholders, compiled once."""

    def __init__(
        self,
        vocabulary: Mapping[str, Mapping[str, Any]],
        prefixes: Iterable[str],
        placeholders: Iterable[str],
        explaining: Iterable[str],
        extra_phrases: Iterable[str] = (),
        defining: Iterable[str] = (),
        witnessing: Iterable[str] = (),
        stock: Mapping[str, Iterable[str]] | None = None,
        pairs: Mapping[str, Any] | None = None,
        handing_back: Mapping[str, Any] | None = None,
        stand_in: Mapping[str, Any] | None = None,
        not_knowing: Mapping[str, Any] | None = None,
        own_machinery: Mapping[str, Any] | None = None,
    ) -> None:
        self.weights: dict[str, float] = {}
        self.classes: list[tuple[str, Terms]] = []
        # per class, the words of a person's state its terms may hold (`person_state`: "累",
        # "忙"): such a term said of the addressee is no failure (`said_of_addressee`)
        self.person_states: dict[str, tuple[str, ...]] = {
            k: tuple(v["person_state"]) for k, v in vocabulary.items() if v.get("person_state")
        }
        self.gates: dict[str, Gate] = {}
        classes = {
            k: (float(v["weight"]), bounded(typographic(v["terms"]))) for k, v in vocabulary.items()
        }
        extra = typographic(p for p in extra_phrases if p)
        if extra:
            classes["configured"] = (PHRASE_WEIGHT, extra)
        every: list[str] = []
        every_regexes: list[str] = []
        for name, (weight, terms) in classes.items():
            self.weights[name] = weight
            plain = [t.lower() for t in terms if not t.startswith("re:")]
            regexes = [t[3:] for t in terms if t.startswith("re:")]
            every += plain
            every_regexes += regexes
            self.classes.append((name, Terms(plain, regexes)))
            self.gates[name] = Gate(plain, regexes)
        # Where `class_matches` may look for each class: at the words whose key (`Gate`) is
        # one of its terms' (and where its terms that start with a sign are); a class with
        # regexes, or a term that ends with `_` (its word has no key), is searched as before
        # in a window with one of its words.
        self._key_classes: dict[str, tuple[int, ...]] = {}  # key -> the classes it is one of
        self._searched: set[int] = set()
        for i, (name, (_, terms)) in enumerate(classes.items()):
            gate = self.gates[name]
            if any(t.startswith("re:") or t.endswith("_") for t in terms):
                self._searched.add(i)
            for key in gate.triggers | gate.stems:
                self._key_classes[key] = (*self._key_classes.get(key, ()), i)
        self._word_classes: dict[str, tuple[int, ...]] = {}  # word -> `classes_of` it
        # key -> the most letters of a term with that key, and per word (`classes_of`) the
        # most of its keys': how far past a word a term that starts at it can end
        self._key_reach: dict[str, int] = {}
        for _, terms in classes.values():
            for term in terms:
                low_term = term.lower()
                term_key = _term_key(low_term) if not term.startswith("re:") else None
                if term_key is not None:
                    letters = len(low_term.rstrip("*"))
                    self._key_reach[term_key] = max(self._key_reach.get(term_key, 0), letters)
        self._word_reach: dict[str, int] = {}
        # per class: its terms that start with a sign (their letters) and its `re:` entries
        self._others: list[tuple[list[str], list[re.Pattern[str]]]] = []
        # ... each `re:` entry with its literal keys (`KeyGated`): one a text lacks cannot
        # match in any of its windows, and is not searched in each (`class_matches`)
        self._keyed_regexes: list[list[KeyGated]] = []
        self._underscored: set[int] = set()  # classes with a term that ends with `_`
        for i, (_, terms) in enumerate(classes.values()):
            plain = [t.lower() for t in terms if t and not t.startswith("re:")]
            signs = [t.rstrip("*") for t in plain if t.isascii() and not t[:1].isalnum()]
            keyed = [KeyGated(t[3:]) for t in terms if t.startswith("re:")]
            self._keyed_regexes.append(keyed)
            self._others.append((signs, [k.pattern for k in keyed]))
            if any(t.endswith("_") for t in terms):
                self._underscored.add(i)
        self._other_classes = self._underscored | {
            i for i, (signs, regexes) in enumerate(self._others) if signs or regexes
        }
        # ... read in `class_matches` when no `re:` entry's key is in the text (most texts): no
        # entry is live, and a class is searched for its signs alone (each class's live entries
        # and signs, looked up per text, cost ~5 us a call)
        self._none_live: dict[int, list[re.Pattern[str]]] = {i: [] for i in self._other_classes}
        self._signed = tuple((i, signs) for i, (signs, _) in enumerate(self._others) if signs)
        # One set of terms for "any failure word?" and one per class for "which classes?": a
        # word of one class inside a longer term of another ("could not" in "could not
        # respond") must not hide the longer one.
        self.vocabulary = Terms(every, every_regexes)
        # The fast gate: could a text hold any failure word at all?
        self.gate = Gate(every, every_regexes)
        # a `re:` entry may find a word's ending (Turkish "-AmAdI", could not): its hit is the
        # whole word (`hits`)
        self._regex_terms = re.compile("|".join(every_regexes)) if every_regexes else None
        self.prefixes = re.compile(
            r"^\W{0,3}(?:"
            + "|".join(term_pattern(p.lower()) for p in sorted(prefixes, key=len, reverse=True))
            + ")",
        )
        self.placeholders = frozenset(placeholder_key(p) for p in placeholders)
        self.explaining = Terms(e.lower().strip() for e in typographic(explaining))
        self.defining = Terms(e.lower().strip() for e in typographic(defining))
        self.witnessing = Terms(e.lower().strip() for e in typographic(witnessing))
        # the parts of a canned notice beside the vocabulary's (`Reply.stock_parts`)
        self.stock: tuple[tuple[str, Terms], ...] = tuple(
            (name, Terms(t.lower().strip() for t in typographic(terms)))
            for name, terms in (stock or {}).items()
            if name != "about"
        )
        # two words that say a failure together (`pair_hits`): class, reach, first, second
        # (a `re:` entry of a pair's words is a regex: a word that ends a compound, Swedish
        # "chattgräns", Hungarian "hosszkorlátját")
        self.pairs: tuple[tuple[str, int, Terms, Terms], ...] = tuple(
            (
                str(p.get("class", name)),
                int(p["within"]),
                _pair_terms(p["first"]),
                _pair_terms(p["second"]),
            )
            for name, p in (pairs or {}).items()
            if name != "about"
        )
        # every pair's second words at once: a text that holds none holds no pair (`pair_hits`
        # is asked of each quoted phrase and short message; ~1 us a pair)
        self.pair_seconds = _pair_terms(
            t for name, p in (pairs or {}).items() if name != "about" for t in p["second"]
        )
        # a bracketed stand-in's words: an absence, and the things a reply carries
        no_reply = (pairs or {}).get("no_reply", {})
        absence = bounded((*no_reply.get("first", ()), *(stand_in or {}).get("absent", ())))
        self.absence = Terms(
            (t.lower() for t in absence if not t.startswith("re:")),
            [t[3:] for t in absence if t.startswith("re:")],
        )
        self.things = Terms(
            t.lower() for t in (*no_reply.get("second", ()), *(stand_in or {}).get("things", ()))
        )
        # a word of work in progress, alone or before a thing ("redoing prompt")
        self.progress = frozenset(t.lower() for t in (stand_in or {}).get("progress", ()))
        # a line of work under way, ended by an ellipsis ("AI is thinking...", "Печатаю..."):
        # the progress words and the phrases of a bot at work ("working")
        self.working = Terms(
            t.lower()
            for t in (*(stand_in or {}).get("progress", ()), *(stand_in or {}).get("working", ()))
        )
        # the words an interim notice wraps its progress word in ("아직", "です", "still":
        # `stand_in` "interim"; `working_line`)
        self.interim = Terms(t.lower() for t in (stand_in or {}).get("interim", ()))
        # a speaker not knowing, or not wanting to talk (`Reply.not_knowing`)
        self.not_knowing = Terms(t.lower() for t in (not_knowing or {}).get("terms", ()))
        # a word of talking near a word of another turn, or both in one (`handing_back`)
        back = handing_back or {}
        self.back_within = int(back.get("within", 0))
        self.back_talk = Terms(t.lower() for t in back.get("talk", ()))
        self.back_turn = Terms(t.lower() for t in back.get("turn", ()))
        self.back_alone = Terms(t.lower() for t in handing_back_terms(back))
        # the bot's own machinery in trouble (`own_machinery`): one list of its parts, near a
        # word of any trouble (a persona's stand-in), or given a person's bad day (`bad_day`,
        # one kind of trouble, read with the stock part `self`)
        machinery = own_machinery or {}
        bad_day = tuple(typographic(machinery.get("bad_day", ())))
        self.machinery_within = int(machinery.get("within", 0))
        self.machine_parts = Terms(t.lower() for t in typographic(machinery.get("parts", ())))
        trouble = (*typographic(machinery.get("trouble", ())), *bad_day)
        self.machine_trouble = Terms(t.lower() for t in trouble)
        self.bad_day_trouble = Terms(t.lower() for t in bad_day)

    def has_trigger(self, low: str) -> bool:
        """Could `low` (lower-cased) hold a failure word? A set lookup per word."""
        return self.gate.may_match(low)

    def hits(self, low: str, reach: int) -> list[tuple[str, int, int, str]]:
        """(class, start, end, term) for every class's matches near the matches of all the
        terms: one pass of every term finds where failure words are, and each class is read
        only in the windows from each match's start to `reach` characters past its end (a
        class's match always starts inside a match of all the terms, or is one)."""
        # (whether a key of a `re:` entry or a sign's term is in `low`: read once, for both)
        other = self.gate.other is not None and self.gate.other.may_match(low)
        spans = self.spans(low, other)
        windows = windows_around(spans, len(low), reach)
        return self.as_words(low, self.class_matches(low, windows, spans, other))

    def as_words(
        self, low: str, found: Iterable[tuple[str, int, int, str]]
    ) -> list[tuple[str, int, int, str]]:
        """The hits read as words: a `re:` entry's ending as its whole word, and no Turkish
        past form inside its participle (`_participle`)."""
        return [self._whole_word(low, hit) for hit in found if not _participle(low, hit)]

    def _whole_word(self, low: str, hit: tuple[str, int, int, str]) -> tuple[str, int, int, str]:
        """A hit of a `re:` entry that starts inside a word (an ending) as its whole word."""
        name, start, stop, _ = hit
        rx = self._regex_terms
        if rx is None or start == 0 or not low[start - 1].isalpha():
            return hit
        m = rx.match(low, start)
        if m is None or m.end() != stop:
            return hit
        while start > 0 and low[start - 1].isalpha():
            start -= 1
        return name, start, stop, low[start:stop]

    @cached_property
    def _after_gap(self) -> re.Pattern[str] | None:
        """The vocabulary's word terms after the gap before them (`spans`), compiled on first
        use (~50 ms)."""
        words = self.vocabulary.words
        return re.compile(f"[^a-z0-9_]({trie_pattern(words)})") if words else None

    def spans(self, low: str, other_keys: bool | None = None) -> list[tuple[int, int]]:
        """Where all the terms match in `low`: `sorted(m.span() for m in
        vocabulary.finditer(low))`. When no term that starts with a sign and no `re:` entry
        matches anywhere, only the word terms can, each after a gap (or at the start): the
        engine skips to the gaps (`_after_gap`), where the word-start check was tried at every
        position (~30 us on an 800-character answer, against ~18). `other_keys`: whether
        `low` holds a key of those terms (`gate.other.may_match`), when known."""
        other = self.gate.other
        after_gap = self._after_gap
        if other_keys is None:
            other_keys = other is not None and other.may_match(low)
        # (`other_keys`: its keys are in `low`, its pattern is searched at once)
        if after_gap is None or (other_keys and other is not None and self.gate.other_found(low)):
            return sorted(m.span() for m in self.vocabulary.finditer(low))
        found: list[tuple[int, int]] = []
        first = self.vocabulary.ascii.match(low)
        end = 0
        if first is not None:
            end = first.end()
            found.append((0, end))
        search = after_gap.search
        # (a match may start right after the one before when that one ended with a gap: the
        # search starts one character back, at the gap)
        m = search(low, end - 1 if end else 0)
        while m is not None:
            end = m.end()
            found.append((m.start(1), end))
            m = search(low, end - 1)
        wide = self.vocabulary.wide
        if wide is not None and not low.isascii():
            found += [m.span() for m in wide.finditer(low)]
            found.sort()
        return found

    def pair_hits(self, low: str) -> list[tuple[str, int, int, str]]:
        """(class, start, end, words) for each pair of words (`pairs`) that stand within their
        reach of each other in `low`, in either order: "empty output", "no hubo respuesta",
        "返答が空", on one line (a list's item and the next are not said together). One per
        class."""
        found: list[tuple[str, int, int, str]] = []
        if self.pair_seconds.search(low) is None:
            return found  # (no pair's second word: no pair)
        for name, within, first, second in self.pairs:
            if any(hit[0] == name for hit in found):
                continue
            spans = near_pair(low, first, second, within, "\n")
            if spans is not None:
                start, end = min(spans[0][0], spans[1][0]), max(spans[0][1], spans[1][1])
                found.append((name, start, end, low[start:end]))
        return found

    def hands_back(self, low: str) -> tuple[tuple[int, int], ...]:
        """Where `low` hands the turn back to the user (`handing_back`): a word of talking near
        a word of another turn in one clause ("ask me again", "напиши ещё раз"), or both in
        one ("再问"); the spans of those words, () when it does not."""
        alone = tuple(m.span() for m in self.back_alone.finditer(low))
        if alone:
            return alone  # (every one: "I'm listening, tell me more" says nothing else)
        if not self.back_within:
            return ()
        found = near_pair(low, self.back_talk, self.back_turn, self.back_within, CLAUSE_BREAKS)
        return found or ()

    def machinery_down(self, low: str, bad_day: bool = True) -> str | None:
        """The words in which `low` says a part of the bot's own machinery is in trouble, in one
        clause, or None: given a person's bad day ("Mon IA fait une sieste", "the servers need
        a vacation"), or with `bad_day` False, in any trouble ("信号好像不太稳定呢";
        `own_machinery`)."""
        if not self.machinery_within:
            return None
        trouble = self.bad_day_trouble if bad_day else self.machine_trouble
        read = _ELIDED_AI.sub("a\u0131", low) if "'ai" in low or "\u2019ai" in low else low
        found = near_pair(read, self.machine_parts, trouble, self.machinery_within, CLAUSE_BREAKS)
        if found is None:
            return None
        (a, b), (c, d) = found
        return low[min(a, c) : max(b, d)]

    def says_only_absence(self, low: str) -> bool:
        """Whether `low` is made only of words that say nothing is there, at least one of them
        an absence ("vacío", "kein inhalt", "내용 없음"; `stand_in`), and signs."""
        if self.absence.search(low) is None:
            return False
        kept = list(low)
        for terms in (self.absence, self.things):
            for m in terms.finditer(low):
                kept[m.start() : m.end()] = " " * (m.end() - m.start())
        return not any(c.isalpha() for c in kept)

    def only_things(self, low: str) -> bool:
        """Whether `low` is one of the things a reply carries and nothing else ("string",
        "result", "reply text"; `stand_in`)."""
        return any(m.span() == (0, len(low)) for m in self.things.finditer(low))

    def says_only_progress(self, bare: str) -> bool:
        """Whether `bare` (a reply without the signs around it) is only a word of work in
        progress, alone or before a thing a reply carries ("regenerating response";
        `stand_in`)."""
        if bare in self.progress:
            return True
        head, _, rest = bare.partition(" ")
        if head not in self.progress or not rest:
            return False
        return any(m.span() == (0, len(rest)) for m in self.things.finditer(rest))

    @cached_property
    def _pair_sets(self) -> AnyTerms:
        """The sets of terms `may_pair` searches (built on first use)."""
        return AnyTerms(
            (
                *(second for _, _, _, second in self.pairs),
                *(terms for _, terms in self.stock),
                self.back_turn,
                self.back_alone,
                self.not_knowing,
                *((self.bad_day_trouble,) if self.machinery_within > 0 else ()),
            )
        )

    def may_pair(self, low: str) -> bool:
        """Could `low` hold a pair's words, a canned notice's parts or a hand-back (a search
        of each set of terms; in a text that is not ASCII, their wide terms at once)?"""
        return self._pair_sets.found(low)

    def classes_of(self, word: str) -> tuple[int, ...]:
        """The classes one of whose keys (`Gate`) the word has: those that may start at it."""
        known = self._word_classes.get(word)
        if known is None:
            out: list[int] = []
            for n in (_TRIGGER_CHARS, *self.gate.stem_lengths):
                out += [i for i in self._key_classes.get(word[:n], ()) if i not in out]
            if len(self._word_classes) > _WORDS_KEPT:
                self._word_classes.clear()
                self._word_reach.clear()
            known = self._word_classes[word] = tuple(out)
            reach = self._key_reach.get
            self._word_reach[word] = max(
                reach(word[:n], 0) for n in (_TRIGGER_CHARS, *self.gate.stem_lengths)
            )
        return known

    def class_matches(
        self,
        low: str,
        windows: Iterable[tuple[int, int]],
        spans: Sequence[tuple[int, int]] | None = None,
        other_keys: bool = True,
    ) -> list[tuple[str, int, int, str]]:
        """(class, start, end, term) for every match of every class in the windows of `low`,
        class by class and window by window: what each class's `finditer(low, start, end)`
        finds, in fewer passes (a pass per class and window cost ~0.2 ms on an 800-character
        answer). A term that starts with a letter or a digit can only match at a word whose
        key (`Gate`) is its own: a class of such terms (and signs the window does not hold) is
        tried at those words alone, and a class with `re:` entries is searched only in windows
        where one of its words is. A window's words are split and looked up in C (`classes_of`
        remembers each word's classes): a loop over them cost ~1 us a word.

        `spans`: where `vocabulary.finditer(low)` matches (`hits`). A term of a class of words
        then only matches at a word inside one of them (all the terms match wherever one of
        them does), or one that ends at the window's end (whose end satisfies the term's
        word-end check where the text does not): the class's other words are not tried."""
        found: list[list[tuple[str, int, int, str]]] = [[] for _ in self.classes]
        wide_text = not low.isascii()
        span_starts = [a for a, _ in spans] if spans is not None else []
        span_ends = list(accumulate((b for _, b in spans), max)) if spans is not None else []
        word_reach = self._word_reach.get
        remembered_classes = self._word_classes.get
        special = self._other_classes
        # each special class's `re:` entries that may match in `low` (a key of theirs is in
        # it): the others match in no window (~4 searches a window saved on an English answer)
        # `other_keys` False: `low` holds none (`hits` read it), and none is live
        # ... and those that may be searched in a window at all: a class with no live entry
        # and none of its signs in `low` is tried at its words alone in every window, as a
        # class of words is (not visited in each window for a search it never gets)
        if other_keys:
            live = {
                i: [k.pattern for k in self._keyed_regexes[i] if k.may_match(low)] for i in special
            }
            searchable = {
                i
                for i in special
                if live[i] or i in self._underscored or _holds_any(low, self._others[i][0])
            }
        else:
            live = self._none_live  # (read, never changed)
            searchable = self._underscored | {
                i for i, signs in self._signed if _holds_any(low, signs)
            }
        for start, end in windows:
            part = low[start:end]
            wide_part = wide_text and not part.isascii()
            words, starts = window_words(part, start, wide_part)
            remembered = list(map(remembered_classes, words))
            if None in remembered:
                remembered = list(map(self.classes_of, words))
            known = cast(list[tuple[int, ...]], remembered)
            # a term that starts with a letter or a digit begins a word: not inside one the
            # window's start cut, not at a word that starts with `_` (the word-start check)
            cut = start > 0 and low[start - 1] in _WORD_CHARS
            at: dict[int, list[int]] = {}  # class -> the words it may start at
            elsewhere: set[int] = set()  # ... and the classes of its words outside the spans
            for k in compress(range(len(words)), known):
                if words[k][0] != "_" and not (k == 0 and cut):
                    p = starts[k]
                    if spans is not None and p + word_reach(words[k], end) < end:
                        j = bisect_right(span_starts, p) - 1
                        if j < 0 or p >= span_ends[j]:  # outside every span
                            elsewhere.update(known[k])
                            continue
                    for i in known[k]:
                        at.setdefault(i, []).append(p)
            # a class of words only (no `_` term, no sign or `re:` entry that can match in the
            # window) is tried at its words alone; the others are searched, where they may be
            visit = (at.keys() | searchable) if not wide_part else range(len(found))
            for i in visit:
                name, terms = self.classes[i]
                if i in searchable:
                    signs, regexes = self._others[i][0], live[i]
                    searched = i in self._underscored
                    for sign in signs:
                        if searched:
                            break
                        searched = sign in part
                    for rx in regexes:
                        if searched:
                            break
                        searched = rx.search(low, start, end) is not None
                    if searched:
                        gate = self.gates[name]
                        # the classes of the window's words (`_word_keys(part)` lets through)
                        keyed = (
                            any(i in classes for classes in known)
                            if i in self._searched
                            else i in at or i in elsewhere
                        )
                        # (a regex may look behind the window's start: "-AmAdI" after
                        # its verb's stem, which the window's words do not hold)
                        if (
                            keyed
                            or gate.may_match_words(set(), part, wide_part)
                            or any(rx.search(low, start, end) for rx in regexes)
                        ):
                            found[i] += _matches(name, terms.finditer(low, start, end))
                        continue
                if i in at:  # the first match at or past the last one's end, and so on
                    match = terms.ascii.match
                    hits = found[i]
                    cursor = start
                    for p in at[i]:
                        m = match(low, p, end) if p >= cursor else None
                        if m is not None:
                            cursor = m.end()
                            hits.append((name, p, cursor, m.group()))
                if wide_part and terms.wide is not None:
                    found[i] += _matches(name, terms.wide.finditer(low, start, end))
        return [hit for hits in found for hit in hits]

    def classes_in(self, low: str) -> Iterator[tuple[str, Terms]]:
        """The classes whose terms `low` may hold (the others cannot match in it)."""
        words = _word_keys(low, self.gate.stem_lengths)
        wide = not low.isascii()
        for name, terms in self.classes:
            if self.gates[name].may_match_words(words, low, wide):
                yield name, terms


def _participle(low: str, hit: tuple[str, int, int, str]) -> bool:
    """A Turkish past form read inside its participle ("kurulamadI", could not be made, in
    "kurulamadIgInda", when it cannot be made) explains a case: it reports nothing."""
    stop = hit[2]
    return stop < len(low) and low[stop] == "ğ" and low[stop - 2 : stop] in _PAST_ENDINGS


_PAST_ENDINGS = frozenset(("d\u0131", "di", "du", "dü", "t\u0131", "ti", "tu", "tü"))


# Words whose classes a lexicon keeps (`classes_of`): an answer's words repeat from text to text.
_WORDS_KEPT = 20_000


def windows_around(
    spans: Iterable[tuple[int, int]], size: int, reach: int
) -> list[tuple[int, int]]:
    """Each span (in order) from its start to `reach` characters past its end (at most `size`),
    overlapping ones merged."""
    windows: list[list[int]] = []
    for start, stop in spans:
        end = min(size, stop + reach)
        if windows and start <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], end)
        else:
            windows.append([start, end])
    return [(a, b) for a, b in windows]


_WORD_GAPS = re.compile(r"([^a-z0-9_]+)")
# Every ASCII byte but a word's (`a-z0-9_`) as a space: an ASCII window's words are its pieces
# between spaces (`window_words`).
_GAPS_AS_SPACES = bytes(
    b if chr(b) in "abcdefghijklmnopqrstuvwxyz0123456789_" else 32 for b in range(256)
)


def window_words(part: str, start: int, wide: bool) -> tuple[list[str], list[int]]:
    """The words of `part` (runs of `a-z0-9_`) and where each starts in the text `part` starts
    at `start`; also "" between two gap characters, which no class has (an ASCII window is
    split in C by bytes, in half the time of the regex split its words were read with)."""
    if wide:
        parts = _WORD_GAPS.split(part)  # word, gap, word, ..., word
        return parts[0::2], list(accumulate(map(len, parts), initial=start))[0::2]
    pieces = part.encode("ascii").translate(_GAPS_AS_SPACES).decode("ascii").split(" ")
    # (each piece is followed by one space: the k-th starts k characters past their lengths)
    return pieces, list(map(add, accumulate(map(len, pieces), initial=start), range(len(pieces))))


_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _holds_any(low: str, signs: Iterable[str]) -> bool:
    """Whether `low` holds one of `signs` (a class's terms that start with a sign)."""
    return any(sign in low for sign in signs)


def _matches(name: str, found: Iterable[re.Match[str]]) -> list[tuple[str, int, int, str]]:
    return [(name, m.start(), m.end(), m.group()) for m in found]


def placeholder_key(text: str) -> str:
    return " ".join(text.lower().split()).strip(" .!")
