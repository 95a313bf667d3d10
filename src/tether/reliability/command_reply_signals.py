"""A chat-ops bot's error reply to a command, put where the command's result should be.

Hubot, Lita, Errbot and Limnoria plugins answer a command line ("locker label list --page x",
"do ssh keys add foo", "kv get foo") with one short line. When the command cannot be carried
out, that line says so in a bot's grammar of refusal: what the command named is unknown or not
there ("Unknown user 'doris'", "Error: No such meeting."), it is already so or held by another
("foobar already exists", "Hmm, ENV123 is currently in use by Alicia"), it is not the asker's
to do ("foobar has no resources, so it cannot be locked", "You do not have any totems to
yield."), the command's input or the bot's setup is wrong ("Page specified must be an
integer.", "You must define `points_field` in your lita_config"), or the line opens with the
command's usage ("Format: do ssh keys add NAME PUBLIC_KEY"). Such a line echoes the command's
own words, so it looks on topic, and often carries no failure word at all.

The request tells it from a person's reply: only a command line (a lower-case verb and its
arguments, an @mention of the bot, a flag; no sentence, no question) is read. A request to a
voice assistant is a sentence ("find me a recipe with kale"), and an issue's title ("fix:
return 503s when ...", "api down at night") is no command. The bot's real results report what
it did or found ("Label foobar created"). A thing said not to be there ("Label bar does not
exist", "foo isn't stored.") is an error only when the line names what the command named (one
of its arguments): the same words to another command were as often its real outcome. A search
that found nothing ("No match found") is no error in this grammar: to such requests it was as
often a bot's real outcome. The words are data of `judge_signals.json` (`command_failed`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import SHIPPED, Lexicon, shipped_terms
from tether.reliability.once import kept
from tether.reliability.question_signals import asks_about_failure
from tether.reliability.reply import Reply, Signal

# One line of a bot, not a paragraph that explains a failure.
LINE_CHARS = 160
# A command line: a verb and a few arguments, never a paragraph.
COMMAND_CHARS = 100
COMMAND_WORDS = 12

_ABSENT = shipped_terms("command_failed", "absent")
_TAKEN = shipped_terms("command_failed", "taken")
_DENIED = shipped_terms("command_failed", "denied")
_INVALID = shipped_terms("command_failed", "invalid")
# what the command named unknown, already so or held by another, not the asker's to do, its
# input or the bot's setup wrong: the families of a bot's error line, in the order read
_REFUSALS = (_ABSENT, _TAKEN, _DENIED, _INVALID)
# what the command named said not to be there ("does not exist", "isn't stored"): an error
# only when the line names the command's own argument (`names_argument`)
_MISSING = shipped_terms("command_failed", "missing")
# the marks around an argument that a reply leaves off or quotes it with ("@alice", "'foo'")
_ARGUMENT_MARKS = "@'\"<>,.:;!?()[]`"
# an argument this short ("on", "to", "5") is found inside any line
ARGUMENT_CHARS = 3
_USAGE = re.compile(
    r"(?:"
    + "|".join(re.escape(str(t)) for t in SHIPPED.get("command_failed", {}).get("usage", ()))
    + r")\s*:\s*\S",
    re.I,
)
_NOT_COMMANDS = frozenset(
    str(t).lower() for t in SHIPPED.get("command_failed", {}).get("not_commands", ())
)
_SENTENCE_WORDS = frozenset(
    str(t).lower() for t in SHIPPED.get("command_failed", {}).get("sentence_words", ())
)
# A bot's interjection before its line ("Hmm, ...", "Oops! ...", "Error: ...").
_INTERJECTION = re.compile(r"\W*(?:hmm+|oops|uh+|sorry|error)\b\W*", re.I)
# A yes or a no that answers a question ("No, that host is not registered."): no bot's error.
_YES_NO = re.compile(r"\W*(?:yes|no)\b\s*[,.!;:-]", re.I)
# The person a question without its mark is put to, as its second word ("do you know ...").
_ADDRESSED = frozenset({"you", "u", "i", "we", "they", "it"})
_COMMAND_END = re.compile(r"[.?!\u3002\uff1f\uff01]\s*$")


def _line(text: str) -> str | None:
    """The reply lower-cased without the bot's interjection, when it is one short line and no
    yes or no that answers a question."""
    text = text.strip()
    if len(text) > LINE_CHARS or "\n" in text or "```" in text:
        return None
    low = text.lower()
    lead = _INTERJECTION.match(low)
    low = low[lead.end() :] if lead is not None else low
    return None if _YES_NO.match(low) is not None else low


def refusal_in(text: str) -> str | None:
    """The words of a short one-line reply that say a command could not be carried out (what
    it named unknown or not there, its input or the bot's setup wrong, its usage), or None."""
    low = _line(text)
    if low is None:
        return None
    usage = _USAGE.match(low)
    if usage is not None:
        return usage.group(0)
    for terms in _REFUSALS:
        found = terms.search(low)
        if found is not None:
            return found.group(0).strip()
    return None


def missing_in(text: str) -> str | None:
    """The words of a short one-line reply that say a thing is not there ("Label bar does not
    exist", "foo isn't stored.", "Hmm, I do not know about ENV234"), or None."""
    low = _line(text)
    found = None if low is None else _MISSING.search(low)
    return None if found is None else found.group(0).strip()


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be a bot's error line (`refusal_in`, `missing_in`): not cleared unread."""
    return len(text) <= LINE_CHARS and (
        refusal_in(text) is not None or missing_in(text) is not None
    )


# A comment after a command line, as a shell's (`locker give bazbat to @alice # a note`).
_COMMENT = " # "


def _without_comment(request: str) -> str:
    """The command line without the comment after it: its words are no argument nor a
    sentence's."""
    line = request.strip()
    at = line.find(_COMMENT)
    return line if at < 0 else line[:at].rstrip()


def is_command(request: str) -> bool:
    """Whether the request is one command line to a bot: a lower-case verb and its arguments
    or a bot's mention or prefix first, two words at least and a few at most, no sentence's
    end, no question's or request's word first and no article, pronoun or auxiliary of a
    sentence ("kv get foo", "@hubot lunch", "locker list --page 2")."""
    line = _without_comment(request)
    if not line or len(line) > COMMAND_CHARS or "\n" in line:
        return False
    if _COMMAND_END.search(line) is not None:
        return False  # a sentence or a question, not a command line
    first = line[0]
    if not (first.islower() and first.isascii()) and first not in "@!/.":
        return False
    words = line.lower().split()
    if not 2 <= len(words) <= COMMAND_WORDS or words[0].strip(",") in _NOT_COMMANDS:
        return False  # (a command alone, "/stop", names nothing its reply could not find)
    if words[0].endswith(":"):
        return False  # a title's kind ("fix: return 503s when ..."), not a command's verb
    if len(words) > 1 and words[1] in _ADDRESSED:
        return False  # a question without its mark ("do you know ...")
    return not any(word.strip(",") in _SENTENCE_WORDS for word in words)


def names_argument(reply: str, command: str) -> bool:
    """Whether the reply names one of the command's arguments (a word after its verb, three
    characters at least, no word of a sentence): "Label bar does not exist" to "locker label
    add foo to bar" says what the command named is not there, where the same words to "search
    foo" report what a search found."""
    low = reply.lower()
    for word in _without_comment(command).lower().split()[1:]:
        argument = word.strip(_ARGUMENT_MARKS)
        if len(argument) >= ARGUMENT_CHARS and argument not in _SENTENCE_WORDS and argument in low:
            return True
    return False


@kept
def command_refusal(r: Reply) -> str | None:
    """The words of a bot's error line in the reply, when the request is a command line."""
    if len(r.text) > LINE_CHARS or r.after_tools or not is_command(r.raw_question):
        return None
    if asks_about_failure(r):
        return None  # an issue's title ("api down at night"): a maintainer's reply to it
    if r.text.strip().lower() in r.question:
        return None  # the line the request gave to say ("say 'Error: file not found'")
    said = refusal_in(r.text)
    if said is None and names_argument(r.text, r.raw_question):
        said = missing_in(r.text)
    return said


def command_failed(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A command line answered by the bot's error line ("Unknown user 'doris'", "Page specified
    must be an integer.", "Format: do ssh keys add NAME PUBLIC_KEY"): the command was not
    carried out (`command_refusal`)."""
    said = command_refusal(r)
    return () if said is None else (Signal("command_failed", w["command_failed"], said[:60]),)
