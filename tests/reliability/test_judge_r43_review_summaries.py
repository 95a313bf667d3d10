"""Review of the hollow-summary signals (hollow_summary_signals): summaries that found
something, or report a failure as their finding, stay answers; how-to answers about captions
stay answers; and the plainest hollow summaries ("This PR contains no changes.", "No diff was
provided.", "The transcript for this video could not be retrieved.") are caught.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CHANGELOG_ASKED = "Summarize this pull request for the changelog."

FOUND_CHANGES = [
    (
        "## Summary\n\nOnly `docs/index.md` was edited. No code changes were made in this PR.",
        CHANGELOG_ASKED,
    ),
    (
        "### Summary\nThis PR updates the `README.md` wording only. No code changes were made "
        "in this PR.",
        CHANGELOG_ASKED,
    ),
    (
        "## Summary\n\nNo code changes were made in this PR; it updates the installation steps "
        "in README.md and fixes two broken links in CONTRIBUTING.md.",
        CHANGELOG_ASKED,
    ),
    (
        "No code changes were made in this PR, the CI workflow now runs on Python 3.12 too.",
        CHANGELOG_ASKED,
    ),
    (
        "The diff is empty: this branch was already merged into main by #412, so closing it is "
        "safe.",
        "Summarize this PR and tell me whether to merge it",
    ),
]


@pytest.mark.parametrize(("text", "question"), FOUND_CHANGES)
def test_a_summary_that_says_what_changed_stays_an_answer(text: str, question: str) -> None:
    failed, found = hand(text, question)
    assert not failed, found
    assert "no_changes_summarised" not in found


CI_ASKED = "Summarize this CI log for the team channel"

FAILURE_AS_FINDING = [
    (
        "Static analysis failed: mypy reports 3 errors in src/app/models.py (missing return "
        "types) and ruff flags an unused import in cli.py. Tests were not run.",
        CI_ASKED,
    ),
    (
        "The build failed to produce the wheel: setuptools could not find the package data "
        "directory `assets/`. Add it to MANIFEST.in and re-run.",
        CI_ASKED,
    ),
    (
        "Code review skipped for generated files (package-lock.json). The remaining changes "
        "look fine: two new endpoints and their tests.",
        "Summarize the review bot's findings",
    ),
]


@pytest.mark.parametrize(("text", "question"), FAILURE_AS_FINDING)
def test_a_summary_that_reports_a_failure_as_its_finding_stays_an_answer(
    text: str, question: str
) -> None:
    failed, found = hand(text, question)
    assert not failed, found
    assert "summary_failed" not in found


CAPTION_HOW_TOS = [
    (
        "If the video does not have captions, the CC button is greyed out. Otherwise click CC "
        "in the player, or open Settings > Subtitles/CC and pick a language.",
        "Tell me how to turn on captions on YouTube.",
    ),
    (
        "Your video doesn't have captions yet. To add them, open YouTube Studio, choose "
        "Subtitles, pick the video and click Add language.",
        "My video has no subtitles, explain how to add them.",
    ),
]


@pytest.mark.parametrize(("text", "question"), CAPTION_HOW_TOS)
def test_a_how_to_answer_about_captions_stays_an_answer(text: str, question: str) -> None:
    failed, found = hand(text, question)
    assert not failed, found
    assert "transcript_missing" not in found


PLAIN_NO_CHANGES = ["This PR contains no changes.", "No diff was provided."]


@pytest.mark.parametrize("text", PLAIN_NO_CHANGES)
def test_a_plain_no_changes_summary_is_a_failure(text: str) -> None:
    failed, found = hand(text, "Summarize this pull request.")
    assert failed, found
    assert "no_changes_summarised" in found


def test_a_transcript_that_could_not_be_retrieved_is_a_failure() -> None:
    failed, found = hand(
        "The transcript for this video could not be retrieved.",
        "Summarize this video: https://www.youtube.com/watch?v=abc",
    )
    assert failed, found
    assert "transcript_missing" in found
