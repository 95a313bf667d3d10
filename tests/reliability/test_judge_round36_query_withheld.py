"""Round 36 (engineer 196): text-to-SQL replies with no query where the query was the work.

Asked a question of a database, a text-to-SQL model sometimes hands back no query: it says none
can be written (query_withheld: "It is not possible to write a meaningful SQL query for this
question", "-- Unfortunately, this query cannot be completed with the given schema.", a JSON
answer whose "SQL" field is empty), or the schema itself in place of the SELECT that reads it
(schema_in_place: "CREATE TABLE 'loan' (...)"), or a base model writes on past its query into a
forum thread (forum_dump: "... \\end{code}  Comment: You should post the code you have tried.").
To a request that demands a query and gives the schema (`request_readings.demands_query`,
`gives_schema`), the schema asked back is no query either (query_withheld). Texts:
NL2SQL-Benchmark, LLM-NL2SQL and NL2SQL360 predictions (their sources in comments).

- Caught: a reply with no query that says none can be written, or that the schema lacks what the
  question asks; an empty query field; a schema alone to a question of data; a forum thread.
- Left: a reply that carries its query (right or wrong, after any explanation), a schema asked
  for, a query said impossible for a reason not the data's ("a regex cannot match nested
  parentheses"), LaTeX's `\\end{code}` with no thread after it.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # Artessay/NL2SQL-Benchmark output/spider/CoT/Qwen/Qwen2-72B-Instruct/VanillaLinker
    (
        '{     "chain_of_thought_reasoning": "The question asks for the country Jetblue Airways '
        "is affiliated with. However, Jetblue Airways is not listed in the airlines table "
        "provided in the schema. The airlines table contains a list of airlines and their "
        "respective countries. Since Jetblue Airways is not in the list, we cannot generate a "
        'valid SQL query to answer this question based on the given data.",     "SQL": "" }',
        "What country is Jetblue Airways affiliated with?",
        "query_withheld",
    ),
    # Qiqi-sweety/LLM-NL2SQL output/bird/Qwen/CodeQwen1.5-7B-Chat
    (
        "Wrong question, the table does not contain information about height of superheroes, "
        "so I can't answer this question.",
        "List the power of superheroes with height greater than 80% of the average height of "
        "all superheroes.\npower of superheroes refers to power_name",
        "query_withheld",
    ),
    # BIRD, DeepSeek-R1-32B VanillaLinker: a SQL comment where the query goes
    (
        "-- Unfortunately, this query cannot be completed with the given schema. ",
        "What are the post history type IDs for post ID 3720 and how many unique users have "
        "commented on the post?",
        "query_withheld",
    ),
    (
        "-- It is impossible to answer this question with the provided data. ",
        "What year was account owner number 130 born?",
        "query_withheld",
    ),
    # BIRD, DeepSeek-R1-32B GoldFilter: paragraphs of reasons, no query
    (
        "  It is not possible to write a meaningful SQL query for this question because there "
        "is no table or column containing information about goals scored by players in the "
        "database schema you provided.  The `Player` table only contains birthday information. "
        "To calculate total home team goals, we would need additional tables that track:  1. "
        "Player performance statistics 2. Match details including whether a game was played at "
        "home 3. Goal scoring information  Without this data, it is impossible to determine how "
        "many goals were scored or by whom.  Please provide the complete database schema "
        "including all relevant tables and columns so I can assist you further.",
        "Calculate the total home team goal scored by players whose age are 30 years old and "
        "below.",
        "query_withheld",
    ),
    # Qiqi-sweety/LLM-NL2SQL output/bird/THUDM/glm-4-9b-chat/llm_filter: the schema, no query
    (
        "CREATE TABLE 'loan'  (     'loan_id' INTEGER NOT NULL,     'account_id' INTEGER NOT "
        "NULL,     'loan_amount' DECIMAL(10, 2) NOT NULL,     PRIMARY KEY('loan_id'),     "
        "FOREIGN KEY('account_id') REFERENCES 'account'('account_id') ); ",
        "Who is the owner of the account with the largest loan amount?",
        "schema_in_place",
    ),
    (
        "CREATE TABLE 'gas_usage'  (     'YearMonth' TEXT NOT NULL,     'Currency' TEXT NOT "
        "NULL,     'GasUsage' INTEGER NOT NULL ); ",
        "Which year recorded the most gas use paid in EUR?",
        "schema_in_place",
    ),
    # HKUSTDial/NL2SQL360 data/predict/spider_dev/pretrained_codellama_7b.sql
    (
        "SELECT Document_ID, Document_Name, COUNT(Paragraph_ID) FROM Documents INNER JOIN "
        "Paragraphs ON Documents.Document_ID = Paragraphs.Document_ID GROUP BY Document_ID, "
        "Document_Name \\end{code}  Comment: You should post the code you have tried.  Comment: "
        "I have added the code I have tried.  Answer: You can use a subquery to get the number "
        "of paragraphs for each document.  \\begin{code} SELECT Document_ID, Document_Name,   "
        "     (SELECT COUNT(*)         FROM Paragraphs p         WHERE p.Document_ID = "
        "d.Document_ID        ) as NumParagraphs FROM Documents d; \\end{code}  Comment: Thank "
        "you for your answer. I have tried this and it works. I have also tried the following "
        "and it works too:  SELECT Document_ID, Document_Name, COUNT(Paragraph_ID) FROM "
        "Documents INNER JOIN Paragraphs ON Documents.Document_ID = Paragraphs.Document_ID "
        "GROUP BY Document_ID, Document_Name",
        "Show all document ids, names and the number of paragraphs in each document.",
        "forum_dump",
    ),
    # the schema asked back, where the request gave it with its demand (made up on the shape
    # above)
    (
        "Could you please provide the table schema so that I can help you with this?",
        "CREATE TABLE singer (id INT, name TEXT, age INT);\nWrite a SQL query that lists the "
        "names of all singers older than 40.",
        "query_withheld",
    ),
)


@pytest.mark.parametrize(("text", "question", "name"), CAUGHT)
def test_no_query_where_one_was_the_work_is_a_failure(text: str, question: str, name: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert name in names


LEFT = (
    # the query after its reasons (NL2SQL-Benchmark spider, DeepSeek-R1-70B VanillaLinker)
    (
        "To find Kyle's ID, we query the Highschooler table for a student named 'Kyle'. Since "
        "Kyle doesn't exist in the provided data, the query returns no results.  SELECT ID FROM "
        "Highschooler WHERE name = 'Kyle';",
        "What is Kyle's id?",
    ),
    # a query in a fence after a lead-in
    (
        "Sure, here's the SQL query to count the number of templates:  ``` SELECT COUNT(*) FROM "
        "Templates; ```",
        "Count the number of templates.",
    ),
    # one query impossible, two given
    (
        "It is not possible to write this as a single SQL query on SQLite 3.20; run two: "
        "SELECT max(age) FROM singer; then SELECT name FROM singer WHERE age = ?.",
        "Write a SQL query that lists the oldest singer's name.",
    ),
    # a schema asked for is the answer
    (
        "CREATE TABLE loan (\n  loan_id INTEGER PRIMARY KEY,\n  account_id INTEGER NOT NULL,\n"
        "  amount DECIMAL(10, 2) NOT NULL\n);",
        "Create a table for loans with an id, the account and the amount.",
    ),
    # the schema asked for where the request gave none
    (
        "Could you share the table schema? I need the column names to write the query.",
        "Write a SQL query that lists the top customers.",
    ),
    # a regular expression said impossible: the answer to a question about them
    (
        "It is not possible to write a regex that matches arbitrarily nested parentheses: "
        "regular expressions cannot count. Use a small parser with a stack instead.",
        "Can a regular expression match balanced parentheses?",
    ),
    # LaTeX's environment closed, no thread after it
    (
        "Close the listing with \\end{code} and the error goes away; the package then compiles.",
        "Why does my LaTeX listing fail to compile?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_reply_with_its_query_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert not names & {"query_withheld", "schema_in_place", "forum_dump"}, (text, names)
