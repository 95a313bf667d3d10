"""Which language a text's small words read as: what tells a word that several languages spell
alike apart ("i" is English "I", Scandinavian "in"; "je" is French "I", Dutch "you", Czech, Slovak,
Slovene and Croatian "is"; Italian "i" is "the", told apart in a short text only). (Polish "i"
"and" and "my" "we": not told apart yet, for long explanations in that language lean on that
"I" as an answer's sign.)

A language is known here by its function words (articles, conjunctions, prepositions, the
negation, forms of "to be") and by letters only it writes (å, ø, æ; Dutch "ij"): frequent in
any sentence of it, rare in the others, and no vocabulary of errors, so a one-line notice in
that language holds some of them whatever it says.
"""

# ruff: noqa: RUF001  (function words in their own scripts)

from __future__ import annotations

import re
from collections.abc import Mapping

from tether.reliability.folding import fold


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


_MARKERS: dict[str, frozenset[str]] = {
    "en": _words(
        "the is and to of it not have has this that with was are be an on for can do me am"
        " you your if but what there here will would could should please"
    ),
    "fr": _words(
        "le la les de des un une est pas que qui vous nous du au et ne sur avec pour dans ce"
        " cette mais ou votre été"
    ),
    "scandinavian": _words(
        "og och ikke ikkje inte er är på til till af av från ved vid som det detta dette"
        " denne ett eller også också kunne kunde kan ble blev har hvis noe noget något"
        " nogen någon ingen igen igjen senere senare prøv prøve försök vennligst venligst"
        " dessverre desværre tyvärr jeg jag mig meg deg ditt dit jeres jer"
        " oppstod opstod uppstod feil fejl fel gikk gick gik galt"
    ),
    "nl": _words(
        "de het een niet van en dat op te zijn wordt werd geen er om met voor naar bij nog"
        " probeer opnieuw uw ik wij we jouw jij mijn ons onze deze dit kunnen kon later"
        " fout helaas momenteel sorry alstublieft"
    ),
    # Italian: "i" is "the" there ("I nostri server sono sovraccarichi")
    "it": _words(
        "il lo gli della delle degli dei del nel nella nei è sono non di che al alla allo"
        " questo questa ma anche più stato stata nostri nostro momento riprova"
    ),
    # Czech, Slovak, Slovene, Croatian: "je" is "is" there
    "west_south_slavic": _words(
        "na v ve z ze k ke s pro za od ale nebo alebo ili že da to ten není nie ni nije"
        " byl bol bila bilo bylo jak ako kako prosím prosim molimo znovu znova ponovno"
        " nelze nemožno"
    ),
    # Russian, Ukrainian, Belarusian: pronouns, conjunctions, "to be", "can", "please"
    "east_slavic": _words(
        "и в во не на что как это то он она они мы вы ты я меня мне тебя тебе его её ее их"
        " нас вас нам вам ним ними него нему ней неё себя себе свой свои этот эта эти этого"
        " этой этих того тот там тут здесь когда если чтобы потому также тоже только уже ещё"
        " еще очень можно нужно надо есть было была были будет будут быть может могу можете"
        " пожалуйста спасибо сейчас теперь потом просто даже какой какая какие который которая"
        " которые всех весь вся всё все всего всем через после перед между или либо тогда чем"
        " мене мені тобі його вона вони якщо коли тому також тільки вже дуже можна потрібно"
        " треба будь ласка дякую зараз який яка які бути було була були буде можете після між"
    ),
    # Vietnamese (one syllable a word; those of four letters and more): "not", "can", "is
    # being", "also", "in", "but", "many", "people", "please" (vui lòng), "we", "you", "I"
    "vi": _words(
        "không được những trong nhưng người đang cũng mình chúng nhiều hoặc thêm đây"
        " đó này của cho với một và có thể để đã sẽ rồi thì mà nếu khi vui lòng xin cảm ơn"
        " bạn tôi anh chị em hãy nhé ạ vẫn chưa vào ra lại hơn"
    ),
}
# Letters (or a pair) that only a language's words hold: each word with one is a marker too.
_LETTERS: dict[str, re.Pattern[str]] = {
    "scandinavian": re.compile("[åøæäö]"),
    "nl": re.compile("ij"),
    "west_south_slavic": re.compile(
        "[\u011b\u0159\u016f\u010d\u0161\u017e\u0165\u010f\u0148\u013e\u013a\u0155\u0111\u0107]"
    ),
}
# The words several languages spell alike: the language where each says "I", and those where
# it says something else.
_FIRST_PERSON_ELSEWHERE: dict[str, tuple[str, tuple[str, ...]]] = {
    "i": ("en", ("scandinavian", "it")),
    "je": ("fr", ("nl", "west_south_slavic")),
}
# Languages told apart in a short text alone (a notice, "I nostri server sono sovraccarichi"):
# Italian "i" is "the", but a long Italian explanation ("i file di output", "i gateway")
# still leans on that "i" as an answer's sign, as it did before Italian was told apart.
_SHORT_ONLY = frozenset({"it"})
SHORT_ONLY_UP_TO = 200
_WORD = re.compile(r"[^\W\d_]+")
# A text reads as another language when it holds at least this many of its markers, and more
# than of the language where the word says "I".
MIN_MARKERS = 1


# ASCII letters kept, every other byte a space: an ASCII text's words split in C.
_LETTERS_ONLY = bytes(b if chr(b).isascii() and chr(b).isalpha() else 32 for b in range(256))


def _words_of(text: str) -> list[str]:
    """`_WORD.findall(text)`; an ASCII text's runs of letters are cut apart in C, where the
    pattern tests each character's class (~9 us on 300 characters, against ~2)."""
    if text.isascii():
        return text.encode("ascii").translate(_LETTERS_ONLY).decode("ascii").split()
    return _WORD.findall(text)


def _markers(words: list[str], language: str) -> int:
    """How many of `words` are the language's markers. (The set lookups in C, and the letters
    searched word by word only when the words hold them at all: a search per word cost
    ~10 us on a 300-character answer.)"""
    known = _MARKERS[language]
    count = sum(map(known.__contains__, words))
    letters = _LETTERS.get(language)
    if letters is not None and letters.search(" ".join(words)) is not None:
        count += sum(1 for word in words if word not in known and letters.search(word))
    return count


def english_markers(low: str) -> int:
    """How many of a lower-cased text's words are English function words ("the", "is",
    "please"): a text said back in English where another language was asked for holds some."""
    return _markers(_words_of(low), "en")


def says_first_person(word: str, text: str) -> bool:
    """Whether `word` (lower case), a first person in some language, says "I" in `text`
    (lower case): not where the text's other words are of a language in which it says
    something else (Danish "fejl i forbindelsen", Dutch "probeer je het later opnieuw")."""
    known = _FIRST_PERSON_ELSEWHERE.get(word)
    if known is None:
        return True
    own, others = known
    if len(text) > SHORT_ONLY_UP_TO:
        others = tuple(o for o in others if o not in _SHORT_ONLY)
    words = [w for w in _words_of(text) if w != word]
    own_count = _markers(words, own)
    return not any(
        (count := _markers(words, other)) >= MIN_MARKERS and count > own_count for other in others
    )


def stop_words(chars: int) -> frozenset[str]:
    """Every language's function words of `chars` letters or more, as written and in the
    comparison form (`folding.fold`: "пожалуйста", "пожалуиста"): no sign that two texts
    share a subject ("vous", "пожалуйста", "không")."""
    return frozenset(
        form
        for language, words in _MARKERS.items()
        for word in words
        if len(word) >= chars
        for form in (word, fold(word, language == "vi"))  # (Vietnamese keeps its marks)
    )


# A person word of Chinese: the addressee ("你", "您") or the speaker ("我", "咱", "人家").
_ZH_PERSON = re.compile("(你|您|妳)|(我|咱|人家|本小姐|俺)")
_ZH_CLAUSE_BREAKS = ",.;!?\n\uff0c\u3002\uff1b\uff01\uff1f"
# The words before a noun, within its clause, that tell whose it is: the person word at most
# this many characters before it ("你的", "你满", "看你比较"; not "你的小助手脑子", the bot
# called the user's).
_OWNER_CHARS = 3


def addressee_owns(text: str, start: int) -> bool:
    """Whether the Chinese noun at `start` is the addressee's: the nearest person word just
    before it in its clause is "你" ("你满脑子都是...", "你的脑袋可能零件松动了"), or, with none,
    it is the object of "把" ("别把脑袋转过来": the listener's head). A bot's own state is its
    own ("我的大脑暂时开了小差", "小白的脑袋好像过载了")."""
    begin = max(text.rfind(c, 0, start) for c in _ZH_CLAUSE_BREAKS) + 1
    head = text[begin:start]
    last = None
    for m in _ZH_PERSON.finditer(head):
        last = m
    if last is not None:
        return last.group(1) is not None and len(head) - last.end() <= _OWNER_CHARS
    return head.endswith("把")


def said_of_addressee(
    text: str, hit: tuple[str, int, int, str], states: Mapping[str, tuple[str, ...]]
) -> bool:
    """Whether a vocabulary hit (class, start, end, term) is a person's state said of the
    addressee: its term holds a state word of its class (`Lexicon.person_states`: "累了",
    "很忙") and the addressee owns it ("你累了就先睡吧", "看你比较累了", "摸摸你的头就不累了"),
    a character's care for the user, not the bot's own state."""
    name, start, _, term = hit
    words = states.get(name)
    return words is not None and any(w in term for w in words) and addressee_owns(text, start)
