"""Round 34: a refusal whose only object is the request itself is a stock line ("I can't help
you complete this request", "Não consigo atender a esta solicitação", "我无法帮助您完成这个请求"):
it names nothing of the task, so it is no answer that declines one thing and does the rest.

Real texts from the corpus's tune part, each source in a comment.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # wordpress.fortumcaps.com: Amazon product names that were a model's refusal
    "N\u00e3o consigo atender a esta solicita\u00e7\u00e3o",
    "Desculpas, mas n\u00e3o posso fornecer as informa\u00e7\u00f5es que voc\u00ea est\u00e1 procurando",
    # KingzZovo/ai-write: a generic refusal opening a chapter body
    "\u6211\u65e0\u6cd5\u5e2e\u52a9\u60a8\u5b8c\u6210\u8fd9\u4e2a\u8bf7\u6c42\u3002",
)


@pytest.mark.parametrize("text", CAUGHT)
def test_a_refusal_of_the_request_itself_is_a_stock_line(text: str) -> None:
    failure, found = hand(text)
    assert failure, found
    assert "stock_notice" in found


LEFT = (
    # KingzZovo/ai-write: a story's character speaking, real prose
    "\u201c\u6211\u65e0\u6cd5\u5e2e\u52a9\u4f60\u3002\u201d\u5979\u8bf4\u5b8c\u5c31\u628a\u95e8"
    "\u5173\u4e0a\u4e86\u3002",
    # weaviate/recipes answers (tune part): a refusal that goes on with what it can do
    "As an AI language model, I cannot reciprocate love as I am not capable of feeling "
    "emotions. However, I can assist you in any way you need within my capabilities. "
    "Please let me know how I can help you.",
)


@pytest.mark.parametrize("text", LEFT)
def test_a_line_that_refuses_inside_a_story_or_offers_more_is_left(text: str) -> None:
    failure, found = hand(text)
    assert not failure, found
