"""Round 41 (engineer 239): replies cut short with no finish reason, read from the text alone.

A recorded call, a notebook or a committed file keeps what the model wrote before its token
limit (or a stop sequence) and no finish reason. Where it stopped tells the cut: a model's
closed prose under a title line that runs on into "... such as" (a title has no stop to leave
out: `unfinished_signals._title_line`), a relative clause stopped on its auxiliary ("People who
are"), a quotation opened and never closed ('I just said "This is a test'). A writer's own
endings stay answers: a title over closed prose, a quoted log value of one word.
"""

from __future__ import annotations

from tests.reliability.judging import hand

# https://github.com/Divyam-Naudiyal/STEINS-AI/blob/d1118fa4d09f8a891c643a0754b1f6fa87efdadf/Openai/write%20an%20essay%20on%20Global%20Warming.txt
ESSAY = (
    "Title: Global Warming: An AI-driven Analysis of Causes, Impacts, and Solutions\n\n"
    "Introduction:\nGlobal warming refers to the long-term increase in Earth's average "
    "surface temperature, primarily caused by human activities. This essay aims to "
    "leverage artificial intelligence to analyze the causes, impacts, and potential "
    "solutions for global warming. By utilizing advanced algorithms, AI equips us with a "
    "data-driven understanding of this pressing issue, enabling more effective and "
    "efficient responses.\n\nCauses of Global Warming:\n\n1. Carbon Dioxide Emissions:\n"
    "Human activities, particularly the burning of fossil fuels, release vast amounts of "
    "carbon dioxide (CO2) into the atmosphere. AI algorithms predict that these emissions "
    "are the primary cause of global warming. AI-enabled analysis further shows a direct "
    "correlation between CO2 levels and rising temperatures.\n\n2. Deforestation:\nThe "
    "extensive clearing of forests contributes to global warming. AI algorithms help "
    "identify regions experiencing deforestation and predict the potential atmospheric "
    "carbon release resulting from this habitat destruction. By using AI technology, we "
    "can monitor deforestation in real-time and develop targeted strategies to prevent "
    "it.\n\n3. Industrial Processes:\nThe industrial sector, including manufacturing and "
    "construction, plays a significant role in global warming. AI algorithms, through "
    "pattern recognition and machine learning, can identify key sources of emissions, such "
    "as"
)

# https://github.com/traceloop/openllmetry/blob/HEAD/packages/opentelemetry-instrumentation-langchain/tests/cassettes/test_llms/test_trace_propagation[VLLMOpenAI].yaml
PEOPLE = "\n\nTelemetry is an important part of the Open Telemetry community.\n\nPeople who are"

# https://github.com/open-telemetry/opentelemetry-python-contrib/blob/HEAD/instrumentation/opentelemetry-instrumentation-botocore/tests/cassettes/test_invoke_model_no_content[anthropic.claude].yaml
SAID = 'Okay, I just said "This is a test'

# https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/523
LLAMA = "I'm an artificial intelligence model known as Llama. Llama stands for \"Large Language"


def test_an_essay_under_its_title_cut_at_the_token_limit_is_caught() -> None:
    failure, signals = hand(ESSAY, "using artificial intelligence write an essay on Global Warming")
    assert failure and "stops_mid_sentence" in signals


def test_the_same_essay_closed_under_its_title_is_an_answer() -> None:
    closed = ESSAY[: ESSAY.rindex(", such as")] + "."
    failure, signals = hand(
        closed, "using artificial intelligence write an essay on Global Warming"
    )
    assert not failure and "stops_mid_sentence" not in signals


def test_a_relative_clause_stopped_on_its_auxiliary_is_caught() -> None:
    failure, signals = hand(PEOPLE, "Tell me a joke about OpenTelemetry")
    assert failure and "ends_mid_clause" in signals


def test_a_question_that_ends_on_who_they_are_is_an_answer() -> None:
    """ "who they are": the clause has its subject and verb; only a bare "who are" is cut."""
    text = "Telemetry is an important part of the community. It depends on who they are"
    assert "ends_mid_clause" not in hand(text, "Tell me about telemetry")[1]


def test_a_quotation_opened_and_never_closed_is_caught() -> None:
    for text, question in ((SAID, "Say this is a test"), (LLAMA, "who are you?")):
        failure, signals = hand(text, question)
        assert failure and "ends_mid_clause" in signals, text


def test_a_closed_quotation_or_a_quoted_log_value_is_an_answer() -> None:
    closed = 'Okay, I just said "This is a test"'
    assert not hand(closed, "Say this is a test")[0]
    log = 'The proxy logged the upstream failure, client: 172.19.0.1, request: "GET'
    assert "ends_mid_clause" not in hand(log, "What does this nginx log mean?")[1]


def test_a_json_value_not_yet_closed_is_no_quotation_cut() -> None:
    """A JSON object's head as a stream holds it back (a value after its key's colon, open):
    data, not a sentence that stops inside the words it quotes."""
    head = '{"total": 3, "items": ["a", "b", "c"], "note": "the three files the task'
    assert "ends_mid_clause" not in hand(head)[1]
