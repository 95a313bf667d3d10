"""The judge's faster matchers find what the plain searches they replaced find.

`Lexicon.class_matches` finds what a search of every class in every window finds. It tries a class of word terms only at the words whose key is its own; these tests compare it
with the plain search it replaced, on texts made to catch where that could differ: a window
that ends inside a word, a term inside a longer term of another class, terms that start with a
sign, configured regexes (one with a look-behind), a term ending in `_`, non-ASCII text.
"""

from __future__ import annotations

import importlib
import math
import re

import pytest

from tether.reliability import learned
from tether.reliability.about_signals import _PAST_STATE
from tether.reliability.code_signals import _CODE_AS_NOUN
from tether.reliability.corpus import load
from tether.reliability.docs_signals import _CODE_PART, _CODE_PART_KEYS
from tether.reliability.error_objects import CODE_WORD
from tether.reliability.judge import DEFAULT_CONFIG, JudgeConfig
from tether.reliability.keyed import Alternation
from tether.reliability.lexicon import (
    SHIPPED,
    Gate,
    Lexicon,
    windows_around,
)
from tether.reliability.machine_marks import IDS, first_id
from tether.reliability.person_signals import _specific
from tether.reliability.question_signals import _WORD_AT, _names_word
from tether.reliability.reply import QUOTE
from tether.reliability.terms import Terms
from tether.reliability.trie_patterns import term_pattern

CONFIGURED = JudgeConfig(
    extra_phrases=("re:(?<=x)foo", "gate_", "my gateway broke", "(oops)", "überlastet*")
).lexicon
# (no term ending in `_`: a window where no regex or sign matches is read at its words alone)
REGEXES = JudgeConfig(
    extra_phrases=("re:(?<=x)foo", r"re:way\b", "my gateway broke", "(oops)", "überlastet*")
).lexicon

TEXTS = [
    "the upload failed after a timeout; i will retry later, laterally speaking.",
    "the image is busybox, in a regional relayer, offline-first, channels",
    "error: could not respond (tpm) limit reached, rate limits exceeded, ratelimited",
    "xfoo gate_way gate_ my gateway broke (oops) timeouts timeout_s errors_total",
    "der dienst ist überlastet, bitte später erneut versuchen — “failed” à 502",
    "服务器繁忙\uff0c请稍后再试。 upstream connect error or disconnect/reset before headers",
    "too_many_requests: quota exceeded for quotas; insufficient_quota insufficiently",
]


def plain_search(lexicon: Lexicon, low: str, windows: list[tuple[int, int]]) -> list[object]:
    """Every class searched in every window its gate lets through (what `Reply.hits` did), or
    where one of its regexes matches (one may look behind the window's start)."""
    may = [
        {name for name, _ in lexicon.classes_in(low[a:b])}
        | {name for name, terms in lexicon.classes if _regex_in(terms, low, a, b)}
        for a, b in windows
    ]
    found: list[object] = []
    for name, terms in lexicon.classes:
        for (start, end), names in zip(windows, may, strict=True):
            if name in names:
                found += [(name, *m.span(), m.group()) for m in terms.finditer(low, start, end)]
    return found


def _regex_in(terms: Terms, low: str, start: int, end: int) -> bool:
    return any(rx.search(low, start, end) is not None for rx in terms.regexes)


@pytest.mark.parametrize(
    "lexicon", [DEFAULT_CONFIG.lexicon, CONFIGURED, REGEXES], ids=["shipped", "own", "regexes"]
)
@pytest.mark.parametrize("width", [3, 7, 12, 40, 1000])
def test_class_matches_are_the_plain_search(lexicon: Lexicon, width: int) -> None:
    for text in TEXTS:
        low = text.lower()
        # a window from every position: every cut a window's start and end can make
        for windows in ([(a, min(len(low), a + width))] for a in range(len(low))):
            assert lexicon.class_matches(low, windows) == plain_search(lexicon, low, windows)


def test_the_texts_hold_matches_of_many_classes() -> None:
    """(the comparison above means something only if there is much to find)"""
    names = {
        hit[0] for text in TEXTS for hit in CONFIGURED.class_matches(text.lower(), [(0, len(text))])
    }
    assert {"failure", "timeout", "retry_advice", "rate_limit", "configured"} <= names


ID_TEXTS = [
    "request id: 7f3a9c21e4b84d0f9a2c at 2026-12-02 04:10, code=429 retry=30 type=rate",
    "ray id 8c1f2a3b4c5d6e7f, req_0123456789abcdef and org-abcdef1234 sk-proj-xyzxyzxyz",
    "chatcmpl-0123456789abcdefghij 550e8400-e29b-41d4-a716-446655440000 deadbeef" * 2,
    "x-request-id\tabc trace_id=1 span=2 correlation-id 0123456789abcdef0123456789abcdef",
    "no id here at all, only words and 2026 and a-b-c",
    "the req_id0123456789abcdef and trace-id-0123456789abcdef forms meet at one place",
    # (the forms found from a sign, or tried only when the text holds what they need)
    "12026-12-02 04:10, 2026-12-02t04:10 -2026-12-02 04:1 x2026-12-02 04:10 ٢٠٢٦-12-02 04:10",
    "-550e8400-e29b-41d4-a716 0550e8400-e29b-41d4-a716-4 abcdefab-cdef-abcd- -abcd-abcd-",
    "0123456789abcdef0123456 0123456789abcdef01234567x 0123456789abcdef01234567. xxxxxxxx",
    "gen-0123456789ab, msg_0123456789abcdef, err-abc, resp_0123456789ABCDEF, agent_0123456789ab",
    "sk-abc, key-abcdef, monkey-abcdefgh, proj-****** user-12 org-0123456789 ray idx cf-rays",
    # (the words of an id's name without the name, and each name, next to each other)
    "requests, tracing, rays: request id 12, reqid=3, req\nid 4, trace\tid, requests-id cf-ray",
    "0123456789ABCDEF0123456789abcdef é 0123456789abcdef0123456789abcdef, req-0123456789abcd",
    "request id abc and trace id 42, ray id 8325ea60dc942ac7, 0123456789abcdef0123456789abcdef",
]


def test_first_id_is_the_alternation() -> None:
    """Every suffix of texts where several forms match, at the same place or apart."""
    for text in ID_TEXTS:
        for start in range(len(text)):
            low = text[start:].lower()
            plain, fast = IDS.search(low), first_id(low)
            assert (plain and (plain.span(), plain.group())) == (
                fast and (fast.span(), fast.group())
            )


# The alternation `person_signals.specifics` searched before its forms were searched alone.
SPECIFIC = re.compile(
    r"(?<![\w/.])[\w-]+\.(?:py|js|ts|tsx|jsx|yaml|yml|json|toml|ini|cfg|conf|env|md|txt|go|rs|"
    r"java|kt|rb|php|sh|ps1|sql|html|css|lock|xml|gradle|log)\b|(?<=\s)--[a-z][\w-]+"
    r"|(?<=[\s`(])/(?:etc|usr|var|home|opt|tmp|srv)/[\w./-]+|(?<![\w&])#\d{1,6}(?![\w.])"
)
SPECIFIC_TEXTS = [
    "see --foo.py and a--flag, run --dry-run in /etc/hosts or (/usr/lib/x) `/tmp/a` x/etc/no",
    "issue #12, not a#3 nor &#38; nor #12.5; #1234567 is long; see docs/readme.md and a.b.json",
    "--x.json: a flag that is a file, #7 then /var/log/app.log, and .py alone, file.pyc too",
    "nothing specific here at all, only words and numbers 12 and 3.4",
]


def test_specifics_forms_are_the_alternation() -> None:
    """Every suffix: file names, flags, paths and issue numbers next to and inside each other."""
    for text in SPECIFIC_TEXTS:
        for start in range(len(text)):
            plain, fast = SPECIFIC.search(text[start:]), _specific(text[start:])
            assert (plain and (plain.span(), plain.group())) == (
                fast and (fast.span(), fast.group())
            )


def test_code_word_is_the_look_behind_first_pattern() -> None:
    """Every suffix of a text of statuses next to digits, dots, commas and letters."""
    plain = re.compile(r"(?<![\d.,])([45]\d\d)(?![\d.,]\d|\d)")
    text = "4500 429 .429 ,503 1.502 x404 404x 4045 \u0664429 5\u06633 404.5 404,1 500 (503)"
    for start in range(len(text)):
        assert [(m.span(), m.group(1)) for m in CODE_WORD.finditer(text[start:])] == [
            (m.span(), m.group(1)) for m in plain.finditer(text[start:])
        ]


def test_quote_is_the_look_behind_first_pattern() -> None:
    """Every suffix of single quotes after letters, signs and other quotes."""
    plain = re.compile(
        r"""["`\u201c\u201e\u00ab\u300c\u300e]([^"`\u201c\u201d\u201e\u00ab\u00bb\u300c\u300d\u300e\u300f\n]"""
        r"""{2,400})["`\u201d\u00bb\u300d\u300f]|(?<![a-z])'([^'\n]{2,400})'(?![a-z])""",
        re.I,
    )
    text = (
        "it's 'rate limit' and don't 'x'y, (`failed`) \u201cquota\u201d \u201ebłąd\u201d 'A'B'"
        " K'ok' Z 'end'"
    )
    for start in range(len(text)):
        assert [(m.span(), m.groups()) for m in QUOTE.finditer(text[start:])] == [
            (m.span(), m.groups()) for m in plain.finditer(text[start:])
        ]


def test_wide_terms_are_the_flat_alternation() -> None:
    """Terms that are not ASCII, one branch per first letter (the word-start check after it):
    the matches of the flat alternation, longest term first, on every suffix of texts where
    terms of the shipped vocabulary and configured ones meet, extend and cut each other."""
    terms = [*CONFIGURED_TERMS, *(t for _, ts in SHIPPED_CLASSES for t in ts)]
    wide = sorted({t for t in terms if not t.isascii()}, key=len, reverse=True)
    flat = re.compile("|".join(term_pattern(t) for t in wide))
    fast = Terms(terms).wide
    assert fast is not None
    for text in [*TEXTS, *WIDE_TEXTS]:
        low = text.lower()
        for start in range(len(low)):
            assert [(m.span(), m.group()) for m in fast.finditer(low, start)] == [
                (m.span(), m.group()) for m in flat.finditer(low, start)
            ]


CONFIGURED_TERMS = ["überlastet*", "über", "ärger im dienst", "xüber", "(错误)", "错误代码*"]
SHIPPED_CLASSES = [
    (name, [t.lower() for t in spec["terms"] if not t.startswith("re:")])
    for name, spec in SHIPPED["vocabulary"].items()
]
WIDE_TEXTS = [
    "überlastet überlastung xüberlastet über-alles ärger im dienst. zeitüberschreitung der anfrage",
    "服务器繁忙\uff0c请稍后再试\uff08错误\uff09错误代码503 不可用 暂时无法访问 请求过多 访问频率过高",
    "не удалось сгенерировать ответ, сервис временно недоступен; попробуйте позже",
    "não foi possível responder agora; serviço temporariamente indisponível. erreur: réessayez",
    "axüber, bzeitüberschreitung der anfrage, onão foi possível responder, _xüber 9xüber",
]


def test_names_word_is_the_search() -> None:
    """A demanded short reply found in the instructions as a word, as the regex found it."""
    q = "reply ok or n/a; say ok. not okay, xok, ok_1, (ok) n/a- n/ab 'done' done."
    for word in ("ok", "n/a", "done", "okay", "o", "a; s", ".", "xok", "k, x", "done."):
        for start in range(len(q)):
            plain = re.search(_WORD_AT.format(re.escape(word)), q[start:])
            assert _names_word(q[start:], word) is (plain is not None)


def plain_may_match(gate: Gate, low: str) -> bool:
    """The gate's test as a loop over the words (what `Gate.may_match` did)."""
    for w in re.split(r"[^a-z0-9_]+", low):
        if w[:6] in gate.triggers or any(w[:n] in gate.stems for n in gate.stem_lengths):
            return True
    return gate.may_match_words(set(), low, not low.isascii())


@pytest.mark.parametrize(
    "lexicon", [DEFAULT_CONFIG.lexicon, CONFIGURED, REGEXES], ids=["shipped", "own", "regexes"]
)
def test_gates_find_what_a_lookup_per_word_finds(lexicon: Lexicon) -> None:
    """Every cut of texts whose words are keys, stems, longer and shorter words, and words cut
    in the middle: the whole vocabulary's gate and each class's say what the loop says."""
    gates = [lexicon.gate, *lexicon.gates.values()]
    texts = [*TEXTS, *WIDE_TEXTS, *GATE_TEXTS]
    for text in texts:
        low = text.lower()
        for a in range(len(low)):
            for b in (a + 7, len(low)):
                for gate in gates:
                    assert gate.may_match(low[a:b]) is plain_may_match(gate, low[a:b])


GATE_TEXTS = [
    "overloaded overloadedx overloa errors_ error_ errorlog err, unavailability rate_limited",
    "a an at in is i so 9a a9 _a a_ x-a ai isn't can't aT In ÄN éa aé 限流a a限流 timeout0",
    "Quota QUOTA quota_exceeded tpm (tpm) retry-after retrying reintentar réessayez Überlastet",
]


def plain_margin(model: learned.Model, text: str) -> float:
    """The learned model's margin as every n-gram cut and looked up (what `margin` did)."""
    read = learned.normalised(text, model.head, model.tail)
    total, count = 0.0, 0
    for n in range(model.min_n, model.max_n + 1):
        grams = [read[i : i + n] for i in range(len(read) - n + 1)]
        total += sum([model.weights.get(g, 0.0) for g in grams])
        count += len(grams)
    return model.bias + total / math.sqrt(max(1, count))


def test_learned_margin_is_the_plain_sum() -> None:
    """The same weights added in the same order: the same float, to the last bit, on texts of
    every length around the model's head and tail, in any script."""
    model = learned.shipped()
    texts = [*TEXTS, *WIDE_TEXTS, *GATE_TEXTS, *ID_TEXTS]
    for text in texts:
        for cut in (0, 1, 2, 3, 4, 5, 9, 50, 599, 600, 601, 2400, 10_000):
            piece = (text * 200)[:cut]
            assert model.margin(piece) == plain_margin(model, piece)


@pytest.mark.parametrize(
    "lexicon", [DEFAULT_CONFIG.lexicon, CONFIGURED, REGEXES], ids=["shipped", "own", "regexes"]
)
@pytest.mark.parametrize("reach", [0, 2, 6, 15, 80])
def test_hits_are_the_plain_search_of_their_windows(lexicon: Lexicon, reach: int) -> None:
    """`hits` tries a class's words only inside the spans of all the terms and near a window's
    end: what every class searched in every window finds, on every cut of the texts (windows
    that end inside a word, terms inside longer terms, words of no failure term)."""
    for text in [*TEXTS, *WIDE_TEXTS, *GATE_TEXTS]:
        low = text.lower()
        for a in range(0, len(low), 3):
            for piece in (low[a:], low[: a + 1]):
                spans = sorted(m.span() for m in lexicon.vocabulary.finditer(piece))
                windows = windows_around(spans, len(piece), reach)
                plain = plain_search(lexicon, piece, windows)
                assert lexicon.hits(piece, reach) == lexicon.as_words(piece, plain)


@pytest.mark.parametrize(
    "lexicon", [DEFAULT_CONFIG.lexicon, CONFIGURED, REGEXES], ids=["shipped", "own", "regexes"]
)
def test_spans_are_the_vocabulary_search(lexicon: Lexicon) -> None:
    """Every cut of texts where terms follow each other with and without a gap, end in a sign
    (`e.g.`, `err-`), start the text, and where a sign or a regex matches (searched whole)."""
    for text in [*TEXTS, *WIDE_TEXTS, *GATE_TEXTS, *SPAN_TEXTS]:
        low = text.lower()
        for a in range(len(low)):
            for piece in (low[a:], low[: a + 1]):
                plain = sorted(m.span() for m in lexicon.vocabulary.finditer(piece))
                assert lexicon.spans(piece) == plain


SPAN_TEXTS = [
    "error.timeout,overloaded-busy rate limit:quota (tpm)retry later.later_ later",
    "timeouttimeout timeout.timeout e.g.error err-failed failed!failed gate_way gate_",
    # (terms that end with a sign, right before another term)
    "come again?timeout hmm...failed hmm...hmm... come again?come again? hmm...",
]


STATUS_TEXTS = [
    "HTTP/1.1 503 Service Unavailable\nStatus code: 429\nerror code=500, code: 404",
    "API Error: 502 bad gateway; \u017ftatus 503 and \u0130 404; http_504 ERROR 500 (api error 429)",
    "  -> 503 Too Many Requests\nupstream: 502, then: 500; 4000 and 5xx, 429x 404",
    'Request failed: status_code="503" after Error:\n\n 429 retries; code 4044',
]


def test_first_status_is_the_alternation() -> None:
    """Every suffix of texts with statuses under each label, in either case, next to each other
    and across lines (and letters `re.I` takes for ASCII ones: U+017F, U+0130)."""
    from tether.reliability.machine_marks import STATUS, first_status

    for text in STATUS_TEXTS:
        for start in range(len(text)):
            plain, fast = STATUS.search(text[start:]), first_status(text[start:])
            assert (plain and (plain.span(), plain.group())) == (
                fast and (fast.span(), fast.group())
            )


def test_first_person_gate_lets_every_match_through() -> None:
    """Every text of words, apostrophes and signs where `_FIRST_PERSON` matches passes its gate
    (a run of word characters and apostrophes that is one of its words), and a text with no
    such run does not."""
    import random

    from tether.reliability.person_signals import _FIRST_PERSON, _may_speak_as_i

    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice("imyjaecho'_1I ./-,\n") for _ in range(rng.randint(0, 12)))
        if _FIRST_PERSON.search(text) is not None:
            assert _may_speak_as_i(text), text
        runs = set(re.split(r"[^\w']+", text))
        assert _may_speak_as_i(text) == bool(
            runs & {"i", "i'm", "i've", "i'll", "i'd", "my"}
            | (runs & {"ich", "je", "j'ai", "yo", "eu"})
        ), text
    for text in ("私はここ", "我们", "제가 했다", "мне", "j'ai vu", "(i)", "my-file"):
        assert _may_speak_as_i(text) or _FIRST_PERSON.search(text) is None, text


def test_not_holding_drops_the_words_that_hold_a_term() -> None:
    """Random words and terms, with empty terms and terms across a newline."""
    import random

    from tether.reliability.question_signals import _not_holding

    rng = random.Random(3)
    for _ in range(20_000):
        words = {
            "".join(rng.choice("abcde") for _ in range(rng.randint(1, 7)))
            for _ in range(rng.randint(0, 12))
        }
        terms = {
            "".join(rng.choice("abcde\n") for _ in range(rng.randint(0, 3)))
            for _ in range(rng.randint(0, 4))
        }
        assert _not_holding(words, terms) == {
            x for x in words if not any(term in x for term in terms)
        }, (words, terms)


def test_code_token_gate_is_the_search() -> None:
    """Codes with five capitals or fewer, in ASCII text and not."""
    from tether.reliability.failure_signals import _CODE_TOKEN, _code_token

    texts = [
        "RESOURCE_EXHAUSTED and RATE_LIMIT_EXCEEDED",
        "a LIMIT, an ERRO, HEAD and CI, NOT_FOUND",
        "Ünicode TIMEOUT é",
        "nothing here",
        "ABCDLIMIT x_LIMIT LIMITS",
    ]
    for text in texts:
        for start in range(len(text)):
            plain, fast = _CODE_TOKEN.search(text[start:]), _code_token(text[start:])
            assert (plain and plain.span()) == (fast and fast.span()), text[start:]


@pytest.mark.parametrize(
    ("module", "pattern", "keys", "folded"),
    [
        ("page_marks", "_PAGE_TEXT", "_PAGE_TEXT_KEYS", False),
        ("runtime_message_signals", "_RUNTIME_MESSAGE", "_RUNTIME_MESSAGE_KEYS", True),
    ],
)
def test_pattern_keys_are_in_every_match(
    module: str, pattern: str, keys: str, folded: bool
) -> None:
    """Each branch of the pattern, as texts that match it, holds one of its keys."""
    signals = importlib.import_module(f"tether.reliability.{module}")

    texts = [
        "Ray ID: 8325ea60dc942ac7",
        "error reference number: 1020",
        "The requested URL could not be retrieved",
        "What happened?\nsome text\nWhat can I do?\n",
        "Cannot read properties of undefined (reading 'map')",
        "x is not a function",
        "Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
        "Unexpected end of JSON input",
        "'NoneType' object has no attribute 'get'",
        "'int' object is not subscriptable",
        "expected string, got table",
        "index out of range [3] with length 3",
        "runtime error: invalid memory address or nil pointer dereference",
        "java.lang.Null Pointer Exception",
        "TypeError: fetch failed",
        "TypeError: Failed to fetch",
        "Error: socket hang up",
    ]
    compiled = getattr(signals, pattern)
    found = getattr(signals, keys)
    plain = found[0] if isinstance(found[0], tuple) else found
    matched = 0
    for text in texts:
        low = text.lower()
        if compiled.search(text if folded else low) is not None:
            matched += 1
            assert any(key in low for key in plain), text
    assert matched >= 4


def test_found_is_what_finditer_matches() -> None:
    """The explaining words and every class's terms, on texts where terms start the text,
    follow one another with and without a gap, sit inside words and after signs."""
    texts = [
        *TEXTS,
        "because because.because_because -because e.g. to fix,to fix (because) xbecause",
        "caused by the quota; this means that, which is why; 因为 超时 — because of it",
        "tritt auf, wenn der dienst, wenn derzeit, wenn die, wenn das,wenn der; -because",
    ]
    signs = Terms(["because", ", wenn der", ", wenn die", "-because", "e.g.", "weil"])
    for lexicon in (DEFAULT_CONFIG.lexicon, CONFIGURED):
        explaining = (signs, lexicon.explaining, lexicon.defining)
        pairs = (t for _, _, *both in lexicon.pairs for t in both)
        for terms in (*explaining, *pairs, *(t for _, t in lexicon.classes)):
            for text in texts:
                for start in range(len(text)):
                    low = text[start:].lower()
                    assert terms.found(low) == [m.group(0) for m in terms.finditer(low)], low
                    assert terms.spans(low) == [m.span() for m in terms.finditer(low)], low


def test_explaining_terms_skip_to_the_gaps() -> None:
    """The explaining words hold terms that start with a sign (", wenn der"): they keep the
    search that skips to the gaps (a regex among the terms would lose it)."""
    assert DEFAULT_CONFIG.lexicon.explaining._after_gap is not None


ALTERNATIONS = {
    "past_state": _PAST_STATE,
    "code_as_noun": _CODE_AS_NOUN,
    "code_part": _CODE_PART,
}


@pytest.mark.timeout(240)  # every corpus text twice: it grows with the corpus
@pytest.mark.parametrize("name", sorted(ALTERNATIONS))
def test_alternation_plain_part_finds_what_the_whole_finds(name: str) -> None:
    """On every ASCII text of the corpus (and its lower case), the branches kept for ASCII
    find what the whole pattern finds; on the others the whole pattern is searched."""
    alternation = ALTERNATIONS[name]
    texts = [t for s in load() for t in (s.text, s.text.lower())] + TEXTS
    matched = 0
    for text in texts:
        whole = [(m.span(), m.group(0)) for m in alternation.full.finditer(text)]
        assert [(m.span(), m.group(0)) for m in alternation.finditer(text)] == whole, text
        found = alternation.search(text)
        assert (found and found.span()) == (whole[0][0] if whole else None), text
        matched += bool(whole) and text.isascii()
        assert alternation.pattern(text) is (
            alternation.plain if text.isascii() else alternation.full
        )
    assert matched >= 3


def test_alternation_searches_ascii_text_without_its_wide_branches() -> None:
    found = Alternation(r"\bcat\b", r"кот|猫")
    assert found.search("a cat") is not None and found.pattern("a cat") is found.plain
    wide = found.search("a кот")
    assert wide is not None and wide.group(0) == "кот"
    assert [m.group(0) for m in found.finditer("猫 cat кот")] == ["猫", "cat", "кот"]


def test_code_part_keys_are_in_every_ascii_match() -> None:
    """Each word of `_CODE_PART` that an ASCII text can hold begins with letters (up to its
    first sign) that hold one of its keys; the others have a letter outside ASCII there."""
    words = _CODE_PART.plain.pattern[len(r"\b(?:") : -len(r")\b")]
    for word in re.split(r"\|(?![^(]*\))", words):
        head = re.match(r"[^\\()\[?*+{|]*", word)
        assert head is not None
        fixed = head.group(0)
        if word[len(fixed) : len(fixed) + 1] in ("?", "*", "{"):
            fixed = fixed[:-1]  # (the letter before `?` may be missing)
        assert not fixed.isascii() or any(key in fixed for key in _CODE_PART_KEYS), word
    assert len(words.split("|")) > 40


def test_no_error_spans_are_the_search() -> None:
    """Random runs of the phrases, their error words and what sits around them (overlapping
    phrases, a word going on after one, keys far apart and close together)."""
    import random

    from tether.reliability.lexicon import NO_ERROR
    from tether.reliability.unseen_errors import _NO_ERROR, _no_error_spans

    pieces = [*NO_ERROR, "error", "errors", "ошибок", "нет ", "no ", "now", "s", "_", " ", "\n"]
    pieces += ["x" * 40, "a", "エラー", "报错"]
    texts = [f"{a}{p}{b}" for p in NO_ERROR for a in ("", "x", " ") for b in ("", "s", " x")]
    rng = random.Random(5)
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 12))) for _ in range(5000)]
    for text in texts:
        assert _no_error_spans(text) == [m.span() for m in _NO_ERROR.finditer(text)], text


def test_first_person_is_tried_at_its_words() -> None:
    """`_FIRST_PERSON` tried only at its starts finds what its search finds: random runs of its
    words with what stands before and after them (a word going on, a path, an apostrophe)."""
    import random

    from tether.reliability.keyed import matches_at
    from tether.reliability.person_signals import _FIRST_PERSON, _FIRST_PERSON_STARTS

    words = ["i", "i'm", "i've", "i'll", "i'd", "my", "ich", "je", "j'ai", "yo", "eu", "mine"]
    words += ["я", "мне", "мой", "我", "我们", "私は", "僕は", "저는", "제가", "나는", "문제가"]
    pieces = [*words, " ", "  ", ".", "/", "-", "'", "x", "in", "\n", "é", ".x", "_"]
    rng = random.Random(7)
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        found = [m.span() for m in matches_at(text, _FIRST_PERSON_STARTS, _FIRST_PERSON)]
        assert found == [m.span() for m in _FIRST_PERSON.finditer(text)], text


def test_ascii_words_are_the_pattern_words() -> None:
    """`function_words._words_of` cuts an ASCII text into the words `_WORD` finds."""
    import random

    from tether.reliability.function_words import _WORD, _words_of

    rng = random.Random(3)
    chars = [chr(i) for i in range(128)] + ["ab", "ij", " "] * 20
    for _ in range(5000):
        text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 30)))
        assert _words_of(text) == _WORD.findall(text), repr(text)
    assert _words_of("fejl i forbindelsen, prøv igen") == [
        "fejl",
        "i",
        "forbindelsen",
        "prøv",
        "igen",
    ]


def test_handling_keys_are_in_every_ascii_match() -> None:
    """Each way `_HANDLING` matches in ASCII holds one of `_HANDLING_KEYS` (a text without them
    is not searched), and so does every match in the corpus's ASCII texts."""
    from tether.reliability.corpus import load
    from tether.reliability.docs_signals import _HANDLING, _HANDLING_KEYS

    said = "error handler, handles the errors, catches, rethrows, throwing, try...catch, instanceof"
    said += ", manejador, capturar, atrapa, lanzado, gestionnaire, attraper, intercepter, gestore"
    said += ", gestione degli, catturare, lanciato, manipulador, fehlerbehandlung, behandelt"
    said += ", abgefangen, abfangen, geworfen, werfen, penanganan, menangani, menangkap"
    said += ", dilempar, yakalamak"
    found = list(_HANDLING.finditer(said))
    assert len(found) == said.count(",") + 1
    texts = [said] + [s.text.lower()[:3000] for s in load() if s.text.isascii()]
    for text in texts:
        for m in _HANDLING.finditer(text):
            assert any(key in m.group(0) for key in _HANDLING_KEYS), m.group(0)


def test_topic_leads_are_the_search() -> None:
    """`docs_signals.topic_leads` (searched only in lines that end with a colon) finds what
    `_TOPIC_LEAD.finditer` finds: leads at a text's start and end, in lines with two colons,
    a colon followed by spaces, tabs or a carriage return, a lead cut by a line break, random
    runs of the pieces."""
    import random

    from tether.reliability.docs_signals import _TOPIC_LEAD, topic_leads

    pieces = [
        "This error occurs when:",
        "Error 429 could mean a lot of things: ",
        "To avoid 503 errors:\t",
        "El error 429 aparece cuando:",
        "避免 429 错误\uff1a",
        "error",
        "429",
        " occurs when",
        ":",
        ": ",
        ":\r",
        "\n",
        "\r\n",
        "- item",
        " ",
        "x",
    ]
    rng = random.Random(7)
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 10))) for _ in range(2000)]
    texts += [f"{a}{p}{b}" for p in pieces[:5] for a in ("", "x\n", "a: ") for b in ("", "\n- x")]
    found = 0
    for text in texts:
        plain = [(m.span(), m.group()) for m in _TOPIC_LEAD.finditer(text)]
        assert [(m.span(), m.group()) for m in topic_leads(text)] == plain, text
        found += bool(plain)
    assert found > 200


def test_echo_s_first_word_gate_is_the_comparison() -> None:
    """`dialogue_signals.echo` compares first words before the whole text: the same
    answer as the comparison alone, on texts that differ in case, spacing, underscores and
    their first word, and on a first word longer than the head it reads."""
    from tether.messages import Message, Request
    from tether.reliability.dialogue_signals import ECHO_CHARS, echo
    from tether.reliability.judge import DEFAULT_CONFIG
    from tether.reliability.reply import Reply

    def plain(text: str, question: str) -> bool:
        said = " ".join(text.lower().replace("_", " ").split())
        return len(said) >= ECHO_CHARS and said == " ".join(question.split())

    question = "please fix the failing test in tests/test_parse.py today"
    texts = [
        question,
        question.upper(),
        "  " + question.replace(" ", "\n  "),
        question.replace(" ", "_"),
        "Please  fix the failing test in tests/test_parse.py today.",
        "plea se fix the failing test in tests/test_parse.py today",
        "x" * 400 + " " + question,
        "_please fix the failing test in tests/test_parse.py today",
        "",
    ]
    for q in (question, " " + question, "", "please"):
        asked = Request(messages=(Message.text("user", q),))
        for text in texts:
            r = Reply(text, asked, None, DEFAULT_CONFIG.lexicon)
            assert echo(text, r) == plain(text, r.compared_question), (text, q)
