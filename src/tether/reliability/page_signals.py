"""The signals that say a reply is a server's, a CDN's or a host's page sent as the reply: its
HTML (a bot check, an error page, a shell with no text) or its text as a browser renders it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.error_objects import CODE_WORD
from tether.reliability.keyed import holds, split_keys
from tether.reliability.reply import TITLE, Reply, Signal

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


# What marks an error page's text once a browser has rendered it: a CDN's trace id
# (Cloudflare's `Ray ID: 8325ea60dc942ac7`, its `Error reference number`), the page's two
# questions on lines of their own (`What happened?` then `What can I do?`), a proxy's heading
# (Squid's `The requested URL could not be retrieved`).
_PAGE_TEXT = re.compile(
    r"\bray id:?\s*[0-9a-f]{8,}|error reference number|the requested url could not be retrieved"
    r"|^\W*what happened\?\W*$(?=.*^\W*what can i do\?\W*$)"
    # a server's error page opens with its status as its title: Tomcat's `HTTP Status 500 -
    # Internal Server Error`, IIS's `HTTP Error 503. The service is unavailable.`
    r"|\A\W*http (?:status|error) [45]\d\d(?: [\u2013\u2014-] |\. )"
    # Google's page before a search it takes for a robot's
    r"|our systems have detected unusual traffic from your computer network"
    # a host's error page speaks to the owner of the site it could not serve ("If you are the
    # application owner, check your logs"): a page put before a visitor, not a writer's reply
    r"|\bif you(?: are|'re|\u2019re) the (?:owner of (?:this|the) (?:web ?site|site|domain|app"
    r"(?:lication)?|page|server)|(?:web ?site|site|domain|app(?:lication)?|page|server)"
    r" (?:owner|administrator|admin))\b",
    re.M | re.S,
)
# A substring every match of `_PAGE_TEXT` holds: most texts hold none, and the pattern, tried
# at every position, cost ~40 us on a 1.4 KB answer.
_PAGE_TEXT_KEYS = split_keys(
    (
        "ray id",
        "error reference number",
        "the requested url could not be retrieved",
        "what happened?",
        "http status ",
        "http error ",
        "unusual traffic from your computer network",
        "if you are the",
        "if you're the",
        "if you\u2019re the",
    )
)


# The stock lines of a server's, a proxy's, a tunnel's or a host's own error page, as its
# software writes them whatever the site (Squid, ngrok, CloudFront, nginx, Apache httpd, IIS,
# Tomcat, Varnish, Heroku, GitHub Pages, Vercel, Netlify, Google's front end, PHP-FPM): no writer
# phrases an answer this way; one who quotes the page quotes it (`quoted` weighs that).
SERVER_PAGE_LINES = (
    "the following error was encountered while trying to retrieve the url",
    "your cache administrator is",
    "successfully tunneled to your ngrok client",
    "failed to complete tunnel connection",
    "sign up for an ngrok account and install your authtoken",
    "generated by cloudfront (cloudfront)",
    "we can't connect to the server for this app or website at this time",
    "the request could not be satisfied",
    "this is the default error page for nginx",
    "the page you are looking for is currently unavailable",
    "the page you are looking for is temporarily unavailable",
    "if you are the system administrator of this resource then you should check the error log",
    "please enable js and disable any ad blocker",
    "if you see this page, the nginx web server is successfully installed",
    "an error occurred in the application and your page could not be served",
    "server error in '/' application",
    "the page cannot be displayed because an internal server error has occurred",
    "the resource you are looking for has been removed, had its name changed",
    "the requested url was not found on this server",
    "the server encountered an internal error or misconfiguration and was unable to complete",
    "while trying to use an errordocument to handle the request",
    "the origin server did not find a current representation for the target resource",
    "the server encountered an unexpected condition that prevented it from fulfilling",
    "guru meditation:",
    "there isn't a github pages site here",
    "the deployment could not be found on vercel",
    "looks like you've followed a broken link or entered a url that doesn't exist on this site",
    "that\u2019s an error.",
    "that's an error.",
    "no input file specified.",
)
_SERVER_PAGE_KEYS = split_keys(SERVER_PAGE_LINES)


def page_text(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """An error page's text as a browser renders it, copied without its markup: a CDN's or
    proxy's page put where the reply should be. Twice the weight for two of its marks (a
    heading and a stock line of its body) or for a stock line that is the whole reply (PHP-FPM's
    `No input file specified.`) or most of it (ngrok's one sentence): the page itself, not a
    line of it quoted in passing."""
    if r.html:
        return ()  # (the page itself: `html_page`)
    low = r.low[:3000]
    m = _PAGE_TEXT.search(low) if holds(low, _PAGE_TEXT_KEYS) else None
    marks = [m.group(0).strip()[:40]] if m is not None else []
    if holds(low, _SERVER_PAGE_KEYS):
        marks += [line for line in SERVER_PAGE_LINES if line in low]
    if not marks:
        return ()
    whole = len(marks) == 1 and _most_of(low.strip(), marks[0])
    weight = w["page_text"] * (2 if len(marks) >= 2 or whole else 1)
    return (Signal("page_text", weight, "; ".join(marks)[:80]),)


def _most_of(low: str, mark: str) -> bool:
    """Whether a page's stock line makes up the reply, or more than half of its letters in one
    line (a page of one sentence around its stock words): a writer who cites it says more."""
    if low == mark:
        return True
    return "\n" not in low and len(mark) * 2 > len(low)
