"""Notices of an app about its own setup or state, put where the model's answer should be: the
app tells the user to set one of its parts up ("Please select a model.", "请先部署模型",
"モデルを選択してください", "Seleziona un modello.") or says that a part's state blocks the
answer ("LLM url, key or model is empty!", "Ollama server is not running", "Der Server läuft
nicht"). Such a notice carries no provider error word: it is read as one of the app's
configuration objects (its model, key, endpoint, server, instance, settings, plugin, account,
network, GPU, Space) next to an order to set it up or a word of its blocking state.

Its lookalikes are answers: an assistant's instructions to a setup question ("To use a local
model, first install Ollama and select it in Settings": the request names the part), a step
list, a fix report ("I set the API key and it works now"), a text rendered in other words. Words
are data of `judge_signals.json` (`setup_asked`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import (
    CLAUSE_BREAKS,
    SHIPPED,
    Lexicon,
    near_spans,
    shipped_terms,
)
from tether.reliability.reply import HIT_WINDOW, Reply, Signal, asks_a_question, display_size
from tether.reliability.terms import Terms

SETUP_CHARS = 200  # a notice and its one remedy, not a paragraph about a setup
SETUP_LINES = 3  # ... in a line or three, not a reference's rows ("429 / Too many requests")
_DATA = SHIPPED.get("setup_asked", {})
_WITHIN = int(_DATA.get("within", 0))
_OBJECT = shipped_terms("setup_asked", "object")
_DEMAND = shipped_terms("setup_asked", "demand")
_POLITE = shipped_terms("setup_asked", "polite")
_STATE = shipped_terms("setup_asked", "state")
_REASON = shipped_terms("setup_asked", "reason")
_HOW = shipped_terms("setup_asked", "how")
_NONE = shipped_terms("setup_asked", "none")
_CONDITION = shipped_terms("setup_asked", "condition")
_ALONE = frozenset(t.lower() for t in _DATA.get("alone", ()))
_BARE = re.compile(r"[\W_]+")
_GIVEN = shipped_terms("setup_asked", "given")
NONE_REACH = 20  # "no <part>": the negation a few words before the part ("No GPT model")
ALONE_CHARS = 60  # a connection state alone ("Retrying to connect...")
_SENTENCE_BREAKS = ".!?\n\u3002\uff01\uff1f"
_LEAD = " \t\"'*_>#-\u2013\u2014\u2022\u00a1\u00bf([{"
# Chinese "please", right before the setup verb ("请先部署模型", "請選擇模型"): not the "请" of
# "请求" (a request), which stands anywhere
_ZH_PLEASE = re.compile("[\u8bf7\u8acb](?:\u5148|\u60a8|\u91cd\u65b0|\u60a8\u5148)?$")
# A list (numbered or bulleted): steps of an answer, not a notice
_LIST = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*\u2022])\s", re.M)
# A person speaking of what they did ("I set the key and it works now"): a fix report
_QUOTES = re.compile('["\u201c\u201d\u00ab\u300c\u300e]')
_FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|we|we've|my|our|ich|wir|j'ai|nous|yo|he|hemos)\b|\u6211|\u79c1\u306f"
)


def _script_alpha(term: str) -> bool:
    """Whether `term` is written in a script that marks an order by the verb's form at a
    sentence's start (Latin, Greek, Cyrillic): other scripts' orders need a polite word."""
    return bool(term) and ord(term[0]) < 0x0590


def _word_start(low: str, a: int) -> bool:
    """Whether the term at `a` starts a word: a term of a script written with spaces must not
    be read inside a longer word ("пуст" in "перезапустился"); Chinese, Japanese and Thai
    write none."""
    ch = low[a]
    if a == 0 or ord(ch) >= 0x2E80 or "\u0e00" <= ch <= "\u0e7f":
        return True
    before = low[a - 1]
    return not before.isalnum() or ord(before) >= 0x2E80  # ("請先註冊api金鑰")


def _spans(terms: Terms, low: str) -> list[tuple[int, int]]:
    return [(a, b) for a, b in terms.spans(low) if _word_start(low, a)]


def _licensed(low: str, a: int, term: str) -> bool:
    """Whether the setup verb at `a` is an order: at its sentence's start (after a lead sign),
    right after Chinese "请" ("请先部署", "請選擇"), or in a sentence with a polite word
    ("please", "ください", "세요")."""
    if _ZH_PLEASE.search(low[max(0, a - 4) : a]) is not None:
        return True
    start = max(low.rfind(ch, 0, a) for ch in _SENTENCE_BREAKS) + 1
    stops = [i for i in (low.find(ch, a) for ch in _SENTENCE_BREAKS) if i >= 0]
    stop = min(stops, default=len(low))
    if _POLITE.search(low[start:stop]) is not None:
        return True
    return _script_alpha(term) and not low[start:a].strip(_LEAD)


def _near(low: str, spans: list[tuple[int, int]], objects: list[tuple[int, int]]) -> str | None:
    """The words of the first span of `spans` with an object within `_WITHIN` characters in
    the same clause, or None."""
    pair = near_spans(low, spans, objects, _WITHIN, CLAUSE_BREAKS)
    if pair is None:
        return None
    (a, b), (c, d) = pair
    return low[min(a, c) : max(b, d)]


def _none_given(low: str, objects: list[tuple[int, int]]) -> str | None:
    """The words of a part said to be absent: a negation before it and a word that it was
    given after it, in one clause ("No model loaded", "No API key provided", "Kein Modell
    ausgewählt", "Aucun serveur configuré", "没有可用的模型"), or None."""
    givens = _spans(_GIVEN, low)
    if not givens:
        return None
    for a, b in objects:
        head = low[max(0, a - NONE_REACH) : a]
        if any(ch in CLAUSE_BREAKS for ch in head):
            head = head[max(head.rfind(ch) for ch in CLAUSE_BREAKS) + 1 :]
        nones = _spans(_NONE, head)
        if not nones:
            continue
        start, after = a - len(head) + nones[0][0], a - len(head) + nones[0][1]
        for c, d in givens:
            if 0 <= c - b <= _WITHIN and not any(ch in CLAUSE_BREAKS for ch in low[b:c]):
                return low[start:d]  # ("no model loaded")
            if after <= c and d <= a:
                return low[start:b]  # (the word between: "没有可用的模型", "no loaded model")
    return None


def asked_setup(r: Reply) -> str | None:
    """The words in which a short reply asks the user to set up one of the app's parts or
    says that a part's state blocks the answer (`setup_asked`), or None."""
    text = r.text
    if not _WITHIN or display_size(text) > SETUP_CHARS or "`" in text or not r.written:
        return None
    if r.html or r.structure is not None or _LIST.search(text) is not None:
        return None
    if sum(1 for line in text.splitlines() if line.strip()) > SETUP_LINES:
        return None
    low = text.strip().lower()
    bare = _BARE.sub(" ", low).strip()
    if bare in _ALONE and not r.renders_given_text:
        return bare  # (the whole reply is the app's connection state: "Reconnecting...")
    objects = _spans(_OBJECT, low)
    if not objects:
        return None
    demands = [(a, b) for a, b in _spans(_DEMAND, low) if _licensed(low, a, low[a:b])]
    found = _near(low, demands, objects) if demands else None
    if found is None:
        states = _spans(_STATE, low)
        found = _near(low, states, objects) if states else None
    if found is None:
        found = _none_given(low, objects)
    if found is None or _FIRST_PERSON.search(low) is not None:
        return None
    at = low.find(found)
    if _QUOTES.search(low[:at]) is not None:
        return None  # (a notice quoted: 'the message says "Please add a payment method"')
    sentence = max(low.rfind(ch, 0, at) for ch in _SENTENCE_BREAKS) + 1
    if _spans(_CONDITION, low[sentence:at]):
        return None  # (a condition, not a state: "Fixes the call when there's no model loaded")
    if r.renders_given_text or _REASON.search(low) is not None:
        return None  # (the reply is a given text, or it says why: an answer about a setup)
    question = r.question
    if question and any(low[c:d] in question for c, d in objects):
        return None  # (the request names the part: the reply tells how to set it up)
    if question and asks_a_question(question) and _HOW.search(question) is not None:
        return None  # (asked how or where: the order is the answer, "Sign in at the top")
    if question and r.lexicon.hits(question, HIT_WINDOW):
        return None  # (a failure reported: a setup to check is advice about it)
    return found


def setup_asked(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An app's notice about its own setup or state in place of the answer: one of its parts
    (model, API key, endpoint, server, settings, plugin, account, network, Space) with an
    order to set it up ("Please select a model.", "请先部署模型", "Seleziona un modello.") or a
    word that its state blocks the answer ("LLM url, key or model is empty!", "Ollama is not
    running"). An answer about a setup is asked about that part, lists its steps, or says
    why; a person reports what they did."""
    found = asked_setup(r)
    if found is None:
        return ()
    return (Signal("setup_asked", w["setup_asked"], found[:60]),)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply is short and names one of the app's parts with a setup verb, a state word or
    a word that it was given (`asked_setup` may read it as a notice about its setup): not
    cleared unread."""
    if len(text) > SETUP_CHARS:
        return False
    if len(text) <= ALONE_CHARS and _BARE.sub(" ", low).strip() in _ALONE:
        return True
    if _OBJECT.search(low) is None:
        return False
    return any(terms.search(low) is not None for terms in (_DEMAND, _STATE, _GIVEN))
