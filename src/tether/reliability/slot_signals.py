"""A message template sent with its slots never filled: a client's or a bot's canned text.

A program fills a template's slots (`Error: {e}`, `${error.message}`, `model: %s`) before it
sends the text; sent as it stands, the template is the program's string, not a model's reply.
So is a game chat's formatting code (`§c`), an app's string too. `SLOT` is the one home of a
slot's shape (the stock-line and the learned readings use it). Slots in code are an answer's
code; a reply template whose slots are the answer's values, about what was asked, is a sign,
no verdict.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import SHIPPED
from tether.reliability.reply import (
    STOP,
    Reply,
    Signal,
)
from tether.reliability.words import overlap_words

# A Python format field's conversion and spec: `{e!r}`, `{cost:.2f}`, `{0:>8}` (not a width
# alone: `{a:1}` is an object).
_FORMAT_SPEC = r"(?:![rsa])?(?::(?!\d*\})[<>^=]?[+\- ]?#?\d*[,_]?(?:\.\d+)?[bcdeEfFgGnosxX%]?)?"
# An unfilled slot of a message template: `{e}`, `{exc}`, `{resp['error']['message']}`,
# `{str(e)}`, `${error.message}`, `${codes[c] || ...` (a fallback after it),
# `{{host}}`, Go's `{{ .Name }}`, `{0}`, `{e!r}`, `{cost:.2f}`, `%s`, `%v`, `%(reason)s`.
# Not after a word, `#`, `\\`, `^` or `}` (a Ruby string's `#{x}`, LaTeX's `\\frac{a}{b}`),
# after `=` (a setting's `{null}`) or `/` (a URL's `/{id}`). PHP's `{$this->id}`. The one
# home of a template's slot (the stock-line and the learned readings use it too).
SLOT = re.compile(
    r"\$\{[A-Za-z_][\w.]*\}|\$\{[A-Za-z_][\w.]*(?:\[[^\]\n]{1,30}\])?(?:\(\))?\s*(?:\|\||\?\?)"
    r"|\{\{\s*[.$]?[A-Za-z_0-9][\w.]*\s*\}\}"
    r"|(?<![\w$#\\^}={/])\{[A-Za-z_][\w.]*(?:\[[^\]\n]{1,20}\]){0,3}" + _FORMAT_SPEC + r"\}"
    r"|(?<![\w$#\\^}={/])\{(?:str|repr|type)\([A-Za-z_][\w.]*\)(?:\.\w+)*" + _FORMAT_SPEC + r"\}"
    r"|(?<![\w$#\\^}={/])\{\d" + _FORMAT_SPEC + r"\}"
    r"|(?<![\w%])%[sdv]\b|(?<![\w%])%\(\w{1,40}\)[sd]\b"
    # a slot between dollars (`$REASON$`), Fluent's placeable (`{ $date }`)
    r"|(?<![\w$])\$[A-Z][A-Z0-9_]{1,30}\$(?![\w$])|\{ ?\$[a-z_][\w-]{0,30} ?\}"
    # PHP's complex slot: `{$this->todoId}`, `{$user->name}`, `{$row['id']}`
    r"|\{\$[A-Za-z_]\w*(?:->\w+|\[[^\]\n]{1,20}\]){1,3}\}"
)
_ASKS_TEMPLATE = re.compile(
    r"%[sdv]\b|\{\w*\}|\$\{|templat|placeholder|format(?:ting)? string|format specifier|printf"
    r"|f-string|interpolat|模板|占位符|テンプレート|플레이스홀더|템플릿|plantilla|modèle|vorlage|шаблон"
)
_INLINE_CODE = re.compile(r"`[^`\n]*`|<code>.*?</code>")
# A line of code, where a slot is the code's own: indented, an f-string, a call that prints or
# raises, a line of JSON (not a line that is one `{{ .Answer }}` slot: a template's).
_CODE_LINE = re.compile(
    r"^(?:\s{4,}|\t|(?!\s*\{\{[^{}\n]*\}\}\s*$)\s*[{\[]\s*[\"'{\[]).*$"
    r"|^.*(?:\bf[\"']|\b(?:print|raise|return|throw)\b|console\.\w+\().*$",
    re.M,
)
TEMPLATE_CHARS = 600


def template_slot(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A message template sent with a slot never filled (`Error: {e}`, `${error.message}`,
    `model: %s`): a client's or a bot's canned text, not a model's reply. Slots in code
    (fenced, in backticks) are an answer's code."""
    if len(r.text) > TEMPLATE_CHARS or r.html:
        return ()
    if "{" not in r.text and "%" not in r.text and "$" not in r.text:
        return ()  # (every slot has a brace, a `%` or a `$`: most replies have none)
    if r.question and _ASKS_TEMPLATE.search(r.question[:2000]) is not None:
        return ()  # asked about templates, format strings, placeholders: slots are the answer
    # (an escaped backtick, `\``, is a JavaScript template literal's own: no inline code)
    text = r.text.replace("\\`", " ") if "\\`" in r.text else r.text
    said = _CODE_LINE.sub(" ", _INLINE_CODE.sub(" ", FENCED_CODE.sub(_unless_slots, text)))
    slots = {m.group(0) for m in SLOT.finditer(said)}
    if not slots:
        return ()
    if _reports_on_request(r, said, slots):
        return ()  # a skill's reply to what was asked, its value still to be filled in
    alone = _slots_alone(said, slots)
    weight = w["template_slot"] + min(len(slots) - 1, 2) * TEMPLATE_MORE
    if not alone and (_carries_values(r, said, slots) or _tells_domain_outcome(r)):
        weight = w["template_slot"] * TEMPLATE_VALUES  # a reply template: the answer's values
    if any(_ERROR_SLOT.search(slot) is not None for slot in slots):
        weight += TEMPLATE_ERROR  # the slot a failure notice leaves for its error
    if alone:
        weight = max(weight, w["template_slot"] * TEMPLATE_ALONE)  # slots and signs alone
    return (Signal("template_slot", round(weight, 3), ", ".join(sorted(slots))[:60]),)


def _tells_domain_outcome(r: Reply) -> bool:
    """Whether a template tells the outcome of a domain request ("Sorry, {PERSON} is not in
    your list of known recipients"): a support bot's reply, its slots the user's things, not
    a failure notice's (`support_signals.outcome_words`)."""
    # (read here: support_signals imports this module for `blank_domain_slots`)
    from tether.reliability.support_signals import outcome_words

    return outcome_words(r) is not None


def blank_domain_slots(text: str) -> str | None:
    """`text` with its template slots blanked out (same length), or None when a slot holds
    the error or the exchange's own things (`{e}`, `{message}`, `{model}`): a bot's reply
    template keeps the user's things in its slots ("{PERSON}", "{item_name}"), a failure
    notice its error's."""
    if "{" not in text and "%" not in text and "$" not in text:
        return text
    for found in SLOT.finditer(text):
        slot = found.group(0)
        if _ERROR_SLOT.search(slot) is not None or _slot_words(slot) & _EXCHANGE_SLOT:
            return None
    return SLOT.sub(lambda m: " " * len(m.group(0)), text)


# A slot's name, in words: `{timer_list}`, `{hintCount}`, `${playlistName}`.
_SLOT_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# The words of a slot's name that say it holds a value of the answer, and those that say it
# holds the exchange's own things (judge_signals.json: `reply_slot`).
_VALUE_SLOT = frozenset(SHIPPED.get("reply_slot", {}).get("values", ()))
_EXCHANGE_SLOT = frozenset(SHIPPED.get("reply_slot", {}).get("exchange", ()))


def _negation_pattern(terms: Iterable[str]) -> re.Pattern[str]:
    """The negation words as one pattern: a whole word, a word's ending (`-medi`), its
    beginning (`nepodař-`, the prefixed negation of Czech, Slovak, Persian verbs), or, in
    scripts written without spaces (CJK, kana, Thai) and in Korean, a part of a word."""
    parts = []
    for term in sorted(terms, key=len, reverse=True):
        if term.startswith("-"):
            parts.append(re.escape(term[1:]) + r"(?!\w)")
        elif term.endswith("-"):
            parts.append(r"(?<!\w)" + re.escape(term[:-1]))
        elif all(ord(c) >= 0x0E00 for c in term):
            parts.append(re.escape(term))
        else:
            parts.append(r"(?<!\w)" + re.escape(term) + r"(?!\w)")
    return re.compile("|".join(parts) or "(?!)", re.I)


# The negations that tell trouble (busy, expired, wrong, could not, again, later), not that
# a user's thing is not there: "目前沒有 {stock_code} 的相關新聞" reports a lookup's outcome.
_TROUBLE = _negation_pattern(SHIPPED.get("reply_slot", {}).get("trouble", ()))
# A line that says it could not, did not find: a fallback's, even when it names the request.
_UNABLE = _negation_pattern(SHIPPED.get("reply_slot", {}).get("unable", ()))
# A line that asks the user to do something ("please", "bitte", "请"): a notice's, not a value's.
_ASKING = _negation_pattern(SHIPPED.get("reply_slot", {}).get("asking", ()))
# The exchange's own units, which a quota's notice counts ("{count} messages left today").
_UNITS = _negation_pattern(SHIPPED.get("reply_slot", {}).get("units", ()))


def _slot_words(slot: str) -> set[str]:
    """A slot's name as lower-cased words, each also without a plural's `s`
    (`{cardLastFour}`: card, last, four; `${items}`: items, item)."""
    words = {n.lower() for n in _SLOT_NAME_WORD.findall(slot)}
    return words | {w[:-1] for w in words if len(w) > 3 and w.endswith("s")}


_OUTSIDE_WORD = re.compile(r"[^\W\d_]+")


def _slots_alone(said: str, slots: set[str]) -> bool:
    """Whether a text is its slots and signs alone, or its slots and their own names as
    labels ("Answer: {{ .Answer }}", "Result: {result}"): nothing but the template, however
    its slots are named."""
    outside = {w.lower() for w in _OUTSIDE_WORD.findall(SLOT.sub(" ", said))}
    return not outside or outside <= {w for slot in slots for w in _slot_words(slot)}


def _carries_values(r: Reply, said: str, slots: set[str]) -> bool:
    """Whether a template is a reply's, its slots the answer's values: every slot's name
    says it holds a value (a number, a time, a place, an item, an answer: `{temp}`, `{city}`,
    `${playlistName}`, `{balance}`) and none the exchange's own things (its error, its message,
    the request echoed, the model, bot or service), and the words outside the slots say no
    failure, in any language the lexicon knows, and nothing of the exchange. A voice skill's
    or a bot's answer sent before its program filled it in ("주사위 결과는 {num}입니다",
    "Ваш баланс: {balance}"), not a failure notice, whose slot is the error's or whose words
    are a failure's."""
    if r.hits:
        return False  # a failure's words: a notice's template
    for slot in slots:
        words = _slot_words(slot)
        if not words & _VALUE_SLOT or words & _EXCHANGE_SLOT:
            return False
    outside = SLOT.sub(" ", said)
    if any(p.search(outside) is not None for p in (_TROUBLE, _UNABLE, _ASKING, _UNITS)):
        return False  # a trouble's "not", a "please", a quota's units: a notice's
    if any(mark in outside for mark in "?\uff1f\u061f"):
        return False  # it asks the user back instead of answering
    from tether.reliability.exchange_signals import speaks_of_exchange

    return not speaks_of_exchange(said.lower())


SUBJECT_STEM = 4  # a shorter word is not a subject ("set", "list" is one)


def _subject_words(r: Reply, text: str) -> set[str]:
    """The words by which a line and its request share a subject (`overlap_words` but stop
    words, in the exchange's comparison form)."""
    words = overlap_words(r.compared(text)) - STOP
    return {w for w in words if len(w) >= SUBJECT_STEM or not w.isascii()}


def _shares_subject(line: set[str], asked: set[str]) -> bool:
    """Whether a word of the line is a word of the request, or one is the other's stem
    ("timer" and "timers", "light" and "lights")."""
    if line & asked:
        return True
    return any(
        a.startswith(b) or b.startswith(a)
        for a in line
        if a.isascii()
        for b in asked
        if b.isascii() and min(len(a), len(b)) >= SUBJECT_STEM + 1
    )


def _reports_on_request(r: Reply, said: str, slots: set[str]) -> bool:
    """Whether a line with slots reports on the subject of the request it answers: a voice
    skill's, a bot's or an assistant's reply template ("Timer set for {duration}", "There are
    {count} lights on", "Playing {playlist} on {device}", "힌트가 없습니다 ({hintCount})") names
    what was asked, in its words or in its slots' names, and carries no failure word.
    Its slots are values the program fills in when it answers; a fallback's slot is the
    exchange's ("Sorry, something went wrong with {skill}", "I couldn't find {song}": a
    failure word) or its error's (`{e}`)."""
    if not r.question or r.hits or any(_ERROR_SLOT.search(slot) is not None for slot in slots):
        return False
    # (read here, not imported at the top: exchange_signals imports this module for `SLOT`)
    from tether.reliability.exchange_signals import speaks_of_exchange

    if speaks_of_exchange(said.lower()):
        return False  # "I couldn't find anything for {query}": the request's echo in a fallback
    if _UNABLE.search(SLOT.sub(" ", said)) is not None:
        return False  # "Não encontrei {playlist}": a fallback's, whatever the lexicon knows
    asked = _subject_words(r, r.question[-300:])
    if not asked:
        return False
    line = _subject_words(r, SLOT.sub(" ", said))
    if not line:
        return False  # slots and signs alone: nothing but the template
    names = {
        n.lower() for slot in slots for n in _SLOT_NAME_WORD.findall(slot) if len(n) >= SUBJECT_STEM
    }
    return _shares_subject(line | names, asked)


FENCED_CODE = re.compile(r"```.*?(?:```|$)", re.S)


def color_code(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that opens with a game chat's formatting code (`§c`, `§4`, `§l`, the
    legacy codes of Minecraft chat and its plugins' message files): an app's message string
    sent to the player, not a model's prose, which never writes them. Evidence of an app's
    string, like a slot: weighs with failure words ("§c[Bot] 出错!" is a plugin's error
    line), never alone. Not to a question about the codes or chat colours."""
    if "\u00a7" not in r.text[:8] or len(r.text) > TEMPLATE_CHARS:
        return ()
    found = _COLOR_CODE.match(r.text)
    if found is None:
        return ()
    if r.question and _ASKS_COLOR_CODE.search(r.question[:2000]) is not None:
        return ()
    return (Signal("color_code", w["color_code"], found.group(0).strip()),)


# A Minecraft chat formatting code opening the text: `§` and a colour (0-9, a-f) or a format
# (k-o, r), one or more.
_COLOR_CODE = re.compile(r"\s{0,2}(?:\u00a7[0-9a-fk-or])+", re.I)
_ASKS_COLOR_CODE = re.compile(
    r"\u00a7|minecraft|colou?r codes?|formatting codes?|chat colou?rs?|farbcode"
    r"|c\u00f3digos? de colou?r"
    r"|\u989c\u8272\u4ee3\u7801|\u989c\u8272\u7801|\u30ab\u30e9\u30fc\u30b3\u30fc\u30c9",
    re.I,
)


def _unless_slots(m: re.Match[str]) -> str:
    """A code block blanked out (its slots are the code's own), unless it holds slots and
    signs alone: ```{type(e).__name__}: {e}``` is a notice's error, fenced for display."""
    inside = m.group(0).strip("`")
    if SLOT.search(inside) is not None and not any(c.isalpha() for c in SLOT.sub("", inside)):
        return inside
    return " "


TEMPLATE_MORE = 0.1  # each further slot, up to two
TEMPLATE_VALUES = 0.5  # a reply template's slots, the answer's values: a sign, no verdict
TEMPLATE_ALONE = 1.5  # a reply of slots and signs alone: nothing but the template
TEMPLATE_ERROR = 0.2  # a slot named for the error it was to carry (`{e}`, `{llm_error_details}`)
# A slot's name that holds the error: `{e}`, `{exc!r}`, `{err.message}`, `${error}`,
# `{llm_error_details}`, `{resp['error']}`.
_ERROR_SLOT = re.compile(r"(?<![A-Za-z])(?:e|ex|exc|err|error|exception)(?![A-Za-z])|error", re.I)
