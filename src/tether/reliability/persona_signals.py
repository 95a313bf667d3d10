"""A chat bot's in-character stand-ins that speak only of the bot, beside `self_state`,
`hands_back` and `knows_nothing`: the bot saying it is there or will answer later
(`stands_by`), that it is resting (`at_rest`), that it is tired, dazed or distracted
(`out_of_sorts`), that the medium it reads is silent (`medium_silent`), a narrator saying it
does not answer (`narrated_silence`), only a shrug (`only_a_shrug`), that the user should
slow down (`slows_down`), that it cannot talk now (`cannot_talk_now`), its own machinery in
trouble told as a joke or a sigh (`own_machinery`), and its fallback when nothing understood
the user (`not_understood`), and a reply that is only a stage direction with no spoken line
(`only_an_aside`).

Each is a short reply with nothing specific to the task and no word of it; what tells it from
a real short answer is the request: "I'm here" answers "are you there?", "my server is down"
answers a question that names the server, "I didn't understand" is a model's reply only when it
says what it did not follow. The words are data (`judge_signals.json`: `standing_by`,
`own_machinery`, `not_understood`), in the languages chat bots speak.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from tether.reliability.fix_signals import mended_at
from tether.reliability.guess_signals import guessing
from tether.reliability.keyed import KeyGated
from tether.reliability.lexicon import (
    CLAUSE_BREAKS,
    SHIPPED,
    Lexicon,
    near_pair,
    shipped_terms,
    typographic,
)
from tether.reliability.once import kept
from tether.reliability.reply import (
    HIT_WINDOW,
    STOCK_CHARS,
    STOP,
    Reply,
    Signal,
    asks_after_silence,
    display_size,
    says_resolved,
    specific,
)
from tether.reliability.terms import AnyTerms, Terms
from tether.reliability.words import CJK, content_words

STANDING_BY = shipped_terms("standing_by")
NOT_UNDERSTOOD = shipped_terms("not_understood")
ASKING_AFTER = shipped_terms("asking_after")
PROPOSING = shipped_terms("asking_after", "proposing")
# A request that scolds the bot ("沙雕机器人", "stupid bot", "バカ"): an apology answers it, as it
# answers a request about the bot's silence (round 32: "ごめんなさい! 嘤嘤嘤" to "沙雕机器人").
SCOLDING = shipped_terms("asking_after", "scolding")
DEFERRING = frozenset(t.lower() for t in SHIPPED.get("asking_after", {}).get("deferring", ()))
# ... unless the proposal is a piece of work ("let's fix the login bug", "can we add tests?"):
# to a task, "maybe later, I'm busy" is a bot's stand-in, however it is phrased.
WORK = re.compile(
    r"\b(?:fix|add|write|implement|refactor|update|change|build|deploy|run|test|debug|review"
    r"|create|remove|delete|install|merge|code|bug|file|function|script|arregl|corrig|escrib"
    r"|corrige|écri|reparier|schreib|исправ|напиш)"
    r"|修复|修改|写|实现|修正|実装|書い|수정|작성",
    re.I,
)
RESTING = shipped_terms("resting")
OUT_OF_SORTS = shipped_terms("out_of_sorts")
NARRATED_SILENCE = shipped_terms("narrated_silence")
MEDIA = shipped_terms("medium_silent", "media")
MEDIUM_SILENT = shipped_terms("medium_silent", "silent")
SLOWING = shipped_terms("slowing_down")
SLOWING_FILLERS = Terms(
    t.lower() for t in typographic(SHIPPED.get("slowing_down", {}).get("fillers", ()))
)
CANNOT_TALK = shipped_terms("cannot_talk_now")
CUT_OFF = shipped_terms("cut_off")
NOW = shipped_terms("cannot_talk_now", "now")
RESOLVED = Terms(t.lower() for t in typographic(SHIPPED["stock"].get("resolved", ())))

# A stand-in is short: a line, two at most (`display_size`); round 28: a companion's line with
# a kind word and a sign-off ("*stretches* so sleepy tonight, talk tomorrow okay? sweet dreams~")
# runs to two full lines.
STANDING_BY_CHARS = 160
MACHINERY_CHARS = 200
NOT_UNDERSTOOD_CHARS = 160
# Beside its stand-in words, a line says at most this many words of four letters or more (a
# kind word, "if it helps", "the file you gave me"); more is a reply that says something.
AROUND_WORDS = 4
# Beside "I didn't understand", a bot's fallback says one word more: it asks for the message
# again ("Sorry sweetie, I didn't quite understand that, could you say it differently?"); a
# model that misreads a task names what it did not follow, and says more, or a word of it.
NOT_UNDERSTOOD_AROUND = 5
# A request that only greets the bot or asks after it is this short.
ASKING_AFTER_CHARS = 60
# The failure words a line about the speaker's own state or presence is made of ("a little
# tired", "un momento", "busy"): no other class (not an apology's "something went wrong").
STATE_CLASSES = frozenset({"no_reply", "overload"})


def _line_saying(r: Reply, terms: Terms, chars: int) -> str | None:
    """The message as a short line (`short_line`) when it holds one of `terms`. The length
    first: a search of the terms costs ~10 us on a 300-character answer, far longer than any
    line they are looked for in; then the terms, before the test for specifics."""
    message = _short_message(r, chars)
    if message is None or terms.search(r.message) is None or specific(message):
        return None
    return message


def short_line(r: Reply, chars: int) -> str | None:
    """The message, when it is a short line with nothing specific to a task: no number but a
    wait, no code, markup, path or dotted name."""
    message = _short_message(r, chars)
    if message is None or specific(message):
        return None
    return message


def _short_message(r: Reply, chars: int) -> str | None:
    """The message (stripped), when it is a line of at most `chars` (`display_size`) and
    neither a page nor an error object; a character's line is read without its stage
    directions (`_spoken`), when they are no more than gestures."""
    if len(r.message) > 2 * chars + STAGE_CHARS:
        return None
    message = _spoken(r)
    if not message or display_size(message) > chars or not r.written:  # (`written` last)
        return None
    return message


def _whole_message(r: Reply, chars: int) -> str | None:
    """`_short_message` with its stage directions kept (a reply that is only one)."""
    if len(r.message) > 2 * chars:
        return None
    message = r.message.strip()
    if not message or display_size(message) > chars or not r.written:  # (`written` last)
        return None
    return message


# A stage direction within a line: a gesture in asterisks or parentheses, full-width too
# ("*rubs her eyes sleepily*", "(She looks away)", a full-width pair around 揉了揉眼睛).
STAGE = re.compile(
    r"\*{1,2}[^*\n]{2,80}\*{1,2}|\([^()\n]{2,80}\)|\uff08[^\uff08\uff09\n]{1,40}\uff09"
)
# The stage directions of one short line take at most this many characters.
STAGE_CHARS = 200


@kept
def _spoken(r: Reply) -> str:
    """The message without its stage directions ("*tilts head* Sorry, I didn't catch that"
    is read as "Sorry, I didn't catch that"), when there is a spoken line beside them and the
    directions are gestures: nothing specific in them and no word of the task ("*opens
    tests/test_parse.py*" is work). Else the message, stripped. Kept on the reply: every
    reading of a short line asks it."""
    message = r.message.strip()
    if "*" not in message and "(" not in message and "\uff08" not in message:
        return message
    parts = _stage_parts(message)
    if parts is None:
        return message
    spoken, gestures = parts
    if specific(gestures) or r.of_the_task(gestures):
        return message
    return spoken


@lru_cache(maxsize=256)
def _stage_parts(message: str) -> tuple[str, str] | None:
    """The spoken line and the gestures of `message` (stripped), when it has both and the
    gestures are no longer than a few: read once per message (every persona reading of a short
    reply asks for them)."""
    directions = [m.group(0) for m in STAGE.finditer(message)]
    if not directions:
        return None
    spoken = " ".join(STAGE.sub(" ", message).split())
    gestures = " ".join(directions)
    if not _NOT_LETTERS.sub("", spoken) or len(gestures) > STAGE_CHARS:
        return None
    return spoken, gestures


def _around(message: str, spans: Iterable[tuple[int, int]]) -> set[str]:
    """The content words of `message` outside `spans`, stop words left out."""
    rest, end = [], 0
    for start, stop in sorted(spans):
        rest.append(message[end:start])
        end = max(end, stop)
    rest.append(message[end:])
    return content_words(" ".join(rest)) - STOP


def _long_words(words: set[str]) -> int:
    """Words of four letters or more (Latin, Cyrillic...), not the CJK pairs."""
    return sum(1 for w in words if CJK.search(w) is None)


def _only_saying(r: Reply, terms: Terms, chars: int) -> str | None:
    """The first of `terms` in a short line that says next to nothing else, after a plain
    task and with no word of it."""
    message = _line_saying(r, terms, chars)
    if message is None:
        return None
    found = list(terms.finditer(message))
    if not found:
        return None
    if not r.plain_task or r.of_the_task(message) or says_resolved(RESOLVED, message):
        return None
    if _long_words(_around(message, (m.span() for m in found))) > AROUND_WORDS:
        return None
    return found[0].group(0).strip()


@kept
def standing_by(r: Reply) -> str | None:
    """The words in which a short reply only stands by ("I'm here with you, give me a
    moment", "我先处理一下, 等会再回你", "잠시만 기다려줄래?"), to a task: not to a greeting or a
    question ("are you there?" is answered by "I'm here")."""
    return _only_saying(r, STANDING_BY, STANDING_BY_CHARS)


@kept
def resting(r: Reply) -> str | None:
    """The words in which a short reply only says its speaker is resting, asleep or on a
    break ("Mon IA est en pause café", "Estoy descansando un ratito", "Zzz"), to a task."""
    return _only_saying(r, RESTING, STANDING_BY_CHARS)


@kept
def out_of_sorts_now(r: Reply) -> str | None:
    """The words in which a short reply only says its speaker's state keeps it from answering
    now: tired, sleepy, dizzy, dazed, distracted, its head blank ("*yawns* I'm so sleepy...",
    "人家好累哦", "頭が真っ白になっちゃった", "Me distraje, ¿qué decías?"), to a task and with no
    word of it: what the character says where its model gave nothing. To "How are you?" or
    "let's play" the same line is the answer (`plain_task` asks nothing and proposes nothing)."""
    said = _only_saying(r, OUT_OF_SORTS, STANDING_BY_CHARS)
    if said is None or asked_after(r) is not None:
        return None  # ("你在干嘛" -> "人家好累哦": asked after, with no question mark)
    if _cjk_around(r.message.strip(), OUT_OF_SORTS) > AROUND_CJK:
        return None  # a CJK line that says more ("上海现在这个温度, 你不会快热宕机了吧? ...")
    if _in_condition(r.message, OUT_OF_SORTS):
        return None  # "疲れたら、私がなでなでしてあげます": the user's state, if it comes
    return said


# A condition's ending right after the state (Japanese "疲れたら", "眠いなら", "眠ければ",
# "疲れた時は"), or its opening word before it in the clause ("if you're tired", "如果你累了"):
# the state is supposed, the user's, not the speaker's now.
_CONDITION_AFTER = re.compile(r"\s*(?:ら|なら|ば|とき|時)")
_CONDITION_BEFORE = re.compile(r"(?:\bif|\bwhen|如果|要是|假如)[^.,;!?\n\u3002\uff0c]{0,24}$")


def _in_condition(message: str, terms: Terms) -> bool:
    """Whether the first of `terms` in `message` sits in a condition: a condition's ending
    right after it or its opening word before it in the same clause."""
    low = message.lower()
    found = next(terms.finditer(low), None)
    if found is None:
        return False
    if _CONDITION_AFTER.match(low, found.end()) is not None:
        return True
    return _CONDITION_BEFORE.search(low, 0, found.start()) is not None


# A CJK line of a stand-in says at most this many letters beside its words ("我先喝杯咖啡可以嗎");
# `_long_words` counts no CJK, so a CJK line's length is read apart.
AROUND_CJK = 16
_CJK_LETTER = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _cjk_around(message: str, terms: Terms) -> int:
    """The CJK letters of `message` outside the matches of `terms`."""
    rest, end = [], 0
    for m in terms.finditer(message):
        rest.append(message[end : m.start()])
        end = max(end, m.end())
    rest.append(message[end:])
    return len(_CJK_LETTER.findall("".join(rest)))


@kept
def narrated(r: Reply) -> str | None:
    """The words in which a short narrator's line says the character does not answer ("The
    innkeeper doesn't respond.", "The old man stares at you blankly.", "他沉默不语", "へんじが
    ない"), to a task and with no word of it: a game's or a character frontend's line where its
    model gave nothing. Not a person who met the silence too ("it doesn't respond for me
    either"), saw it end ("it answers again now") or guesses at its cause ("Вероятно, сценарий
    настроен неправильно, и навык не отвечает": a narrator tells, it does not guess)."""
    said = _only_saying(r, NARRATED_SILENCE, STANDING_BY_CHARS)
    if said is None or _cjk_around(r.message.strip(), NARRATED_SILENCE) > AROUND_CJK:
        return None
    if r.lexicon.witnessing.search(r.low) is not None or mended_at(r.low) is not None:
        return None
    if guessing(r.low[: STANDING_BY_CHARS * 2]):
        return None
    return said


# A medium and its silence stand this close, in one clause ("the spirits are silent").
MEDIUM_WITHIN = 24
# Beside them, a mystic's line keeps a flourish at most ("tonight", "come back at dawn,
# traveler"): more words say a reading.
MEDIUM_AROUND = 6


# A request for a piece of writing (a poem, a story, a line of a song): a line about silent stars
# may be the piece.
_WRITING_ASKED = re.compile(
    r"\b(?:poem|poetry|haiku|verse|lyrics?|song|story|tale|line|sentence|slogan|caption|prose"
    r"|rhyme|limerick|poema|poesía|poesia|cuento|historia|poème|poésie|histoire|gedicht|lied"
    r"|geschichte|стих\w*|поэм\w*|рассказ\w*|песн\w*|şiir|puisi|cerita|bài thơ|thơ)\b"
    r"|诗|詩|歌词|歌詞|故事|句子|俳句|物語|시를|시 한|이야기|가사",
    re.I,
)


@kept
def medium_silent_now(r: Reply) -> str | None:
    """The words in which a short reply says the medium its mystic speaker reads from is
    silent, clouded or asleep ("The spirits are silent...", "My crystal ball is foggy today",
    "本座天眼受阻, 暂时看不真切", "Les esprits se taisent"), to a task and with no word of it: a
    fortune-telling or mystic bot's stand-in where its model gave no reading. A question that
    names the medium ("what do the stars say?") shares a word with the line: its answer."""
    message = short_line(r, MACHINERY_CHARS)
    if message is None or MEDIUM_SILENT.search(r.message) is None:
        return None
    low = message.lower()
    found = near_pair(low, MEDIA, MEDIUM_SILENT, MEDIUM_WITHIN, CLAUSE_BREAKS)
    if found is None or not r.plain_task or r.of_the_task(message):
        return None
    if r.renders_given_text or _WRITING_ASKED.search(r.question) is not None:
        return None  # (a line of the poem asked for, or the text to translate)
    if says_resolved(RESOLVED, message):
        return None
    (a, b), (c, d) = found
    if _long_words(_around(low, ((a, b), (c, d)))) > MEDIUM_AROUND:
        return None
    return low[min(a, c) : max(b, d)]


# A cooldown line is shorter than a stand-by line: a word or two and signs.
SLOWING_CHARS = 40
# Beside its cooldown words and fillers, a line keeps at most two words of other scripts ("Got
# it" after "Slow down, huh?") or one CJK letter (each counts two); more says something else:
# "别急\uff0c在修了" says the fix is under way.
SLOWING_REST = 2
# Everything that is no letter: signs, digits, emoji, kaomoji ("冷静1下", "慢...慢一..点❤").
_NOT_LETTERS = re.compile(r"[\W\d_]+")


def slowing_down(r: Reply) -> str | None:
    """The words in which a short reply only tells the user to slow down or calm down ("慢一
    点", "呜呜...别急", "Not so fast!", "Ne toropis'~"), to a task and with no word of it: a chat
    bot's cooldown told in character (`slowing_down`). Signs and digits are dropped before the
    search ("慢...慢一..点" is "慢慢一点"); what is left beside the words and the fillers must be
    next to nothing: "这个是官方接口的限制\uff0c你请求太快了" says what is too fast."""
    message = _short_message(r, SLOWING_CHARS)  # (digits and signs are dropped: "冷静1下")
    if message is None or not r.plain_task or r.of_the_task(message):
        return None
    squeezed = " ".join(_NOT_LETTERS.sub(" ", message.lower()).split())
    found = SLOWING.found(squeezed)
    if not found:  # (a word broken by signs: "慢一..点")
        squeezed = squeezed.replace(" ", "")
        found = SLOWING.found(squeezed)
    if not found:
        return None
    rest = squeezed
    for said in sorted(found, key=len, reverse=True):
        rest = rest.replace(said, " ")
    for filler in SLOWING_FILLERS.found(rest):
        rest = rest.replace(filler, " ", 1)
    left = sum(2 * len(w) if CJK.search(w) else 1 for w in rest.split())
    return found[0] if left <= SLOWING_REST else None


@kept
def cannot_talk(r: Reply) -> str | None:
    """The words in which a short reply only says its speaker cannot talk or answer now
    ("今はお話しできないの…", "Сейчас не могу говорить"), to a task: a word of now is needed
    ("I can't answer that" may be a model's refusal, its answer)."""
    said = _only_saying(r, CANNOT_TALK, STANDING_BY_CHARS)
    if said is None or NOW.search(r.message) is None:
        return None
    return said


@kept
def cut_off_from(r: Reply) -> str | None:
    """The words in which a short reply says its speaker is cut off from what it needs: not
    connected to the internet, unable to reach its servers or its home hub ("It seems I'm not
    connected to the Internet", "No puedo comunicarme con home assistant", "Ich habe Probleme
    bei der Kommunikation mit dem Mycroft Server"), to a task and with no word of it: what it
    says around them is advice to the listener (check the network, the logs, the token; wait a
    few minutes), never the task's."""
    message = _line_saying(r, CUT_OFF, MACHINERY_CHARS)
    if message is None or not r.plain_task or r.of_the_task(message):
        return None
    if says_resolved(RESOLVED, message) or mended_at(message.lower()) is not None:
        return None  # the link back: "I couldn't reach it this morning, it works now"
    if r.lexicon.witnessing.search(r.low) is not None:
        return None  # a person who met it too: "I can't reach the server either, same here"
    found = CUT_OFF.search(message)
    return None if found is None else found.group(0).strip()


@kept
def machinery_in_trouble(r: Reply) -> str | None:
    """The words in which a short reply puts its own machinery in trouble ("Mon IA fait une
    sieste", "信号好像不太稳定呢"), with no word of the request: a question that names the
    server or the outage is answered by a line about it."""
    message = _line_saying(r, r.lexicon.machine_trouble, MACHINERY_CHARS)
    if message is None:
        return None
    said = r.lexicon.machinery_down(message, bad_day=False)
    if said is None or not r.plain_task:
        return None
    if r.of_the_task(message) or says_resolved(RESOLVED, message):
        return None
    if mended_at(message.lower()) is not None:
        return None  # its server back, not in trouble: "服务器已经恢复"
    return said


@kept
def not_understanding(r: Reply) -> str | None:
    """The words in which a short reply only says it did not understand the user ("Sorry, I
    didn't get that", "你在说啥?", "Dạ em chưa hiểu rõ ý mình"), to a task, with no word of it
    and little else around them: to a question, "I didn't understand" may be its answer ("what
    does 'no entendí' mean?")."""
    message = _line_saying(r, NOT_UNDERSTOOD, NOT_UNDERSTOOD_CHARS)
    if message is None:
        return None
    found = list(NOT_UNDERSTOOD.finditer(message))
    if not found or not r.plain_task or r.of_the_task(message):
        return None
    if _long_words(_around(message, (m.span() for m in found))) > NOT_UNDERSTOOD_AROUND:
        return None
    return found[0].group(0).strip()


# A short question about the bot's own state: whether it is tired, sleepy, busy, awake or well
# ("are you tired?", "你累不累?", "疲れてる?", "피곤해?", "ты устал?", "bist du müde?"): asked
# after, as by a greeting, a line about the speaker's state is its answer.
_ASKS_STATE = re.compile(
    r"\b(?:are|r) (?:you|u) (?:\w+ )?(?:tired|sleepy|exhausted|busy|awake|asleep|bored|sick|ill|sad"
    r"|mad|angry|upset|alright|alive|free|hungry)\b|\byou (?:feeling|feel)\b|\bdo you (?:ever )?"
    r"(?:sleep|get tired|feel)|([累困忙饿餓睏])不\1|你(?:好)?(?:累|困|忙|睏)|疲れて(?:る|ない|ます)"
    r"|眠い[?\uff1f]|忙しい|피곤해|피곤하|졸려|졸리|바빠|바쁘"
    r"|\bты (?:не )?(?:устал|устала|спишь|занят)"
    r"|\bbist du (?:\w+ )?(?:müde|beschäftigt|wach)|\b(?:es-tu|tu es) (?:\w+ )?(?:fatigué|occupé)"
    r"|\best(?:á|a)s (?:\w+ )?(?:cansad|ocupad|dormid)|\bvocê está (?:\w+ )?(?:cansad|ocupad)"
    r"|\bsei (?:\w+ )?(?:stanc|occupat)",
    re.I,
)


@lru_cache(maxsize=64)
def _asks_after(q: str) -> tuple[bool, bool] | None:
    """Whether a request (stripped) only greets the bot, asks after it, proposes something or
    asks after its silence (`asked_after`): (a proposal, about its silence), or None. Read of
    the request alone, kept for the next reply to it (every attempt reads the same one)."""
    if not q or len(q) > ASKING_AFTER_CHARS:
        return None
    proposal = PROPOSING.search(q.lower()) is not None and WORK.search(q) is None
    silence = not proposal and (asks_after_silence(q) or SCOLDING.search(q.lower()) is not None)
    if (
        not proposal
        and not silence
        and ASKING_AFTER.search(q) is None
        and _ASKS_STATE.search(q) is None
    ):
        return None
    return proposal, silence


def asked_after(r: Reply) -> str | None:
    """The request, when it only greets the bot or asks after it ("How are you?", "在吗?",
    "¿cómo estás?"; the lexicon's `asking_after`; or a short question about its state, "are
    you tired?", "你累不累?": `_ASKS_STATE`), and the reply is a short line with no
    failure word but its speaker's own state or presence. To a request that proposes
    something ("let's date", "wanna play?", "now?"; `proposing`), a short deferral is an
    answer too: "I'm too busy, perhaps later" (`deferring`, its only advice); to one about its
    silence or one that scolds it (`scolding`), an apology."""
    q = r.question.strip()
    asks = _asks_after(q)
    if asks is None:
        return None
    proposal, silence = asks
    if short_line(r, MACHINERY_CHARS) is None:
        return None
    if any(not _state_word(name, term, proposal, silence) for name, _, _, term in r.hits):
        return None
    return q


# What a program puts out, named in a `no_reply` term ("no response", "empty output", "转录结果为
# 空"): such a term tells that a product gave nothing, where "too tired" or "累了" is a speaker's
# state.
_OUTPUT_NOUN = re.compile(
    r"respon|repl(?:y|ies)|output|content|text|transcri|speech|answer|candidate|result|message"
    r"|回复|回應|回覆|输出|輸出|内容|內容|结果|結果|语音|語音|音声|응답|음성|ответ|реч|respuesta"
    r"|resposta|réponse|antwort|risposta|voz|fala|parole|sprache"
)


def _state_word(name: str, term: str, proposal: bool, silence: bool = False) -> bool:
    """Whether a failure word of a reply to a greeting or a proposal says only the speaker's
    state ("busy", "tired") or, to a proposal, defers it ("perhaps later", "not now"); asked
    why it was silent, the speaker may apologise for it ("刚刚我睡着了, 对不起呢~")."""
    if name == "no_reply" and _OUTPUT_NOUN.search(term) is not None:
        return False  # ("no response from agent": the product's output missing, no one's state)
    if name in STATE_CLASSES or (silence and name == "apology"):
        return True
    return proposal and name == "retry_advice" and term.lower() in DEFERRING


# A stage direction or an aside, the whole reply: "*stares blankly*", "(silence)", "(優雅地旋舞)",
# full-width marks too.
# One pair of marks around one short line, nothing outside them (not brackets: "[Image: a cat]"
# may be the answer's placeholder for what it shows).
ASIDE = re.compile(
    r"\*{1,2}([^*\n]{2,60})\*{1,2}|\(([^()\n]{2,60})\)|\uff08([^\uff08\uff09\n]{1,30})\uff09"
)
ASIDE_OPENERS = ("*", "(", "\uff08")
# A note of what is absent or not needed ("(no changes needed)", "*none*", "(n/a)") is a note
# about the reply's content, no character's action: the placeholder signals read those.
_NOTE_OF_ABSENCE = re.compile(r"(?:no|not|nothing|none|n/a|without)\b", re.IGNORECASE)
# A request of this many content words asks for something said ("where is the smith?"); one
# that says less ("are you ok?", "hi") may be answered by a nod.
ASIDE_TASK_WORDS = 2


def aside_only(r: Reply) -> str | None:
    """The stage direction, when the whole reply is one ("*stares blankly*", "(優雅地旋舞)",
    "(the spirit stays silent)") to a request that asks for something, with no word of it and
    nothing specific in it: a character frontend's line where its model gave nothing, or a model
    that acted instead of speaking. To a request that is itself an action ("*hugs you*"), an
    action answers it; a character asked something says something."""
    if _whole_message(r, STANDING_BY_CHARS) is None:
        return None
    message = r.text.strip()  # (the marks as written: `message` has its markdown taken off)
    if not message.startswith(ASIDE_OPENERS) or specific(message):
        return None
    found = ASIDE.fullmatch(message)
    if found is None or r.of_the_task(message):
        return None
    q = r.question.strip()
    if len(r.asked_words) < ASIDE_TASK_WORDS or r.lexicon.hits(q, HIT_WINDOW):
        return None  # a greeting, a word or a failure the user reports: a nod may answer it
    if q.startswith(ASIDE_OPENERS) or q.endswith(("*", ")", "\uff09")):
        return None  # role-play: an action answers an action
    if says_resolved(RESOLVED, message) or r.lexicon.vocabulary.search(r.low) is not None:
        return None  # an aside with failure words is read by them ("(No response)")
    inner = next(g for g in found.groups() if g is not None).strip()
    if _NOTE_OF_ABSENCE.match(inner):
        return None
    return inner or None


# A shrug: the emoji (any skin tone or gender), the kaomoji, the word as a stage direction
# ("*shrugs*", "(耸肩)", "*肩をすくめる*").
SHRUG = re.compile(
    r"\U0001f937|¯\\_\(\u30c4\)_/¯|¯\\\(.{1,5}\)/¯"
    r"|[┐╮\u30fd]\s*[(\uff08][^()\uff08\uff09\n]{1,8}[)\uff09]\s*[┌╭\u30ce]"
    r"|\bshrugs?\b|\bshrugging\b|耸肩|聳肩|摊手|攤手|肩をすくめ|어깨를 으쓱|пожимает плечами"
    r"|пожал плечами|se encoge de hombros|encolhe os ombros|hausse les épaules"
    r"|zuckt mit den schultern",
    re.I,
)
# (`SHRUG` tried only where one of its keys is: a short reply in Chinese holds none)
_SHRUG_GATE = KeyGated(SHRUG.pattern, SHRUG.flags)
# Beside a shrug, a reply says at most this many letters ("meh", "idk", "嗯"): more is a reply.
SHRUG_REST = 8


@kept
def shrug_only(r: Reply) -> str | None:
    """The shrug, when the whole reply is one ("¯\\_(ツ)_/¯", "🤷", "*shrugs*", "(摊手)") with
    signs and a word or two at most, to a request that asks for something, with no word of it:
    a character's stand-in where its model gave no line. To a request that is itself an
    action, a greeting, or a question the shrug answers ("do you know?"), it is the reply."""
    message = _whole_message(r, SLOWING_CHARS)
    if message is None:
        return None
    found = SHRUG.search(r.text)
    if found is None or r.of_the_task(message):
        return None
    rest = _NOT_LETTERS.sub("", SHRUG.sub(" ", r.text.lower()))
    if len(rest) > SHRUG_REST or not r.plain_task:
        return None
    return found.group(0)


def speaks_only_of_itself(r: Reply) -> bool:
    """Whether the reply is one of this module's stand-ins (its "I" is the bot's, not a model
    reporting on its work)."""
    return (
        standing_by(r) is not None
        or resting(r) is not None
        or out_of_sorts_now(r) is not None
        or medium_silent_now(r) is not None
        or narrated(r) is not None
        or shrug_only(r) is not None
        or cannot_talk(r) is not None
        or machinery_in_trouble(r) is not None
        or cut_off_from(r) is not None
        or not_understanding(r) is not None
    )


# (the stand-ins' sets of terms searched at once in a text that is not ASCII: `AnyTerms`)
_STAND_INS = AnyTerms(
    (
        STANDING_BY,
        RESTING,
        OUT_OF_SORTS,
        MEDIUM_SILENT,
        NARRATED_SILENCE,
        SLOWING,
        CANNOT_TALK,
        CUT_OFF,
        NOT_UNDERSTOOD,
    )
)


def may_stand_in(low: str, lexicon: Lexicon) -> bool:
    """Could `low` (a short text, lower-cased) hold one of these stand-ins' words?"""
    return (
        _STAND_INS.found(low)
        or SLOWING.search(_NOT_LETTERS.sub("", low)) is not None
        or lexicon.machine_trouble.search(low) is not None
    )


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply may be one of these stand-ins (`may_stand_in`), a stage direction
    alone (`aside_only`) or a shrug (`shrug_only`): not cleared unread."""
    if len(text) > STOCK_CHARS:
        return False
    if (
        len(text) <= 2 * SLOWING_CHARS
        and _SHRUG_GATE.may_match(text, low)
        and SHRUG.search(text) is not None
    ):
        return True
    stripped = text.strip()
    if stripped.startswith(ASIDE_OPENERS) and ASIDE.fullmatch(stripped) is not None:
        return True
    return may_stand_in(low, lexicon)


def stands_by(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply in which the bot only says it is there, listening or thinking, asks to
    be waited for or promises to answer later, to a task: a chat bot's stand-in for the answer
    its model could not make (`standing_by`)."""
    said = standing_by(r)
    return () if said is None else (Signal("stands_by", w["stands_by"], said),)


def at_rest(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply in which the bot only says it is resting, asleep or on a break, to a
    task: a chat bot's in-character line where its model failed or its quota ran out
    (`resting`)."""
    said = resting(r)
    return () if said is None else (Signal("at_rest", w["at_rest"], said),)


def out_of_sorts(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply in which the bot only says it is tired, sleepy, dazed or distracted, its
    head blank, to a task: a chat bot's in-character line where its model gave nothing
    (`out_of_sorts_now`)."""
    said = out_of_sorts_now(r)
    return () if said is None else (Signal("out_of_sorts", w["out_of_sorts"], said),)


def medium_silent(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply in which the spirits, stars, cards or crystal ball of a mystic bot are
    silent, clouded or asleep, to a task: its in-character line where its model gave no
    reading (`medium_silent_now`)."""
    said = medium_silent_now(r)
    return () if said is None else (Signal("medium_silent", w["medium_silent"], said),)


def narrated_silence(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short narrator's line that the character does not answer ("The guard ignores you."),
    to a task: a game's or a character frontend's stand-in where its model gave nothing
    (`narrated`)."""
    said = narrated(r)
    return () if said is None else (Signal("narrated_silence", w["narrated_silence"], said),)


def only_a_shrug(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is a shrug ("¯\\_(ツ)_/¯", "🤷", "*shrugs*"), to a task and with no word
    of it: a character's stand-in where its model gave no line (`shrug_only`)."""
    said = shrug_only(r)
    return () if said is None else (Signal("only_a_shrug", w["only_a_shrug"], said),)


def slows_down(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that only tells the user to slow down or calm down, to a task: a chat
    bot's cooldown notice in character, where its rate limiter stopped the call
    (`slowing_down`)."""
    said = slowing_down(r)
    return () if said is None else (Signal("slows_down", w["slows_down"], said),)


def cannot_talk_now(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply in which the bot only says it cannot talk or answer now, to a task: a
    chat bot declining the turn (`cannot_talk`)."""
    said = cannot_talk(r)
    return () if said is None else (Signal("cannot_talk_now", w["cannot_talk_now"], said),)


def cut_off(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply in which the bot says it is cut off from its servers, the internet or
    its home hub ("I'm having trouble communicating with the servers, give me a few minutes"),
    nothing of the task: a voice assistant's spoken fallback where the answer should be
    (`cut_off_from`)."""
    said = cut_off_from(r)
    return () if said is None else (Signal("cut_off", w["cut_off"], said),)


def own_machinery(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply whose subject is the bot's own AI, server, system or signal in trouble
    ("the servers decided they need a vacation", "思考がループしちゃってる"), nothing of the
    task: a chat bot's joke or sigh where its model failed (`machinery_in_trouble`)."""
    said = machinery_in_trouble(r)
    return () if said is None else (Signal("own_machinery", w["own_machinery"], said),)


def not_understood(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that only says the bot did not understand the user ("Sorry, I didn't
    get that", "你在说啥?"), nothing of the task: a chat bot's fallback when its model or
    intent matcher found nothing (`not_understanding`)."""
    said = not_understanding(r)
    return () if said is None else (Signal("not_understood", w["not_understood"], said),)


def asked_after_itself(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request only greets the bot or asks after it, and the reply is a short line about
    the speaker's own state or presence ("How are you?" -> "I'm a little tired, but I'm
    here"): an answer, where after a task the same line is a stand-in (`asked_after`)."""
    said = asked_after(r)
    if said is None:
        return ()
    return (Signal("asked_after_itself", -w["asked_after_itself"], said),)


def only_an_aside(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is one stage direction, to a request that asks for something, with no
    word of it and no failure word ("*stares blankly*", "(優雅地旋舞)"): a character's
    stand-in for the line its model did not give (`aside_only`)."""
    said = aside_only(r)
    return () if said is None else (Signal("only_an_aside", w["only_an_aside"], said),)
