# ruff: noqa: RUF001, RUF002  (notes in their own scripts and brackets)
"""Round 37 (engineer 204): stand-ins and unfilled slots in generated data.

- fill_in_slots (fill_in_signals): slots in place of the content. A dataset's tag for no output
  ("<nooutput>", HTML-escaped too), a bracketed note where the work goes ("[insert chart]",
  "<插入流程图>", "（此处插入流程图）", "[ここにグラフを挿入]"), alone, closing the text right
  after the colon that announced the content, or slots that are most of what is said. Left: a
  letter whose salutation and signature are slots, a how-to whose slot is the reader's value,
  a request for a template, code's brackets, an extractor's `<!-- image -->` beside its text.
- model_cannot (model_cannot_signals): a dataset's third-person line for a task a text model
  cannot do ("The GPT model cannot perform such actions."). Left: a question about models.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # corpus mixed_published_ai_content_slips (tune part): copy published with its slots open
    (
        "This website was founded in [date] by [Your Name]. Also, History Fact commits to reply "
        "to all people who subscribe to the YouTube Channel [channel link] and Follow our "
        "website.",
        None,
        "fill_in_slots",
    ),
    ("Buy the [PRODUCT NAME] today for less", None, "fill_in_slots"),
    # corpus mixed_tool_use_benchmark_final_answers (StepTool): the list announced, a note in
    # its place
    (
        "I'm sorry, but I couldn't find any news articles in Arabic, French, and Spanish using "
        "the keyword 'culture'. However, here is a list of available regions for news coverage: "
        "[List of available regions]",
        "Can you search for news articles in Arabic, French, and Spanish about culture?",
        "fill_in_slots",
    ),
    # corpus mixed_document_extraction_outputs (docling#2047): the page came out as the marker
    ("<!-- image -->", None, "fill_in_slots"),
    # Alpaca-style instruction data: the dataset's tag stored as the output
    ("<nooutput>", "Draw a picture of a sunset over the ocean.", "fill_in_slots"),
    ("&lt;nooutput&gt;", "Compose a short melody for a birthday.", "fill_in_slots"),
    ("[insert chart]", "Create a bar chart of the monthly sales.", "fill_in_slots"),
    ("<插入流程图>", "画一个用户登录的流程图", "fill_in_slots"),
    ("（此处插入流程图）", "画一个用户登录的流程图", "fill_in_slots"),
    ("[ここにグラフを挿入]", "売上のグラフを作成してください", "fill_in_slots"),
    (
        "[Image: infographic showing the recycling process]",
        "Make an infographic about recycling.",
        "fill_in_slots",
    ),
    ("The GPT model cannot perform such actions.", "Design a logo for a bakery.", "model_cannot"),
    (
        "This type of instruction cannot be fulfilled by a GPT model.",
        "Record a 10-second audio clip of birdsong.",
        "model_cannot",
    ),
)


@pytest.mark.parametrize(("text", "question", "name"), CAUGHT)
def test_a_stand_in_for_the_content_is_caught(text: str, question: str | None, name: str) -> None:
    failed, names = hand(text, question) if question else hand(text)
    assert failed and name in names, (text, names)


LEFT = (
    # corpus answers_explanations_replies_intl (tune part): a reply email asked for, signed
    # with a slot
    (
        "Prezado(a),  \nAgradeço o envio, mas este canal é destinado exclusivamente a assuntos "
        "profissionais.  \nAtenciosamente,  \n[Seu Nome]",
        "Classifique cada e-mail como Produtivo ou Improdutivo e responda de forma educada.",
    ),
    # a letter with its body written: the salutation and the signature are the template's own
    (
        "Dear [Landlord's Name],\n\nI am writing to let you know that the sink in my apartment "
        "has been leaking since last week. Could you please send someone to fix it?\n\nThank "
        "you,\n[Your Name]",
        "Write an email to my landlord about the leaking sink.",
    ),
    # a how-to: the slot is the reader's own value
    (
        "Run `export OPENAI_API_KEY=<your key>` and restart the shell. Then call the client "
        "with [your model name] as the model.",
        "How do I set my API key?",
    ),
    # a template asked for: its slots are the answer
    ("[Your Name] is a [profession] based in [City].", "Give me a fill-in template for a bio."),
    # corpus mixed_document_extraction_outputs (docling ground truth): markers beside the text
    (
        "Some text here\n\n<!-- image -->\n\nSignature\n\nMore text here\n\n<!-- image -->\n\n"
        "Stamp\n\nFinal text here",
        None,
    ),
    # code's and logs' brackets
    ("Total Sales = SUM(Sales[Net Price])", "Create a DAX measure for total sales."),
    ("[ERROR] [chat fetch] Unhandled status from server: 429", "What does this log mean?"),
    # a question about what models can do: the line is its answer
    (
        "A text-only GPT model cannot perform such actions as browsing; it only writes text.",
        "Can a GPT model browse the web?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_slots_that_are_not_the_content_are_left(text: str, question: str | None) -> None:
    _, names = hand(text, question) if question else hand(text)
    assert not names & {"fill_in_slots", "model_cannot"}, (text, names)
