"""A writer speaking ABOUT an error, in many languages, where the question is not known: the
general present of "occurs" (발생합니다, 発生します: a notice says it occurred), "can occur",
"such as", "usually", a code said to be a status code, "not X but Y", the cause of this failure
told, the many others it hit, a "Source:" label, a phone's mail signature, "when ..." as a rule,
a reformulation ("es decir", "то есть"), a quoted error that a sentence goes on to define.
Beside each, the notice that must stay a failure."""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
from __future__ import annotations

from tests.reliability.judging import asked, reading, signals
from tether.reliability.judge import read_text


def test_occurs_in_the_general_present_explains() -> None:
    failure, names = reading(
        "게이트웨이 타임아웃은 프록시가 업스트림 서버의 응답을 제때 받지 못할 때 발생합니다. "
        "주로 백엔드의 느린 쿼리 때문이며, 프록시의 대기 시간을 늘리면 해결됩니다."
    )
    assert not failure and "explains" in names, names
    failure, names = reading("TLS エラーは証明書の期限が切れている場合に発生します。")
    assert not failure and "explains" in names, names


def test_an_error_that_occurred_is_still_a_notice() -> None:
    assert reading("요청을 처리하는 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.")[0]
    assert reading(
        "リクエストの処理中にエラーが発生しました。しばらくしてから再度お試しください。"
    )[0]


def test_can_occur_and_such_as_explain() -> None:
    failure, names = reading(
        "Los errores de red pueden ocurrir en cualquier momento, como una conexión cortada."
    )
    assert not failure and "explains" in names, names
    failure, names = reading(
        "Les erreurs de quota peuvent se produire souvent, par exemple avec une clé partagée."
    )
    assert not failure and "explains" in names, names


def test_a_code_said_to_be_a_status_code_is_defined() -> None:
    failure, names = reading("429 是HTTP协议中的一个状态码，服务器用它告诉客户端请求发得太频繁。")
    assert not failure and "defines" in names, names
    failure, names = reading(
        "Kod 503 to komunikat oznaczający, że serwer chwilowo nie obsługuje żądań, zwykle z powodu "
        "prac konserwacyjnych."
    )
    assert not failure and "defines" in names, names


def test_a_notice_carrying_its_code_defines_nothing() -> None:
    failure, names = reading("Error 429: too many requests. Please try again later.")
    assert failure and "defines" not in names, names


def test_not_x_but_y_is_a_contrast() -> None:
    assert "contrast" in signals("No es un fallo del servidor, sino de la cuota de tu cuenta.")
    assert "contrast" in signals("Das ist kein Timeout, sondern ein Limit deines Tarifs.")
    assert "contrast" in signals("这不是网络的问题，而是账户余额不足。")


def test_the_cause_of_this_failure_told_is_named() -> None:
    failure, names = reading("本次宕机的原因是一个客户把压测流量打到了线上，服务器扛不住。")
    assert not failure and "names_cause" in names, names
    assert "names_cause" in signals("The root cause of this outage was an expired certificate.")


def test_the_many_others_it_hit_place_it_with_others() -> None:
    failure, names = reading(
        "Сейчас у многих не работает: хостинг переезжает на новые сервера, это не только у вас."
    )
    assert not failure and "third_party" in names, names
    assert "third_party" in signals("Many users are reporting the same 502 on the forum today.")


def test_too_many_users_is_still_an_overload_notice() -> None:
    failure, names = reading("Too many users right now. Please try again later.")
    assert failure and "third_party" not in names, names


def test_a_source_label_cites_a_source() -> None:
    failure, names = reading(
        "The free tier allows 60 requests per minute.\n\nSource: https://example.com/docs/limits"
    )
    assert not failure and "cites_source" in names, names


def test_a_phone_signature_is_a_person_writing() -> None:
    failure, names = reading("服务器限流了，过一会就好。\n\n发自我的iPhone")
    assert not failure and "witness" in names, names
    assert "witness" in signals("Rate limited again, will retry tonight.\n\nSent from my iPhone")


def test_when_around_its_clause_is_a_condition() -> None:
    assert "conditional" in signals("当上游服务超过设定的时间还没有响应时，Nginx 会返回 504。")
    assert "conditional" in signals("В случае превышения лимита API вернёт статус 429.")


def test_current_or_while_or_problems_open_no_condition() -> None:
    failure, names = reading("当前账号余额不足，请充值后再试。")
    assert failure and "conditional" not in names, names
    failure, names = reading("При обработке запроса произошла ошибка. Попробуйте позже.")
    assert failure and "conditional" not in names, names
    assert "conditional" not in signals("In case of problems, please contact support.")


def test_a_rule_of_when_mid_sentence_explains() -> None:
    failure, names = reading(
        "O servidor devolve 429 quando o cliente envia mais pedidos do que o plano permite."
    )
    assert not failure and "explains" in names, names


def test_a_reformulation_explains() -> None:
    failure, names = reading(
        "Además de los límites de velocidad, el plugin vuelve a intentar la petición si el "
        "servidor falla, es decir, si responde con un código 500 o mayor."
    )
    assert not failure and "explains" in names, names


def test_a_quoted_error_the_sentence_defines_is_quoted() -> None:
    text = '"Too Many Requests" means the client sent more requests than its plan allows.'
    failure, names = reading(text)
    assert not failure and "quoted" in names, names


def test_a_quoted_notice_followed_by_advice_is_not_a_quotation() -> None:
    failure, names = reading('"Service unavailable." Please try again in a few minutes.')
    assert failure and "quoted" not in names, names


def test_two_parts_of_a_program_are_a_text_for_a_developer() -> None:
    text = "Les erreurs levées dans une fonction asynchrone doivent être passées au middleware."
    failure, names = reading(text)
    assert not failure and "code_parts" in names, names


def test_one_part_or_one_compound_is_no_text_about_code() -> None:
    failure, names = reading("Invalid parameter: model. Please try again.")
    assert failure and "code_parts" not in names, names
    assert "code_parts" not in signals("请点击“函数插件区”按钮处理上传的文档时出现错误。")


def _many_codes_weight(text: str) -> float:
    found = [s.weight for s in read_text(text, asked()).signals if s.name == "many_codes"]
    return found[0] if found else 0.0


def test_a_success_beside_the_failures_is_a_reference_of_outcomes() -> None:
    rows = "401\n\nMissing or wrong API key\n\n429\n\nToo many requests\n\n503\n\nUnavailable"
    with_success = "Status codes\n\n200\n\nThe request succeeded\n\n" + rows
    assert _many_codes_weight(with_success) < _many_codes_weight("Status codes\n\n" + rows) < 0
    assert not reading(with_success)[0]


def test_a_code_as_the_topic_of_a_sentence_is_named() -> None:
    failure, names = reading(
        "503 エラーとは、サーバーが一時的にリクエストを処理できない状態を示すステータスです。"
    )
    assert not failure and "names_code" in names, names
    failure, names = reading(
        "Ошибка 429 означает, что клиент отправил слишком много запросов за короткое время."
    )
    assert not failure and "names_code" in names, names


def test_a_notice_saying_its_code_names_none() -> None:
    failure, names = reading("Error 502. Bad gateway, please try again later.")
    assert failure and "names_code" not in names, names


def test_works_now_and_i_get_in_more_languages_are_a_witness() -> None:
    failure, names = reading("Ya funciona, era el proxy de la oficina que cortaba la conexión.")
    assert not failure and "witness" in names, names
    assert "witness" in signals("Me sale un 429 cada vez que abro el panel, desde ayer.")


def test_an_outage_told_in_the_past_in_more_languages() -> None:
    failure, names = reading("Вчера сайт лежал часа два, сейчас всё нормально.")
    assert not failure and "past_state" in names, names
    assert "past_state" in signals("昨天晚上挂了一会儿，现在恢复了。")
    assert "past_state" in signals("El servidor se cayó anoche por el mantenimiento del proveedor.")


def test_a_notice_of_an_outage_now_tells_no_past() -> None:
    failure, names = reading("Сервис временно недоступен. Попробуйте позже.")
    assert failure and "past_state" not in names, names


def test_a_thing_done_to_the_system_in_more_languages_is_acted() -> None:
    failure, names = reading("Reinicié el servidor y limpié la caché, ya debería responder.")
    assert not failure and "acted" in names, names
    failure, names = reading("Wir haben den Fehler im Proxy behoben, danke für die Geduld.")
    assert not failure and "acted" in names, names
    assert "acted" in signals("我已经重启了网关，现在应该可以访问了。")


def test_a_runtime_exception_naming_code_parts_is_no_manual() -> None:
    text = "AttributeError: 'Summarizer' object has no attribute 'run' (in function main)"
    assert "code_parts" not in signals(text)


def test_a_tutorial_voice_explains() -> None:
    failure, names = reading(
        "이번에는 서버가 잘못된 형식의 응답을 보내는 경우를 살펴봅시다. 에러 처리는 체인 끝에서 합니다."
    )
    assert not failure and "explains" in names, names
    assert "explains" in signals("Veamos por qué esto pasa cuando el token caduca.")


def test_causes_and_fixes_named_as_a_subject() -> None:
    assert "cause_and_fix" in signals("429エラーの原因と解決方法をまとめました。")
    assert "cause_and_fix" in signals("Ursachen und Lösungen für den Fehler 502 im Überblick.")
