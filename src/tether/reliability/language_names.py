"""The names of languages a request or a reply says ("into Chinese", "翻译成英文", "auf Deutsch",
"на русский"), each with the script the language is written in: one table, read by the
rendering reading (`rendering_signals`: the script a rendering must be in) and the transform
reading (`transform_signals`: whether a request named the language a reply asks for). Its own
module: `rendering_signals` imports `transform_signals`, so neither can hold it for the other.

Each name is a regex fragment, matched case-blind: a name in a script with spaces between words
(Latin, Cyrillic) is a whole word in `LANGUAGE_NAMED`; a Chinese, Japanese or Korean name is read
anywhere (its neighbours are letters too).
"""

from __future__ import annotations

import re

# (the names of a language, or of a few written in one script; that script)
LANGUAGES: tuple[tuple[tuple[str, ...], str], ...] = (
    (
        (
            "(?:simplified |traditional )?chinese",
            "mandarin",
            "cantonese",
            "中文",
            "汉语",
            "漢語",
            "简体",
            "繁体",
            "繁體",
            "簡體",
            "中国語",
            "중국어",
            "китайский",
            "китайск\\w*",
        ),
        "han",
    ),
    (("japanese", "日语", "日文", "日本語", "일본어", "японский"), "kana"),
    (("korean", "韩语", "韩文", "韓文", "韓国語", "한국어", "корейский"), "hangul"),
    (
        (
            "russian",
            "ukrainian",
            "bulgarian",
            "serbian",
            "belarusian",
            "kazakh",
            "mongolian",
            "俄语",
            "俄文",
            "ロシア語",
            "러시아어",
            "русский",
            "украинский",
            "русск\\w*",
        ),
        "cyrillic",
    ),
    (("greek",), "greek"),
    (("arabic", "persian", "farsi", "urdu", "阿拉伯语"), "arabic"),
    (("hebrew", "yiddish"), "hebrew"),
    (("thai", "泰语", "泰文"), "thai"),
    (("hindi", "marathi", "nepali", "sanskrit"), "devanagari"),
    (
        (
            "english",
            "french",
            "german",
            "spanish",
            "portuguese",
            "italian",
            "dutch",
            "polish",
            "czech",
            "slovak",
            "swedish",
            "danish",
            "norwegian",
            "finnish",
            "turkish",
            "vietnamese",
            "indonesian",
            "malay",
            "romanian",
            "hungarian",
            "croatian",
            "slovenian",
            "catalan",
            "tagalog",
            "filipino",
            "英语",
            "英文",
            "英語",
            "法语",
            "德语",
            "西班牙语",
            "葡萄牙语",
            "意大利语",
            "越南语",
            "영어",
            "английский",
            "французский",
            "немецкий",
            "испанский",
            "englisch",
            "deutsch\\w*",
            "französisch",
            "spanisch",
            "anglais",
            "français",
            "allemand",
            "espagnol",
            "inglés",
            "español",
            "alemán",
            "francés",
            "inglês",
            "português",
            "inglese",
            "italiano",
            "tedesco",
            "английск\\w*",
            "немецк\\w*",
            "французск\\w*",
        ),
        "latin",
    ),
)

# Each row's names as one alternation (`rendering_signals`: the name a target says, its script).
NAME_PATTERNS: tuple[tuple[str, str], ...] = tuple(("|".join(n), s) for n, s in LANGUAGES)


def spaced(name: str) -> bool:
    """Whether `name` is written in a script with spaces between words (a whole word is read)."""
    return not re.match(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", name)


_NAMES = [name for names, _ in LANGUAGES for name in names]
# Any language named, anywhere in a text.
LANGUAGE_NAMED = re.compile(
    r"\b(?:"
    + "|".join(n for n in _NAMES if spaced(n))
    + r")\b|"
    + "|".join(n for n in _NAMES if not spaced(n)),
    re.IGNORECASE,
)
