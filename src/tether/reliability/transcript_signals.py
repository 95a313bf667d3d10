"""A transcript that is no transcript: what a speech model writes over silence or noise.

Whisper and the models trained like it write, where there is no speech, what their training
subtitles held at such places: a non-speech token (`[BLANK_AUDIO]`, `[Music]`, `(音楽)`) or a
subtitle team's credit (`Sottotitoli creati dalla comunità Amara.org`, `Untertitel im Auftrag
des ZDF`, `Субтитры сделал DimaTorzok`, `字幕由Amara.org社区提供`), or a video's outro ("Thanks
for watching!", "Продолжение следует..."), often the same line over and over. A transcription
app passes it on as the transcript: an app's status line may stand before it, a timestamp
before each line. No failure word is in it.

The readings: every line of the text (its timestamps and an app's status line aside) is such a
token or credit, or a credit line comes three times. A credit names a subtitle team or a
broadcaster, so it is read with no request; a video's outro ("Thanks for watching!") is also a
chat's sign-off, so it is read only where the request asks for a transcript (or there is no
question at all: an app's output). A person who quotes these lines (a list of known
hallucinations, a line in quotes) writes them after a list's dash or inside a sentence: a line
is read only when it is the line's whole text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tether.reliability.lexicon import alternation
from tether.reliability.reply import Reply

# A subtitle team's or broadcaster's credit, in the languages Whisper writes them: the line's
# whole text (a name may follow "by").
_CREDIT = re.compile(
    r"""(?:
        .{0,60}amara\.org.{0,40}
      | untertitel\ (?:im\ auftrag\ des|von|der)\ .{2,40}
      | субтитры\ (?:сделал|создавал|подогнал|делал)\ .{2,30}
      | редактор\ субтитров\ .{2,60}
      | корректор\ .{2,30}
      | sous-titr(?:age|es)\ (?:st'\ ?\d+|société\ radio-canada|réalisés\ par\ .{2,40}|par\ .{2,40})
      | ondertiteling\ (?:door|tv)\ .{2,40}
      | napisy\ (?:stworzone|wykonane|by)\ .{2,40}
      | titulky\ (?:vytvořil|vytvořila)\ .{2,30}
      | sottotitoli\ (?:creati|a\ cura\ di|di)\ .{2,40}
      | subtítulos?\ (?:realizados\ por|por|de)\ .{2,40}
      | legendas?\ (?:pela|por)\ .{2,40}
      | ©\ ?(?:transcript|bf-watch\ tv)\ .{2,40}
      | 字幕(?:由|製作|制作|提供|\uff1a|:).{1,30}
      | 請不吝點贊.{0,30} | 请不吝点赞.{0,30}
      | .{0,10}明鏡與點點.{0,10} | .{0,10}明镜与点点.{0,10}
      | mbc\ 뉴스\ .{2,20}
    )""",
    re.X | re.I,
)
# A video's outro: a transcript's stand-in only where the request asks for a transcript.
_OUTRO = re.compile(
    r"""(?:
        thanks?\ (?:you\ )?(?:so\ much\ )?for\ watching | please\ subscribe.{0,40}
      | продолжение\ следует | спасибо\ за\ (?:просмотр|внимание)
      | vielen\ dank\ (?:fürs|für\ das|für's)\ zuschauen | bis\ zum\ nächsten\ mal
      | merci\ d'avoir\ regardé.{0,20} | grazie\ per\ la\ visione | grazie\ per\ l'attenzione
      | gracias\ por\ ver(?:\ el\ video)? | obrigado\ por\ assistir
      | ご視聴ありがとうございました | ご清聴ありがとうございました
      | 谢谢观看 | 謝謝觀看 | 感谢观看 | 感謝觀看
      | 시청해\ ?주셔서\ 감사합니다 | 구독과\ 좋아요.{0,20}
    )[.!\u3002\uff01\u2026\s]*""",
    re.X | re.I,
)
# A non-speech token, bracketed (`[BLANK_AUDIO]`, `[ Silence ]`, `(music)`, `*music*`, `♪`).
_NON_SPEECH = re.compile(
    r"""[\[(*]\s*(?:blank_audio|no_speech|no\ speech|silence|music|musique|música|musik|
      музыка|音楽|音乐|음악|applause|inaudible|無音|静音)\s*[\])*]|[♪♫\s]+""",
    re.X | re.I,
)
# A timestamp before a line (`[00:00.000 --> 00:04.000]`, `00:00:01,000 --> ...`), a number
# line of SRT, a rule or a file's name an app prints above its result.
_TIMESTAMP = re.compile(r"^\[?[\d:.,]+\s*-->\s*[\d:.,]+\]?\s*")
_FRAME_LINE = re.compile(r"^(?:\d+|[-=_*]{3,}|[\w.-]+)$")
# An app's status line above the transcript ("Done in 24 seconds! Subtitle is in ...").
_STATUS_LINE = re.compile(r"^(?:done|finished|completed|transcription|subtitle)\b", re.I)
# A request that asks for a transcript (or subtitles, a dictation).
_ASKS_TRANSCRIPT = re.compile(
    r"transcri|subtitl|dictat|speech[- ]to[- ]text|\bstt\b|whisper|字幕|文字起こし|转录|轉錄|"
    r"转写|轉寫|听写|расшифр|транскри|субтитр|untertitel|sous-titr|sottotitol|받아쓰기|자막",
    re.I,
)
# The marks a text must hold for a credit, an outro or a token to be looked for.
_MARKS = (
    "amara",
    "untertitel",
    "субтитр",
    "sous-titr",
    "ondertiteling",
    "napisy",
    "titulky",
    "sottotitoli",
    "subtítulo",
    "legenda",
    "©",
    "字幕",
    "請不吝",
    "请不吝",
    "明鏡",
    "明镜",
    "mbc",
    "_audio",
    "no_speech",
    "music",
    "musique",
    "música",
    "musik",
    "музыка",
    "音楽",
    "音乐",
    "음악",
    "silence",
    "applause",
    "inaudible",
    "無音",
    "静音",
    "♪",
    "watching",
    "subscribe",
    "продолжение",
    "спасибо",
    "zuschauen",
    "regardé",
    "grazie",
    "gracias",
    "obrigado",
    "ご視聴",
    "ご清聴",
    "观看",
    "觀看",
    "시청",
    "구독",
)
# The marks of a credit alone, what a long text is looked at for (`may_fire_long`).
_CREDIT_MARKS = _MARKS[:17]
# Parts several ASCII marks share: a text without one holds none of those marks.
_SHARED = ("tit", "musi", "gra")


def _mark_test(marks: tuple[str, ...]) -> Callable[[str], bool]:
    """`any(m in low for m in marks)` for a lowered `low`, in fewer scans: the marks that
    share a part (`_SHARED`) are looked for only where it is, and a text that is not ASCII is
    searched for all the marks at once (~50 scans of a reply's head cost ~3-5 us on every
    reply)."""
    ascii_marks = tuple(m for m in marks if m.isascii())
    groups = tuple(
        (part, tuple(m for m in ascii_marks if part in m))
        for part in _SHARED
        if sum(part in m for m in ascii_marks) > 1
    )
    grouped = {m for _, group in groups for m in group}
    alone = tuple(m for m in ascii_marks if m not in grouped)
    # (in a text that is not ASCII, every mark at once: a scan a mark cost ~6 us on 200
    # characters of Chinese, where the engine skips to the marks' first characters)
    every = re.compile(alternation(marks))  # (the marks are lower-case, as `low` is)

    def holds(low: str) -> bool:  # (loops: a generator cost ~0.1 us a mark more)
        if not low.isascii():
            return every.search(low) is not None
        for part, group in groups:
            if part in low:
                for mark in group:
                    if mark in low:
                        return True
        for mark in alone:
            if mark in low:
                break
        else:
            return False  # (a loop: a generator cost ~0.1 us a mark more)
        return True

    return holds


_HOLDS_MARK = _mark_test(_MARKS)
_HOLDS_CREDIT_MARK = _mark_test(_CREDIT_MARKS)
# The longest line a credit, a token or an outro makes.
LINE_CHARS = 120
# The longest text read (a transcript of silence is short, or one line over and over).
MOST_CHARS = 6000
# A credit line said this many times is a loop of it, whatever else the text holds.
CREDIT_REPEATS = 3


def may_fire(text: str) -> bool:
    """Whether `text` may be a transcript's stand-in (a mark of a credit, an outro or a
    non-speech token in its head or its middle: every line filler puts one in the head, a
    credit looping one in the middle): a cheap test for a reply not to be cleared unread."""
    if len(text) > MOST_CHARS:
        return False
    mid = len(text) // 2
    low = (text[:300] + text[max(300, mid - 150) : mid + 150]).lower()
    return _HOLDS_MARK(low)  # (any of `_MARKS` in it)


def may_fire_long(text: str) -> bool:
    """Whether a long `text` may be a credit said over and over (a mark of a credit in its
    head): a long reply is not cleared unread for it."""
    if len(text) > MOST_CHARS:
        return False
    return _HOLDS_CREDIT_MARK(text[:600].lower())  # (any of `_CREDIT_MARKS` in it)


def _asks_transcript(r: Reply) -> bool:
    """The request asks for a transcript, or there is no question (an app's output)."""
    return not r.raw_question.strip() or _ASKS_TRANSCRIPT.search(r.instructions) is not None


def filler(r: Reply) -> str | None:
    """The first line of a transcript that is only a speech model's filler (module doc)."""
    text = r.text.strip()
    if not text or len(text) > MOST_CHARS:
        return None
    if not may_fire(text):
        return None
    lines = [" ".join(_TIMESTAMP.sub("", x.strip()).split()) for x in text.splitlines()]
    lines = [x for x in lines if x]
    if lines and len(lines) > 2 and _STATUS_LINE.match(lines[0]):
        lines = lines[1:]  # an app's status line above the result
    outro = None
    credits: list[str] = []
    tokens: list[str] = []
    other = 0
    for line in lines:
        if len(line) > LINE_CHARS:
            other += 1  # (longer than any credit, token or outro)
        elif _CREDIT.fullmatch(line):
            credits.append(line)
        elif _NON_SPEECH.fullmatch(line):
            tokens.append(line)
        elif _OUTRO.fullmatch(line):
            outro = outro or line
        elif len(lines) > 3 and _FRAME_LINE.match(line):
            continue  # a number, a rule or a file's name around the lines
        else:
            other += 1
    if credits and len(credits) >= CREDIT_REPEATS and len(set(credits)) <= 2:
        return credits[0][:40]
    if other:
        return None
    if credits or tokens:
        return (credits or tokens)[0][:40]
    if outro is not None and _asks_transcript(r):
        return outro[:40]
    return None
