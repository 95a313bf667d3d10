"""A first person read by the language of the text around it: Danish, Norwegian and Swedish
"i" is "in" and Dutch "je" is "you", so a one-line failure notice in those languages does not
speak as "I" (`function_words.says_first_person`). Beside each, the "I" that must stay."""

from __future__ import annotations

import pytest

from tests.reliability.judging import is_failure, signals
from tether.reliability.function_words import says_first_person

NOTICES = [
    "Vi kunne ikke behandle forespørgslen i øjeblikket.",  # (read as an answer before)
    "Je sessie is verlopen, log opnieuw in.",  # (read as an answer before)
    "Modellen svarade inte i tid.",
    "Kan ikke koble til serveren i øyeblikket.",
    "Tyvärr kunde svaret inte hämtas i tid.",
    "Er is een fout opgetreden. Probeer je het later opnieuw?",
    "Je aanvraag kon niet worden verwerkt.",
]


@pytest.mark.parametrize("text", NOTICES)
def test_a_scandinavian_in_or_a_dutch_you_is_no_first_person(text: str) -> None:
    assert "first_person" not in signals(text)
    assert is_failure(text)


ANSWERS = [
    "I fixed the test: the parser now skips empty lines.",
    "i ran it again and the test passes now.",
    "I saw 'Der opstod en fejl i forbindelsen' in the log: the proxy dropped the header.",
    "i think i broke the parser in København, sorry: the test passes again now.",
    "Je pense que le test échoue parce que le fichier est vide; je l'ai corrigé.",
]


@pytest.mark.parametrize("text", ANSWERS)
def test_an_english_or_french_first_person_stays(text: str) -> None:
    assert "first_person" in signals(text)


def test_the_word_alone_is_read_by_the_others() -> None:
    assert says_first_person("i", "i think the test is wrong")
    assert not says_first_person("i", "fejl i forbindelsen, prøv igen senere")
    assert not says_first_person("i", "modellen svarade inte i tid")  # (one marker will do)
    assert not says_first_person("je", "probeer je het later opnieuw")
    assert says_first_person("je", "je ne sais pas pourquoi le test échoue")
    assert says_first_person("my", "fejl i min forbindelse")  # (only "i" and "je" are read)
