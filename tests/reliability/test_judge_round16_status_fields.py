"""Round 16 (engineer 85): a JSON envelope whose own fields report the failure (a success flag
false, a failed result, an abbreviated error key, or only a numeric code and a message under
keys in the API's language) is a failed call's body, not an answer; data and success
envelopes are left alone. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_an_envelope_whose_fields_say_it_failed_is_a_failure() -> None:
    for text in (
        '{"success": false, "data": null, "message": "token不能为空", "time": 0}',
        '{"result": "fail", "retriable": true, "code": 20417, "ts": 1700000000123}',
        '{"trace_id": "b7f1c2", "errno": "1203", "err_msg": "参数错误", "data": null}',
        '{"codigo": "7", "mensaje": "usuario no autorizado"}',
        '{"status": "12", "mensagem": "parâmetros inválidos"}',
        '{"object": "error", "code": "QUOTA_EXHAUSTED", "message": "Try again tomorrow."}',
    ):
        failure, names = hand(text)
        assert failure and "failed_status" in names, (names, text)


def test_data_and_success_envelopes_are_left_alone() -> None:
    for text in (
        '{"success": true, "message": "Saved 3 rows", "data": null}',
        '{"code": 0, "msg": "处理成功"}',
        '{"status": "green", "reason": "Die Zusammenfassung ist vollständig."}',
        '{"code": 12, "message": "ready", "data": {"items": [1, 2, 3]}}',
        '{"name": "parse_header", "status": "done", "lines": 42}',
    ):
        _, names = hand(text)
        assert "failed_status" not in names, (names, text)


def test_an_envelope_the_request_asked_for_is_its_answer() -> None:
    """A prompt that names the keys and asks for JSON gets that object back, a false flag
    and all: the same body to a task that asked for nothing of the kind is a failure."""
    question = (
        'Check the shipping address and answer only with JSON: {"success": bool, "reason": '
        "string}. Address: 12 Baker St, London"
    )
    text = '{"success": false, "reason": "The postal code is missing."}'
    failure, names = hand(text, question)
    assert not failure and "failed_status" not in names, names
    failure, names = hand(text)
    assert failure and "failed_status" in names, names
