# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 41 (engineer 235): extraction and summary steps that report instead of extract.

Replies: real texts of web-scraping and digest pipelines in WORK (ScrapeGraphAI results and
issues, a Hacker News digest in Chinese, a Matrix bot): the sources are in the comments.

- Caught: a record whose every field is a missing-value stand-in (`"NA"`, `""`, `null`, "not
  provided in the scraped data"), the input's URL set aside (`empty_record`); a summary that
  says its source could not be read and gives none, or asks for the source's text
  (`source_unread`).
- Left: records with data in them, a check's clean result (`"errors": []`), an empty schema a
  request asked for, a summary that names a service's inability ("Signal无法访问备份内容"), a
  helper's note that it cannot reach the user's device, then the steps.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

EXTRACT = "Extract the company founding year and number of employees as JSON."

CAUGHT_RECORDS = (
    # ScrapeGraphAI/Scrapegraph-ai#1102: the page behind a wall, every field "NA"
    "{'content': {'years_established': 'NA', 'team_size': 'NA'}}",
    # ScrapeGraphAI/Scrapegraph-ai#685: a lead-in, then one field "NA"
    'Here is the JSON output:\n\n{\n"members": "NA"\n}',
    # NousResearch/hermes-agent#52120: a reader tool's record with no text
    '{\n  "url": "https://example.com",\n  "title": "",\n  "content": "",\n  "raw_content": "",\n'
    '  "metadata": {}\n}',
    # noman024/Langchain-based-Web-Scraping-with-ScrapeGraphAI results: the URLs asked for, "NA"
    '{\n    "ProductUrls": [\n        "NA"\n    ]\n}',
    # ... a product record whose only value is the shop it was asked of
    '{\n    "products": [\n        {\n            "product_id": "NA",\n            "source": '
    '"Walmart",\n            "brand": "NA",\n            "retail_price": "NA",\n'
    '            "price": "NA"\n        }\n    ]\n}',
    # ... the price said missing in words
    '{\n    "Prices": [\n        "Not provided in the scraped data"\n    ]\n}',
)


@pytest.mark.parametrize("text", CAUGHT_RECORDS)
def test_a_record_with_nothing_extracted_is_a_failure(text: str) -> None:
    failure, names = hand(text, EXTRACT)
    assert failure, (text, names)
    assert "empty_record" in names


LEFT_RECORDS = (
    # a record with its data (ScrapeGraphAI results, an answer in WORK)
    (
        '{\n    "products": [\n        {\n            "product_id": "DEWALT 20V MAX Battery",\n'
        '            "source": "buy.vendidit.com",\n            "brand": "DEWALT",\n'
        '            "retail_price": null\n        }\n    ]\n}',
        EXTRACT,
    ),
    # a validator's clean result: no errors is the finding
    ('{"errors": [], "warnings": []}', "Validate this config and list problems as JSON."),
    ('{"valid": true, "error": null}', "Validate this config and list problems as JSON."),
    # an empty template the request asked for
    (
        '{"name": null, "date": null, "amount": null}',
        "Give me an empty JSON template with the fields name, date and amount.",
    ),
    # a template's own mark, not a missing value
    ('{\n  "entity_name": "...",\n  "date": null,\n  "amount": null\n}', EXTRACT),
    # one null field of a lookup: a value, not a record with nothing in it
    ('{"parent": null}', "What is the parent of the root node? Answer as JSON."),
)


@pytest.mark.parametrize(("text", "question"), LEFT_RECORDS)
def test_a_record_with_data_or_asked_empty_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert "empty_record" not in names, (text, names)
    assert not failure, (text, names)


SUMMARISE = (
    "Summarise this page: https://gist.github.com/hackermondev/5e2cdc32849405fff6b46957747a2d28"
)

CAUGHT_UNREAD = (
    # sdycgtgz/chuhaix_daily data/hackernews-daily-2025-01-21.md
    "该网址指向一个GitHub Gist页面，内容是关于一个名为“hackermondev”的用户分享的代码片段。具体内容"
    "可能包括编程代码、脚本或其他技术相关的文本。由于无法直接访问该页面，无法提供详细总结。如果页面内容"
    "为代码，可能涉及某种编程语言或技术解决方案。建议直接访问该链接查看具体内容。",
    # ... hackernews-daily-2024-11-01.md: the content "not given", the description withheld
    "该网址指向麻省理工学院博物馆的收藏品页面，具体展示编号为2007.030.011的物品。该物品可能是一个"
    "艺术品、科学仪器或其他具有历史或文化价值的物品。由于具体内容未提供，无法进一步详细描述该物品的特征"
    "、历史背景或其在博物馆中的重要性。",
    # ... hackernews-daily-2025-03-22.md: a guess announced in place of the summary
    "该链接指向的是Franklin和UGA（University of Georgia）数学系的一个PDF文件，内容似乎是关于微分几何"
    "的教材或讲义，作者为Shifrin。由于无法直接访问和总结PDF文件的具体内容，以下是基于文件标题和路径的推测"
    "性总结：",
    # etkecc/baibot#11: the link unread, the text asked for
    "Entschuldigung, ich kann auf externe Links nicht zugreifen. Wenn du möchtest, kannst du mir "
    "den Text hier einfügen, und ich helfe dir gerne dabei, eine Zusammenfassung zu erstellen!",
    # made-up in the image of the above, in English
    "The link points to a GitHub Gist. Since I cannot access the page, I cannot provide a "
    "detailed summary of its contents.",
)


@pytest.mark.parametrize("text", CAUGHT_UNREAD)
def test_a_summary_of_an_unread_source_is_a_failure(text: str) -> None:
    failure, names = hand(text, SUMMARISE)
    assert failure, (text, names)
    assert "source_unread" in names


LEFT_UNREAD = (
    # a digest's real summary that names a service's inability (WORK, an answer)
    (
        "Signal推出安全备份功能，允许用户加密备份聊天记录至云端。备份使用用户设定的密码进行端到端加密，"
        "Signal无法访问备份内容。该功能为可选，用户需手动启用并设置密码。若忘记密码，备份将无法恢复。"
        "此举旨在平衡便利性与隐私保护。",
        SUMMARISE,
    ),
    # a helper who cannot reach the user's headset, then the steps (WORK, an answer)
    (
        "I can't access the Quest from here — that's on your end. Try refreshing the page on "
        "the Quest browser:\n\n**https://reality2-roycdavies.github.io/vr-forest/**\n\nDo a "
        "hard refresh if it still shows the old version.",
        "The forest still looks the same on my Quest.",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT_UNREAD)
def test_a_summary_that_read_its_source_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert "source_unread" not in names, (text, names)
    assert not failure, (text, names)


def test_a_summary_record_with_its_summary_empty_is_a_failure() -> None:
    # crownshy/comhairle#1118: the step's record, ids and a flag, its summary empty
    text = (
        '{\n    "id": "f6fc2442-393d-46fc-9bc0-f9b32a20fc60",\n    "workflowStepId": '
        '"fb2913b0-b641-43bd-ae4f-e1cd8c7c95ee",\n    "userId": "de98917c-4ad3-43e0-97bb-'
        '232e506796c5",\n    "summary": "",\n    "isAiGenerated": true,\n'
        '    "aiGeneratedSummary": null\n}'
    )
    failure, names = hand(text, "Summarise the conversation so far.")
    assert failure, names
    assert "empty_record" in names


def test_a_record_with_a_value_beside_an_empty_summary_passes() -> None:
    # a product's name found, its description empty: data, not an empty record
    text = '{"name": "Redmi 13C 5G", "description": "", "price": "₹9,999"}'
    failure, names = hand(text, EXTRACT)
    assert "empty_record" not in names, names
    assert not failure, names


CAUGHT_STEP_ERRORS = (
    # deepset-ai/haystack-cookbook newsletter-agent.ipynb: the tool's page had no article
    "It appears that I'm facing an issue retrieving data from Hacker News, as the response does "
    "not contain the actual article information. Unfortunately, I'm unable to provide the top "
    "article at this moment. You might want to check the Hacker News website directly for the "
    "latest articles.",
)


@pytest.mark.parametrize("text", CAUGHT_STEP_ERRORS)
def test_a_step_error_reported_in_place_of_the_result_is_a_failure(text: str) -> None:
    failure, names = hand(text, "What is the top HN article now?")
    assert failure, (text, names)
    assert "step_failed" in names


LEFT_STEP_ERRORS = (
    # a person's report of the error they met: no plea of a result not given
    (
        "I get an error when trying to fetch the page with requests: `SSLError: certificate "
        "verify failed`. I tried verify=False and it works, but is that safe?",
        "Why does requests fail on this site?",
    ),
    # an answer that explains the error the reader met
    (
        "You get the error while trying to access the bucket because the role has no "
        "s3:GetObject permission. Add it to the policy and retry.",
        "Why do I get AccessDenied reading from S3?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT_STEP_ERRORS)
def test_an_error_met_by_a_person_or_explained_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert "step_failed" not in names, (text, names)
    assert not failure, (text, names)


def test_a_reader_record_with_every_field_empty_is_a_failure() -> None:
    # jina-ai/reader#105: the reader's text form, the title and the content empty
    text = (
        "Title: \n\nURL Source: https://www.canada.ca/en/women-gender-equality/gender-based-"
        "violence/gender-based-violence-glossary.html\n\nMarkdown Content:"
    )
    failure, names = hand(text, "Read https://www.canada.ca/en/women-gender-equality.html")
    assert failure, names
    assert "empty_record" in names


def test_yaml_keys_without_values_pass() -> None:
    # a workflow's triggers: keys with nothing after them are YAML, not an empty record
    text = "on:\n  push:\n  pull_request:"
    _failure, names = hand(text, "Which events should trigger the workflow?")
    assert "empty_record" not in names, names


def test_no_summary_alone_is_a_failure() -> None:
    # BasedHardware/omi#1382: the summary slot's placeholder
    failure, names = hand("No summary", "Summarise the conversation so far.")
    assert failure, names


def test_the_speaker_unable_to_open_a_link_it_was_given_to_summarise_is_a_failure() -> None:
    # made-up in the image of etkecc/baibot#11: to a link given to summarise, the plea alone
    failure, names = hand(
        "Sorry, I can't access external links.",
        "Summarise this article: https://members.outcomeedge.com/p/how-to-find-gold-mines",
    )
    assert failure, names
    assert "source_unread" in names


def test_a_summary_that_says_users_cannot_open_a_page_passes() -> None:
    # a summary of a linked post about an outage: the inability is the users', not the speaker's
    text = "The post explains why users can't access the dashboard after the update and how to roll back."
    _failure, names = hand(text, SUMMARISE)
    assert "source_unread" not in names, names


# mem0's fact extraction prompt gives this as the output for a message with nothing to keep
# ("Input: Hi. Output: {"facts" : []}"); a memory layer's record of empty lists says the same.
MEMORY_NOTHING_TO_KEEP = '{"facts": [], "preferences": [], "timelines": []}'


def test_a_memory_extraction_of_empty_lists_passes() -> None:
    question = "Extract the facts and preferences worth remembering from this conversation: Hi."
    failure, names = hand(MEMORY_NOTHING_TO_KEEP, question)
    assert not failure, names
    assert "empty_record" not in names, names


def test_empty_lists_beside_a_missing_value_said_in_words_are_still_nothing_extracted() -> None:
    failure, names = hand('{"title": "Not provided", "authors": [], "tags": []}')
    assert failure and "empty_record" in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # a linter's clean result: "none" is what was found
        ("Errors: none\nWarnings: none", "Run the linter on src/ and report errors and warnings."),
        ("Blockers: none\nRisks: none", "Standup: any blockers or risks today?"),
        (
            "Breaking changes: none\nDeprecations: none",
            "Summarize breaking changes and deprecations in this release note: "
            "'Fixed typo in README.'",
        ),
        # the request named the fields: their N/A is the answer
        (
            "Middle name: N/A\nSuffix: N/A",
            "Parse the name 'John Smith': give Middle name and Suffix.",
        ),
        (
            "Allergens: None\nPreservatives: None\nArtificial colours: None",
            "Check this ingredient list for allergens, preservatives and artificial colours: "
            "flour, water, salt.",
        ),
    ],
)
def test_lines_whose_none_is_a_finding_pass(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "empty_record" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        # someone else could not read the page: the speaker read it and answers
        "Users can't access the page because the nginx location block is missing a trailing "
        "slash; add `location /app/ {` and reload. I can't summarize the whole config without "
        "seeing it, but that line is the cause.",
        # an inability inside an "if" clause, a bot's
        "If the bot cannot access the page (it is behind a login), it cannot summarize it "
        "either. Configure the crawler with a session cookie and it will read it.",
    ],
)
def test_someone_elses_unread_page_passes(text: str) -> None:
    failure, names = hand(text, "Summarize https://example.com/app for me.")
    assert not failure and "source_unread" not in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # the error is in the asker's input
        (
            'There was an error while parsing the JSON you sent: a trailing comma after "age": '
            "30 on line 3. I can't parse it as is; remove that comma and it's valid.",
            'Is this JSON valid? {"name": "a", "age": 30,}',
        ),
        # the asker met the error
        (
            "You encountered an error when trying to download the dataset because the URL "
            "changed. I'm unable to verify the new URL from here, but the mirror at "
            "huggingface.co/datasets/x works.",
            "Why does my dataset download fail?",
        ),
    ],
)
def test_an_error_the_asker_met_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "step_failed" not in names, names
