"""Support widgets' and bot platforms' canned lines (Rasa, Dialogflow, Lex, Watson, live-chat
widgets), shown where the reply should be: the fallback of an intent matcher that found
nothing, which says it did not understand and tells the user how to ask instead
(`bot_fallback`), and the widget's notice that no person can take the chat, all agents busy or
email only (`support_offline`).

The same bots' domain replies ("Sorry, you don't have enough money for that", "no order found")
are answers and are not read here: what tells a fallback is that it understood nothing and says
so, then coaches the user; what tells the offline notice is that it is about the support desk
itself, to a request that did not ask how to reach it. The words are data
(`judge_signals.json`: `support_fallback`, `support_offline`), in the languages these widgets
ship in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import SHIPPED, Lexicon, field_alternation, shipped_terms
from tether.reliability.persona_signals import NOT_UNDERSTOOD
from tether.reliability.reply import (
    STOP,
    Reply,
    Signal,
    display_size,
)
from tether.reliability.slot_signals import blank_domain_slots
from tether.reliability.words import content_words

FALLBACK_TERMS = shipped_terms("support_fallback", "not_understood")
# A voice skill's fallback says it in the words of its stock line about the exchange (did not
# follow, cannot do that here: `exchange_line`) as often as in a widget's; with the coaching after
# it, both are the same canned line.
EXCHANGE_TERMS = (
    shipped_terms("exchange_line", "not_following"),
    shipped_terms("exchange_line", "cannot_here"),
)
ASKS_ABILITY = shipped_terms("exchange_line", "asks_ability")
GUIDANCE = shipped_terms("support_fallback", "guidance")
# A bot's other fallback declines at once and sends the user elsewhere ("I'm not able to sing,
# but I'm here to help with anything else you need", "لا أستطيع ..., ولكن يمكنك أن تسألني عن شيء
# آخر"): the decline opens the reply, after an apology at most.
DECLINES = shipped_terms("support_fallback", "declines")
TURNS = shipped_terms("support_fallback", "turns")
ELSEWHERE = shipped_terms("support_fallback", "elsewhere")
DECLINE_OPENS = 16  # characters before the decline: "I'm sorry, ", "عذرًا، "
ELSEWHERE_ENDS = 16  # characters after the words that send the user elsewhere: " you need."
OFFLINE = shipped_terms("support_offline")
# a canned line is short: a fallback with its coaching, a widget's notice
FALLBACK_CHARS = 300
OFFLINE_CHARS = 240
_SENTENCE_END = re.compile("(?<=[.!?\u3002\uff01\uff1f])\\s*")
# a request that asks how to reach the support desk is answered by "send us an email"
# (`judge_signals.json`: `support_offline`'s `asks_contact`)
_ASKS_CONTACT = re.compile(
    field_alternation(SHIPPED.get("support_offline", {}), "asks_contact"), re.I
)


def _short(r: Reply, chars: int) -> str | None:
    """The message (stripped, lower-cased) when it is written text of at most `chars`."""
    if len(r.message) > 2 * chars:
        return None
    message = r.message.strip()
    if not message or display_size(message) > chars:
        return None
    if not r.written or r.renders_given_text:  # (the costly tests last)
        return None
    return message.lower()


def _sentence_at(text: str, at: int) -> str:
    """The sentence of `text` that holds position `at`."""
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.start() > at:
            return text[start : m.start()]
        start = m.end()
    return text[start:]


def fallback_words(r: Reply) -> str | None:
    """The words in which a short reply says it did not understand the user ("Sorry, I didn't
    get that", "Não captei sua mensagem") and then coaches them ("Could you rephrase?", "You
    can say things like ...", "Try \"...\""), when the sentence that did not understand shares
    no content word with the request (a model asking about a word of the task asks a real
    question)."""
    low = _short(r, FALLBACK_CHARS)
    if low is None:
        return None
    found = NOT_UNDERSTOOD.search(low) or FALLBACK_TERMS.search(low)
    if found is not None:
        coached = GUIDANCE.search(low)
    elif (found := _exchange_found(low, r.question)) is not None:
        # (after the stock words: "not something I can help with" holds "I can help with",
        # which coaches nobody)
        coached = next(GUIDANCE.finditer(low, found.end()), None)
    else:
        found = _opening_decline(low, r.question)
        if found is None:
            return None
        coached = _sent_elsewhere(low, found.end())
    if coached is None:
        return None
    if r.question and r.of_the_task(_sentence_at(low, found.start())):
        return None
    return f"{found.group(0).strip()} ... {coached.group(0).strip()}"


def _exchange_found(low: str, question: str) -> re.Match[str] | None:
    """The first stock words about the exchange in `low` ("can't help with that", "not sure
    what you mean"), unless the request asks whether the assistant can do something ("can you
    order a pizza?" is answered by "I can't, but I can set a timer")."""
    found = [m for terms in EXCHANGE_TERMS if (m := terms.search(low)) is not None]
    if not found or (question and ASKS_ABILITY.search(question.lower()) is not None):
        return None
    return min(found, key=lambda m: m.start())


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be a fallback in words the vocabulary does not have (it did not
    understand, or it opens by declining): not cleared unread."""
    if len(text) > 2 * FALLBACK_CHARS:
        return False
    return (
        FALLBACK_TERMS.search(low) is not None
        or DECLINES.search(low[: DECLINE_OPENS + 24]) is not None
    )


def _opening_decline(low: str, question: str) -> re.Match[str] | None:
    """The first-person decline that opens `low` ("I can't", "no puedo", "لا أستطيع"), unless
    the request asks whether the assistant can do something (then "I can't" answers it)."""
    found = DECLINES.search(low[: DECLINE_OPENS + 24])
    if found is None or found.start() > DECLINE_OPENS:
        return None
    if question and ASKS_ABILITY.search(question.lower()) is not None:
        return None
    return found


def _sent_elsewhere(low: str, after: int) -> re.Match[str] | None:
    """The words that send the user to anything else, when they end `low` after a turn that
    follows the decline ("..., but I'm here to help with anything else you need."): a reply
    that goes on after them, or offers more without turning, says something of its own."""
    turn = next(TURNS.finditer(low, after), None)
    if turn is None:
        return None
    last = None
    for found in ELSEWHERE.finditer(low, turn.end()):
        last = found
    if last is None or len(low) - last.end() > ELSEWHERE_ENDS:
        return None
    return last


def offline_words(r: Reply) -> str | None:
    """The words in which a short reply says no person can take the chat: all agents busy, no
    operator online, email only; not to a request that asks how to reach support."""
    low = _short(r, OFFLINE_CHARS)
    if low is None:
        return None
    found = OFFLINE.search(low)
    if found is None:
        return None
    if r.question and _ASKS_CONTACT.search(r.question) is not None:
        return None
    return found.group(0).strip()


def bot_fallback(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that says it did not understand the user and tells them how to ask
    instead: a support bot's fallback when its intent matcher found nothing
    (`fallback_words`)."""
    said = fallback_words(r)
    return () if said is None else (Signal("bot_fallback", w["bot_fallback"], said),)


def support_offline(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that says all agents are busy or the desk is reachable by email only: a
    support widget's notice in place of the reply (`offline_words`)."""
    said = offline_words(r)
    return () if said is None else (Signal("support_offline", w["support_offline"], said),)


THINGS = shipped_terms("domain_outcome", "things")
SYSTEM = shipped_terms("domain_outcome", "system")
REJECTED_CHOICE = shipped_terms("rejected_choice")
# a request that asks what a program prints ("What does it print when the user enters 5?",
# "程序输出什么"): the menu's rejection is the program's line quoted
ASKS_OUTPUT = shipped_terms("rejected_choice", "asks_output")
CHOICE_CHARS = 200  # a bot's re-prompt is a line or two


def rejected_choice(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that the user's entry is not one of the valid choices ("Sorry, that is
    not a valid payment date", "Opção inválida. Por favor, digite um número de 1 a 4"): a
    bot's dialog read the entry and asks for another, an answer of its flow: to a menu entry
    (a number, a word or two), or re-prompting with the choices, or naming what it rejects; a
    bare "Invalid selection." to a request for work is a notice, to one that asks what a
    program prints the program's line quoted (`ASKS_OUTPUT`). Not when it names the
    exchange's own machinery (an API, a key, a model, a request: `SYSTEM`), whose invalid
    thing is the request's, a notice's."""
    low = _short(r, CHOICE_CHARS)
    if low is None:
        return ()
    found = REJECTED_CHOICE.search(low)
    if found is None or SYSTEM.search(low) is not None:
        return ()
    # a bare "Invalid option." to a request for work is a notice: a menu's rejection answers a
    # menu entry, re-prompts with the choices, names the thing it rejects, or is what a
    # program prints where the request asks that
    names_thing = _NAMES_REJECTED.match(low, found.end()) is not None
    if not (
        names_thing
        or _is_menu_entry(r.question)
        or _REPROMPT.search(low) is not None
        or ASKS_OUTPUT.search(r.question) is not None
    ):
        return ()
    return (Signal("rejected_choice", -w["rejected_choice"], found.group(0).strip()),)


# "that is not a valid payment date": the demonstrative form names the thing it rejects
_NAMES_REJECTED = re.compile(r"(?<=valid) [a-z]{3,}")
# a menu entry: a number ("3", "option 2"), one or two words of an alphabet ("yes", "check
# balance"), or a word or two of a script without spaces ("是", "余额"); not "Summarize this
# document" or "写一首诗", requests for work
_MENU_ENTRY = re.compile(
    r"\s*(?:(?:[^\W\d]{1,15}\s+)?\d{1,3}|[a-z\u0430-\u044f\u00e0-\u00ff'-]{1,15}(?:\s+[a-z\u0430-\u044f\u00e0-\u00ff'-]{1,15})?"
    r"|[^\x00-\u024f\s]{1,2})\s*[.!?]?\s*",
    re.I,
)
# the bot asks again, with its choices: a range ("de 1 a 4", "1-4") or "one of the options"
# (`judge_signals.json`: `rejected_choice`'s `reprompt` words)
_CHOICE_WORDS = SHIPPED.get("rejected_choice", {})
_REPROMPT = re.compile(
    rf"(?:{field_alternation(_CHOICE_WORDS, 'reprompt')})[^.\n。]{{0,40}}?"
    rf"(?:\d\s*(?:{field_alternation(_CHOICE_WORDS, 'reprompt_range')})\s*\d"
    rf"|{field_alternation(_CHOICE_WORDS, 'reprompt_choices')})"
)


def _is_menu_entry(question: str | None) -> bool:
    """The user's turn is a menu entry: a number, or a word or two."""
    return bool(question) and _MENU_ENTRY.fullmatch(question or "") is not None


ACTIONS = shipped_terms("domain_outcome", "actions")
OUTCOME_CHARS = 240
# the failure words a domain outcome says ("not available", "invalid", "couldn't find",
# "insufficient", "sorry"); a rate limit, a login, a timeout or a filter is the provider's
_CODE_MARKS = re.compile(r"[_={}()\[\]<>]")
_OUTCOME_CLASSES = frozenset({"failure", "unavailable", "apology", "quota", "retry_advice"})


def outcome_words(r: Reply) -> str | None:
    """The domain thing named where a short reply's failure words are, when every failure
    word sits in a sentence that names one of the domain's things (an order, a slot, a
    transfer, a price), and the reply names none of the bot's own system (service, server,
    error, try again later, a schema or a request) and has no code marks: the bot telling
    the outcome of what was asked, not that it failed to ask."""
    hits = r.hits
    if not hits:
        return None
    low = _short(r, OUTCOME_CHARS)
    if low is None or len(low) != len(r.message.strip()):
        return None
    if any(name not in _OUTCOME_CLASSES for name, _, _, _ in hits):
        return None
    # a reply template's slots, when they hold the user's things, are no code marks
    blanked = blank_domain_slots(r.message.strip())
    if blanked is None:
        return None
    low = blanked.lower()
    # an API's or a tool's message (code marks, the system's words anywhere) is no bot's reply
    if _CODE_MARKS.search(low) is not None or SYSTEM.search(low) is not None:
        return None
    offset = len(r.message) - len(r.message.lstrip())
    # to a request for a domain action ("transfer $100 to Bob", "book a table"), a word of the
    # request in the sentence names the thing as well
    asked = r.asked_words if r.question and _asks_action(r.question) else frozenset()
    thing = None
    courtesy = False
    for name, start, end, _ in hits:
        sentence = _sentence_at(low, max(0, start - offset))
        if name == "apology" and _only_courtesy(sentence, start - offset, end - offset, low):
            courtesy = True  # "申し訳ございません。" before the outcome: its courtesy alone
            continue
        found = THINGS.search(sentence)
        if found is not None:
            thing = thing or found.group(0).strip()
            continue
        shared = (content_words(r.compared(sentence)) - STOP) & asked
        if not shared:
            return None
        thing = thing or sorted(shared)[0]
    if thing is None and courtesy:
        found = THINGS.search(low)  # a courtesy, then the outcome in words the lexicon lacks
        thing = None if found is None else found.group(0).strip()
    return thing


_LETTERS = re.compile(r"[^\W\d_]")


def _only_courtesy(sentence: str, start: int, end: int, low: str) -> bool:
    """Whether the sentence that holds an apology is that apology and its courtesy alone
    ("Sorry.", "申し訳ございません。", "죄송합니다."): a bot's politeness before it tells the
    outcome, which another sentence names."""
    at = low.find(sentence)
    if at < 0 or not at <= start < at + len(sentence):
        return False
    rest = sentence[: start - at] + sentence[end - at :]
    return len(_LETTERS.findall(rest)) <= COURTESY_LETTERS


# letters left around an apology in its own sentence: "申し訳ございません" keeps "ございません"
COURTESY_LETTERS = 8


def _asks_action(question: str) -> bool:
    """Whether a short request asks a domain action or lookup (pay, transfer, book, order,
    an appointment, a price), not a piece of code work."""
    q = question.lower()
    return len(q) <= 300 and ACTIONS.search(q) is not None and _CODE_MARKS.search(q) is None


def domain_outcome(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply whose failure words tell the outcome of a domain request ("the slot you
    requested is not available", "minimum order of 100 euros"): a support bot's answer, not
    its failure (`outcome_words`)."""
    said = outcome_words(r)
    return () if said is None else (Signal("domain_outcome", -w["domain_outcome"], said),)
