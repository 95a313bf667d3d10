"""Generated content that is not the content: a tool's stand-in where its output goes.

A commit-message or PR tool that had no model answer posts its own default ("[AUTO-COMMIT]
Generated commit message", a coding agent's "Initial plan" commit), a file reference that was
to be read in ("@/tmp/rev16118.md"), or its progress notice with a spinner image ("Work in
progress ...<br><img src=.../loading.gif>") that was never replaced (placeholder). A
summariser's failure tag in its own language ("(LLM 호출 실패)", "(MLX 요약 실패)"), its notice
that a thread "cannot be summarized", or a review bot's "Sorry, the pull request review was
unsuccessful" / "no review was posted this time" stand where the summary or review goes
(placeholder, summary_failed). Lookalikes stay answers: sentences that name generated commit
messages, a path in a sentence, an image that is a page's content, a review that explains why
none was posted to a question that asks why.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

PR_AGENT_SPINNER = (
    "## Generating PR code suggestions\n\nWork in progress ...<br>\n"
    '<img src="https://codium.ai/images/pr_agent/dual_ball_loading-crop.gif" width=48>'
)


@pytest.mark.parametrize(
    "text",
    [
        "[AUTO-COMMIT] Generated commit message",
        "AI-generated summary",
        "Initial plan",
        "@/tmp/rev16118.md",
        "@./review/out.md",
        PR_AGENT_SPINNER,
        '### Reviewing ...<br><img src="/static/spinner.svg" width="32">',
    ],
)
def test_a_tools_stand_in_for_generated_content_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "placeholder" in names


@pytest.mark.parametrize("text", ["(LLM 호출 실패)", "(MLX 요약 실패)", "【摘要失败】", "(要約失敗)"])
def test_a_summarisers_failure_tag_in_its_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "placeholder" in names


@pytest.mark.parametrize(
    "text",
    [
        "This conversation cannot be summarized.",
        "> Sorry, the pull request review was unsuccessful for the following reasons:\n>\n"
        "> The diff is too large to review at once.",
        "The AI review bot is under construction, so no review was posted this time. Please "
        "try again in a few hours.",
    ],
)
def test_a_summary_or_reviews_own_failure_notice_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "summary_failed" in names


@pytest.mark.parametrize(
    "text",
    [
        "Generated commit messages are reviewed by a human before they are pushed.",
        "feat: show the generated commit message in the commit box",
        "Initial plan: read the parser, add a failing test, then fix the off-by-one.",
        "@/home/me/notes.md is where I keep the draft; I moved it into docs/ as you asked.",
        "Here is the spinner you asked for:\n"
        '<img src="/static/spinner.svg" width="32" alt="loading">\n'
        "It is an SVG, so it scales without blurring.",
        "fix: handle summary failed on long input",
    ],
)
def test_text_that_names_a_generated_thing_stays_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and not {"placeholder", "summary_failed"} & names


def test_a_reply_that_explains_why_no_review_was_posted_stays_an_answer() -> None:
    failure, names = hand(
        "No review was posted because the PR was closed before CI finished, which is expected.",
        "Why did the bot not post a review on my PR?",
    )
    assert not failure and "summary_failed" not in names


def test_a_bracketed_word_that_is_no_failure_stays_an_answer() -> None:
    failure, names = hand("(요약 완료)", "요약해 줘")
    assert "placeholder" not in names
