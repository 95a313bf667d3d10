"""The signals that say a reply is a server's, a CDN's or a host's page sent as the reply: its
HTML (a bot check, an error page, a shell with no text) or its text as a browser renders it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.error_objects import CODE_WORD
from tether.reliability.machine_marks import TITLE
from tether.reliability.reply import Reply, Signal

_CHALLENGE = re.compile(
    r"just a moment|attention required|access denied|checking your browser|one more step|"
    r"please wait|site not found|application error|not found|forbidden|too many requests|"
    r"you are being rate limited|error"
)


# A template's slot for a status or an error in a page's title or heading (`${status}`,
# `{errno} {cause}`, `{{ .StatusCode }}`, `%(code)s`): a server's error page printed unfilled.
_STATUS_SLOT = re.compile(
    r"(?:\$?\{\{?|%\(|<%=?)\s*[.\w]*?\b_?(?:status|error|err|errno|code|cause|reason)\w*\s*"
    r"(?:\}\}?|\)s|%>)"
)


def html_page(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An HTML document: an error page when its title or heading names a failure, or holds a
    template's slot for one."""
    if not r.html:
        return ()
    titles = " ".join(" ".join(t[1].split()) for t in TITLE.findall(r.text[:20000])).lower()
    signature = re.search(
        r"cloudflare|cf-ray|nginx|envoy|awselb|cloudfront|varnish|akamai|"
        r"openresty|apache|iis|gateway|proxy|zone-name-title|just a moment|ray id|"
        r"checking your browser|attention required|enable javascript and cookies",
        r.low[:20000],
    )
    if (
        CODE_WORD.search(titles)
        or r.lexicon.vocabulary.search(titles)
        or _CHALLENGE.search(titles)
        or (("{" in titles or "%" in titles) and _STATUS_SLOT.search(titles))
        or signature
    ):
        return (
            Signal(
                "html_page",
                w["html_page"],
                titles[:80] or (signature.group(0) if signature else ""),
            ),
        )
    return (Signal("html_doc", w["html_doc"], titles[:80] or "an HTML document"),)


EMPTY_PAGE_WORDS = 8


def empty_page(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An HTML document with next to no text to read (at most 8 words once its tags, scripts
    and styles are gone) that runs a script or reloads to show it, or is cut short: a bot
    check's or a loader's shell, a bare `<html>`, not a reply. A page of the user's asking is
    cleared by `asked_for`."""
    if not r.html or "```" in r.text:
        return ()  # (a fenced page is code shown)
    words = len(r.message.split())
    if words > EMPTY_PAGE_WORDS:
        return ()
    # a shell runs a script or reloads to show its text, or the page was cut; a page that
    # closes with nothing to run is a (small) page of its own: a template, an example
    shell = _SHELL.search(r.low[:20000])
    if shell is None and "</html>" in r.low[-200:]:
        return ()
    what = shell.group(0) if shell is not None else "a page cut short"
    return (Signal("empty_page", w["empty_page"], f"{words} word(s) of text, {what}"),)


_SHELL = re.compile(r"<script|<noscript|http-equiv=.?refresh")


def page_text(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error page's text as a browser renders it, copied without its markup: a CDN's or
    proxy's page put where the reply should be. Its marks (`Reply.page_marks`: a heading, a
    stock line of its body, the server's signature, its fields) weigh once each, up to three:
    the page itself, not a line of it quoted in passing. Twice the weight for a stock line that
    is the whole reply (PHP-FPM's `No input file specified.`) or most of it (ngrok's one
    sentence)."""
    if r.html:
        return ()  # (the page itself: `html_page`)
    marks = r.page_marks
    if not marks:
        return ()
    whole = len(marks) == 1 and _most_of(r.low[:3000].strip(), marks[0])
    weight = w["page_text"] * (min(len(marks), 3) if len(marks) >= 2 else 2 if whole else 1)
    return (Signal("page_text", weight, "; ".join(marks)[:80]),)


def _most_of(low: str, mark: str) -> bool:
    """Whether a page's stock line makes up the reply, or more than half of its letters in one
    line (a page of one sentence around its stock words): a writer who cites it says more."""
    if low == mark:
        return True
    return "\n" not in low and len(mark) * 2 > len(low)
