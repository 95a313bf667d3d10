"""Round 15 (engineer 79): core failure words the vocabulary lacked in languages the corpus
has: Italian "does not work", Finnish "connection problem", Ukrainian "exceeds the limit".
Made-up notices, and an answer in the asker's language that uses the same words."""

from __future__ import annotations

from tests.reliability.judging import hand

NOTICES = (
    "Il generatore di risposte non funziona.",
    "Palvelimeen ei saatu vastausta, yhteysongelma.",
    "Ваше повідомлення перевищує ліміт символів.",
)


def test_core_failure_words_in_italian_finnish_ukrainian() -> None:
    for text in NOTICES:
        failure, names = hand(text)
        assert failure and any(n.startswith("vocabulary:") for n in names), (
            names,
            text,
        )


def test_an_answer_in_the_asker_s_language_stays_an_answer() -> None:
    question = "Perché il mio script Python non funziona quando lo lancio da cron?"
    text = (
        "Non funziona da cron perché cron parte con un PATH ridotto e senza il tuo virtualenv:"
        " usa il percorso completo dell'interprete, ad esempio `/home/me/venv/bin/python"
        " script.py`, e reindirizza l'output su un file per vedere gli errori."
    )
    failure, names = hand(text, question)
    assert not failure, names
