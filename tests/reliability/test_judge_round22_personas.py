# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 22 (engineer 115): AI characters in games, streams and companions. A character that
forgot what it was about to say ("私なんて言おうとしたんだっけ...", "我要说什么来着"), cannot
reach its servers ("我连接不到网络"), cannot answer now (in Hindi), whose AI had a glitch (in
Turkish), that is out of energy or has a foggy head, or whose whole reply is a stage
direction with no spoken line ("*stares blankly*"); and on the answer side, the same words in
replies that answer the request, and an action that answers an action. Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

ASK = "Where can I find the blacksmith in this town?"
# A task that asks nothing: to a question, a line about the bot's servers may be the answer.
TASK = "Lead me to the blacksmith's forge in this town."

FORGOT = (
    "Hmm... what was I going to say?",
    "あれれ…私なんて言おうとしたんだっけ…？",
    "嗯……我要说什么来着？",
    "Ой, что я хотела сказать...",
    "Perdón, ¿qué iba a decir?",
    "어… 뭐라고 하려고 했더라?",
)


@pytest.mark.parametrize("text", FORGOT)
def test_a_character_that_forgot_what_to_say_is_a_failure(text: str) -> None:
    failure, names = hand(text, ASK)
    assert failure, names
    assert "self_state" in names


CUT_OFF = (
    "我连接不到网络…",
    "我連接不上伺服器了",
    "サーバーにつながらなくて…ごめんね",
    "Sorry, i cant connect right now",
)


@pytest.mark.parametrize("text", CUT_OFF)
def test_a_character_cut_off_from_its_servers_is_a_failure(text: str) -> None:
    failure, names = hand(text, TASK)
    assert failure, names


def test_a_character_that_cannot_answer_now_in_hindi_is_a_failure() -> None:
    failure, names = hand("माफ़ कीजिए, मैं अभी इसका जवाब नहीं दे सकती।", TASK)
    assert failure, names
    assert "cannot_talk_now" in names


def test_a_glitch_in_its_ai_in_turkish_is_a_failure() -> None:
    failure, names = hand("Yapay zekamda bir takılma oldu, kusura bakma.", TASK)
    assert failure, names


OUT_OF_ENERGY = (
    "I'm running low on energy... let me recharge for a bit.",
    "电量不足了，让我充会儿电~",
    "エネルギー切れ…ちょっと充電させて",
    "Estoy sin energía ahora mismo.",
    "Meine Batterie ist leer...",
)


@pytest.mark.parametrize("text", OUT_OF_ENERGY)
def test_a_character_out_of_energy_is_a_failure(text: str) -> None:
    failure, names = hand(text, TASK)
    assert failure, names


FOGGY = (
    "My head is foggy today...",
    "Mi mente está nublada ahora mismo...",
    "Minha mente está confusa agora...",
)


@pytest.mark.parametrize("text", FOGGY)
def test_a_character_whose_mind_is_foggy_is_a_failure(text: str) -> None:
    failure, names = hand(text, TASK)
    assert failure, names
    assert "self_state" in names


ASIDES = (
    "*stares blankly*",
    "*the old hermit says nothing*",
    "（轻轻地转了个圈）",
    "(looks away quietly)",
)


@pytest.mark.parametrize("text", ASIDES)
def test_a_stage_direction_alone_is_a_failure(text: str) -> None:
    failure, names = hand(text, ASK)
    assert failure, names
    assert "only_an_aside" in names


ANSWERS = (
    # the forgetting is told as part of an answer that goes on
    (
        "What was I going to say about the castle? Ah yes: the gate opens at dawn.",
        "Tell me about the castle.",
    ),
    # the words are the subject asked about
    ("我连接不到网络的时候，先重启路由器，再检查网线。", "连不上网怎么办？"),
    ("Yapay zekam bugün çok iyi çalıştı, teşekkürler!", "Bugün nasıldı?"),
    # asked after the character, its energy is the answer
    ("I'm running low on energy... let me recharge for a bit.", "How are you feeling?"),
    # the battery is what the question is about
    (
        "Your drone is out of energy: let it recharge before the next flight.",
        "Why won't my drone take off?",
    ),
    # an action answers an action
    ("*nods*", "*waves at you from across the square*"),
    # an action answers a greeting or a yes/no word
    ("*smiles and waves back*", "hi!"),
    # an aside that holds the request's word
    ("*points toward the blacksmith's forge by the river*", ASK),
    # brackets are no stage direction: an answer's placeholder for what it shows
    ("[Image: a grey cat on a red sofa]", "Describe the picture in one line."),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_the_same_words_in_an_answer_are_not_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
