# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 28 (engineer 147): the stock lines of assistants, skills and apps in the smaller
languages that the vocabulary did not read yet. Made-up replies, both sides.

- Caught: a short line, to a task, that is only its speaker not being sure ("da bin ich mir
  nicht sicher", "no n'estic segura", "ez nago ziur", "det er jeg ikke sikker på", "dat weet
  ik niet zeker", "nejsem si jistý", "não tenho a certeza"; the `not_knowing` words), a line
  not connected to the internet or the server, still learning, with no information on that;
- Caught: a short line, in place of the answer, that says the session expired (log in
  again), the file is too large or its type not supported, the connection broke, the AI is
  still thinking, the credits are used up or the
  message is too long, that a filter blocked the content, that the key is invalid or the
  model not available (Czech "není k dispozici"), that the request timed out (Catalan,
  Galician), that no reply came (Galician, Basque), that the server is busy (Danish, Dutch),
  that an operation could not be done or failed (Hindi), that something did not work
  (German "hat nicht geklappt"), that the assistant cannot help with that, is not sure it
  understood or did not hear, or, after a task, found no results (Catalan, Galician, Basque,
  Swedish, Dutch, Czech, Portuguese, German, Greek, Korean, Hindi).
- Left: answers in the same languages that use those words while they explain a cause and
  a fix ("betekent", "betyder", "znamená", "σημαίνει": what an error means), go on past "I
  can't do that" with what can be done, or say that there is no error ("cap error", "ningún
  erro", "geen fout", "uden fejl": a witness's words), or hedge ("jeg tror", "ik denk":
  what "I think" is in English, an explaining word).
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

POEM = "Escriu un poema curt sobre la tardor."
SUMMARY = "Summarize the attached quarterly report in three bullet points."
LIGHT = "Set the kitchen light to 40 percent."
POPULATION = "List the population of each district of Tarragona."

CAUGHT = (
    ("S'ha esgotat el temps d'espera de la petició.", POEM),
    ("Esgotouse o tempo de espera da petición.", SUMMARY),
    ("Non se recibiu ningunha resposta do servidor.", SUMMARY),
    ("Ez da zerbitzariaren erantzunik jaso.", SUMMARY),
    ("Serveren er optaget. Prøv igen om lidt.", SUMMARY),
    ("De server is bezet. Probeer het straks opnieuw.", SUMMARY),
    ("अनुवाद विफल रहा।", SUMMARY),
    ("आपका संदेश भेजा नहीं जा सका। यह कार्रवाई पूरी नहीं की जा सकी।", SUMMARY),
    ("Hoppla, das hat leider nicht geklappt.", SUMMARY),
    ("Has esgotat els crèdits d'aquest mes. Actualitza el pla per continuar.", SUMMARY),
    ("Du har brugt alle dine kreditter.", SUMMARY),
    ("Meddelandet är för långt.", SUMMARY),
    ("Mezua luzeegia da.", SUMMARY),
    ("Indholdet blev blokeret af sikkerhedsfilteret.", SUMMARY),
    ("El contingut ha estat bloquejat pel filtre de seguretat.", SUMMARY),
    ("API gako baliogabea.", SUMMARY),
    ("Model momentálně není k dispozici.", SUMMARY),
    ("Din session er udløbet. Log ind igen.", SUMMARY),
    ("La teva sessió ha caducat. Torna a iniciar sessió.", SUMMARY),
    ("Η συνεδρία σας έληξε. Συνδεθείτε ξανά.", SUMMARY),
    ("Filen är för stor.", SUMMARY),
    ("Fitxategia handiegia da.", SUMMARY),
    ("Dit bestandstype wordt niet ondersteund.", SUMMARY),
    ("यह फ़ाइल प्रकार समर्थित नहीं है।", SUMMARY),
    ("Anslutningen bröts.", SUMMARY),
    ("L'IA està pensant...", SUMMARY),
    ("Hmm, da bin ich mir nicht sicher.", LIGHT),
    ("Das weiß ich leider nicht.", LIGHT),
    ("No n'estic segura.", LIGHT),
    ("Ez nago ziur.", LIGHT),
    ("Det er jeg ikke sikker på.", LIGHT),
    ("Dat weet ik niet zeker.", LIGHT),
    ("Nejsem si jistý.", LIGHT),
    ("Hmm, não tenho a certeza.", LIGHT),
    ("Mmm, no estoy segura.", LIGHT),
    ("Hmm, je ne suis pas sûr.", LIGHT),
    ("Non sono sicuro.", LIGHT),
    ("Хм, не уверен.", LIGHT),
    ("Nie jestem pewna.", LIGHT),
    ("En ole varma.", LIGHT),
    ("음... 잘 모르겠어요.", LIGHT),
    ("माफ़ कीजिए, मुझे नहीं पता।", LIGHT),
    ("Det vet jag inte.", LIGHT),
    ("Dat weet ik niet.", LIGHT),
    ("To nevím.", LIGHT),
    ("Ich bin gerade nicht mit dem Internet verbunden.", SUMMARY),
    ("Ich kann gerade keine Verbindung zum Server herstellen.", SUMMARY),
    ("Ich bin noch am Lernen und kann das noch nicht.", LIGHT),
    ("Dazu habe ich leider keine Informationen.", LIGHT),
    ("Ara mateix no et puc ajudar amb això.", LIGHT),
    ("Non podo axudarche con iso, síntoo.", LIGHT),
    ("Dabei kann ich dir leider nicht helfen.", LIGHT),
    ("Não consigo ajudar com isso.", LIGHT),
    ("No estic segura d'haver-te entès.", LIGHT),
    ("Non estou seguro de terte entendido.", LIGHT),
    ("Ez nago ziur ulertu dizudan.", LIGHT),
    ("Jag är inte säker på att jag förstod dig.", LIGHT),
    ("Ik weet niet zeker of ik je goed begrepen heb.", LIGHT),
    ("Nejsem si jistá, že jsem vám rozuměla.", LIGHT),
    ("Não tenho a certeza de ter percebido.", LIGHT),
    ("Ich bin mir nicht sicher, ob ich dich verstanden habe.", LIGHT),
    ("Δεν είμαι σίγουρη ότι σε κατάλαβα.", LIGHT),
    ("माफ़ कीजिए, मुझे समझ नहीं आया।", LIGHT),
    ("Ho sento, no he trobat cap resultat.", POPULATION),
    ("Tyvärr hittade jag inga resultat.", POPULATION),
    ("Sorry, ik heb geen resultaten gevonden.", POPULATION),
    ("Omlouvám se, nenašla jsem žádné výsledky.", POPULATION),
    ("Desculpe, não encontrei nenhum resultado.", POPULATION),
    ("Λυπάμαι, δεν βρήκα κανένα αποτέλεσμα.", POPULATION),
    ("죄송해요, 검색 결과가 없어요.", POPULATION),
    ("माफ़ कीजिए, कोई परिणाम नहीं मिला।", POPULATION),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_stock_line_in_a_smaller_language_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)


LEFT = (
    (
        "El temps d'espera esgotat vol dir que el servidor no respon a temps; augmenta el "
        "timeout del client a 60 segons i torna a executar la prova.",
        "Per què em surt 'temps d'espera esgotat' quan crido l'API?",
    ),
    (
        "Esgotouse o tempo porque a consulta percorre toda a táboa; engade un índice na "
        "columna data e baixará a uns milisegundos.",
        "Por que a miña consulta tarda tanto?",
    ),
    (
        "Serveren er optaget, fordi den kører en sikkerhedskopi hver nat kl. 2; flyt jobbet "
        "til kl. 4, så forsvinder fejlen.",
        "Hvorfor svarer serveren langsomt om natten?",
    ),
    (
        "De server is bezet omdat de back-up om twee uur 's nachts draait; verplaats de taak "
        "naar vier uur.",
        "Waarom reageert de server 's nachts zo traag?",
    ),
    (
        "यह फ़ंक्शन विफल रहा क्योंकि इनपुट फ़ाइल का पथ गलत था; पथ को ठीक करें और स्क्रिप्ट फिर से चलाएँ।",
        "मेरी स्क्रिप्ट क्यों नहीं चली?",
    ),
    (
        "Das Deployment hat nicht geklappt, weil die Umgebungsvariable DATABASE_URL fehlte; "
        "ich habe sie in der .env ergänzt und der Build läuft jetzt durch.",
        "Warum schlägt das Deployment fehl?",
    ),
    (
        "Der var et problem med din forespørgsel: kolonnen hedder created_at, ikke created. "
        "Ret navnet, så virker den.",
        "Hvorfor virker min SQL ikke?",
    ),
    (
        "No puc fer això amb una sola consulta, però pots fer-ho amb dues: primer filtra les "
        "files i després agrupa-les per mes.",
        "Com puc agrupar les vendes per mes?",
    ),
    (
        "Não consigo fazer isso diretamente no Excel, mas uma fórmula PROCV resolve: "
        "=PROCV(A2;Tabela;2;FALSO).",
        "Como junto as duas tabelas no Excel?",
    ),
    (
        "Dat kan ik niet zomaar zeggen zonder de logs; stuur de uitvoer van docker logs api, "
        "dan kijk ik mee.",
        "Waarom crasht mijn container?",
    ),
    (
        "Ho sento, però no hi ha cap error al codi: el problema és la versió de Python. "
        "Actualitza a la 3.11 i torna-ho a provar.",
        "Per què falla el meu script?",
    ),
    (
        "Síntoo, non hai ningún erro no código: o problema é a versión de Python. Actualiza "
        "á 3.11 e téntao de novo.",
        "Por que falla o meu script?",
    ),
    (
        "Sorry, ik zie geen fout in de code: het probleem is de Python-versie. Werk bij naar "
        "3.11 en probeer het opnieuw.",
        "Waarom faalt mijn script?",
    ),
    (
        "Undskyld, jeg kan ikke se nogen fejl i koden, og testen kører uden fejl hos mig. "
        "Prøv igen med Python 3.11.",
        "Hvorfor fejler mit script?",
    ),
    (
        "Linjen er for lang til PEP 8; del den op over to linjer, så går flake8 igennem.",
        "Hvorfor klager flake8?",
    ),
    (
        "Raden är för lång för PEP 8; dela upp den på två rader så går flake8 igenom.",
        "Varför klagar flake8?",
    ),
    (
        "Din mail blev blokeret, fordi domænet mangler en SPF-post. Tilføj v=spf1 "
        "include:_spf.google.com ~all i DNS.",
        "Hvorfor bliver mine mails afvist?",
    ),
    (
        "Porten blockerades av brandväggen; öppna 443 i säkerhetsgruppen så fungerar det.",
        "Varför kan jag inte nå servern?",
    ),
    (
        "Tato funkce není k dispozici ve verzi 2.x; aktualizuj na 3.0 a použij parametr timeout.",
        "Proč nemůžu použít timeout?",
    ),
    (
        "Το αρχείο είναι πολύ μεγάλο για το GitHub· χρησιμοποίησε Git LFS για αρχεία άνω "
        "των 100 MB.",
        "Γιατί αποτυγχάνει το push;",
    ),
    (
        "Du har 500 kreditter tilbage denne måned; hvert kald til GPT-4 koster 3 kreditter.",
        "Hvor mange kald kan jeg lave?",
    ),
    (
        "Sessionen er udløbet, fordi tokenet kun gælder i en time; forny det med "
        "refresh_token, så slipper du for at logge ind igen.",
        "Hvorfor bliver jeg logget ud hele tiden?",
    ),
    (
        "Python 2 stöds inte längre av pip; installera Python 3.11 och kör kommandot igen.",
        "Varför kan jag inte installera paketet?",
    ),
    (
        "Het bestand is te groot voor de gratis versie; splits het in delen van 25 MB en "
        "upload ze los.",
        "Waarom lukt de upload niet?",
    ),
    (
        "Aquest format no és compatible amb Excel 2010; desa'l com a .xlsx i obre'l de nou.",
        "Per què no s'obre el fitxer?",
    ),
    (
        "Soubor je příliš velký pro e-mail, protože limit je 25 MB; nahraj ho na disk a pošli "
        "odkaz.",
        "Proč nejde odeslat příloha?",
    ),
    (
        "Ich bin mir nicht sicher, ob das an der Version liegt, aber probier mal pip install "
        "-U requests und starte den Kernel neu.",
        "Warum schlägt der Import fehl?",
    ),
    (
        "Das weiß ich leider nicht genau, aber laut Changelog wurde die Option in Version 3.2 "
        "entfernt; nimm stattdessen --no-cache.",
        "Wo ist die Option --fresh hin?",
    ),
    (
        "Não tenho a certeza, mas parece que o certificado expirou; renova-o com certbot renew "
        "e reinicia o nginx.",
        "Porque é que o site dá erro de SSL?",
    ),
    (
        "Jeg er ikke sikker, men jeg tror, at porten 5432 er blokeret af firewallen; prøv at "
        "åbne den og genstart databasen.",
        "Hvorfor kan jeg ikke forbinde til Postgres?",
    ),
    (
        "Dat weet ik niet precies, maar de foutmelding wijst op een verlopen certificaat; "
        "vernieuw het met certbot renew.",
        "Waarom faalt de SSL-verbinding?",
    ),
    (
        "잘 모르겠어요. 다만 로그를 보면 토큰이 만료된 것 같아요; 새 토큰을 발급받아 다시 실행해 보세요.",
        "왜 인증이 실패하죠?",
    ),
    (
        "No estoy seguro, pero creo que falta la variable de entorno PATH; añade "
        "C:\\Python311 y reinicia la terminal.",
        "¿Por qué Windows no encuentra python?",
    ),
    (
        "Je ne suis pas sûr que ce soit la cause, mais le certificat a expiré hier : "
        "renouvelle-le avec certbot renew puis recharge nginx.",
        "Pourquoi le site affiche une erreur SSL ?",
    ),
    (
        "Geen resultaten gevonden betekent dat je filter op datum te streng is; zet de "
        "periode op 30 dagen en zoek opnieuw.",
        "Waarom geeft mijn zoekopdracht niets terug?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_answer_with_those_words_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
