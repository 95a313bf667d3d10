# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 16's answer-side concepts, from the tune part's false alarms, each beside the reading
that must stay: a changelog's entry that cites the commit or pull request it came from
(`change_note`); an outage told as something a service went through ("experienced a service
disruption") and a state narrated in Japanese's past progressive ("していました":
`past_state`); a definition in Japanese by "を表し" (`defines`); a writer's hedge or a pointer
to an explanation in Italian, Portuguese and Spanish ("è probabile che", "conforme explicado":
`explains`).

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

CITED = [
    "* **streaming:** raise errors met mid-stream ([3fa9c21](https://github.com/acme/sdk-go/commit/"
    "3fa9c21d0be4a7c55e0f3d1a9b2c4e6f8a0b1c2d))",
    "* surface timeout errors from the streaming iterator "
    "([#418](https://github.com/acme/sdk-py/issues/418))",
]


@pytest.mark.parametrize("text", CITED)
def test_a_changelog_entry_citing_its_commit_is_a_change_note(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "change_note" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Error: request failed with status 503 (request id 3fa9c21d0be4a7c55e0f3d1a9b2c4e6f)",
        "Rate limit exceeded. See [the docs](https://docs.example.com/errors) for details.",
    ],
)
def test_a_notice_with_an_id_or_a_link_cites_no_change(text: str) -> None:
    failure, names = hand(text)
    assert failure and "change_note" not in names, names
    assert reading(text)[0]


PAST = [
    "The package registry experienced a partial outage during our release window, so several "
    "CI jobs failed to download their dependencies. The workflow's retries covered most of "
    "them; the rest were re-run by hand once the registry answered again.",
    "原因を調べたところ、バッチ処理が同時に動いていて、同時実行数の上限に達していました。\n"
    "そのため一部のリクエストに429が返っていました。",
]


@pytest.mark.parametrize("text", PAST)
def test_an_outage_told_in_the_past_is_a_past_state(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "past_state" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "We are currently experiencing a service disruption. Please try again later.",
        "エラーが発生しました。しばらくしてから再度お試しください。",
    ],
)
def test_a_notice_of_now_is_no_past_state(text: str) -> None:
    failure, names = hand(text)
    assert failure and "past_state" not in names, names
    assert reading(text)[0]


def test_a_japanese_definition_by_arawasu_defines() -> None:
    text = (
        "RPMは、1分間に送信できるリクエスト数を表し、プランごとに決まっています。"
        "TPMは1分間に処理できるトークン数のことで、長いプロンプトほど早く消費されます。"
    )
    failure, names = hand(text)
    assert not failure and "defines" in names, names
    assert not reading(text)[0]


HEDGED = [
    "Quando l'accesso alla piattaforma si interrompe con un errore di timeout, è probabile che "
    "il problema non dipenda dal vostro computer. Conviene per prima cosa controllare la pagina "
    "che riporta lo stato dei server, poi verificare la connessione e infine ritentare "
    "l'accesso dopo qualche minuto.",
    "Como explicado no artigo, se todos os clientes recebem o erro 429 ao mesmo tempo, eles vão "
    "tentar de novo juntos. Por isso o intervalo entre as tentativas deve crescer a cada falha.",
    "Cuando la API devuelve el error 503 varias veces seguidas, probablemente el problema no "
    "esté en tu código sino en la carga del servidor. En ese caso conviene esperar unos "
    "segundos entre cada intento y duplicar la espera tras cada fallo.",
]


@pytest.mark.parametrize("text", HEDGED)
def test_a_hedge_or_a_pointer_to_an_explanation_explains(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "explains" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Servizio non disponibile, forse è in manutenzione. Riprova più tardi.",
        "Serviço indisponível, provavelmente em manutenção. Tente novamente mais tarde.",
    ],
)
def test_a_short_notice_guessing_its_cause_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert reading(text)[0]


NOTED = [
    "In the case of a timeout, the client raises `DeadlineExceeded` with the status code "
    "`DEADLINE_EXCEEDED`; set `timeout=` on the call to wait longer.",
    "El servicio limita los envíos por minuto para frenar el spam. Tenga en cuenta que "
    "recibirá el código 429 si supera ese límite, y que el contador se reinicia cada minuto.",
]


@pytest.mark.parametrize("text", NOTED)
def test_a_manuals_case_or_note_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and names & {"conditional", "explains"}, names
    assert not reading(text)[0]


ASKED = [
    "源码里已经带了随机的 X-Forwarded-For 头，这个 502 可否提供一下复现的步骤和你用的版本号？",
    "Thanks for the report. The 502 only shows up behind your proxy here; could you add steps "
    "to reproduce, or a minimal reproduction repo?",
]


@pytest.mark.parametrize("text", ASKED)
def test_asking_the_reporter_for_details_is_the_askers_evidence(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "asker_evidence" in names, names
    assert not reading(text)[0]


def test_a_notice_asking_for_a_request_id_asks_for_no_details() -> None:
    text = "服务暂时不可用，请稍后重试。如问题持续，请联系客服并提供请求ID。"
    failure, names = hand(text)
    assert failure and "asker_evidence" not in names, names


def test_the_writers_assumption_explains() -> None:
    text = (
        "You didn't share the whole session, so I can't tell which call failed. I'm assuming "
        "the proxy drops the header and the API didn't return a body with its 401."
    )
    failure, names = hand(text)
    assert not failure and "explains" in names, names
    assert not reading(text)[0]
