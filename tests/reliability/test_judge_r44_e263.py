"""Generated content that is not the content: a tool's stand-in where its output goes.

A commit-message or PR tool that had no model answer posts its own default ("[AUTO-COMMIT]
Generated commit message", a coding agent's "Initial plan" commit), a file reference that was
to be read in ("@/tmp/rev16118.md"), or its progress notice with a spinner image ("Work in
progress ...<br><img src=.../loading.gif>") that was never replaced (placeholder). A
summariser's failure tag in its own language ("(LLM 호출 실패)", "(MLX 요약 실패)"), its notice
that a thread "cannot be summarized", a review bot's "Sorry, the pull request review was
unsuccessful" / "no review was posted this time", a PR summary whose diff "could not be
retrieved" (its sections then guesses) stand where the summary or review goes
(placeholder, summary_failed). Lookalikes stay answers: sentences that name generated commit
messages, a path in a sentence, an image that is a page's content, a review that explains why
none was posted to a question that asks why.

A README updater that failed writes its exception as the document's heading ("## Error making
LLM: 1 validation error for Generation", generator_error_heading), or commits its summary of the
inputs it was handed ("Based on the code changes and commit messages provided in the GitHub pull
request, here is a summary of the updates: ...", inputs_summarised) as the README. A heading
about errors ("# Error handling"), prose that opens on an error to explain it, and the same
summary to a request that asks for a summary or a description of the changes stay answers.
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


@pytest.mark.parametrize(
    "text", ["(LLM 호출 실패)", "(MLX 요약 실패)", "【摘要失败】", "(要約失敗)"]
)
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
        "Content is required to generate an excerpt suggestion.",
        "## PR Summary\n\n### Summary\nThis PR titled **up** introduces a large set of changes "
        "to the repository, but the exact diff could not be retrieved due to size limits.\n\n"
        "### Key Changes\n- Possible updates across multiple modules or files",
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


def test_a_condition_about_a_missing_diff_stays_an_answer() -> None:
    failure, names = hand(
        "If the diff could not be retrieved, the action falls back to the PR title.",
        "How does the summary action handle huge PRs?",
    )
    assert not failure and "summary_failed" not in names


def test_a_reply_that_explains_why_no_review_was_posted_stays_an_answer() -> None:
    failure, names = hand(
        "No review was posted because the PR was closed before CI finished, which is expected.",
        "Why did the bot not post a review on my PR?",
    )
    assert not failure and "summary_failed" not in names


def test_a_bracketed_word_that_is_no_failure_stays_an_answer() -> None:
    assert "placeholder" not in hand("(요약 완료)", "요약해 줘")[1]


PR_SUMMARY_AS_README = (
    "Based on the code changes and commit messages provided in the GitHub pull request, here "
    "is a summary of the updates:\n\n1. In the `utility.py` file:\n   - The "
    "`format_data_for_openai` function was modified to improve the formatting of code changes "
    "and commit messages.\n   - The `call_openai` function was updated to fix a typo in "
    "assigning the `ChatOpenAI` object.\n\n2. The commit message for the changes states: "
    '"update readme to include that we used ChatGPT 3.5 as the model to generate READMEs."\n\n'
    "If you have any further questions or need more details, feel free to ask!"
)
ERROR_HEADED_README = (
    "## Error making LLM: 1 validation error for Generation\ntext\n  str type expected "
    "(type=type_error.str)\n\nFix for - improper assignment\n\nThe code changes in this commit "
    "fix an issue with improper assignment in the `utility.py` file. The `call_openai` function "
    "now correctly uses the response from the AI client for parsing instead of the input "
    "messages.\n\nPlease let me know if you need any further assistance."
)
UPDATE_README = (
    "You are a technical writer. Review the code changes and commit messages below and return "
    "the full updated README.md, keeping its existing style."
)


@pytest.mark.parametrize(
    "question", [UPDATE_README, "Fix the failing test in tests/test_parse.py."]
)
def test_a_summary_of_the_inputs_where_the_document_goes_is_a_failure(question: str) -> None:
    failure, names = hand(PR_SUMMARY_AS_README, question)
    assert failure and "inputs_summarised" in names


def test_a_summary_of_the_inputs_under_the_documents_title_is_read() -> None:
    _, names = hand(
        "# Technical Writer Agent\n\n## Overview\n" + PR_SUMMARY_AS_README, UPDATE_README
    )
    assert "inputs_summarised" in names


@pytest.mark.parametrize(
    "question",
    [
        "Summarize the changes in this pull request.",
        "Describe the changes for the PR body.",
        "What does this PR change?",
    ],
)
def test_the_summary_asked_for_stays_an_answer(question: str) -> None:
    failure, names = hand(PR_SUMMARY_AS_README, question)
    assert not failure and "inputs_summarised" not in names


def test_a_readme_that_opens_on_its_generators_error_is_a_failure() -> None:
    failure, names = hand(ERROR_HEADED_README, UPDATE_README)
    assert failure and "generator_error_heading" in names


@pytest.mark.parametrize(
    "text",
    [
        "# Error handling\n\nWrap each call to the model in try/except and log the response.",
        "Error calling model: this usually means the API key is wrong. Check OPENAI_API_KEY.",
        "# Fixing: Error generating response: 429\n\nThe quota was exceeded; I added a retry.",
    ],
)
def test_text_about_a_generators_error_stays_free_of_the_heading_reading(text: str) -> None:
    assert "generator_error_heading" not in hand(text)[1]


TEMPLATE_SHELL = (
    "# Project Name\n\n## Overview\nProvide a brief overview of the project.\n\n"
    "## Requirements\nList any requirements needed to run the project.\n\n"
    "## Goals\nOutline the goals and objectives of the project.\n\n"
    "## Privacy Guidelines\nInclude information about privacy guidelines and data handling.\n\n"
    "## Submission Details\nSpecify how to submit contributions or feedback.\n"
)


def test_a_readme_whose_sections_hold_the_writers_instructions_is_a_failure() -> None:
    failure, names = hand(TEMPLATE_SHELL, UPDATE_README)
    assert failure and "instruction_sections" in names


@pytest.mark.parametrize(
    "question", ["Give me a README template for my project.", "Draft a skeleton for our docs."]
)
def test_a_template_asked_for_stays_an_answer(question: str) -> None:
    failure, names = hand(TEMPLATE_SHELL, question)
    assert not failure and "instruction_sections" not in names


def test_a_readme_that_tells_its_reader_what_to_do_stays_an_answer() -> None:
    readme = (
        "# mytool\n\n## Install\nInstall it with pip install mytool.\n\n"
        "## Configure\nProvide your API key in MYTOOL_KEY.\n\n"
        "## Usage\nRun mytool scan . to list the files it finds.\n\n## License\nMIT\n"
    )
    assert "instruction_sections" not in hand(readme, UPDATE_README)[1]
