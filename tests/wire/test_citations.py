"""Url citations read from one API's blocks: what a hostile or sloppy upstream sends cannot
give a client a citation of nothing, a negative span or a link that is not one."""

from __future__ import annotations

from tether.citations import UrlCitation, read_citations, responses_form


def test_a_citation_without_a_web_link_is_not_passed_on() -> None:
    annotations = [
        {"type": "url_citation", "url_citation": {"start_index": 0, "end_index": 4,
                                                  "url": "javascript:alert(1)", "title": "x"}},
        {"type": "url_citation", "url_citation": "not an object"},
        "junk",
        {"type": "url_citation", "url_citation": {"start_index": 0, "end_index": 4,
                                                  "url": "https://a.example", "title": "A"}},
    ]  # fmt: skip
    cites = read_citations("openai", {"annotations": annotations}, 0, "")
    assert cites == (UrlCitation(0, 4, "https://a.example", "A"),)


def test_negative_or_reversed_indices_read_as_an_empty_span_at_the_start() -> None:
    annotations = [{"type": "url_citation", "start_index": -5, "end_index": -9,
                    "url": "https://a.example"}]  # fmt: skip
    block = {"type": "message", "content": [{"type": "output_text", "text": "Hello there.",
                                             "annotations": annotations}]}  # fmt: skip
    assert read_citations("responses", block, 7, "Hello there.") == (
        UrlCitation(7, 7, "https://a.example"),
    )


def test_a_span_outside_the_message_text_is_not_cited_in_it() -> None:
    inside = UrlCitation(12, 20, "https://a.example")
    assert responses_form(inside, 10, 30) == {
        "type": "url_citation", "start_index": 2, "end_index": 10, "title": "",
        "url": "https://a.example",
    }  # fmt: skip
    assert responses_form(UrlCitation(0, 9, "https://a.example"), 10, 30) is None
    assert responses_form(UrlCitation(45, 60, "https://a.example"), 10, 30) is None
    clipped = responses_form(UrlCitation(5, 99, "https://a.example"), 10, 30)
    assert clipped is not None and (clipped["start_index"], clipped["end_index"]) == (0, 30)
