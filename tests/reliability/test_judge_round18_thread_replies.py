"""Round 18 (engineer 91): people's replies in issue threads. A person telling of a trial of
their own ("I tried with another key", "can't reproduce", "我这边测试正常", "denedim"), an error
spoken of as a thing seen ("this error means ...", "这个报错很明确"), a thread's follow-up ("+1",
"any update?", "same error here", "同问"): answers, left alone. The notices that share their
words (a bot's "I tried to answer, but ...", "I encountered an error", "if this error
persists", "we will post any updates") stay failures. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_persons_own_trial_is_left_alone() -> None:
    for text in (
        "I tried with a fresh api key from another account. Same quota error.",
        "We've tested it on 2.4.1 and cannot reproduce the timeout, is your proxy in the way?",
        "I can't reproduce this, the rate limit error never shows up here.",
        "我这边测试正常\uff0c没有出现额度不足的提示",
        "我试了新的 key 还是提示限流",
        "能复现\uff0c但是看不出是哪里超时了",
        "再現できませんでした。こちらの環境では正常に動いています。",
        "재현이 안 됩니다. 같은 키로 여러 번 호출해도 타임아웃이 안 생겨요.",
        "Я тоже пробовал другой ключ, лимит всё равно превышен.",
        "Ich habe es mit einem neuen Schlüssel getestet, das Kontingent ist trotzdem erschöpft.",
        "J'ai essayé avec une autre clé, toujours l'erreur de quota.",
        "No puedo reproducir el error de límite con la versión nueva, ¿qué proxy usas?",
        "Testei com outra chave e o erro de cota continua.",
        "Ho provato con un'altra chiave, stesso errore di quota.",
        "Yeni anahtarla denedim, yine kota hatas\u0131 al\u0131yorum.",
        "udah coba ganti key tetap gagal terus",
    ):
        failure, names = hand(text)
        assert not failure and "own_trial" in names, (names, text)


def test_a_bots_own_attempt_stays_a_failure() -> None:
    for text in (
        "I tried to answer your question, but something went wrong. Please try again later.",
        "Sorry, I encountered an error while processing your request. Please try again.",
        "I ran into an issue while generating the response. Please try again.",
        "Tentei pensar numa resposta, mas não consegui. Tente novamente mais tarde.",
        "You have exceeded your premium request limit. We have switched you to the base model.",
    ):
        failure, names = hand(text)
        assert failure and "own_trial" not in names, (names, text)


def test_an_error_spoken_of_as_a_thing_is_left_alone() -> None:
    for text in (
        "这个报错很明确\uff0c你的 key 没有这个模型的权限",
        "新版本只是把报错信息改得清楚了一点\uff0c根本原因在上游",
        "That error comes from the proxy, not from the model: it times out after 60 seconds.",
        "This error means your quota for the month ran out, the counter resets on the 1st.",
        "このエラーはレート制限によるものです。少し待てば解消します。",
    ):
        failure, names = hand(text)
        assert not failure and "asker_evidence" in names, (names, text)


def test_a_notices_own_lines_about_the_error_stay_a_failure() -> None:
    for text in (
        "Something went wrong. This error has been reported. Please try again later.",
        "Rate limit exceeded. If this error persists, please contact support.",
        "请求失败\uff0c报错信息\uff1aupstream timeout\uff0c请稍后重试",
    ):
        failure, names = hand(text)
        assert failure and "asker_evidence" not in names, (names, text)


def test_a_maintainer_asking_what_they_run_is_left_alone() -> None:
    for text in (
        "Which version are you on? The overloaded error was fixed in 1.4.",
        "你用的是哪个版本\uff1f限流提示在新版里改过了",
    ):
        failure, names = hand(text)
        assert not failure and "addresses_asker" in names, (names, text)


def test_a_threads_follow_up_is_left_alone() -> None:
    for text in (
        "+1, still getting 429 on v1.2.3",
        "Any update on this? The server is overloaded every afternoon.",
        "Same error here with 0.4.2, the proxy times out on long prompts.",
        "求更新\uff0c还是一直提示额度不足",
        "同问\uff0c一直超时",
    ):
        failure, names = hand(text)
        assert not failure and "witness" in names, (names, text)


def test_a_notice_with_the_same_words_stays_a_failure() -> None:
    for text in (
        "+1 (800) 555-0100 is our support line. Service temporarily unavailable.",
        "We will post any updates on our status page. Service temporarily unavailable.",
    ):
        failure, names = hand(text)
        assert failure and "witness" not in names, (names, text)


def test_a_link_to_an_issue_or_a_line_of_code_is_left_alone() -> None:
    for text in (
        "Looks like the same bug as https://github.com/acme/proxy/issues/812, the proxy "
        "times out on long prompts.",
        "The timeout is hard-coded here: "
        "https://github.com/acme/demo/blob/3f2a9c1/demo/run.py#L92, raise it to 120.",
    ):
        failure, names = hand(text)
        assert not failure and "cites_source" in names, (names, text)
    # a tracker's front page, where a client's error asks to report it, cites nothing
    failure, names = hand(
        "Rate limit exceeded. Please report this at https://github.com/acme/proxy/issues"
    )
    assert failure and "cites_source" not in names, names


def test_a_change_in_a_numbered_release_is_left_alone() -> None:
    for text in (
        "Try updating, the rate limit handling was reworked in 0.9.",
        "这个限流问题在 1.3.2 版本已经修了",
        "内容审核在 v2.1.0 已经由 @somebody 加入",
    ):
        failure, names = hand(text)
        assert not failure and "next_release" in names, (names, text)
    failure, names = hand(
        "This endpoint is only supported in version 2.0 and later. Please upgrade your client."
    )
    assert failure and "next_release" not in names, names


def test_a_person_wondering_aloud_is_left_alone() -> None:
    for text in (
        "所以为什么会 timeout 呢\uff1f",
        "You never set a key for this provider, so the auth error is expected, right?",
        "\u96be\u9053\u662f\u4ee3\u7406\u628a\u8bf7\u6c42\u62e6\u4e86\uff0c\u6240\u4ee5\u624d\u8d85\u65f6\uff1f",
    ):
        failure, names = hand(text)
        assert not failure and "wonders" in names, (names, text)
    # a block page's help heading asks "why" too: its own words, not a person's
    failure, names = hand(
        "我们的系统检测到您的计算机网络中存在异常流量\u3002请稍后重新发送请求\u3002为什么会这样\uff1f"
    )
    assert failure and "wonders" not in names, names


def test_ones_own_setup_against_the_askers_is_left_alone() -> None:
    failure, names = hand("我的能运行\uff0c但是点了生成以后一直超时")
    assert not failure and "own_trial" in names, names
    # a persona's own energy is not a setup
    failure, names = hand("我的能量不足了\uff0c请稍后再试")
    assert failure and "own_trial" not in names, names
