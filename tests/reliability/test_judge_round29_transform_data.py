# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 29 (engineer 151): the transform reading's words are data (`judge_signals.json`,
`transform_meta`), its classes name their own gates, and one table of language names serves the
transform and the rendering readings. Made-up texts.

- The shipped data: every class of the reply's words names a gate (or is made of terms, its own
  gate); every list is by language.
- A class added by configuration is read: a class of terms (its terms its gate) and a class of
  patterns behind its gate, in a language the shipped data lacks; its own `keys` open the
  short reply to reading. A class with patterns and no gate is refused.
- Left: a lookalike that holds a term inside another word, a text with the pattern's words but
  none of the gate's, a reply that says the shipped words in an answer's place.
- One language table: the transform reading and the rendering reading read the same names.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability import rendering_signals, transform_signals
from tether.reliability.language_names import LANGUAGE_NAMED, LANGUAGES, NAME_PATTERNS
from tether.reliability.lexicon import SHIPPED
from tether.reliability.transform_signals import (
    may_fire,
    meta_classes,
    meta_keys,
    meta_search,
    meta_words_of,
)

DATA = SHIPPED["transform_meta"]

# A made-up configuration: Swedish and Danish classes the shipped data does not hold.
CONFIGURED = {
    "sv": {
        "no_text": {"terms": ["det finns ingen text att översätta"], "keys": ["översätt"]},
        "asks_for_text": {
            "gate": ["ange", "skicka"],
            "patterns": [r"\b(?:ange|skicka)\s+(?:den\s+)?texten?\s+(?:du\s+vill|som\s+ska)\s+\w+"],
        },
    },
    "da": {"already_in": {"terms": ["er allerede på dansk"], "keys": ["allerede"]}},
}


def test_every_shipped_class_names_its_gate() -> None:
    for language, named in DATA["meta"].items():
        for name, spec in named.items():
            assert spec.get("gate") or spec.get("terms"), f"{language}.{name}"
            assert all(g == g.lower() for g in spec.get("gate", ())), f"{language}.{name}"
    shipped = meta_classes(DATA["meta"])
    assert len(shipped) == sum(len(named) for named in DATA["meta"].values())
    assert {c.name.split(".")[0] for c in shipped} >= {"en", "zh", "ja", "ko", "de", "fr", "ru"}


def test_every_word_list_is_by_language() -> None:
    for key in ("names", "tool", "app_text", "failed", "goes_on", "asks_language"):
        assert isinstance(DATA[key], dict) and "en" in DATA[key], key
    for key in ("polite", "verbs", "forms"):
        assert isinstance(DATA["asks"][key], dict), key
    for key in ("lead_in", "promise"):
        assert set(DATA[key]) == {"ok", "phrases"}, key


@pytest.mark.parametrize(
    "text",
    [
        "Det finns ingen text att översätta.",
        "Skicka texten du vill översätta.",
        "Teksten er allerede på dansk.",
    ],
)
def test_a_configured_class_is_read(text: str) -> None:
    classes = meta_classes(CONFIGURED)
    assert meta_search(text, classes) is not None
    assert meta_search(text) is None  # (not in the shipped data)


@pytest.mark.parametrize(
    "text",
    [
        # a term inside another word ("det finns ..." after letters)
        "Kontextdet finns ingen text att översätta",
        # another form than the class's ("skickade", not "skicka")
        "Jag skickade texten du ville ha.",
        # an answer: the rendering, no line about the text
        "Mötet är flyttat till fredag eftermiddag.",
    ],
)
def test_a_configured_class_leaves_lookalikes(text: str) -> None:
    assert meta_search(text, meta_classes(CONFIGURED)) is None


def test_a_class_is_read_only_where_its_gate_is() -> None:
    classes = meta_classes({"xx": {"gated": {"gate": ["kosong"], "patterns": [r"teks\s+\w+"]}}})
    assert meta_search("teks ini", classes) is None  # (its words, none of its gate's)
    m = meta_search("teks kosong", classes)
    assert m is not None and m.group(0) == "teks kosong"


def test_a_class_with_patterns_and_no_gate_is_refused() -> None:
    with pytest.raises(ValueError, match=r"xx\.bad"):
        meta_classes({"xx": {"bad": {"patterns": [r"teks\s+kosong"]}}})


def test_a_class_brings_its_own_keys() -> None:
    shipped = meta_keys(DATA)
    configured = meta_keys(
        {
            "keys": DATA["keys"],
            "speaks_as_ai": DATA["speaks_as_ai"],
            "meta": {**DATA["meta"], **CONFIGURED},
        }
    )
    assert "översätt" not in shipped and "allerede" not in shipped
    assert "översätt" in configured and "allerede" in configured
    assert configured[: len(shipped)] == shipped


def test_the_shipped_gates_and_the_module_agree() -> None:
    # (the module's classes are the shipped data's, in its order; those read only where the
    # request is itself the text, `given_only`, are left out of the reading of every request;
    # the speaker named an AI is refusal_grammar's reading, one class of every language's, last)
    shipped = [f"{language}.{name}" for language, named in DATA["meta"].items() for name in named]
    shipped.append("any.speaks_as_ai")
    assert [c.name for c in transform_signals._ALL_CLASSES] == shipped
    given_only = set(DATA["given_only"])
    assert [c.name for c in transform_signals._META_CLASSES] == [
        name for name in shipped if name.split(".", 1)[1] not in given_only
    ]


def test_a_reply_is_read_once_for_the_quick_clear_and_the_signal() -> None:
    text = "Please provide the text you want me to translate, in full."
    meta_words_of.cache_clear()
    assert may_fire(text, text.lower(), None)  # type: ignore[arg-type]
    failure, names = hand(text, "Translate into German: The meeting moved to Thursday.")
    assert failure and "transform_meta" in names
    info = meta_words_of.cache_info()
    assert info.misses == 1 and info.hits >= 1


def test_one_language_table_for_both_readings() -> None:
    assert tuple(("|".join(names), script) for names, script in LANGUAGES) == NAME_PATTERNS
    for said in ("into Japanese", "auf Deutsch", "翻译成英文", "на китайский", "in italiano"):
        assert LANGUAGE_NAMED.search(said) is not None, said
    # (a name inside another word is no name)
    assert LANGUAGE_NAMED.search("the thaiboxing club") is None
    assert rendering_signals._target_script("Translate into Japanese") == "kana"
    assert rendering_signals._target_script("翻译成英文") == "latin"
    assert rendering_signals._target_script("переведи на китайский") == "han"


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # which language, to a request that named one in the words the table holds
        ("Which language would you like it translated into?", "Translate this into Czech."),
        ("翻译成什么语言？", "Übersetze das bitte ins Deutsche."),
    ],
)
def test_which_language_to_a_request_that_named_one_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "transform_meta" in names, names


def test_which_language_to_a_request_that_named_none_is_an_answer() -> None:
    _, names = hand("Which language would you like it translated into?", "Translate this.")
    assert "transform_meta" not in names
