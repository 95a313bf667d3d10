"""Delimited records asked for, and the reply's records are not the text's (or not records).

A graph extractor (LightRAG, GraphRAG, nano-graphrag) lays out records in its request
(`("entity"<|><entity_name><|>...)`), shows example records, then gives the text to extract
after a "Real Data" heading. The parser reads what follows a reasoning block, splits it on the
marker, and stores what it finds:

- a markdown list after `</think>` with the format's lone `<|COMPLETE|>` under it is no record
  (records_missing), and a program or a fenced JSON in the records' place says so again
  (records_as_code);
- records that stop at a line eliding the rest (`... (and so on for all the entities)`) store a
  stub (records_elided);
- records whose names the request's examples give and its text does not (Alex, Taylor, Jordan
  for a passage of A Christmas Carol) are the example copied (example_records).

Real records pass: after a reasoning block that speaks of the examples, of a text that itself
names the example's people, with an ellipsis inside a description, and a gleaning step's new
records in a conversation whose earlier reply gave records.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, hand
from tether.messages import Message, Request, Turn
from tether.reliability.judge import judge

# LightRAG's entity-extraction prompt: its format lines, one example, the text to extract.
LAYOUT = (
    "---Goal---\nGiven a text document that is potentially relevant to this activity and a "
    "list of entity types, identify all entities of those types from the text and all "
    "relationships among the identified entities.\n\n---Steps---\n1. Identify all entities.\n"
    "Format each entity as "
    '("entity"<|><entity_name><|><entity_type><|><entity_description>)\n\n'
    "2. Identify all pairs of (source_entity, target_entity) that are clearly related.\n"
    "Format each relationship as "
    '("relationship"<|><source_entity><|><target_entity><|><relationship_description>'
    "<|><relationship_keywords><|><relationship_strength>)\n\n"
    "3. Return output as a single list. Use **##** as the list delimiter.\n\n"
    "4. When finished, output <|COMPLETE|>\n\n"
)
EXAMPLE = (
    "######################\n---Examples---\n######################\nExample 1:\n\n"
    "Entity_types: [person, technology]\nText:\nwhile Alex clenched his jaw, the buzz of "
    "frustration dull against the backdrop of Taylor's authoritarian certainty. Jordan shared "
    "a commitment to discovery, and Cruz spoke of control and order.\n\nOutput:\n"
    '("entity"<|>"Alex"<|>"person"<|>"Alex is a character who experiences frustration.")##\n'
    '("entity"<|>"Taylor"<|>"person"<|>"Taylor is portrayed with authoritarian certainty.")##\n'
    '("entity"<|>"Jordan"<|>"person"<|>"Jordan shares a commitment to discovery.")##\n'
    '("entity"<|>"Cruz"<|>"person"<|>"Cruz is associated with a vision of control.")##\n'
    "<|COMPLETE|>\n\n"
)
CAROL = (
    "Marley was dead: to begin with. Scrooge signed the register of his burial, and Bob "
    "Cratchit kept the fire in the counting-house in London."
)


def extract(text: str) -> str:
    """The extraction prompt with its example, to extract from `text`."""
    return (
        LAYOUT + EXAMPLE + "#############################\n---Real Data---\n"
        "######################\nEntity_types: [organization,person,geo,event,category]\n"
        f"Text:\n{text}\n######################\nOutput:"
    )


REAL_RECORDS = (
    '("entity"<|>"Scrooge"<|>"person"<|>"Scrooge signed the register of Marley\'s burial.")##\n'
    '("entity"<|>"Marley"<|>"person"<|>"Marley, Scrooge\'s partner, is dead.")##\n'
    '("entity"<|>"Bob Cratchit"<|>"person"<|>"Bob Cratchit keeps the fire.")##\n'
    '("relationship"<|>"Scrooge"<|>"Marley"<|>"Scrooge signed Marley\'s burial register."'
    '<|>"partnership, death"<|>8)##\n<|COMPLETE|>'
)
COPIED_RECORDS = (
    '("entity"<|>"Alex"<|>"Person"<|>"Alex is a character who experiences frustration and is '
    'observant of the dynamics among other characters.")##\n'
    '("entity"<|>"Taylor"<|>"Person"<|>"Taylor is portrayed with authoritarian certainty.")##\n'
    '("entity"<|>"Jordan"<|>"Person"<|>"Jordan shares a commitment to discovery.")##\n'
    '("entity"<|>"Cruz"<|>"Person"<|>"Cruz is associated with a vision of control and order.")'
    "##\n<|COMPLETE|>"
)

# HYSkyline/squan_kw, Tchang323/Data_command_center (deepseek-r1 distills on A Christmas Carol)
NO_RECORDS = (
    # a markdown list after the reasoning, the format's end mark alone under it
    "<think>\nThe user pointed out that many entities were missed, and the format uses <|> "
    "between fields. Let me list them.\n</think>\n\nLet me provide a more comprehensive "
    "extraction:\n\n**Entities:**\n\n1. **Scrooge**\n   - Entity Type: Person\n   - "
    "Description: A miserly businessman.\n\n2. **London**\n   - Entity Type: Geo\n   - "
    "Description: The setting of the story.\n\n**Content keywords:** greed, redemption\n\n"
    "<|COMPLETE|>",
    # the content keywords written about, bold, beside the marker: no record either
    "<think>\nI missed some.\n</think>\n\n### Entities\n- **entity_name**: Scrooge\n- "
    '**entity_type**: person\n\n### Content Keywords\n\n- **content_keywords**<|>"Christmas '
    'celebration, Dickensian poverty"',
)


@pytest.mark.parametrize("text", NO_RECORDS)
def test_no_record_after_the_reasoning_is_caught(text: str) -> None:
    failure, names = hand(text, extract(CAROL))
    assert failure, (text, names)
    assert "records_missing" in names, names


# HYSkyline/squan_kw: an empty reasoning block, then a program that would extract the entities
PROGRAMS = (
    '<think>\n\n</think>\n\n```python\ndef extract_entity(text):\n    """Extract entities '
    'from the given text and assign each entity to the specified types."""\n    entities = []\n'
    '    tokens = re.findall(r"\\b[\\w]+\\b", text)\n    for token in tokens:\n        '
    "entities.append(token)\n    return entities\n```\n\nThis function identifies the entities "
    "and returns them as a list, which you can then format as required.",
    "<think>\nI should explain the method, because the examples show the structure.\n</think>"
    '\n\n### Output Format\n\n```json\n[\n  {\n    "entity": "John",\n    "type": "person"\n  }'
    "\n]\n```\n\nEach identified entity is categorized based on the given types.",
)


@pytest.mark.parametrize("text", PROGRAMS)
def test_code_in_the_records_place_is_caught(text: str) -> None:
    failure, names = hand(text, extract(CAROL))
    assert failure, (text, names)
    assert {"records_missing", "records_as_code"} <= names, names


# Rahulagowda004/lightrag_implemented_chatbot: a few records, then the rest elided
ELIDED = (
    "Here is the output:\n\n"
    '("entity"<|>"Honey"<|>"category"<|>"Honey is a food that never spoils.")##\n'
    '("entity"<|>"Venus"<|>"geo"<|>"Venus is a planet whose day is longer than its year.")##\n'
    '("relationship"<|>"Honey"<|>"Ancient Egyptian Tombs"<|>"Honey was found in tombs."'
    '<|>"food preservation"<|>8)##\n'
    "... (and so on for all the entities and relationships)\n\n"
    '("content_keywords"<|>"interesting facts, science, history")<|COMPLETE|>',
    '("entity"<|>"Scrooge"<|>"person"<|>"A miser.")##\n'
    '("entity"<|>"Marley"<|>"person"<|>"His dead partner.")##\n'
    "\u2026\n<|COMPLETE|>",
)


@pytest.mark.parametrize("text", ELIDED)
def test_records_that_elide_the_rest_are_caught(text: str) -> None:
    failure, names = hand(text, extract(CAROL))
    assert failure, (text, names)
    assert "records_elided" in names, names


# HYSkyline/squan_kw: the example's records (Alex, Taylor ...) for a passage of A Christmas Carol
COPIED = (
    COPIED_RECORDS,
    "<think>\nLooking at the examples, it seems the output lists entities and then pairs of "
    "related entities.\n</think>\n\n### Final Output\n\n" + COPIED_RECORDS,
)


@pytest.mark.parametrize("text", COPIED)
def test_the_examples_records_copied_are_caught(text: str) -> None:
    failure, names = hand(text, extract(CAROL))
    assert failure, (text, names)
    assert "example_records" in names, names


def test_copied_records_in_a_conversation_logged_as_json_are_caught() -> None:
    """The text to extract ends where the logged conversation's next turn begins: an earlier
    reply that spoke of the example's names is not the text."""
    logged = (
        '[{"role": "user", "content": "' + extract(CAROL).replace("\n", "\\n") + '"}, '
        '{"role": "assistant", "content": "In the first example, there are several people '
        'mentioned like Alex, Taylor, Jordan, Cruz."}, {"role": "user", "content": "MANY '
        'entities were missed in the last extraction. Add them below using the same format"}]'
    )
    failure, names = hand(COPIED_RECORDS, logged)
    assert failure, names
    assert "example_records" in names, names


PASSED = (
    # real records of the text, after a reasoning block that speaks of the example's people
    (
        "<think>\nIn the example, Alex, Taylor and Jordan are people; here the text is about "
        "Scrooge.\n</think>\n\n" + REAL_RECORDS,
        extract(CAROL),
    ),
    # the extractor run on its own example's text: the names are the text's
    (
        COPIED_RECORDS,
        extract(
            "Alex clenched his jaw while Taylor spoke with certainty; Jordan and Cruz argued "
            "about discovery and control."
        ),
    ),
    # an ellipsis inside a description elides nothing
    (
        '("entity"<|>"Scrooge"<|>"person"<|>"Scrooge says \'Bah ... humbug\' to his '
        'nephew.")##\n("entity"<|>"Fred"<|>"person"<|>"Scrooge\'s nephew.")##\n<|COMPLETE|>',
        extract(CAROL),
    ),
    # records in the laid-out form with no example section in the request
    (COPIED_RECORDS, LAYOUT + "Text:\nAlex met Taylor, Jordan and Cruz.\nOutput:"),
)


@pytest.mark.parametrize(("text", "question"), PASSED)
def test_the_texts_own_records_pass(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert not names & {"records_missing", "records_elided", "example_records"}, names


def test_a_gleaning_steps_new_records_pass() -> None:
    """A conversation that asks for the records missed: the earlier reply's records follow the
    text to extract, and the new ones name the text's people."""
    request = Request(
        messages=(
            Message.text("user", extract(CAROL)),
            Message.text("assistant", REAL_RECORDS),
            Message.text("user", "MANY entities were missed. Add them below using the same format"),
        )
    )
    new = (
        '("entity"<|>"London"<|>"geo"<|>"The city of the counting-house.")##\n'
        '("entity"<|>"Counting-house"<|>"organization"<|>"Scrooge\'s place of business.")##\n'
        '("entity"<|>"Bob Cratchit"<|>"person"<|>"Scrooge\'s clerk.")##\n<|COMPLETE|>'
    )
    turn = Turn(content=new, finish_reason="stop", termination="stop")
    assert judge(turn, request, config=HAND) is None


def test_a_program_asked_for_is_no_record_missing() -> None:
    """Code where no records were laid out is read by the code readings, not these."""
    failure, names = hand(PROGRAMS[0], "Write a Python function that extracts entities.")
    assert not failure, names
    assert "records_as_code" not in names, names


TYPED = LAYOUT.replace(
    "1. Identify all entities.\n",
    "1. Identify all entities.\n- entity_type: One of the following types: "
    "[organization,person,geo,event,category]\n",
)

# ChanderveerSinghShorthillsAI/LightRAG-advanced-integration (a small local model on a story of
# a lighthouse keeper): the name slot filled with a type the request offers
TYPE_NAMED = (
    '("entity"<|>"Organization"<|>"person"<|>"Person" is a fictional character in the "Harry '
    'Potter" series by J.K. Rowling)',
    '("entity"<|>"Organization"<|>"lamp" is an entity representing a company or organization.")\n'
    '("entity"<|>"Person"<|>"Spark" is an entity representing a person.")',
)


@pytest.mark.parametrize("text", TYPE_NAMED)
def test_records_named_by_the_offered_types_are_caught(text: str) -> None:
    failure, names = hand(text, TYPED + "Text:\nThe old lighthouse keeper found a bird.\nOutput:")
    assert failure, (text, names)
    assert "type_named_records" in names, names


def test_a_record_of_a_thing_named_like_a_type_among_others_passes() -> None:
    """One "Event" among the text's named things is the text's (a charity event called so)."""
    text = (
        '("entity"<|>"Silas"<|>"person"<|>"The lighthouse keeper.")##\n'
        '("entity"<|>"Event"<|>"event"<|>"The harbour festival the town calls the Event.")##\n'
        '("entity"<|>"Harbour Town"<|>"geo"<|>"The town by the lighthouse.")##\n<|COMPLETE|>'
    )
    failure, names = hand(text, TYPED + "Text:\nSilas kept the light for the Event.\nOutput:")
    assert not failure, names
    assert "type_named_records" not in names, names


# run-llama/llama_cloud_services: a parser's markdown, every page "undefined" between rules
PAGES_UNDEFINED = "{'markdown': 'undefined\\n---\\nundefined\\n---\\nundefined\\n---\\nundefined'}"


def test_a_record_whose_every_page_is_missing_is_caught() -> None:
    failure, names = hand(PAGES_UNDEFINED)
    assert failure, names
    assert "empty_record" in names, names


def test_a_record_with_one_page_missing_among_text_passes() -> None:
    """One page "undefined" after a page of text: the text was extracted."""
    text = "{'markdown': '# Annual report\\n\\nRevenue rose by 4%.\\n---\\nundefined'}"
    failure, names = hand(text)
    assert not failure, names
    assert "empty_record" not in names, names


# noman024/Langchain-based-Web-Scraping-with-ScrapeGraphAI: asked for products and prices on a
# listing page, the scraper got a template's numbered stand-ins
STAND_INS = (
    '{\n    "Product List": [\n        {\n            "Name": "Item 1",\n            "Price": '
    '"Price for Item 1"\n        },\n        {\n            "Name": "Item 2",\n            '
    '"Price": "Price for Item 2"\n        },\n        {\n            "Name": "Item 3",\n'
    '            "Price": "Price for Item 3"\n        }\n    ]\n}'
)


def test_a_list_of_numbered_stand_ins_is_caught() -> None:
    failure, names = hand(STAND_INS, "List all product names and prices on the page.")
    assert failure, names
    assert "empty_record" in names, names


NUMBERED_ANSWERS = (
    # a field of its own beside the number ("Chapter 1", its title)
    '[{"chapter": "Chapter 1", "title": "Loomings"}, {"chapter": "Chapter 2", "title": '
    '"The Carpet-Bag"}]',
    # numbers that are not the items' places
    '[{"room": "Room 12", "floor": "Floor 1"}, {"room": "Room 14", "floor": "Floor 1"}]',
)


@pytest.mark.parametrize("text", NUMBERED_ANSWERS)
def test_numbered_values_of_their_own_pass(text: str) -> None:
    failure, names = hand(text, "List the rooms and chapters.")
    assert not failure, (text, names)
    assert "empty_record" not in names, names
