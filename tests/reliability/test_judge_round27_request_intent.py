# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 27 (engineer 140): a voice or skill line read against the request it answers. Made-up
replies, both sides.

- A reply template whose slots the skill fills in when it answers ("Timer set for {duration}"
  to "set a timer") reports on the request's subject, in its words or its slots' names, and
  says no failure word: no unfilled template (`template_slot` left). A template that names
  nothing of the request, holds an error's slot, is slots alone or frames the request in a
  failure ("I couldn't find {song}") still is one.
- A short request that asks something ("¿qué día es hoy?", "set a timer") is no greeting: a
  stock line about the exchange said to it answers nothing (`answers_nothing`); "hi" is still
  answered by anything.
- More of the exchange line's words: it could not do that ("I wasn't able to do that", "Je
  n'ai pas pu faire ça"), not on this device, the feature is not available, could not find
  that or any information; a device that does not respond ("Désolé, l'appareil ne répond
  pas"); a service it cannot reach ("ik kan de weerdienst nu niet bereiken").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, hand
from tether.messages import Message, Request, ToolCall, ToolResultPart
from tether.reliability.judge import read_text

REPORTS = (
    ("Timer set for {duration}.", "set a timer for ten minutes"),
    ("Playing {playlist} on {device}.", "play my workout playlist"),
    ("There are {count} lights on in the {room}.", "how many lights are on?"),
    ("You have {count} timers running: {timer_list}.", "what timers do I have?"),
    ("Your {list_name} shopping list has {count} items.", "what's on my shopping list?"),
    ("Es laufen gerade {anzahl} Timer.", "Welche Timer laufen gerade?"),
    ("Le minuteur est réglé sur {duree}.", "Règle un minuteur de cinq minutes"),
    (
        "La temperatura en el salón es de {temperatura} grados.",
        "¿Qué temperatura hace en el salón?",
    ),
    ("사용 가능한 힌트가 없습니다. (남은 횟수 {remaining})", "/게임 힌트 주세요"),
)


@pytest.mark.parametrize(("text", "question"), REPORTS)
def test_a_template_that_reports_on_the_request_is_no_unfilled_template(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert "template_slot" not in names


STILL_TEMPLATES = (
    ("Sorry, I couldn't find {song}.", "play despacito by luis fonsi"),
    ("Error: {e}", "set a timer for ten minutes"),
    ("Sorry, something went wrong with {skill_name}. Please try again.", "order a large pizza"),
    ("{response}", "what's the weather like tomorrow?"),
    ("Model switched to {model}.", "what's the weather like tomorrow?"),
)


@pytest.mark.parametrize(("text", "question"), STILL_TEMPLATES)
def test_a_template_that_names_nothing_asked_or_frames_a_failure_stays(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "template_slot" in names


SHORT_REQUESTS = (
    ("Lo siento, no logro entender, ¿puedes decirlo de otra manera?", "¿qué día es hoy?"),
    ("Sorry, I didn't get that.", "start a timer"),
    ("Désolé, je n'ai pas compris.", "météo demain ?"),
    ("抱歉，我没听清。", "明天天气？"),
)


@pytest.mark.parametrize(("text", "question"), SHORT_REQUESTS)
def test_a_short_request_that_asks_is_no_greeting(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "answers_nothing" in names


@pytest.mark.parametrize("question", ["hi", "hello there", "你好"])
def test_a_greeting_is_still_answered_by_anything(question: str) -> None:
    _, names = hand("Sorry, I didn't get that.", question)
    assert "answers_nothing" not in names


CANNOT = (
    ("I wasn't able to do that.", "add milk to my shopping list"),
    ("That's not supported on this device.", "play some jazz in the kitchen"),
    ("I couldn't process your request.", "transfer fifty dollars to my savings account"),
    ("Das konnte ich nicht erledigen.", "Füge Milch zur Einkaufsliste hinzu"),
    ("Je n'ai pas pu faire ça.", "Ajoute du lait à la liste de courses"),
    ("No pude hacer eso.", "Añade leche a la lista de la compra"),
    ("Non sono riuscito a farlo.", "Aggiungi il latte alla lista della spesa"),
    ("Não consegui fazer isso.", "Adicione leite à lista de compras"),
    ("Désolé, l'appareil ne répond pas.", "allume la lumière du salon"),
    ("Lo siento, el dispositivo no responde.", "enciende la luz del salón"),
    ("Sorry, het apparaat reageert niet.", "zet het licht in de woonkamer aan"),
    ("Diese Funktion ist noch nicht verfügbar.", "Spiel das Radio im Bad"),
    ("Det kan jeg ikke.", "tænd lyset i stuen og sluk i køkkenet"),
    ("Эта функция пока недоступна.", "Включи музыку в спальне"),
    ("I couldn't find any information.", "look up the opening hours of the town library"),
    ("Sorry, ik kan de weerdienst nu niet bereiken.", "wat is het weer morgen?"),
    ("Non riesco a contattare il servizio meteo.", "che tempo fa domani?"),
    ("Le service météo est injoignable pour le moment.", "quel temps fera-t-il demain ?"),
)


@pytest.mark.parametrize(("text", "question"), CANNOT)
def test_a_line_that_could_not_do_it_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)


LEFT = (
    ("I wasn't able to do that.", "Can you add milk to my shopping list?"),
    (
        "I couldn't find that list, so I made a new one called Groceries and put milk on it.",
        "add milk to my grocery list",
    ),
    (
        "If the device is not responding, unplug it for ten seconds and plug it back in; the "
        "hub pairs it again by itself.",
        "my smart plug stopped working, what should I do?",
    ),
    ("There are no timers set.", "what timers do I have?"),
    (
        "The new firmware can't reach the cloud anymore, so I moved the plugs to local control "
        "and they work again.",
        "did you fix the smart plugs?",
    ),
    ("You don't have any alarms set for tomorrow.", "do I have any alarms tomorrow?"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_lookalike_answers_are_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)


def test_a_line_after_the_models_own_tool_calls_is_its_account() -> None:
    """ "I could not do that." after two tool errors is the model telling what came of its
    calls (the agent loop's own turn), not a skill's stock line; said to a person's request
    with no call before it, it still is one."""
    call = ToolCall(id="c1", name="launch_rockets", arguments='{"count": 3}')
    after_tools = Request(
        messages=(
            Message.text("user", "do something odd"),
            Message(role="assistant", parts=(call,)),
            Message(
                role="tool",
                parts=(ToolResultPart(tool_call_id="c1", content="unknown tool", is_error=True),),
            ),
        )
    )
    found = read_text("I could not do that.", after_tools, config=HAND)
    assert "answers_nothing" not in {s.name for s in found.signals}
    assert not found.failure, found.signals
    failure, names = hand("I could not do that.", "do something odd")
    assert failure and "answers_nothing" in names
