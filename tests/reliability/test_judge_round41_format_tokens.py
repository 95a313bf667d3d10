"""Round 41: a record format's own pipe-bracketed markers are no chat template's tokens.

Graph extractors (LightRAG, GraphRAG, nano-graphrag) ask the model for records whose fields are
split by `<|>` or `<|#|>` and whose last line is `<|COMPLETE|>`. Read as tokens left bare, every
real extraction was flagged (55 of 170 answers of the graph-pipeline batch). A marker is the
format's when the request holds it, or when the text puts such markers between its fields line
after line; a token that names a chat template's part (`<|im_end|>`, `<|eot_id|>`) is machinery
wherever it stands (`template_tokens.format_token`).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# mixed LightRAG caches (LW-Weiss/manuscript_certification, spindigits/MultiRag): new-format records
WELLS = (
    "entity<|#|>Fortaleza<|#|>location<|#|>Fortaleza is a city in Brazil used as a location for "
    "evaluating funnel traps.\nentity<|#|>Funnel Trap<|#|>equipment<|#|>The Funnel Trap is a "
    "simple device designed to sample aquatic fauna by inverting on entry to and exit from the "
    "water.\nentity<|#|>Aquatic Fauna<|#|>category<|#|>Aquatic Fauna refers to animals living in "
    "or around water, such as fish and other organisms sampled using the funnel trap.\n"
    "relation<|#|>Funnel Trap<|#|>Fortaleza<|#|>equipment location, sampling method<|#|>The "
    "Funnel Trap was evaluated for use in sampling aquatic fauna in Fortaleza.\nrelation<|#|>"
    "Aquatic Fauna<|#|>Funnel Trap<|#|>sampled organisms, trapping device<|#|>The Funnel Trap is "
    "used to sample Aquatic Fauna from wells and surrounding areas.\n<|COMPLETE|>"
)
ROSES = (
    "entity<|#|>Rosier grimpant 'Pierre de Ronsard'<|#|>artifact<|#|>A climbing rose variety "
    "named 'Pierre de Ronsard'.\nrelation<|#|>Bernard Alain<|#|>NaturaCulture<|#|>order intent, "
    "future purchase<|#|>Bernard Alain intended to order the Rosier grimpant 'Pierre de Ronsard' "
    "from NaturaCulture.\nrelation<|#|>Rosier grimpant 'Pierre de Ronsard'<|#|>NaturaCulture<|#|>"
    "supplied product, supplier relationship<|#|>NaturaCulture supplies the climbing rose variety "
    "named 'Pierre de Ronsard'.\n<|COMPLETE|>"
)
# nyzhhd/rag4chat: the old format's keywords record, one line
KEYWORDS = (
    '##  \n("content_keywords"<|>"image analysis, object detection algorithm, computer vision")'
    "<|COMPLETE|>"
)
# the extraction prompt's completion rule, as LightRAG writes it
COMPLETION_RULE = (
    "Extract entities and relationships from the input text.\n3.  **Completion Signal:** Output "
    "`<|COMPLETE|>` as the final line after all entities and relationships have been extracted."
)


@pytest.mark.parametrize("text", [WELLS, ROSES])
def test_records_split_by_the_formats_markers_pass_whatever_was_asked(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert "degenerate" not in names and "cut_turn" not in names, names


def test_a_marker_the_request_asks_for_passes_on_a_single_record() -> None:
    failure, names = hand(KEYWORDS, COMPLETION_RULE)
    assert not failure, names


def test_the_same_record_is_read_as_tokens_where_nothing_asked_for_them() -> None:
    failure, names = hand(KEYWORDS)
    assert failure and "degenerate" in names, names


def test_a_chat_templates_stop_token_after_the_records_is_still_caught() -> None:
    failure, names = hand(WELLS.replace("<|COMPLETE|>", "<|COMPLETE|><|im_end|>"))
    assert failure and "degenerate" in names, names


def test_a_template_token_the_raw_prompt_holds_is_still_machinery() -> None:
    raw_prompt = "<|start_header_id|>user<|end_header_id|>\n\nWhich way now?<|eot_id|>"
    text = "Turn left at the river, then keep going in a different direction.<|eot_id|>"
    failure, names = hand(text, raw_prompt)
    assert failure and "degenerate" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "The<|reserved_special_token_12|>answer<|reserved_special_token_12|>is\n"
        "that<|reserved_special_token_12|>the<|reserved_special_token_12|>test",
        "Sure<|eom_id|>here<|eom_id|>is\nthe<|eom_id|>fix<|eom_id|>",
    ],
)
def test_a_vocabularys_reserved_tokens_between_words_are_no_record_format(text: str) -> None:
    """Llama 3's reserved and end-of-message tokens leaked between the words, line after line:
    machinery, not a record's delimiter."""
    failure, names = hand(text)
    assert failure and "degenerate" in names, names
