"""Round 38 (engineer 213): the code withheld where it was the work, said in its place.

A code model asked for a command or a function sometimes writes, instead of the code, the
sentence that would introduce it and goes on in prose ("1. The following is a bash script that
will generate an MD5 hash ...": code_announced), or a placeholder where the code goes, in
brackets or in a comment that leaves it to the reader ("<complete function code goes here>",
"// Add explicit instantiation for other types as needed": stub_code). Texts: NL2BashCMD-LLM
benchmark outputs, babyagi and gpt-engineer issues (their sources in comments).

- Caught: a reply that opens on code announced and holds only sentences; a placeholder of the
  code alone.
- Left: a reply that announces its code and gives it (a query after its lead-in), an analysis
  "of the code", code whose comment says a value is adjusted as needed, and a reply that
  describes the script the request holds.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # Tommaso-Sgroi/NL2BashCMD-LLM benchmarks/Meta-Llama-3-8B.Q8_0.gguf-WITH_prompt_engineering-
    (
        "1. The following is a bash script that will generate an MD5 hash for any file you "
        "specify on the command line. This is useful if you want to verify the integrity of a "
        "downloaded file, or if you want to check whether a file has",
        "Calculate md5 checksum of '/etc/localtime' and save the first space separated part in "
        "variable 'checksum'",
        "code_announced",
    ),
    (
        "1. The following is a bash script that will calculate the MD5 checksum for each file in "
        "a directory and then compare it to the existing checksums stored in a text file. This "
        "is useful if you want to check whether your files have been corrupted",
        "Calculate md5 sum of the md5 sum of all the sorted files under $path",
        "code_announced",
    ),
    # yoheinakajima/babyagi#391: the function's code as a bracketed placeholder
    ("<complete function code goes here>", None, "stub_code"),
    # AntonOsika/gpt-engineer#911: a comment that leaves the code to the reader
    ("// Add explicit instantiation for other types as needed", None, "stub_code"),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_code_withheld_is_caught(text: str, question: str | None, signal: str) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, (text, names)
    assert signal in names, (text, names)


LEFT = (
    # Artessay/NL2SQL-Benchmark bird DeepSeek-R1-32B GoldFilter: the query after its lead-in
    (
        "  Here is the SQL query to answer the question:  SELECT COUNT(superhero.id) AS count "
        "FROM superhero  INNER JOIN hero_power ON superhero.id = hero_power.hero_id WHERE "
        "superhero.height_ > 200 AND hero_power.power_id IN (     SELECT id FROM superpower "
        "WHERE power_name = 'Super Strength' );",
        'Among the superheroes with the super power of "Super Strength", how many of them '
        "have a height of over 200cm?",
    ),
    # a code reviewer's analysis "of the code" (a WORK answer's opening)
    (
        "Here is my analysis of the code:\n\n1. Code Inspection:\n   - The function name "
        "`unique_digits` matches the requirement.\n   - The function takes a single input "
        "parameter, which is a list of positive integers, as specified in the requirements.",
        "Review the implementation of unique_digits against its requirements.",
    ),
    # code whose comment says a value is adjusted as needed: statements do the work
    (
        "import time\n\n# add more retries as needed\nfor attempt in range(3):\n    try:\n"
        "        return fetch()\n    except TimeoutError:\n        time.sleep(2 ** attempt)",
        "Write a function that retries fetch() three times with backoff.",
    ),
    # the script the request holds, described
    (
        "The following is a bash script that counts the lines of every file it is given and "
        "prints the total at the end of the run.",
        'What does this do?\n```bash\nfor f in "$@"; do wc -l "$f"; done | awk \'{s+=$1} '
        "END {print s}'\n```",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_code_given_or_described_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert not names & {"code_announced", "stub_code"}, (text, names)
