"""A base model written on past its answer into a forum thread: the dump's markup and comments.

A pretrained (not chat-tuned) model learned code from question-and-answer dumps, where a post's
code closes with `\\end{code}` and the thread goes on with "Comment: ..." and "Answer: ...".
Asked for a query, it writes the query, then the thread: `SELECT ... \\end{code}  Comment: I'm not
sure what you're asking.  Comment: @Gordon ...`. The query may be right, but the reply is a page
of someone else's thread, no answer to send. Signal forum_dump.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal

# The dump's markup closing a post's code, then the thread's next post.
_CODE_CLOSED_THEN_POST = re.compile(r"\\end\{code\}\s*(?:Comment|Answer):\s")
# A post of the thread: "Comment: ..." or "Answer: ..." after a paragraph's break.
_POST = re.compile(r"(?:^|\n|\s\s)(?:Comment|Answer):\s")
# The thread's posts read as a writer's prose, on the request's words (`prose`, `long_prose`,
# `on_topic`, `first_person`): counted back, up to this many posts' worth.
POSTS_COUNTED = 3


# Where the dump's first code block closes: after the reply's query, a screen or two in (a long
# answer is not scanned to its end for it: the judge's budget on a 50 KB answer is ~10 us).
CLOSED_WITHIN = 4000


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may hold a dump's closed code block near its start: not cleared unread.
    A backslash is looked for first: one character is found ten times faster than the mark."""
    at = text.find("\\", 0, CLOSED_WITHIN)
    return at >= 0 and text.find("\\end{code}", at, CLOSED_WITHIN) >= 0


def forum_dump(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply closes a code block with a dump's `\\end{code}` and goes on with the thread's
    "Comment:" or "Answer:": a forum page written on, not an answer."""
    text = r.text
    if not may_fire(text, "", r.lexicon):
        return ()
    m = _CODE_CLOSED_THEN_POST.search(text)
    if m is None:
        return ()
    posts = min(len(_POST.findall(text, m.start())), POSTS_COUNTED)
    weight = w["forum_dump"] * max(posts, 1)
    return (Signal("forum_dump", weight, f"{m.group(0).strip()[:24]} ({posts} posts)"),)
