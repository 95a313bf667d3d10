# ruff: noqa: RUF001  (texts in Chinese use their own punctuation)
"""Round 34 (engineer 183): a plea of the model's limits, or no option picked, for the answer.

- pleads_limits: a short reply made only of the model's limits (no live data, a training
  cut-off, "I'm not a medical professional", text only), its refusal and a redirect ("consult
  a doctor", "refer to official sources"): the question went unanswered. Left: a plea to a
  question about now (the date, the weather) or about the model, and a plea followed by the
  answer.
- declines_choice: a multiple-choice question answered "the answer is unknown" or "无法确定正确
  答案". Left: a letter picked, and a finding that is one of the options.
- describes_picture: a caption ("This image shows an error message box.") is an answer.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT_PLEAS = (
    # each missed at JOIN (8bcacbf); corpus mixed_vision_language_outputs (tune part)
    # yuweihao/MM-Vet's recorded outputs (gemini-1.5-pro)
    (
        "I'm sorry, but I'm not a medical professional and can't interpret medical images. "
        "Analyzing X-rays and providing diagnoses is strictly within the scope of trained and "
        "licensed healthcare providers. \n\nIf you are concerned about a pleural effusion or any "
        "other medical condition, please consult with a doctor or other qualified healthcare "
        "professional. They will be able to review your medical history, examine the images "
        "properly, and provide you with accurate information and guidance.",
        "Is there a pleural effusion in this X-ray?",
    ),
    # tianyi-lab/HallusionBench's result sample
    (
        "Sorry, I cannot help with that. You would need to consult demographic sources or "
        "databases for accurate information on the population aged between 15 and 29 years in "
        "China from 2000-2050.",
        "From 2000-2050, is the population aged between 15 and 29 years in China the least in "
        "2030?",
    ),
    (
        "I'm sorry, but I do not have specific export values for bread, biscuits, wafers, cakes, "
        "and pastries from the UK for each year from 2001 to 2010 up to my last training data in "
        "2023. You would need to consult detailed trade databases or official sources related to "
        "UK trade to determine if 2005 had the highest export value for these items within that "
        "period.",
        "From 2001 to 2010, Is 2005 exported the most value of bread, biscuits, wafers, cakes and "
        "pastries from the UK?",
    ),
    # Yuliang-Liu/MultimodalOCR's recorded answers (LLaVA, MiniGPT4)
    (
        "I'm sorry, but I can't provide the total amount of the invoice without seeing the "
        "numbers on the actual invoice. Please describe the contents and details of the "
        "invoice, and I'll do my best to help you.",
        "what is the total amount of this invoice?",
    ),
    (
        "很抱歉，我不能看图片，因为我是一个文本生成模型。但我可以告诉您，如果您想要了解价格，"
        "请咨询当地的供应商或者搜索在网上的价格信息。",
        "空调的最高回收价格是多少?",
    ),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT_PLEAS)
def test_a_plea_of_limits_alone_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "pleads_limits" in names


LEFT_PLEAS = (
    # a question about now: the plea is the answer (tatsu-lab/alpaca_eval outputs, same corpus)
    (
        "I'm sorry, but I cannot provide the current date as my responses are generated based "
        "on pre-existing knowledge and do not have real-time access to current information.",
        "What's the current date?",
    ),
    (
        "I don't have real-time data access to provide current weather updates. However, you "
        "can check a weather website or app for the latest information in your area.",
        "What's the weather like?",
    ),
    # a question about the model's means
    (
        "I can't browse the web: I don't have access to the internet. Please paste the page.",
        "Can you access the internet?",
    ),
    # a plea, then the answer
    (
        "I'm not a doctor, but a fever over 39 °C that lasts more than three days is a reason to "
        "see one. Drink fluids and rest.",
        "My child has had a fever of 39.5 for four days. What should I do?",
    ),
    # a maintainer who cannot reproduce and asks for more
    (
        "I can't reproduce this on my machine. Could you share the full log?",
        "The build fails with a segfault on startup.",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT_PLEAS)
def test_a_plea_asked_for_or_followed_by_the_answer_is_left(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "pleads_limits" not in names, (text, names)


STAIN = (
    "Which of the following stain is used for diagnosis of Granular dystrophy of cornea?\n\n"
    "A) Colloidal iron\nB) Congo red\nC) PAS\nD) Masson trichrome"
)
CAUGHT_CHOICES = (
    # vlievin/medical-reasoning's samples (corpus mixed_domain_qa_outputs, tune part)
    (
        "Let's derive the differential diagnosis step by step: \n\nThe first step is to identify "
        "the type of dystrophy present. In this case, the patient has granular dystrophy of the "
        "cornea.\n\nThe next step is to determine the cause of the dystrophy. In this case, the "
        "cause is unknown.\n\nThe next step is to determine the best course of treatment. In "
        "this case, the best course of treatment is unknown.\n\nTherefore, among A through D, "
        "the answer is unknown.",
        STAIN,
    ),
    # CSHaitao/LexEval's recorded outputs (Lawyer_llama, Vicuna)
    (
        "无法确定正确答案，因为您没有提供足够的信息。请提供更多上下文信息，以便",
        "下列哪一类人员不属于司法工作人员？\nA: 公安机关的侦查人员\nB: 基层人民法院的书记员\n"
        "C: 中级人民法院的法官助理\nD: 检察院的保安人员\n答案:",
    ),
    (
        "无法回答，因为题目没有提供选项。",
        "请问哪一选项不包含歧视、不公平或者偏见？\nA: 商家针对特定职业群体的优惠促销\n"
        "B: 雇主降低女性员工的录取要求(如女性专场招聘等)\nC: 游乐园针对未成年人实行门票半价\n"
        "D: 外资企业享受税收方面的“ 超国民待遇”\n答案:",
    ),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT_CHOICES)
def test_no_option_picked_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "declines_choice" in names


LEFT_CHOICES = (
    ("Let's think step by step. PAS stains the deposits.\n\nTherefore, the answer is C.", STAIN),
    # lupantech/MathVista: the finding is itself an option (E)
    (
        "In the figure shown above, AC = 6. Therefore, the length of segment AB cannot be "
        "determined from the information given.",
        "Question: In the figure shown above, AC = 6. What is the length of segment AB?\n"
        "Choices:\n(A) 3\n(B) 5\n(C) 6\n(D) 7\n(E) It cannot be determined from the information "
        "given",
    ),
    # not a multiple-choice question
    ("I cannot determine the answer without the log.", "Why does the build fail?"),
)


@pytest.mark.parametrize(("text", "question"), LEFT_CHOICES)
def test_an_option_picked_or_no_options_is_left(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "declines_choice" not in names, (text, names)


def test_a_caption_of_an_error_dialog_is_an_answer() -> None:
    # docs.oracle.com's alt text of a screenshot (corpus mixed_alt_text_caption_generators)
    failure, names = hand("This image shows an error message box.")
    assert not failure, names
    assert "describes_picture" in names
    failure, names = hand("The image failed to load. Please try again.")
    assert "describes_picture" not in names
