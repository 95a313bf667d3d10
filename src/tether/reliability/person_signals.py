"""The signals that say a person wrote the reply about their own case: "I" and "my" outside
a canned notice's words, a "+1" or "same here", specifics only the writer has (a file name, a
flag, a path, an issue number)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.function_words import says_first_person
from tether.reliability.inability_signals import inability_only
from tether.reliability.keyed import matches_at, split_keys
from tether.reliability.machine_marks import SSE, first_match
from tether.reliability.persona_signals import speaks_only_of_itself
from tether.reliability.reply import SENTENCE_BREAK, Reply, Signal
from tether.reliability.trace_signals import is_trace

# "I" or "my" in the languages the corpus holds, as a word of its own (not a piece of a host
# name, a path or a hyphenated token: "dalang.eu.org", "/my/app", "ISO-8859-8-I").
_FIRST_PERSON = re.compile(
    r"(?<![\w'./-])(?:i|i'm|i've|i'll|i'd|my|ich|je|j'ai|yo|eu|я|мне|мой)(?![\w'/-]|\.\w)"
    r"|我(?![们們])|私は|僕は|(?<!\w)(?:저는|제가|나는)(?!\w)"  # a word (not in 문제가)
)
# What each match of `_FIRST_PERSON` begins with: it is tried only where one is (`matches_at`);
# searched, its look-behind was tried at every position (~15 us on 300 characters, ~5 so).
_FIRST_PERSON_STARTS = split_keys(
    ("i", "my", "je", "j'ai", "yo", "eu", "я", "мне", "мой",
     "我", "私は", "僕は", "저는", "제가", "나는")
)  # fmt: skip
# `_FIRST_PERSON`'s words are whole runs of word characters and apostrophes: in an ASCII text,
# those runs with spaces between them (one pass in C) and a substring test per word tell
# whether it can match, where the pattern, which starts with a look-behind, is tried at every
# position (~13 us on 300 characters).
_FIRST_PERSON_WORDS = tuple(
    f" {word} ".encode()
    for word in ("i", "i'm", "i've", "i'll", "i'd", "my", "ich", "je", "j'ai", "yo", "eu")
)
_RUNS_APART = bytes(
    b if chr(b).isascii() and (chr(b).isalnum() or chr(b) in "_'") else 32 for b in range(256)
)


def _may_speak_as_i(text: str) -> bool:
    """Whether `_FIRST_PERSON` may match in `text` (any text that is not ASCII may)."""
    if not text.isascii():
        return True
    runs = b" " + text.encode("ascii").translate(_RUNS_APART) + b" "
    return any(word in runs for word in _FIRST_PERSON_WORDS)


# "I" saying it cannot answer (respond, reply, process the request, chat, be set up): the first
# person of a canned notice. A model reporting on its work ("I could not reproduce it", "I could
# not do that") is still an answer.
_UNABLE = re.compile(
    r"^\W*(?:i|i'm|i am)\W+(?:\w+\W+)?(?:can't|cannot|can not|couldn't|could not|am unable to|"
    r"'m unable to|was unable to|wasn't able to|am not able to|am having trouble|'m having trouble)"
    r"\W+(?:\w+\W+){0,2}?(?:respond|reply|answer|process|chat|talk|understand|generate|connect"
    r"|reach)"
    # the bot's own trouble said as its state ("I seem to be encountering an error", "I'm
    # experiencing technical difficulties")
    r"|^\W*(?:i|i'm|i am)\W+(?:seem to be\W+|am\W+|'m\W+)?(?:encountering|experiencing)\W+"
    r"(?:an?\W+|some\W+)?(?:error|errors|technical|difficult|issues?\b|problems?\b)"
    r"|^\W*(?:i'd|i would)\W+(?:rather|prefer)\W+(?:not\W+(?:to\W+)?|to\W+not\W+)"
    r"(?:respond|reply|answer|discuss|talk)"
    r"|^\W*i\W+(?:haven't|have not) been (?:set up|configured)"
    r"|^\W*(?:je|j')\W*(?:ne peux pas (?:répondre|traiter|discuter)|n'ai pas encore été configuré)"
    r"|^\W*(?:yo\W+)?no puedo (?:responder|procesar)"
    r"|^\W*(?:eu\W+)?não posso (?:responder|processar)"
    r"|^\W*ich\W+(?:\w+\W+)?(?:kann (?:\w+\W+){0,3}?nicht (?:antworten|beantworten|verarbeiten)"
    r"|habe noch keine)|^\W*я\W+(?:\w+\W+)?не могу (?:ответить|обработать|отвечать)"
    r"|^我(?:暂时|暫時|现在|現在|目前)?(?:无法|無法|不能|没办法|沒辦法|没有办法|沒有辦法)"
    r"(?:回答|回复|回覆|处理|處理|聊天|理解|产生|產生|生成)"
    # Korean and Japanese: "제가 (지금은) 도와드릴 수 없어요", "제가 잘 이해하지 못했어요",
    # "私はその質問にはお答えできません"
    r"|^(?:제가|저는)\s+(?:\S+\s+){0,2}?(?:(?:도와|답변해|답변|대답해|대답|처리해) ?드릴"
    r"|답변할|대답할|응답할|이해할|처리할) 수 없"
    r"|^(?:제가|저는)\s+(?:\S+\s+){0,2}?(?:이해하지|알아듣지|답변하지|대답하지|응답하지) 못"
    r"|^(?:제가|저는)\s+(?:\S+\s+){0,2}?(?:도와드리기|답변하기|대답하기|답변드리기) 어렵"
    r"|^(?:私は|僕は)\S{0,20}?(?:お答え|回答|返答|理解|お手伝い)(?:でき|出来)(?:ません|ない|かね)"
)


def _says_no_reply(r: Reply, start: int, end: int) -> bool:
    """No-reply words right after an "I" ("I need to gather my thoughts", "I'm having trouble
    understanding", "I've reached my limit"): the "I" is the voice of a notice that says it
    will not answer. (A failure word alone is not: "I could not reproduce it" answers.)"""
    return any(name == "no_reply" and start <= a < end for name, a, _, _ in r.hits)


def _inside_notice_words(r: Reply, at: int) -> bool:
    """An "I" or a "my" that is itself part of a no-reply or a refusal phrase ("Я ещё
    думаю...", "Outside my scope."): the notice's own words, not a writer speaking."""
    return any(name in ("no_reply", "filter") and a <= at < b for name, a, b, _ in r.hits)


# "I" apologising and saying no more in that clause: how a canned notice opens ("I'm sorry,
# my child."); a model that goes on to say what it did speaks as "I" again further on.
_SORRY = re.compile(
    r"^\W*(?:i'm|i am|i)\W+(?:so\W+|very\W+|really\W+)?(?:sorry|apologi[sz]e)\b"
    r"(?!\W+(?:for|about|that))"
    r"|^\W*(?:je\W+suis\W+)?désolée?\b|^\W*(?:lo siento|desculpe)\b|^\W*(?:es\W+)?tut mir leid"
    r"|^\W*я\W+(?:прошу прощения|извиняюсь)|^\W*我(?:很|非常)?(?:抱歉|对不起)"
)
_EXTENSIONS = (
    "py|js|ts|tsx|jsx|yaml|yml|json|toml|ini|cfg|conf|env|md|txt|go|rs|java|kt|rb|php|sh|ps1|sql"
    "|html|css|lock|xml|gradle|log"
)
# A file name, a flag, a system path, an issue number: each form searched alone
# (`first_match`), the last three from the sign they start with (the engine skips to it), the
# file name only when a known extension is in the text (the alternation took ~80 us on an
# 800-character answer; the forms take ~3).
_FILE_NAME = re.compile(rf"(?<![\w/.])[\w-]+\.(?:{_EXTENSIONS})\b")
_EXTENSION = re.compile(rf"\.(?:{_EXTENSIONS})\b")
_SPECIFIC_SIGNS = tuple(
    re.compile(form)
    for form in (
        r"--(?<=\s--)[a-z][\w-]+",
        r"/(?<=[\s`(]/)(?:etc|usr|var|home|opt|tmp|srv)/[\w./-]+",
        r"#(?<![\w&]#)\d{1,6}(?![\w.])",
    )
)


def _specific(text: str) -> re.Match[str] | None:
    named = (_FILE_NAME,) if _EXTENSION.search(text) is not None else ()
    return first_match((*named, *_SPECIFIC_SIGNS), text)


def specifics(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """File names and command-line flags: the particulars of an answer about the user's own
    work; a notice names none of them."""
    if not r.written or (is_trace(r) and not r.explaining_words):
        return ()  # (a trace's file names are the runtime's, not a writer's, unless it explains)
    m = _specific(r.text[:3000])
    if m is None:
        return ()
    return (Signal("specifics", -w["specifics"], m.group(0)[:40]),)


# A thread's "+1" opening a reply: a person who has the same problem (not "+1 (800) 555-...",
# a support line's number).
_PLUS_ONE = re.compile(r"\s*\+1(?![\w-]|\s*[\d(])")


def witness(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The writer met the failure too ("same here", "for me too", "still getting", "works
    now", "+1", "any update?", "同问"): a person reporting an outage or waiting on its fix,
    which a service's notice never says."""
    head = r.low[:1000]
    m = r.lexicon.witnessing.search(head)
    if m is not None and _speaker_at_fault(head, m.start(), m.end()):
        m = next((n for n in r.lexicon.witnessing.finditer(head, m.end())
                  if not _speaker_at_fault(head, n.start(), n.end())), None)  # fmt: skip
    m = m or _PLUS_ONE.match(r.low)
    if m is None:
        return ()
    return (Signal("witness", -w["witness"], m.group(0).strip()),)


# "on my end", "on our end", "for me" after the speaker's own trouble or limit ("Something went
# wrong on our end", "Oops, an error on my end", "that's too hard for me"): a service's, a
# mascot's or a bot's line about its own failure, not a person who met the failure too.
_AT_FAULT = re.compile(
    r"(?:(?:\bwent wrong|\b(?:an?|some)\s+(?:\w+\s+)?(?:error|errors|issue|issues|problem|problems"
    r"|glitch|hiccup|bug))\s+on (?:my|our) end|\btoo\s+(?:\w+\s+){1,2}for me)$"
)


def _speaker_at_fault(low: str, start: int, end: int) -> bool:
    """Whether the witnessing words at `start:end` end a phrase of the speaker's own fault."""
    return low[start:end].strip() in ("on my end", "on our end", "for me") and (
        _AT_FAULT.search(low[max(0, start - 48) : end].rstrip()) is not None
    )


def first_person(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply speaks as "I": a model reporting on its own work ("I could not reproduce
    it"), where notices speak as "we" or as no one."""
    text = r.message[:1000]
    if not _may_speak_as_i(text) or SSE.match(r.text) is not None or r.broken is not None:
        return ()  # (no "I"; or the model's words inside raw stream frames: protocol; or no
        # language, `degenerate`: its "I" is a broken model's, not a writer's)
    if r.stock_parts or r.own_state or r.hand_back or r.not_knowing or speaks_only_of_itself(r):
        return ()  # a canned notice's "I" speaks of the speaker, not of the task
    if inability_only(r):
        return ()  # one clause of inability alone ("I'm not sure how to play that."): the same
    apology_ends = -1
    told: dict[str, bool] = {}  # (whether a word says "I" depends on the text alone)
    for m in matches_at(text, _FIRST_PERSON_STARTS, _FIRST_PERSON):
        if m.start() < apology_ends:
            continue  # "I'm sorry, my child.": the apology's own words
        said = text[m.start() : m.end() + 40]
        if _SORRY.search(said) is not None:
            # "I'm sorry," opens a notice as well as an answer: the next sentence's "I" tells
            stop = SENTENCE_BREAK.search(text, m.end())
            apology_ends = stop.end() if stop is not None else len(text)
            continue
        if _UNABLE.search(said) is not None or _says_no_reply(r, m.end(), m.end() + 40):
            return ()  # "I can't respond right now": a bot's canned notice speaks as "I" too
        if _inside_notice_words(r, m.start()):
            continue  # "Outside my scope.": the phrase's own "my"
        word = m.group(0)
        says = told.get(word)
        if says is None:
            says = told[word] = says_first_person(word, text)
        if not says:
            continue  # Danish "fejl i forbindelsen", Dutch "probeer je het later"
        return (Signal("first_person", -w["first_person"], word),)
    return ()
