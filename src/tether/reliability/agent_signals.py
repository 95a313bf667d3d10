"""Notices of a data, notebook or browser agent (or an AI browser extension) that it could not
do its job: a precondition of the agent's own setup unmet ("Chat model is not set!", "No
connection selected", "Accessibility is not enabled"), or its input unreadable ("The page
could not be read", "Not enough body text was found to summarize"). Each is about the agent's
own run, not the task's objects: an agent that did its job and reports that the world's thing
failed ("0 rows returned", "the login failed: wrong password", "the site shows a 503 page")
names what it looked at, and is left to the other readings. Words are data of
`judge_signals.json` (`setup_unmet`, `input_unread`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.notice_signals import WordPair
from tether.reliability.reply import Reply, Signal

AGENT_NOTICE_CHARS = 200  # a status line and its one remedy, not a paragraph about one
_SETUP_UNMET = WordPair("setup_unmet", "part", "unmet")
_INPUT_UNREAD = WordPair("input_unread", "input", "unread")


# A setup line: a part said to be missing ("No model selected", "No language model is
# associated with 'chat'", "Aucun modèle configuré"), or an order to set one up first ("Please
# connect a data source first"). The part itself is checked with `_SETUP_UNMET.first`.
SETUP_LINE_CHARS = 80
_SETUP_LINE = re.compile(
    r"^\W*(?:no|kein(?:e|en)?|aucune?|ningún|ninguna|nenhuma?|nessun[oa]?)\s+(?:\S+\s+){0,3}?"
    r"(?:selected|configured|set|chosen|enabled|connected|associated|ausgewählt|konfiguriert"
    r"|festgelegt|verbunden|sélectionnée?|configurée?|définie?|seleccionad[oa]|configurad[oa]"
    r"|selecionad[oa]|selezionat[oa]|configurat[oa])\b"
    r"|^\W*(?:please\s+)?(?:select|choose|connect|configure|set up|add|enable)\s+(?:\S+\s+){1,4}?"
    r"first\W*$"
)


def _notice(r: Reply) -> str | None:
    """The reply's text, lower-cased, when it is a short written notice with no code in it."""
    if len(r.text) > AGENT_NOTICE_CHARS or "`" in r.text or not r.written:  # (cheap first)
        return None
    return r.text.strip().lower()


def setup_unmet(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A part the agent needs to answer (its model, its connection, its credentials, a
    permission of the system) said to be unset, unselected or not enabled ("Chat model is not
    set!", "No se ha seleccionado una conexión", "Open the options page and enable some
    model"): a client's or an extension's notice that no model was asked, put where the answer
    should be. An answer about a setup says which setting, where, and why, at more length."""
    low = _notice(r)
    if low is None:
        return ()
    found = _SETUP_UNMET.find(low)
    if found is None and len(low) <= SETUP_LINE_CHARS and _SETUP_LINE.search(low) is not None:
        # ... or a part named as missing ("No model selected", "Kein Modell ausgewählt") or
        # asked for first ("Please connect a data source first"): checked to be a part
        found = next(iter(_SETUP_UNMET.first.found(low)), None)
    if found is None:
        return ()
    return (Signal("setup_unmet", w["setup_unmet"], found[:60]),)


def input_unread(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The agent's input (the page, its body text, the screen) said to be unreadable or too thin
    to work on ("The page could not be read", "Not enough body text was found to summarize",
    "Cannot capture on browser internal pages", "このページの内容を読み取れませんでした"): a
    browser agent's or a summarizer's stand-in for the summary. A page that loaded and showed
    a failure (an outage, a login refused) is the task's outcome, told in other words."""
    found = unread_input(r)
    if found is None:
        return ()
    return (Signal("input_unread", w["input_unread"], found[:60]),)


def unread_input(r: Reply) -> str | None:
    """The words of a short notice that say the agent's input could not be read ("not enough
    page text"), or None. Its input's name is the notice's subject: when the request names the
    same page, the word shared is no sign that the request was answered (`on_topic`)."""
    low = _notice(r)
    return None if low is None else _INPUT_UNREAD.find(low)


# The outcome a data or browser agent found on the task's own objects: a query's rows ("The
# query returned no rows", "0 rows returned", "no matching records found", "the table is
# empty"), or what the page it read says ("The page shows that the service is down",
# "according to the status page, ..."). A failure word there is the world's, not the agent's.
_TASK_OUTCOME = re.compile(
    r"\b(?:(?:query|search|filter|select(?:ion)?)\s+(?:returned|returns|yielded|produced|found|matched)"
    r"\s+(?:no|0|zero)\s+(?:matching\s+)?(?:rows?|records?|results?|entries|matches)"
    r"|(?:no|0|zero)\s+(?:matching\s+)?(?:rows?|records?)\s+(?:were\s+|was\s+)?"
    r"(?:returned|found|matched|affected|selected)"
    r"|(?:the\s+)?(?:table|result set|dataset|data frame|dataframe)\s+(?:\w+\s+)?is\s+empty"
    r"|(?:the|this)\s+(?:web)?(?:page|site|website|status page)\s+(?:shows|says|states|displays"
    r"|reports|reads|indicates|confirms|lists|notes)\b"
    r"|according to (?:the|this) (?:web)?(?:page|site|website|status page)\b)"
)
_TASK_OUTCOME_KEYS = ("row", "record", "result", "entries", "matches", "empty", "page", "site")


def task_outcome(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The agent did its job and tells what it found on the task's objects: a query's rows
    ("The query returned no rows", "0 rows returned"), a table's emptiness, what the page it
    read says ("The page shows that the service is experiencing an outage"). Its failure
    words are the world's outcome, not the agent's own run (an answer)."""
    low = r.low[:2000]
    if not any(k in low for k in _TASK_OUTCOME_KEYS):
        return ()
    m = _TASK_OUTCOME.search(low)
    if m is None:
        return ()
    return (Signal("task_outcome", -w["task_outcome"], m.group(0)[:60]),)
