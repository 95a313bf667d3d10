"""What makes a short line specific to a task has one home (`reply.specific`): a slash between
words ("anh/chị") and a wait in any of the languages' units ("5 phút") are a notice's words,
not a task's, for the persona's stand-ins and the canned notices alike. Beside each, a line
that names a path or a file, which stays specific."""

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure, reading
from tether.reliability.reply import specific

NOTICES = [
    ("Dạ anh/chị ơi, em chưa nghe rõ ý mình, anh/chị nhắn lại giúp em nha", "hands_back"),
    ("Máy chủ đang quá tải, anh/chị vui lòng thử lại sau 5 phút nhé.", "stock_notice"),
]


@pytest.mark.parametrize(("text", "signal"), NOTICES)
def test_a_slash_between_words_or_a_wait_is_no_task_specific(text: str, signal: str) -> None:
    failure, names = reading(text)
    assert failure and signal in names, names


def test_the_line_alone() -> None:
    assert not specific("anh/chị vui lòng thử lại sau 5 phút")
    assert not specific("réessaie dans 5 minutes")
    assert specific("ask again after editing /etc/hosts")
    assert specific("ask again after editing parse.py")


def test_a_line_naming_a_path_stays_an_answer() -> None:
    assert not is_failure("Ask again once /etc/hosts maps api.local, then the test passes.")
