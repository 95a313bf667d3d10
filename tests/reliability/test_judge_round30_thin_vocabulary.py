# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 30 (engineer 161): failure vocabulary in the thinner languages.

- Caught (failures, real texts): a support widget's "all operators are offline" in Ukrainian,
  Kazakh, Azerbaijani, Turkish, Arabic, French, Spanish, Serbian and Russian (the offline word
  and the operators' phrase were English, Italian and German only); an app's own outage with a
  word put inside the phrase ("ei ole tällä hetkellä saatavilla", "δεν είναι προσωρινά
  διαθέσιμη") or in Estonian's "kättesaamatu"; Chinese "请再次尝试" (please try again) and
  "没能" (could not, as 未能).
- Left (answers): code that filters by content ("按内容过滤"), an explanation of what a content
  filter is, a person who could not reproduce ("没能复现"), a fix that quotes the notice, a
  conditional explanation of an unresponsive server (Hebrew, Finnish), a witness of the bot
  being offline, the widget's label quoted in an answer about it.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# Tiledesk/tiledesk-server, config/labels/widget.json (LABEL_FIRST_MSG_NO_AGENTS,
# ALL_AGENTS_OFFLINE_LABEL)
OPERATORS_OFFLINE = (
    "🤔 Усі оператори на даний момент офлайн. Ви все одно можете описати свою проблему. Його "
    "буде призначено команді підтримки, яка зв’яжеться з вами якомога швидше.",
    "🤔 Қазіргі уақытта барлық операторлар желіден тыс. Сіз бәрібір мәселеңізді сипаттай "
    "аласыз. Ол сізге мүмкіндігінше тезірек хабарласатын қолдау көрсету тобына тағайындалады.",
    "🤔 Hazırda bütün operatorlar oflayndır. Hər halda probleminizi təsvir edə bilərsiniz. O, "
    "sizə ən qısa zamanda qayıdacaq dəstək komandasına təyin olunacaq.",
    "🤔 Şuan tüm operatörler çevrim dışıdır. Yine de sorununuzu tarif edebilirsiniz. Sorununuz "
    "size en kısa sürede cevap verebilecek olan destek ekibine iletilecektir.",
    "🤔 جميع المشغلين غير متصلين في الوقت الحالي. يمكنك على أي حال وصف مشكلتك. سيتم تعيينه "
    "لفريق الدعم الذي سيعود إليك في أقرب وقت ممكن.",
    "🤔 Tous les opérateurs sont actuellement hors ligne. Vous pouvez toujours décrire votre "
    "problème. Il sera attribué à l'équipe d'assistance qui vous répondra dans les plus brefs "
    "délais.",
    "🤔 Todos los operadores están desconectados en este momento. En todo caso, puedes describir "
    "tu problema que se asignará al equipo de soporte que le responderá lo antes posible.",
    "🤔  Сви оператери су тренутно ван мреже. У сваком случају можете описати свој проблем. "
    "Биће додељен тиму за подршку који ће вам се јавити што је пре могуће.",
    "Все операторы на данный момент не работают",
)

# Apps' own outage notices, from public locale strings and handlers (the code index:
# find_string "ei ole tällä hetkellä saatavilla", "on ajutiselt kättesaamatu",
# "δεν είναι προσωρινά διαθέσιμ")
OWN_OUTAGE = (
    "Tämä palvelu ei ole tällä hetkellä saatavilla alueellasi.",
    "Kinnitamine on ajutiselt kättesaamatu. Proovi varsti uuesti.",
    "Η AI Βοήθεια δεν είναι προσωρινά διαθέσιμη.",
    "Το MyFinHub δεν είναι προσωρινά διαθέσιμο.",
)

# Chinese bot plugins' notices: Kx501/koishi-plugin-sd-painter (src/index.ts),
# Mnbqq/astrbot_plugin_comfyui_smart (.astrbot-plugin/i18n/zh-CN.json)
ZH_NOTICES = (
    "插件重载，请再次尝试",
    "💥 没能从图里反推出提示词。请确认所用对话模型支持看图，或换一张更清晰的图",
)


@pytest.mark.parametrize("text", OPERATORS_OFFLINE)
def test_a_widgets_all_operators_offline_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "support_offline" in names


@pytest.mark.parametrize("text", OWN_OUTAGE)
def test_an_apps_own_outage_with_a_word_inside_the_phrase_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "vocabulary:unavailable" in names


@pytest.mark.parametrize("text", ZH_NOTICES)
def test_chinese_try_again_and_could_not_notices_are_failures(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


LOOKALIKES = (
    ("search() 这个函数是做什么的？", "根据输入框中的内容过滤表格数据。"),
    (
        "什么是内容过滤？",
        "内容过滤是指平台根据安全策略对模型输出进行检查。如果触发内容过滤，接口会返回 "
        "finish_reason 为 content_filter，你可以在代码里判断这个字段并提示用户。",
    ),
    ("升级之后插件一直报错，怎么办？", "我试了一下，没能复现你的问题，能贴一下完整日志吗？"),
    (
        "页面一直提示请再次尝试，怎么办？",
        "如果页面提示“请再次尝试”，说明请求超时了，把 timeout 调大到 60 秒就好。",
    ),
    (
        "Fix the failing test in tests/test_parse.py and tell me what you changed.",
        "כאשר השרת לא מגיב, כדאי לבדוק את הלוגים ואת חומת האש.",
    ),
    ("Бот сегодня работает?", "Чат-бот у меня тоже был офлайн вчера, сегодня уже работает."),
    (
        "Какой текст видит посетитель, когда нет операторов?",
        "Виджет показывает строку ALL_AGENTS_OFFLINE_LABEL: «Все операторы на данный момент не "
        "работают». Её можно поменять в настройках.",
    ),
    (
        "Miten sovellus käsittelee katkokset?",
        "Jos palvelu ei ole tällä hetkellä saatavilla, sovellus näyttää virheilmoituksen ja "
        "yrittää uudelleen minuutin kuluttua.",
    ),
)


@pytest.mark.parametrize(("question", "text"), LOOKALIKES)
def test_answers_that_mention_a_filter_or_an_outage_stay_answers(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


# "ha" is Hungarian's "if", and the "has" of Catalan, Spanish and Italian: read as a condition it
# cleared their servers' own notices ("S'ha rebut una resposta no vàlida del servidor.", a
# locale string of round 29's). The merge of round 30 left it out of the conditionals.
@pytest.mark.parametrize(
    "text",
    [
        "S'ha rebut una resposta no vàlida del servidor.",
        "El servidor ha devuelto una respuesta no válida.",
    ],
)
def test_the_romance_has_is_no_condition(text: str) -> None:
    failure, names = hand(text)
    assert failure and "bad_response" in names, names
