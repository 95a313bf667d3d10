"""Round 16 (engineer 85): an agent framework's notice that its loop ran out of steps
("Recursion limit of 25 reached", "已达到最大迭代次数") put where the answer should be is a
failure; an answer about the limit (a condition, the writer's change) is left alone. Made-up
replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_loop_s_cap_reached_is_a_failure() -> None:
    for text in (
        "Agent stopped after reaching the maximum number of steps (15).",
        "MAX_ITERATIONS_LIMIT REACHED",
        "Recursion limit of 40 reached without hitting a stop condition",
        "已达到最大迭代次数\uff0c任务未完成",
        "Se alcanzó el número máximo de iteraciones del agente",
    ):
        failure, names = hand(text)
        assert failure and "step_limit" in names, (names, text)


def test_an_answer_about_the_limit_is_left_alone() -> None:
    for text in (
        "If the agent reaches max_iterations it returns whatever it has, so raise it to 30.",
        "I raised the step limit in agent.yaml from 10 to 25 and the test passes now.",
        "When the recursion limit is reached, LangGraph raises GraphRecursionError; catch it.",
        "The loop ran 12 steps and finished with the parsed header in tests/test_parse.py.",
    ):
        failure, names = hand(text)
        assert not failure and "step_limit" not in names, (names, text)


def test_the_word_lists_find_what_their_exact_patterns_find() -> None:
    """The fast scan only says where to start: every list finds the same first match as its
    pattern with a lookbehind on every word, inside words, after them and in other scripts."""
    from tether.reliability.step_limit_signals import _LIMIT, _REACHED, _STEPS

    texts = (
        "upstream request failed: the model provider returned 503 after 3 retries",
        "unlimited steps; the limit was reached after 25 turns",
        "returned, returning, overturned: no turn here but a turn later",
        "已达到最大迭代次数\uff0c任务未完成 max iterations reached",
        "",
        "limit",
    )
    for words in (_LIMIT, _REACHED, _STEPS):
        for text in texts:
            exact = words.exact.search(text)
            found = words.search(text)
            assert (found and found.span()) == (exact and exact.span()), text
