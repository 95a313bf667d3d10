"""Round 19, before the batches: an API's success envelope printed whole is shaped like a notice
(`code`, `msg`, `data`) but reports none; a bot's "on my side" (我这边) is a service's own
trouble, where a person's is their trial. Made-up texts, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_success_envelope_is_no_error_object() -> None:
    for text in (
        '{"code": 0, "msg": "success", "data": {"id": 12, "name": "report.pdf"}}',
        '{"code": 200, "msg": "\u64cd\u4f5c\u6210\u529f", "data": {"total": 3}}',
        '{"success": true, "message": "Saved", "data": null}',
        '{"code": 0, "message": "ok", "data": []}',
    ):
        failure, names = hand(text)
        assert not failure and "error_object" not in names, (names, text)


def test_an_error_envelope_is_still_one() -> None:
    for text in (
        '{"code": 500, "msg": "\u670d\u52a1\u5668\u5185\u90e8\u9519\u8bef", "data": null}',
        '{"success": false, "message": "Upstream busy"}',
        '{"code": 0, "msg": "upstream busy, retry later"}',
        '{"code": 5000, "msg": "We are experiencing server issues, please retry"}',
    ):
        failure, names = hand(text)
        assert failure and "error_object" in names, (names, text)


def test_a_bot_s_own_side_is_no_person_s_trial() -> None:
    """ "我这边无法连接服务器" and "我这边不太方便回答" are a service speaking of its side: no
    trial, no witness; a person's "我这边测试正常" or "我这边也是" is both."""
    for text in (
        "\u6211\u8fd9\u8fb9\u65e0\u6cd5\u8fde\u63a5\u670d\u52a1\u5668\uff0c\u8bf7\u7a0d\u540e\u518d\u8bd5",
        "\u6211\u8fd9\u8fb9\u4e0d\u592a\u65b9\u4fbf\u56de\u7b54\uff0c\u8bf7\u7a0d\u540e\u518d\u8bd5",
    ):
        failure, names = hand(text)
        assert failure and not names & {"own_trial", "witness"}, (names, text)
    for text in (
        "\u6211\u8fd9\u8fb9\u6d4b\u8bd5\u6b63\u5e38\uff0c\u4f60\u6362\u4e2akey\u8bd5\u8bd5",
        "\u6211\u8fd9\u8fb9\u6ca1\u95ee\u9898\uff0c\u662f\u4e0d\u662f\u7f51\u7edc\u7684\u4e8b",
        "\u6211\u8fd9\u8fb9\u4e0d\u80fd\u590d\u73b0 503",
    ):
        failure, names = hand(text)
        assert not failure and "own_trial" in names, (names, text)
    failure, names = hand("\u6211\u8fd9\u8fb9\u4e5f\u662f\uff0c\u4e00\u76f4 503")
    assert not failure and "witness" in names, names
