"""A reply as the judge reads it: the parts every signal shares, computed once, on demand.

A signal is a small named function of a `Reply` and the weights; it returns `Signal`s, with
positive weights for "failure" and negative ones for "answer". The readings that need no reply
are in their own modules (`text_shape`: the text's structure; `request_readings`: the
request's; `unseen_errors`: where no error is seen; `short_notice`: what a short stand-in is
made of), and their names are still found here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from tether.messages import Request, Usage
from tether.reliability import short_notice
from tether.reliability.error_objects import error_object as read_error_object
from tether.reliability.folding import fold, marked
from tether.reliability.function_words import said_of_addressee
from tether.reliability.lexicon import Lexicon
from tether.reliability.machine_marks import HTML, MARKDOWN_TAG, SCRIPT, TAG, first_id
from tether.reliability.once import once
from tether.reliability.page_marks import page_marks
from tether.reliability.reply_json import json_of
from tether.reliability.request_readings import (
    ASKS_AFTER_SILENCE,
    GREETING_CHARS,
    HIT_WINDOW,
    RENDERING,
    STOP,
    TASK_WORDS,
    asks_a_question,
    asks_after_silence,
    asks_rendering,
    greeting,
    is_plain_task,
    question_words,
)
from tether.reliability.short_notice import (
    DURATION,
    NOT_KNOWING_CHARS,
    NOT_KNOWING_NAME,
    SPECIFIC_MARK,
    STOCK_CHARS,
    STOCK_FROM,
    says_resolved,
    specific,
)
from tether.reliability.template_tokens import template_tag
from tether.reliability.text_shape import (
    DIAGNOSTIC,
    EMPHASIS_WRAP,
    FENCED_BLOCK,
    FOOTER_CHARS,
    FOOTER_LINES,
    LEAD_IN,
    LETTER,
    LINE_ITALICS,
    LINE_ITALICS_CHARS,
    MARKDOWN,
    NOT_LETTERS,
    PROSE_LEAD_CHARS,
    PROSE_LINE,
    QUOTE,
    QUOTE_PROSE_LETTERS,
    SENTENCE,
    SENTENCE_BREAK,
    TABLE_RULE,
    URL_PATH,
    composed,
    count_letters,
    display_size,
    footer_at,
    is_footer,
    prose_lead,
    split_sentences,
    unfenced,
    without_diagnostics,
)
from tether.reliability.unseen_errors import seen_hits
from tether.reliability.words import content_words

# Past this many characters a reply is judged by its start and its end only, unless its start
# has a failure's structure (an HTML page, an error object, a stack trace).
LONG_CHARS = 1500
# The last line of a reply is read on its own (an error appended to a partial answer) when it
# is at most this long.
TAIL_CHARS = 400
# A reply this short can be a placeholder or a short reply the prompt demanded.
SHORT_CHARS = 48
# The part of the question the judge compares the reply with.
QUESTION_CHARS = 4000


@dataclass(frozen=True, slots=True)
class Signal:
    """One piece of evidence: positive weight for "failure", negative for "answer"."""

    name: str
    weight: float
    evidence: str


@dataclass
class Reply:
    """A reply being read, with the parts the signals share (computed once, on demand)."""

    text: str
    request: Request | None
    usage: Usage | None
    lexicon: Lexicon
    low: str = field(init=False)
    # readings a module's signals share, kept on first use (`once.kept`)
    memo: dict[str, object] = field(init=False, default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.low = self.text.lower()

    @once
    def html(self) -> bool:
        """An HTML document (a page, not an answer's markup), unless it is shown in a fence
        with the writer's words around it (`said`): a page quoted in a report."""
        head = self.said[:2000]
        m = HTML.search(head[:600])
        if m is not None:
            return not prose_lead(head[: m.start()])
        if not head.lstrip().startswith("<"):
            return False
        tags = TAG.findall(head)
        # paragraphs, code and emphasis alone are an answer's text rendered, not a page; a think
        # tag or a stop token is a chat template's, printed by a model's server
        return len(tags) >= 4 and any(
            MARKDOWN_TAG.match(t) is None and not template_tag(t) for t in tags
        )

    @once
    def page_marks(self) -> list[str]:
        """The marks of a server's error page in the reply's text (`page_marks.page_marks`)."""
        return page_marks(self.low)

    @once
    def page(self) -> bool:
        """An error page's text as rendered, copied whole: two of a page's marks or more, and
        no fence (a writer who shows a page fences it and writes around it). Its sentences
        are its software's: the signals that read a writer's words do not read them."""
        return not self.html and "```" not in self.text and len(self.page_marks) >= 2

    @once
    def structure(self) -> tuple[str, str, list[str]] | None:
        """(kind, prefix, message strings) when the reply is mostly one error object."""
        return read_error_object(self.text, lambda body: json_of(self, body))

    @once
    def written(self) -> bool:
        """Neither an error object nor an HTML page nor a page's text as rendered (`page`):
        text a writer wrote, where the answer signals that read a writer's words count (read
        once: ~50 signals ask it of a failure text)."""
        return self.structure is None and not self.html and not self.page and self.broken is None

    @once
    def broken(self) -> str | None:
        """What makes the reply no language (`degenerate_signals.broken`: control tokens bare,
        tokens doubled, a loop), or None: its words are no writer's either."""
        from tether.reliability.degenerate_signals import broken  # (a module that reads a Reply)

        return broken(self)

    @once
    def unwritten_program(self) -> str | None:
        """What shows the reply's code no program written whole in its language (a Java
        program in a ```python fence, a file cut at "end = j +": `source_left_signals`), or
        None: the answer signals that read a program written do not count it."""
        from tether.reliability.source_left_signals import unwritten_program  # (reads text)

        return unwritten_program(self.text)

    @once
    def ids(self) -> re.Match[str] | None:
        """The first id, request id or timestamp in the reply's head (read by two signals)."""
        return first_id(self.text[:3000].lower())

    @once
    def explaining_words(self) -> list[str]:
        """The distinct explaining words (cause, fix) in the message."""
        found = self.lexicon.explaining.found(self.message[:3000])
        return sorted({word.strip() for word in found})

    @once
    def said(self) -> str:
        """The text without fenced blocks that have words around them (see `_unfenced`)."""
        return unfenced(self.text[: footer_at(self.text[:4000])])

    @once
    def message(self) -> str:
        """The words a person would read as the message: an HTML page's title and text, an
        error object's message strings, else the text without stack frames and fences."""
        if self.html:
            body = SCRIPT.sub(" ", self.text)
            return " ".join(TAG.sub(" ", body).split())[:2000].lower()
        if self.structure is not None:
            _, prefix, messages = self.structure
            return " ".join((prefix, *messages)).lower()[:2000]
        # (Turkish 'İ' lowers to 'i' and a combining dot, which no term spells: 'İsteği')
        low = self.said.lower().replace("i\u0307", "i")
        if "\u0451" in low:  # (Russian "ё" read as the plain letter it is often written as)
            low = low.replace("\u0451", "\u0435")
        wrapped = EMPHASIS_WRAP.fullmatch(low.strip())
        if wrapped is not None:
            low = wrapped.group(2)
        elif "_" in low and len(low) <= LINE_ITALICS_CHARS:
            low = LINE_ITALICS.sub(r"\1", low)
        return without_diagnostics(URL_PATH.sub("", low) if "http" in low else low)

    @once
    def hits(self) -> list[tuple[str, int, int, str]]:
        """Vocabulary matches in the message: (class, start, end, term); in a short message,
        also the pairs of words that say a failure together (`Lexicon.pair_hits`)."""
        found = seen_hits(self.message, self.lexicon.hits(self.message, HIT_WINDOW))
        states = self.lexicon.person_states
        if found and states:
            found = [h for h in found if not said_of_addressee(self.message, h, states)]
        if self.lexicon.pairs and display_size(self.message.strip()) <= STOCK_CHARS:
            # (a pair of a class already found still counts: its words are more of the notice)
            terms = {term for _, _, _, term in found}
            found += [h for h in self.lexicon.pair_hits(self.message) if h[3] not in terms]
        return found

    @once
    def stock_parts(self) -> dict[str, str]:
        """The stock parts of a canned notice this reply is made of (`short_notice`)."""
        return short_notice.stock_parts(self)

    @once
    def own_state(self) -> str | None:
        """The words in which a short reply speaks of its speaker's own state
        (`short_notice`)."""
        return short_notice.own_state(self)

    @once
    def hand_back(self) -> str | None:
        """The words in which a short reply hands the turn back (`short_notice`)."""
        return short_notice.hand_back(self)

    @once
    def not_knowing(self) -> str | None:
        """The words in which a tiny reply is only its speaker not knowing
        (`short_notice`)."""
        return short_notice.not_knowing(self)

    @once
    def plain_task(self) -> bool:
        """Whether the request is a plain task (`is_plain_task`)."""
        return bool(self.question) and is_plain_task(self.question, self.lexicon)

    @once
    def renders_given_text(self) -> bool:
        """Whether the request asks for a given text in other words (translate it, rewrite
        it): then the reply is that text, whatever it says ("I'm here, one moment please"),
        unless it renders nothing of it (`rendering_signals.renders_nothing`)."""
        if not self.question or not asks_rendering(self.question):
            return False
        # (not one where the reply renders nothing of the text it gives: `renders_nothing`)
        from tether.reliability.rendering_signals import renders_nothing

        return not renders_nothing(self.raw_question, self.text, self.lexicon)

    @once
    def raw_question(self) -> str:
        """The last user message that says something, as written, or "" without a request."""
        if self.request is None:
            return ""
        for m in reversed(self.request.messages):
            if m.role == "user":
                text = m.text_content
                if text.strip():
                    return composed(text)
        return ""

    @once
    def after_tools(self) -> bool:
        """Whether the reply follows tool results (the request ends with them): then it is the
        model's own account of the calls it made ("I could not do that." after two tool
        errors), not a bot's stock line said to a person's request."""
        messages = self.request.messages if self.request is not None else ()
        return bool(messages) and messages[-1].role == "tool"

    @once
    def question(self) -> str:
        """The last user message (lower-cased, capped, `_` read as a space: a constant named
        HTTP_TOO_MANY_REQUESTS names the failure), or "" without a request."""
        return self.raw_question[:QUESTION_CHARS].lower().replace("_", " ")

    @once
    def marked(self) -> bool:
        """Whether the exchange is Vietnamese (its request or its reply, by their letters):
        then every part of it is compared with its marks (`folding.fold`), those that hold no
        letter only Vietnamese writes too ("vui lòng")."""
        return marked(self.question, self.message)

    def compared(self, text: str) -> str:
        """`text` (the request, the reply, a part of either, the system prompt) in the
        exchange's one comparison form (`folding.fold`, `marked`)."""
        return fold(text, self.marked)

    @once
    def compared_question(self) -> str:
        """The request in its comparison form (`compared` of `question`): what every
        reading that compares the reply with its request compares."""
        return self.compared(self.question)

    @once
    def compared_message(self) -> str:
        """The reply's `message` in its comparison form (`compared`)."""
        return self.compared(self.message)

    @once
    def asked_words(self) -> frozenset[str]:
        """The request's content words but stop words, in the comparison form."""
        return question_words(self.compared_question)

    def of_the_task(self, text: str) -> bool:
        """Whether `text` (a part of the reply) shares a content word with the request, both
        read in the comparison form: a reply to it, however short."""
        if not self.question:
            return False
        return bool((content_words(self.compared(text)) - STOP) & self.asked_words)

    def names_asked(self, part: str) -> bool:
        """Whether the request says `part` (a word or a phrase of the reply), both read in the
        comparison form (`_` read as a space in both, as `question` reads it)."""
        return (
            bool(self.question) and self.compared(part.replace("_", " ")) in self.compared_question
        )

    @once
    def system(self) -> str:
        """The system prompt as written (its messages joined), or "" without a request."""
        if self.request is None:
            return ""
        return " ".join(m.text_content for m in self.request.messages if m.role == "system")

    @once
    def instructions(self) -> str:
        """The system prompt and the last user message: where a demanded format is said."""
        if self.request is None:
            return ""
        return (self.system[:QUESTION_CHARS].lower() + "\n" + self.question).strip()


SignalFn = Callable[[Reply, Mapping[str, float]], Iterable[Signal]]
# What may make a module's failure signals fire in a reply, found without reading it:
# (text stripped, its lower case, lexicon) -> True when a reading may find it. Each module whose
# signals can fire on a reply with no failure word exports one (`may_fire`); `clearing.quick_clear`
# clears no reply of which one says True.
Precheck = Callable[[str, str, Lexicon], bool]

__all__ = [
    "ASKS_AFTER_SILENCE",
    "DIAGNOSTIC",
    "DURATION",
    "EMPHASIS_WRAP",
    "FENCED_BLOCK",
    "FOOTER_CHARS",
    "FOOTER_LINES",
    "GREETING_CHARS",
    "HIT_WINDOW",
    "LEAD_IN",
    "LETTER",
    "LINE_ITALICS",
    "LINE_ITALICS_CHARS",
    "LONG_CHARS",
    "MARKDOWN",
    "NOT_KNOWING_CHARS",
    "NOT_KNOWING_NAME",
    "NOT_LETTERS",
    "PROSE_LEAD_CHARS",
    "PROSE_LINE",
    "QUESTION_CHARS",
    "QUOTE",
    "QUOTE_PROSE_LETTERS",
    "RENDERING",
    "SENTENCE",
    "SENTENCE_BREAK",
    "SHORT_CHARS",
    "SPECIFIC_MARK",
    "STOCK_CHARS",
    "STOCK_FROM",
    "STOP",
    "TABLE_RULE",
    "TAIL_CHARS",
    "TASK_WORDS",
    "URL_PATH",
    "Precheck",
    "Reply",
    "Signal",
    "SignalFn",
    "asks_a_question",
    "asks_after_silence",
    "composed",
    "count_letters",
    "display_size",
    "footer_at",
    "greeting",
    "is_footer",
    "is_plain_task",
    "question_words",
    "says_resolved",
    "specific",
    "split_sentences",
    "unfenced",
    "without_diagnostics",
]
