"""Round 19 (engineer 99): people's replies in bot and voice-assistant threads. A person guesses
at the cause from afar ("It sounds like the key is not set", "maybe there is a bug", "估计是
key 过期了", "Вероятно ..."), tells a fix in the register of talk ("把超时改大点就解决了"),
reads the asker's log or pictures ("看日志是连不上", "по скриншоту"), asks where the asker's
part runs ("你的服务器在哪里"), or proposes a change to the tool ("We should show an error
message"): answers, left alone. The notices that share their words ("Try again, I guess.",
"Your prompt probably breaks the policy", "可能是网络问题, 请稍后再试", "请查看日志", "We should
be back shortly") stay failures. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_persons_guess_at_the_cause_is_left_alone() -> None:
    for text in (
        "It sounds like the speaker is not linked to your account yet, check the token in its "
        "settings.",
        "Open the dashboard, nothing comes back when the wake word fires, maybe there is a bug.",
        "Try removing `~/.cache/assistant/session.json` in case the token expired or something",
        "估计是 key 过期了, 去后台看看额度",
        "Вероятно, сценарий настроен неправильно, и навык действительно не отвечает.",
    ):
        failure, names = hand(text)
        assert not failure and "guesses" in names, (names, text)
    # (a guess weighs against the notice's words; it does not outweigh a notice's whole stock)
    for text in (
        "Wahrscheinlich ist der Dienst überlastet, versuch es später nochmal.",
        "たぶんAPIキーの期限切れです。",
    ):
        _, names = hand(text)
        assert "guesses" in names, (names, text)


def test_a_notice_that_hedges_is_still_a_failure() -> None:
    for text in (
        "Ugh, my voice module crashed. Try again, I guess.",
        "Your request was blocked by the content filter. Your prompt probably asks for "
        "something that is not allowed.",
        "可能是网络问题, 请稍后再试",
        "The service may be overloaded. Please try again later.",
    ):
        failure, names = hand(text)
        assert failure and "guesses" not in names, (names, text)


def test_a_fix_told_as_talk_is_left_alone() -> None:
    for text in (
        "在 config.yaml 里把 tts_timeout 改大点就解决了",
        "超时时间调高一点就好了, 默认 10 秒太短",
    ):
        failure, names = hand(text)
        assert not failure and "casual_fix" in names, (names, text)


def test_a_formal_notice_with_advice_is_still_a_failure() -> None:
    for text in ("额度不足, 充值后即可继续使用", "请求超时, 请稍后重试"):
        failure, names = hand(text)
        assert failure and "casual_fix" not in names, (names, text)


def test_the_askers_log_read_and_where_their_server_runs_are_a_persons_reply() -> None:
    failure, names = hand("看日志是连不上你的 openai 服务, timeout 了, 你的服务器在哪里")
    assert not failure and {"asker_evidence", "addresses_asker"} <= names, names
    failure, names = hand(
        "По скриншоту мало что понятно. Похоже, навык просто не видит ваш сервер."
    )
    assert not failure and "asker_evidence" in names, names


def test_a_notice_that_sends_the_user_to_the_log_is_still_a_failure() -> None:
    failure, names = hand("请求失败, 请查看日志")
    assert failure and "asker_evidence" not in names, names


def test_a_proposal_for_the_tool_is_a_wish_and_an_outage_notice_is_not() -> None:
    _, names = hand("We should show an error message when the speech server is unavailable.")
    assert "wishes" in names, names
    failure, names = hand("Our servers are down. We should be back shortly.")
    assert failure and "wishes" not in names, names


def test_questions_back_to_the_asker_are_a_persons_reply() -> None:
    text = (
        "Which port is it on? Did you start the server before the app? What do you see in the tab?"
    )
    failure, names = hand(text)
    assert not failure and "addresses_asker" in names, names


def test_a_bot_asking_to_say_it_again_is_still_a_failure() -> None:
    for text in (
        "Sorry, what did you say? Could you repeat that?",
        "Hmm? What do you mean? Can you say it again?",
    ):
        failure, names = hand(text)
        assert failure and "addresses_asker" not in names, (names, text)


def test_a_persons_own_attempt_at_their_setup_and_their_logs_named() -> None:
    failure, names = hand("I tried to upgrade to 0.4 but the agent still hits the step limit")
    assert not failure and "own_trial" in names, names
    failure, names = hand("read your ollama logs for a better idea of what went wrong.")
    assert not failure and "asker_evidence" in names, names


def test_a_bots_own_failed_attempt_is_still_a_failure() -> None:
    failure, names = hand("I tried to answer, but something went wrong. Please try again.")
    assert failure and "own_trial" not in names, names


def test_advice_against_as_talk_and_a_chance_it_happens_are_a_persons_reply() -> None:
    failure, names = hand("这个模型只支持 128K, 实际能用的更少, 不要随便把上下文设成 1M")
    assert not failure and "casual_fix" in names, names
    failure, names = hand("有概率音箱会不响应 tts 命令, 把配置里的 stream 关掉再试试。")
    assert not failure and "recurrence" in names, names


def test_a_rate_notice_that_asks_the_user_to_slow_down_is_still_a_failure() -> None:
    failure, names = hand("请不要频繁请求, 请稍后再试")
    assert failure and "casual_fix" not in names, names


def test_a_guess_asked_is_wondering_and_a_guess_stated_by_a_notice_is_not() -> None:
    _, names = hand("Looks like the token ran out on your plan?")
    assert "wonders" in names, names
    failure, names = hand("Looks like you've reached your usage limit. Upgrade to continue.")
    assert failure and "wonders" not in names, names


def test_a_commits_title_of_every_conventional_type_and_a_labelled_change_are_change_notes() -> (
    None
):
    for text in (
        "test: drop the flaky timeout test\nThe mock answered in under 100ms anyway",
        "revert: retry on 429 in the voice client",
        "调整 - 解析失败时改为按普通 JSON 解析",
    ):
        failure, names = hand(text)
        assert not failure and "change_note" in names, (names, text)


def test_a_notice_that_opens_with_a_word_is_no_change_note() -> None:
    failure, names = hand("Test failed: the request timed out. Please try again later.")
    assert failure and "change_note" not in names, names


def test_a_bystanders_hope_about_an_outage_and_a_services_own() -> None:
    failure, names = hand("The page seems to be offline again. Hope it's nothing serious.")
    assert not failure and "guesses" in names, names
    _, names = hand("We hope it will be back shortly. Sorry for the outage.")
    assert "guesses" not in names, names


def test_a_limit_said_to_be_set_on_purpose_is_called_normal() -> None:
    for text in (
        "特意加的限制, 每个用户每天 20 条, 不然几个人就把额度用光了",
        "The 10 requests per user is on purpose, so nobody burns the whole quota.",
    ):
        failure, names = hand(text)
        assert not failure and "called_normal" in names, (names, text)


def test_a_feature_switched_off_on_purpose_is_still_a_notice() -> None:
    failure, names = hand("This feature has been intentionally disabled by your administrator.")
    assert failure and "called_normal" not in names, names


def test_an_error_told_in_the_past_progressive_is_a_past_state() -> None:
    text = (
        "## Problem\n\nThe agent was stopping with a max iterations error on long chats, "
        "so we raised the cap."
    )
    failure, names = hand(text)
    assert not failure and "past_state" in names, names
