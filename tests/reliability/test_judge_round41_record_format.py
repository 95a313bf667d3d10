"""Round 41 (engineer 242): a pipeline step asked for a form (records, a label), answered otherwise.

A graph extractor (LightRAG, GraphRAG) lays out its records in the request, fields between a
pipe-bracketed marker (`("entity"<|><entity_name><|><entity_type><|><entity_description>)`),
and its parser splits the reply on that marker. A reply with none of it (a markdown list of
the entities, a JSON object, bare names, a question back, an apology) gave no record
(records_missing). Records in the laid-out form pass (their `<|COMPLETE|>` is the format's
marker, not a chat template's token, even on a record's line), so does a one-word step ("YES"),
and so does prose to a user who pastes such a prompt and asks about it.

A router that demands one label written in capitals ("respond with ONLY one word: FAST,
BALANCED, or DEEP") gets none from a sentence that holds a label's word in lower case ("I cannot
make this decision fast enough"): form_missing. A label in capitals, a reply of a few words, or
a reply that opens with the label passes.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, asked, hand
from tether.messages import Turn
from tether.reliability.judge import judge

# LightRAG's entity-extraction prompt (its format lines, as the cache entries hold them).
EXTRACT = (
    "---Goal---\nGiven a text document that is potentially relevant to this activity and a "
    "list of entity types, identify all entities of those types from the text and all "
    "relationships among the identified entities.\nUse English as output language.\n\n"
    "---Steps---\n1. Identify all entities. For each identified entity, extract the following "
    "information:\n- entity_name: Name of the entity, use same language as input text.\n"
    "- entity_type: One of the following types: [organization,person,geo,event,category]\n"
    "- entity_description: Comprehensive description of the entity's attributes and "
    "activities\nFormat each entity as "
    '("entity"<|><entity_name><|><entity_type><|><entity_description>)\n\n'
    "2. From the entities identified in step 1, identify all pairs of (source_entity, "
    "target_entity) that are *clearly related* to each other.\nFormat each relationship as "
    '("relationship"<|><source_entity><|><target_entity><|><relationship_description>'
    "<|><relationship_keywords><|><relationship_strength>)\n\n"
    "---Real Data---\nEntity_types: organization,person,geo,event,category\nText:\n"
    "Marley was dead: to begin with. Scrooge signed the register of his burial.\n\nOutput:"
)

CAUGHT = (
    # Minhao-Zhang/Hey-Steve (kv_store_llm_response_cache.json): a markdown summary
    "Here are the outputs for each passage:\n\n**Passage 1**\n\n* Entities extracted: Person "
    "(2), Location (1), Organization (0), Date (0)\n* Events extracted: Meeting, Laughing, "
    "Talking about bundle contents\n* Relationships extracted: Friendship, Shared experience",
    # ChanderveerSinghShorthillsAI/LightRAG-advanced-integration: bare names
    '["mbs", "organization"]',
    # nyzhhd/rag4chat: a JSON object in the records' place
    '{\n  "entities": [\n    {\n      "type": "organization",\n      "name": "12306"\n    },\n'
    '    {\n      "type": "category",\n      "name": "速度限制"\n    }\n  ]\n}',
    # ryvin/MultiFileRAG: a question back
    "I'm happy to help you with that! However, I need some clarification on what kind of "
    "output you're expecting.\n\nBased on the examples provided earlier, it seems like you want "
    "me to identify entities (organizations, people, locations, events, and categories) in the "
    "given text.",
    # Minhao-Zhang/Hey-Steve: the gleaning step's apology
    "I apologize for the incomplete extraction earlier. Unfortunately, I don't have any "
    "further text to extract from. Could you please provide more context or text that needs "
    "to be extracted, and I'll do my best to assist you?",
)


@pytest.mark.parametrize("text", CAUGHT)
def test_a_reply_without_the_laid_out_records_is_caught(text: str) -> None:
    failure, names = hand(text, EXTRACT)
    assert failure, (text, names)
    assert "records_missing" in names, names


@pytest.mark.parametrize("text", CAUGHT)
def test_the_judge_reads_it_rather_than_clearing_it_unread(text: str) -> None:
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    assert judge(turn, asked(EXTRACT), config=HAND) is not None


PASSED = (
    # Rahulagowda004/lightrag_implemented_chatbot: the records, after a lead-in
    (
        'Here is the output:\n\n("entity"<|>"Financial Planning"<|>"category"<|>"Financial '
        'planning is a process of managing personal finances effectively.")##\n("entity"<|>'
        '"Budgeting"<|>"category"<|>"Budgeting is a crucial step in financial planning.")##\n'
        "<|COMPLETE|>",
        EXTRACT,
    ),
    # nyzhhd/rag4chat: a gleaning step with nothing new, its one record and the format's end
    # marker on one line (the laid-out format's marker, no chat template's token)
    (
        '##  \n("content_keywords"<|>"image analysis, object detection algorithm, computer '
        'vision")<|COMPLETE|>',
        EXTRACT,
    ),
    # the step that asks whether entities are still missing, answered in one word
    ("YES", EXTRACT),
    # a user who pastes the prompt and asks about it is answered in prose
    (
        "The model ignores the format because small local models do not follow long few-shot "
        "prompts well; try a larger model or lower the temperature.",
        EXTRACT + "\n\nWhy does my local model never answer in this format?",
    ),
)


@pytest.mark.parametrize(("text", "question"), PASSED)
def test_records_or_a_step_of_one_word_pass(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert "records_missing" not in names, names


# slb350/octoroute: the router's request demands one word among labels written in capitals.
ROUTE = (
    "You are a router. Classify the request.\n- FAST: simple questions.\n- BALANCED: most "
    "tasks.\n- DEEP: Deep reasoning, creative writing, complex analysis, research.\n\n"
    "User request:\nWrite a haiku\n\nBased on the above, respond with ONLY one word: FAST, "
    "BALANCED, or DEEP.\nDo not include explanations or other text."
)

ROUTE_CAUGHT = (
    # a sentence that holds a label's word in lower case picks no label
    "I cannot make this decision fast enough",
    "This requires deep thought, but CANNOT decide",
)


@pytest.mark.parametrize("text", ROUTE_CAUGHT)
def test_a_capital_label_said_as_a_sentence_word_is_no_pick(text: str) -> None:
    failure, names = hand(text, ROUTE)
    assert failure, (text, names)
    assert "form_missing" in names, names


ROUTE_PASSED = (
    "DEEP",
    "fast",
    "Answer: deep",
    "BALANCED - a short poem needs some care but no research.",
    "Deep. Creative writing benefits from the larger model.",
)


@pytest.mark.parametrize("text", ROUTE_PASSED)
def test_a_label_given_passes(text: str) -> None:
    failure, names = hand(text, ROUTE)
    assert not failure, (text, names)
    assert "form_missing" not in names, names


# lmsanch/llm_trading, Geralt1983/llm-council: a council's peer ranker evaluates the responses,
# then gives its ranking under "FINAL RANKING:"; its last line is a list's item, not a sentence
# broken off before the verdict.
RANKINGS = (
    "After evaluating all responses:\n\nResponse A provides comprehensive analysis.\nResponse B "
    "offers good technical perspective.\nResponse C gives balanced view.\n\nFINAL RANKING:\n"
    "1. Response C\n2. Response A\n3. Response B\n",
    "Response A is good but lacks depth.\nResponse B provides comprehensive coverage.\n\n"
    "FINAL RANKING:\n1. Response B\n2. Response A\n3. Response C",
)


@pytest.mark.parametrize("text", RANKINGS)
def test_a_final_ranking_is_a_verdict(text: str) -> None:
    failure, names = hand(text)
    assert not failure, (text, names)
    assert "unfinished_judgment" not in names, names
