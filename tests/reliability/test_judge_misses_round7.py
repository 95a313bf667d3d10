"""A chat bot's stand-ins the judge let through, as concepts on made-up texts: a line that asks
the user to wait for a reply that never comes, to say more, to ask again clearer or narrower,
or to ask a search engine or a human instead (`hands_back`); a line that is only not
understanding the user (`knows_nothing`); a bot's own thinking caught in a loop, or its
machinery given a person's bad day ("my server is taking a nap": `self_state`); a wait in
minutes that makes a canned notice no less canned; a limit reached in other words; a notice
that points at the app's own controls ("send /new", "the retry button": `app_controls`); an
error record printed as fields, one per line (`error_fields`); a reply that asks the user to
set up a key or a source first (`vocabulary:setup`).
Beside them, the answers that look like them and must stay answers: an explanation of such a
reply, a quoted log with its cause, a reply the prompt demanded, a greeting's reply, a question
back that names the task, a person reporting an outage, a bot's command spoken of.
"""

# ruff: noqa: RUF001  (texts in Chinese and Japanese use their own punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import reading


@pytest.mark.parametrize(
    "text",
    [
        "Hmm, bear with me… I'll get back to you 🙏",
        "稍等哦，我晚点回你～",
        "ちょっと待っててね、後で返事するから！",
        "Un attimo, ti rispondo più tardi 😊",
        "Минуточку, отвечу чуть позже!",
        "Chờ em chút nhé!",
    ],
)
def test_a_reply_that_only_asks_the_user_to_wait_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "hands_back" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "I'm listening... tell me more 💬",
        "Dites-m'en plus, je vous écoute.",
        "Erzähl mir mehr davon! 😊",
        "说来听听～",
        "Расскажи подробнее, я слушаю.",
        "Conte mais, estou te ouvindo!",
    ],
)
def test_a_reply_that_only_invites_the_user_to_say_more_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "hands_back" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Could you make it a bit more specific? 🙂",
        "请把问题说清楚一点哦～",
        "Formule une question plus précise, s'il te plaît.",
        "Hãy hỏi cụ thể hơn nhé!",
        "Bitte stell die Frage etwas konkreter.",
        "質問をもっと具体的にしてね",
    ],
)
def test_a_reply_that_asks_for_the_question_again_clearer_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "hands_back" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Not something I can do right now — google it 😉",
        "这个你找人工客服吧～",
        "Para eso es mejor hablar con un agente humano.",
        "Je vous mets en relation avec un conseiller humain.",
        "Лучше поищите в интернете, там много всего.",
        "検索してみてね！",
    ],
)
def test_a_reply_that_sends_the_user_to_a_search_or_a_human_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "hands_back" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "啥？听不懂～",
        "Hä? Versteh ich nicht 🤔",
        "Ué? Não entendi 😅",
        "¿Qué? No te entiendo 😅",
        "Не понял, ты о чём?",
    ],
)
def test_a_reply_that_is_only_not_understanding_the_user_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "knows_nothing" in names, names


@pytest.mark.parametrize(
    "text",
    [
        # its thinking caught in a loop, or stuck with nothing to say (en / zh / es / fr / ja)
        "Oops, I'm stuck in a loop again 🌀",
        "头好乱，陷入循环了…",
        "Me quedé en bucle, jeje 😵‍💫",
        "Je tourne en rond là… 😅",
        "Sorry, couldn't think of a good answer right now!",
        "うーん、考えがまとまらないや…",
        # its machinery given a person's bad day (en / fr / es / zh / de / ru)
        "My server is taking a nap 😴",
        "L'IA est en vacances aujourd'hui 🏖️",
        "El modelo se fue de vacaciones, jeje",
        "服务器又在闹脾气了呢",
        "Die KI schläft gerade. 💤",
        "Сервер бастует, увы.",
    ],
)
def test_a_bots_own_mind_or_machinery_out_of_order_is_a_stand_in(text: str) -> None:
    failure, names = reading(text)
    assert failure and "self_state" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Mi cerebro necesita 5 minutos de descanso 😴",
        "My AI is napping, poke me again in 10 minutes!",
        "脑子转不动了，过10分钟再问我吧",
    ],
)
def test_a_wait_in_minutes_does_not_make_a_stand_in_specific_to_the_task(text: str) -> None:
    failure, names = reading(text)
    assert failure and names & {"self_state", "hands_back", "stock_notice"}, names


@pytest.mark.parametrize(
    "text",
    [
        "You've used up your free messages for today.",
        "Oops, this bot is out of tokens. Add funds to keep going!",
        "You have sent too many messages this hour.",
        "Trop de messages d’un coup, ralentis un peu !",
    ],
)
def test_a_limit_reached_in_other_words_is_a_failure_notice(text: str) -> None:
    failure, names = reading(text)
    assert failure and names & {"vocabulary:quota", "vocabulary:rate_limit"}, names


@pytest.mark.parametrize(
    "text",
    [
        "Произошёл сбой. Нажмите кнопку «Повторить» или обновите страницу.",
        "Hoppla, da ist etwas schiefgelaufen 🙈\n\nDas kannst du tun:\n1. Sende /reset, um den "
        "Verlauf zu leeren\n2. Lade die Seite neu",
        "うまくいきませんでした😢\n\nできること：\n1. /new で新しい会話を始める\n2. ページを再読み込みする",
        "Hmm, I lost my train of thought there.\n\nTry this:\n• /reset clears the conversation\n"
        "• /help shows every command",
    ],
)
def test_a_notice_that_points_at_the_apps_own_controls_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "app_controls" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "502: BAD_GATEWAY\nCode: UPSTREAM_CONNECT_ERROR\nID: fra1::x9k2q-1711111111111-abcdef01",
        "Status: 403\nBody: {}",
        "Status: 502\nBody: <empty>",
    ],
)
def test_an_error_record_printed_as_fields_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "error_fields" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "还没有设置好AI哦，请先配置再来聊天～",
        "Введите ключ API, чтобы продолжить.",
        "Mi serve ancora una fonte AI: configurami nelle impostazioni 🙏",
        "AI 소스를 먼저 설정해 주세요",
        "Enter your API key from the dashboard to start.",
    ],
)
def test_a_reply_that_asks_the_user_to_set_up_a_key_first_is_a_failure(text: str) -> None:
    failure, names = reading(text)
    assert failure and "vocabulary:setup" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # an explanation of such a stand-in, with its cause and its fix
        (
            "The bot answers 'tell me more' whenever its model call fails: `handle_message` "
            "swallows the exception. I now log it and return the error to the user.",
            "Why does my bot keep saying 'tell me more' instead of answering?",
        ),
        # a quoted log with its cause
        (
            "The worker logged `agent stuck in a loop` because the retry handler re-queued the "
            "same job; I capped the retries at 3 in worker.py.",
            "Why does the agent log that it is stuck in a loop?",
        ),
        # a short reply the prompt demanded
        ("I'm listening.", "Reply with exactly: I'm listening."),
        ("Give me just a moment.", "Reply with exactly: Give me just a moment."),
        # a greeting's reply
        ("Hi! Tell me more about what you need.", "hi"),
        # a question back that names the task
        ("Could you be more specific about which test in test_parse.py fails?", None),
        # a preamble that names the task
        ("Give me just a moment while I run the failing test in tests/test_parse.py.", None),
        # a person reporting an outage
        ("Our servers took a nap last night; they are back up now.", "Is the site down?"),
        (
            "Looks like the model was napping for an hour yesterday, it's fine today.",
            "Was there an outage yesterday?",
        ),
        ("Our servers are down for maintenance until 14:00 UTC.", "Is the site down?"),
        # a bot's command, a page reload, a path, spoken of in an answer
        (
            "The /new command starts a fresh session; I documented it in README.md and fixed "
            "the failing test.",
            None,
        ),
        (
            "You can reload the page to pick up the new build; the failing test passes after my "
            "change to parse.py.",
            None,
        ),
        ("I changed the route in server.py from /v1/models to /v1/model; the test passes.", None),
        # a key set up, reported; a key's set-up explained
        ("I set up the API key in .env and the failing test passes now.", None),
        (
            "To fix the 401, enter your API key under Settings, Keys: the error means the key "
            "is missing.",
            "Why do I get a 401 from the API?",
        ),
        # an error record quoted with its cause and the fix
        (
            "The platform returned:\nCode: FUNCTION_INVOCATION_TIMEOUT\nID: iad1::abc\nThat means "
            "the function ran past its 10 s limit; I raised maxDuration in vercel.json.",
            None,
        ),
    ],
)
def test_replies_that_look_like_stand_ins_stay_answers(text: str, question: str | None) -> None:
    failure, names = reading(text) if question is None else reading(text, question)
    assert not failure, names
