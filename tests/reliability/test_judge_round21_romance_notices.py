"""Round 21 (engineer 113): the notices chat apps, bots and coding agents show in French, Spanish,
Italian and Portuguese, by class (quota used up, servers overloaded, a request expired, retries
used up, an answer blocked by a content filter), and the answer side's words in those languages:
news and docs that tell an outage after the fact ("les utilisateurs ont signalé", "el servicio
se restableció", "i server erano sovraccarichi"); Italian "i" is "the" in a short notice.
Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

ASKED = {
    "fr": "Comment trier une liste de dictionnaires par clé en Python ?",
    "es": "¿Cómo ordeno una lista de diccionarios por una clave en Python?",
    "it": "Come ordino una lista di dizionari per chiave in Python?",
    "pt": "Como ordeno uma lista de dicionários por chave em Python?",
}

NOTICES = (
    # servers overloaded
    ("fr", "Nos serveurs sont saturés pour le moment. Réessayez dans quelques minutes."),
    ("it", "I nostri server sono sovraccarichi. Riprova tra qualche minuto."),
    ("pt", "Os servidores estão congestionados. Tente novamente em instantes."),
    # quota used up
    ("fr", "Vous avez utilisé tous vos messages gratuits de la journée."),
    ("es", "Has agotado tus mensajes gratuitos de hoy."),
    ("it", "Hai esaurito i messaggi gratuiti di oggi."),
    # retries used up
    ("fr", "Nombre maximal de tentatives atteint."),
    ("it", "Numero massimo di tentativi raggiunto."),
    ("pt", "Número máximo de tentativas atingido."),
    # a request expired
    ("es", "La petición ha caducado."),
    ("it", "La connessione è scaduta."),
    ("pt", "A requisição expirou."),
    # the request not processed
    ("es", "No pudimos procesar tu mensaje."),
    ("it", "Non siamo riusciti a elaborare il tuo messaggio."),
    ("pt", "Não conseguimos processar o seu pedido."),
    ("fr", "Nous n'avons pas pu traiter votre message."),
    # blocked by a content filter
    ("es", "Esta respuesta fue bloqueada por nuestros filtros de seguridad."),
    ("it", "Questa risposta è stata bloccata dai filtri di sicurezza."),
    ("pt", "Esta resposta foi bloqueada pelo filtro de conteúdo."),
    ("fr", "Votre message est contraire à nos règles et a été masqué."),
)


@pytest.mark.parametrize(("lang", "text"), NOTICES)
def test_a_romance_notice_is_a_failure(lang: str, text: str) -> None:
    failure, found = hand(text, ASKED[lang])
    assert failure, found


ANSWERS = (
    # news told after the fact: the users who reported it, the service restored
    (
        "fr",
        "Jeudi, des milliers d'utilisateurs ont signalé que l'assistant affichait « Une erreur "
        "s'est produite ». Le service a été rétabli en fin de journée.",
        {"third_party", "fix_landed"},
    ),
    (
        "es",
        "El lunes, muchos usuarios reportaron que el chatbot no respondía. La empresa indicó "
        "que el servicio se restableció dos horas después.",
        {"third_party", "fix_landed"},
    ),
    (
        "it",
        "Ieri molti utenti hanno segnalato il messaggio «Si è verificato un errore». Il servizio "
        "è stato ripristinato in serata.",
        {"third_party", "fix_landed"},
    ),
    (
        "pt",
        'Na segunda, usuários relataram que o app mostrava "Algo deu errado". O serviço foi '
        "restabelecido à noite.",
        {"third_party", "fix_landed"},
    ),
    # the words of a notice inside an explanation of the asker's own request
    (
        "es",
        "El servidor devuelve 413 porque no se puede procesar una solicitud de más de 10 MB; "
        "divide el archivo en partes más pequeñas y envíalas por separado con un bucle.",
        set(),
    ),
    (
        "fr",
        "Python ne trie pas directement une liste de dictionnaires : il est impossible de traiter "
        'deux dictionnaires comme comparables. Utilise sorted(liste, key=lambda d: d["nom"]).',
        set(),
    ),
    # a load told as past
    (
        "it",
        "I server erano sovraccarichi durante il lancio, ma ora tutto funziona di nuovo.",
        {"past_state"},
    ),
    (
        "fr",
        "Les serveurs étaient saturés pendant le lancement ; depuis ce matin tout fonctionne.",
        {"past_state"},
    ),
)


@pytest.mark.parametrize(("lang", "text", "signs"), ANSWERS)
def test_a_report_after_the_fact_is_an_answer(lang: str, text: str, signs: set[str]) -> None:
    failure, found = hand(text, ASKED[lang])
    assert not failure, found
    assert signs <= found, found


def test_italian_i_is_the_in_a_short_notice() -> None:
    _, found = hand("Hai esaurito i messaggi gratuiti di oggi.", ASKED["it"])
    assert "first_person" not in found
    _, found = hand("I checked the parser and fixed the off-by-one in tests/test_parse.py.")
    assert "first_person" in found
