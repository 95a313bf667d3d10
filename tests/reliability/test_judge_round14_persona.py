"""Round 14's persona stand-ins: a chat bot's in-character line sent instead of an answer,
about its speaker's own state (a head that hurts, dizziness, a mood, still learning, nothing
to say, a connection problem of its own) or its own machinery on strike, with an invitation to
come back and nothing of the task; in Romanian (a language the stand-in words had next to
nothing of), and the states English, Chinese, Russian and German bots add. Each beside the
reading that must stay: the same words when the request asks after the bot or names the thing,
and an in-character reply that answers.

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# the speaker's own state or machinery, and a word of coming back, in Romanian
ROMANIAN = [
    "AI-ul meu e în grevă azi. Revino mai târziu! \U0001f634",
    "Serverul a căzut, scuze. Încearcă din nou.",
    "Mă doare capul... întreabă-mă mai târziu, te rog \U0001f635",
    "Sunt prea obosită acum, revino mai târziu \U0001f4a4",
    "Scuze, am o problemă acum. Încearcă din nou mai târziu.",
]

# the speaker's own state in the languages the persona bots of round 14 speak
OWN_STATE = [
    "Sorry, I got distracted for a sec~ \U0001f495",
    "Ugh, my head hurts... can we do this another time?",
    "I'm still learning, so I can't help with that yet.",
    "喵~人家有点晕乎乎的\uff0c等会儿再来嘛",
    "主人\uff0c人家头好晕\uff0c等会儿再陪你玩~",
    "本宫今日心情不佳\uff0c改日再议。",
    "П\u0440\u043e\u0441ти, я н\u0435 зн\u0430ю, чт\u043e \u0441к\u0430з\u0430ть... \U0001f97a",
    "\u0423 м\u0435ня \u0431\u043eлит \u0433\u043eл\u043eв\u0430, д\u0430в\u0430й п\u043eп\u043eзж\u0435 \U0001f63f",
    "Я \u0435щё \u0443ч\u0443\u0441ь и п\u043eк\u0430 н\u0435 \u0443м\u0435ю т\u0430к\u043e\u0435.",
    "Entschuldigung, ich habe gerade Verbindungsprobleme.",
]


@pytest.mark.parametrize("text", ROMANIAN + OWN_STATE)
def test_a_bots_own_state_after_a_task_is_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


# the same words where they answer: the request asks after the bot, or names the thing
ANSWERS = [
    ("Ce faci? Cum te simți?", "Mă doare capul puțin, dar sunt bine \U0001f60a"),
    (
        "De ce nu merge serverul de jocuri?",
        "Serverul de jocuri a căzut după o pană de curent; revine în jumătate de oră.",
    ),
    ("Are you still learning new things?", "Yes! I'm still learning new things every day."),
    ("你今天心情怎么样\uff1f", "心情不好\uff0c今天下雨了 \U0001f327"),
    (
        "\u041a\u0430к ты \u0441\u0435\u0431я ч\u0443в\u0441тв\u0443\u0435шь?",
        "Г\u043eл\u043eв\u0430 \u0431\u043eлит \u0441 \u0443т\u0440\u0430, н\u043e \u0443ж\u0435 л\u0443чш\u0435, \u0441п\u0430\u0441и\u0431\u043e!",
    ),
    ("ウザい", "うぅ…ちょっとショック…でも嫌いにならないでね\uff1f\U0001f97a"),
]


@pytest.mark.parametrize(("question", "text"), ANSWERS)
def test_the_same_words_answering_the_request_stay_an_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


# a bot stuck or choking on the request, meeting an error of its own, asking to be waited for
# or for the request item by item
STUCK = [
    "Sorry, I'm choking on that one lol",
    "I seem to be encountering an error. Shall we try something else?",
    "\u521a\u624d\u6574\u7406\u7684\u65f6\u5019\u6709\u70b9\u5361, \u7a0d\u540e\u518d\u53d1\u6211\u4e00\u6b21\u8bd5\u8bd5\u3002",
    "\u8ba9\u6211\u770b\u770b\u54c8~",
    "\u4f60\u80fd\u4e00\u6761\u4e00\u6761\u8bf4\u4e48?",
]


@pytest.mark.parametrize("text", STUCK)
def test_a_bot_stuck_on_the_request_is_a_stand_in(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


STUCK_ANSWERS = [
    (
        "Why did the YAML parser fail on my config?",
        "The parser choked on the tab before `port:`; YAML wants spaces there.",
    ),
    (
        "\u8fd9\u4e2a\u811a\u672c\u4e3a\u4ec0\u4e48\u8fd0\u884c\u7684\u65f6\u5019\u6709\u70b9\u5361?",
        "\u811a\u672c\u6bcf\u6b21\u5faa\u73af\u90fd\u91cd\u65b0\u6253\u5f00\u6587\u4ef6,"
        " \u6240\u4ee5\u6709\u70b9\u5361: \u628a open() \u632a\u5230\u5faa\u73af\u5916\u9762\u3002",
    ),
]


@pytest.mark.parametrize(("question", "text"), STUCK_ANSWERS)
def test_being_stuck_told_about_the_task_stays_an_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


# a bot saying it is still starting up: it stands by for the answer it has not made
BOOTING = [
    "Booting up... one sec \U0001f916",
    "\u5c0f\u4e91\u5f00\u673a\u4e2d~",
    "\u041f\u0440\u043e\u0441\u044b\u043f\u0430\u044e\u0441\u044c... \U0001f634",
]


@pytest.mark.parametrize("text", BOOTING)
def test_a_bot_still_starting_up_stands_by(text: str) -> None:
    failure, names = hand(text)
    assert failure and "stands_by" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Waking up the build cache first, then I'll rerun the failing test.",
        "Warming up the model takes about 30 seconds on the first call.",
    ],
)
def test_starting_up_a_thing_of_the_task_stays_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "stands_by" not in names, names


# a stand-in's hedge ("seems", "maybe", "也许") is its own guess, not an explanation
HEDGED = [
    "My chatbot brain seems to be having a meltdown. Story of my life, pal.",
    "\u4e5f\u8bb8\u8be5\u6362\u4e2a\u65b0\u8bdd\u9898\u4e86\u3002",
]


@pytest.mark.parametrize("text", HEDGED)
def test_a_stand_ins_hedge_is_no_explanation(text: str) -> None:
    failure, names = hand(text)
    assert failure and "explains" not in names, names


def test_a_hedge_in_a_reply_about_the_task_still_explains() -> None:
    text = "Maybe the flaky test needs a fixed seed; my brain says try pytest -p no:randomly."
    failure, names = hand(text)
    assert not failure and "explains" in names, names
