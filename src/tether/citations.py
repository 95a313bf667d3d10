"""A reply's url citations, read from any API's own blocks and written in another's.

Each API cites a web search's sources in its own words: chat completions as `annotations` on
the message (`url_citation` with indices into the whole content), Responses as `annotations`
on an `output_text` part (indices into that part), Anthropic as `citations` on a text block
(the block's whole text is the cited span). A client of one API whose upstream speaks another
should still see which sources back which words: the providers ask that citations be shown.
Anthropic's own form needs the search's sealed `encrypted_index`, which no other API gives,
so an Anthropic client keeps only the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class UrlCitation:
    """A source for `content[start:end]` of the turn, in no API's words."""

    start: int
    end: int
    url: str
    title: str = ""


@dataclass(frozen=True, slots=True)
class Citations:
    """Url citations of another API's blocks, told to a client after the text they cite."""

    cites: tuple[UrlCitation, ...]


def _url(value: Any) -> str:
    return value if isinstance(value, str) and value.startswith(("http://", "https://")) else ""


def _index(value: Any, default: int) -> int:
    """An index as sent, or `default` when it is none (a hostile upstream's -5 reads as 0)."""
    return max(0, value) if isinstance(value, int) and not isinstance(value, bool) else default


def read_citations(api: str, block: dict[str, Any], at: int, text: str) -> tuple[UrlCitation, ...]:
    """The url citations a native block carries; `at` is where the block's `text` starts in
    the turn's content (chat's annotations carry indices into the whole content already)."""
    out: list[UrlCitation] = []
    if api == "openai":
        for a in block.get("annotations") or ():
            cite = a.get("url_citation") if isinstance(a, dict) else None
            if isinstance(cite, dict) and _url(cite.get("url")):
                start = _index(cite.get("start_index"), 0)
                end = max(start, _index(cite.get("end_index"), start))
                out.append(UrlCitation(start, end, cite["url"], str(cite.get("title") or "")))
    elif api == "responses" and block.get("type") == "message":
        offset = at
        for part in block.get("content") or ():
            if not isinstance(part, dict):
                continue
            for a in part.get("annotations") or ():
                if isinstance(a, dict) and a.get("type") == "url_citation" and _url(a.get("url")):
                    start = _index(a.get("start_index"), 0)
                    end = max(start, _index(a.get("end_index"), start))
                    title = str(a.get("title") or "")
                    out.append(UrlCitation(offset + start, offset + end, a["url"], title))
            offset += len(str(part.get("text") or part.get("refusal") or ""))
    elif api == "anthropic" and block.get("type") == "text":
        for c in block.get("citations") or ():
            if isinstance(c, dict) and _url(c.get("url")):
                out.append(UrlCitation(at, at + len(text), c["url"], str(c.get("title") or "")))
    return tuple(out)


def chat_form(c: UrlCitation) -> dict[str, Any]:
    """A citation as chat completions gives it: indices into the message's content."""
    cite = {"start_index": c.start, "end_index": c.end, "title": c.title, "url": c.url}
    return {"type": "url_citation", "url_citation": cite}


def responses_form(c: UrlCitation, part_start: int, part_len: int) -> dict[str, Any] | None:
    """A citation as Responses gives it: indices into the `output_text` part that starts at
    `part_start` of the content; None when the cited span lies outside that part."""
    start, end = c.start - part_start, c.end - part_start
    if end <= 0 or start >= part_len:
        return None
    return {
        "type": "url_citation",
        "start_index": max(0, start),
        "end_index": min(part_len, end),
        "title": c.title,
        "url": c.url,
    }
