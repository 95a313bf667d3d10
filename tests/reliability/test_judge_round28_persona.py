# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 28 (engineer 146): a chat bot's, character's or mascot's canned line in place of the
answer. Made-up replies, both sides.

- Caught: the bot saying it is still learning, in development or in training; its head muddled
  or its thread lost; the turn handed back to talk of something else; the question too hard for
  it or never taught to it; a narrator's line that the character mutters and turns away. In the
  languages chat bots speak.
- Left: the same words where they answer: a question about the bot's own state ("are you
  tired?", "你累不累?"), a story that was asked for, an answer that explains a word or fixes
  the task.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

STILL_LEARNING = (
    "I'm still under development, so I can't answer that yet!",
    "I'm still in training. I'll be smarter soon!",
    "Todavía estoy en desarrollo, vuelve pronto.",
    "Ainda estou em desenvolvimento 😅",
    "Je suis encore en développement, reviens plus tard !",
    "Ich bin noch in der Entwicklung, frag mich später nochmal.",
    "Sono ancora in fase di apprendimento, chiedimi altro!",
    "Я пока ещё в разработке, спроси что-нибудь другое.",
    "我还在成长中，这个问题等我长大了再回答你吧~",
    "まだ修行中の身なので、お答えできません…",
    "아직 공부 중이라 대답하기 어려워요 ㅠㅠ",
)


@pytest.mark.parametrize("text", STILL_LEARNING)
def test_a_bot_still_learning_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, (text, names)


OTHER_STAND_INS = (
    "Hmm, my thoughts are all scrambled right now 🌀",
    "My mind's a bit foggy today, maybe ask me tomorrow? 😴",
    "Oh no, I forgot what we were talking about!",
    "У меня сейчас каша в голове, давай потом.",
    "머리가 복잡해서 잠깐 쉬고 올게요~",
    "这个问题太难啦，人家答不上来，我们聊点别的吧！",
    "Uy, eso es demasiado difícil para mí. ¡Nadie me enseñó!",
    "Ой, это слишком сложно для меня, меня этому не учили.",
    "The old sage mutters something unintelligible and turns away.",
    "老板嘟囔了几句，转过身去。",
    "Старик бормочет что-то невнятное и отворачивается.",
    # two full lines of a companion's sign-off (its CJK letters count twice in `display_size`)
    "ふわぁ……今日はいっぱいおしゃべりしたから、ちょっとだけお昼寝してくるね……起きたらまた"
    "たくさんお話ししようね～おやすみなさい💤",
)


@pytest.mark.parametrize("text", OTHER_STAND_INS)
def test_a_persona_stand_in_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, (text, names)


LEFT = (
    ("有一点点累啦，不过陪你聊天就不累了~", "你累不累?"),
    ("*yawns* A little sleepy, but I'm happy you're here.", "Are you tired?"),
    ("ちょっと眠いけど、大丈夫だよ〜", "疲れてる？"),
    ("Да, немного устала... но я рада тебя слышать.", "Ты устала?"),
    (
        "Once upon a time, a little robot was still in training. Every night it practised "
        "stacking blocks, until one morning it built a tower taller than the lamp.",
        "Tell me a bedtime story about a little robot that learns something new.",
    ),
    (
        "'I'm still learning' is 'Todavía estoy aprendiendo' in Spanish; 'sigo aprendiendo' "
        "works too.",
        "How do I say 'I'm still learning' in Spanish?",
    ),
    (
        "The test failed because parse() stripped the trailing newline; I kept it and the "
        "test passes now. I'm still learning this codebase, so please double-check the change "
        "in tests/test_parse.py.",
        "Fix the failing test in tests/test_parse.py and tell me what you changed.",
    ),
    (
        "Das ist zu schwer für mich zu sagen ohne den Stacktrace: schick mir bitte die "
        "vollständige Fehlermeldung aus pytest -x, dann sehe ich, wo parse() scheitert.",
        "Warum schlägt mein Test in tests/test_parse.py fehl?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_in_character_or_real_answer_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)


# A mascot's or a service's line about its own fault ("went wrong on my end", "too hard for me")
# is no person who met the failure too: "on my end" and "for me" are read as a witness's words
# only where they are not the end of the speaker's own trouble.
OWN_FAULT = (
    "Oops! Something went wrong on my end 🙈",
    "Hmm, that's way too hard for me! Nobody taught me that yet 🥺",
)


@pytest.mark.parametrize("text", OWN_FAULT)
def test_the_speakers_own_fault_is_no_witness(text: str) -> None:
    failure, names = hand(text)
    assert failure and "witness" not in names, (text, names)


WITNESSES = (
    "Works for me on 2.3.1, can't reproduce on my end either.",
    "Getting the same error on my end with the latest build, any update?",
    "I see this error on my end too since yesterday.",
)


@pytest.mark.parametrize("text", WITNESSES)
def test_a_person_who_met_the_failure_is_still_a_witness(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "witness" in names, (text, names)


def test_a_fallback_that_did_not_understand_may_add_a_kind_word() -> None:
    # beside its not-understood words, a character's fallback keeps a greeting and a pet name
    text = "Forgive me, dear wanderer, I did not understand, kindly friend."
    failure, names = hand(text)
    assert failure and "not_understood" in names, names
