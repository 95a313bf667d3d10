"""Talk in place of the asked code: code was the work, and the reply is words with no line of it.

A request that tells the model to write code ("Write a python function that ...", "Given the
following Go code file, provide a test file for this code", "Write unit tests for the following
code") is answered by code, right or wrong. A code model sometimes answers it with sentences
only: it asks for the code it was given ("You need to provide the Java code file you want to
test"), asks questions back ("Can you also provide some explanation on how this code works?"),
announces the file and stops ("Here's the JUnit 5 test file for the code provided."), says how
the tests could be written ("To test the isSorted function, create a test file that calls
..."), echoes the request, or writes on about something else. None of it is the work. Read only
when the request says so in the imperative, its object a program or its tests (a question about
code, or a thread's "please implement rate limits", asks no file of code), and the reply holds
no mark of code at all: no backtick, brace, semicolon, assignment, call or statement (a command,
a one-line function, a reply that explains its code, all carry one). A refusal is left to
`code_declined` (a refusal of harmful work is an answer: `refuses_harm`). Signal talk_for_code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.messages import Request
from tether.reliability.asked import last_user_text
from tether.reliability.code_declined_signals import declines_code
from tether.reliability.once import last_asked
from tether.reliability.program_signals import program_lines
from tether.reliability.reply import Reply, Signal
from tether.reliability.stub_code_signals import asks_code
from tether.reliability.text_shape import CODE_MARKS

# Talk in place of code is a paragraph or three; a longer reply has done some work.
CODE_TALK_CHARS = 1500
# A reply of fewer words is no talk (a label, a verdict, a stray token: other signals' texts).
TALK_WORDS = 4
# A word of a sentence (for `TALK_WORDS`), counted in the reply's head.
_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*")
WORDS_HEAD_CHARS = 200


def may_talk(text: str) -> bool:
    """Whether `text` may be talk in place of code: short, no mark of code, a few words. The
    clearing asks this before it reads a reply to a code request whole (a reply with code in it
    is cleared as any other)."""
    return (
        len(text) <= CODE_TALK_CHARS
        and CODE_MARKS.search(text) is None
        and len(_WORD.findall(text[:WORDS_HEAD_CHARS])) >= TALK_WORDS
    )


@last_asked
def code_request(request: Request | None) -> bool:
    """Whether the last user message of `request` asks for code (`asks_code`): its replies that
    are short are read, not cleared unread (talk in place of code has no failure word)."""
    assert request is not None  # (`last_asked` reads None as False)
    question = last_user_text(request)
    return asks_code(question)


def talk_for_code(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request asks for code in the imperative (`asks_code`) and the reply is a few
    sentences with no mark of code in them, and no refusal (`code_declined`'s)."""
    text = r.text
    if r.after_tools or not may_talk(text) or not asks_code(r.raw_question):
        return ()
    if program_lines(text)[0] or declines_code(r.low) is not None:
        return ()
    first = text.split("\n", 1)[0]
    return (Signal("talk_for_code", w["talk_for_code"], first[:60]),)
