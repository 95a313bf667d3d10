"""Round 32 (engineer 170): an agent run's final answer that says the task was not done.

Agent loops hand the model's last turn back as the answer. When the run gave up, that turn is
a give-up about the task itself (gave_up), or the loop's answer format never filled, its
announcing thought or end marker alone (answer_unfilled). Replies: the stock strings of the frameworks and of agents' fallbacks,
found with the code search (each source in a comment); questions: the facts a GAIA-style run
is asked.

- Caught: a short reply whose first sentences say the speaker could not find, determine or
  complete the answer, the information or the task, with nothing found instead; a format's
  slot ("[your final answer]") or example line echoed.
- Left: an answer that gives the result after a caveat, a fix report, a finding on the task's
  own objects ("no uses of parse_date"), a human's comment that asks a question, a filled
  answer format, and "Unknown"/"TERMINATE" where the request names it.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

QUESTION = "What is the population of the capital of the country that won the 1998 World Cup?"

CAUGHT = (
    # ("text", signal): each fails at JOIN (2216c9c)
    # a LangGraph SQL agent's final_answer after its evaluation failed (code search)
    ("I was unable to compute a correct answer after multiple attempts.", "gave_up"),
    # a LangGraph RAG synthesizer's final_answer with no payloads (code search)
    ("I was unable to aggregate any context documents to formulate an answer.", "gave_up"),
    # a ReAct demo's mock LLM: final_answer("Unable to complete.") (code search)
    ("Unable to complete.", "gave_up"),
    # a GAIA-style run's give-ups (the shapes of the brief's fresh-batch misses)
    ("I was unable to find the information.", "gave_up"),
    ("Unable to complete the task within the given constraints", "gave_up"),
    ("After extensive searching, I was unable to locate the exact number of albums.", "gave_up"),
    (
        "I searched the web and Wikipedia for the list. Unfortunately, I was unable to find "
        "the exact number.",
        "gave_up",
    ),
    ("I'm sorry, but I was unable to complete the task due to a timeout.", "gave_up"),
    ("I tried multiple searches but was unable to find the requested information.", "gave_up"),
    # the GAIA prompt's template ("FINAL ANSWER: [YOUR FINAL ANSWER]"), sent back unfilled
    ("FINAL ANSWER: [YOUR FINAL ANSWER]", "answer_unfilled"),
    ("YOUR FINAL ANSWER HERE", "answer_unfilled"),
    ("Final Answer: [your response here]", "answer_unfilled"),
    ("Answer: <your answer here>", "answer_unfilled"),
    # LangChain's ReAct format line, and CrewAI's, echoed as the answer
    ("Final Answer: the final answer to the original input question", "answer_unfilled"),
    ("Thought: I now can give a great answer", "answer_unfilled"),
    # mini-swe-agent's exit message when its step or cost limit is hit; AutoGen's end marker
    ("LimitsExceeded", "answer_unfilled"),
    ("TERMINATE", "answer_unfilled"),
    # AutoGen's termination reason (ConversableAgent, max_consecutive_auto_reply)
    ("Maximum number of consecutive auto-replies reached", "step_limit"),
)


@pytest.mark.parametrize(("text", "name"), CAUGHT)
def test_an_agent_final_answer_that_gave_up_is_a_failure(text: str, name: str) -> None:
    failure, names = hand(text, QUESTION)
    assert failure, (text, names)
    assert name in names


LEFT = (
    # the result after a caveat
    (
        "I could not verify the exact figure, but the population of Paris is about 2.1 million.",
        QUESTION,
    ),
    ("I could not find the exact figure. The closest estimate is 2.1 million.", QUESTION),
    ("Paris is the capital of France. I could not find the population data.", QUESTION),
    # a fix report, a finding on the task's own objects
    ("I was unable to reproduce the error; after updating the lockfile the test passes.", None),
    (
        "The error was resolved: the client could not find the data directory, so I created it.",
        None,
    ),
    ("I couldn't find any uses of `parse_date` in the codebase, so it is safe to remove.", None),
    # someone else's failure, a condition, a person's question
    ("If you were unable to find the information, check the docs.", None),
    ("I couldn't find the information in the docs, where is it documented?", None),
    # a refusal with an offer is not a give-up on a task tried
    ("I can't fulfill that request. I can provide information on the 1998 final instead.", None),
    # present tense says what the speaker cannot do, not a task it tried (a model with no
    # tools asked for the weather; crewAI's recorded cassettes, round 32's merge)
    (
        "I'm unable to provide real-time information or current weather updates. For the latest"
        " weather information in New York, I recommend checking a reliable weather website.",
        "What is the weather in New York?",
    ),
    # a filled answer format
    ("Thought: I now can give a great answer\nFinal Answer: Paris, about 2.1 million.", QUESTION),
    ("FINAL ANSWER: 2102650", QUESTION),
    ("Write your answer here and I will check it.", None),
    # "Unknown", "N/A": the right answer when the document lacks the field (round 25's case)
    ("N/A", "What is the fax number on this invoice?"),
    ("Unknown", "Who wrote the note? If the author is not stated, answer Unknown."),
    # the end marker where the request names it
    ("TERMINATE", "Reply TERMINATE when the task is done."),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_answer_with_a_caveat_or_an_allowed_no_value_is_left(
    text: str, question: str | None
) -> None:
    failure, names = hand(text, question or QUESTION)
    assert not failure, (text, names)
    assert not names & {"gave_up", "answer_unfilled"}, (text, names)
