"""Round 17 (engineer 89): a service's failure notice in the thinnest languages (Swahili,
Albanian, Welsh, Icelandic, Zulu, Hausa, Kazakh, Kyrgyz, Mongolian, Armenian, Amharic, Khmer,
Burmese, Sinhala, Telugu, Kannada, Malayalam, Gujarati, Punjabi, Urdu, Nepali, Marathi, Uzbek,
Basque, Estonian, Lithuanian, Latvian, Serbian, Macedonian, Afrikaans, Irish, Galician,
Catalan) is a failure: its core words (error, failed, unexpected, try again, later, service,
unavailable, limit exceeded) are vocabulary data per language. An explanation in the same
languages (a condition, "means", "for example") and a sentence that only shares a word with
the notices are left alone. Made-up replies, both sides."""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

NOTICES = (
    "Hitilafu ya huduma. Tafadhali jaribu tena.",
    "Umefikia kikomo cha maombi ya leo. Jaribu tena kesho.",
    "Ndodhi një gabim. Provoni përsëri më vonë.",
    "Mae gwall wedi digwydd. Ceisiwch eto yn nes ymlaen.",
    "Óvænt villa kom upp. Reyndu aftur síðar.",
    "Iphutha liyenzekile. Sicela uzame futhi.",
    "An sami kuskure. Da fatan za a sake gwadawa daga baya.",
    "Қате орын алды. Кейінірек қайталап көріңіз.",
    "Серверде ката чыкты. Кайра аракет кылыңыз.",
    "Үйлчилгээ боломжгүй байна. Дараа дахин оролдоно уу.",
    "Սխալ է տեղի ունեցել։ Խնդրում ենք կրկին փորձել։",
    "ስህተት ተከስቷል። እባክዎ እንደገና ይሞክሩ።",
    "មានកំហុសកើតឡើង។ សូមព្យាយាមម្តងទៀតពេលក្រោយ។",
    "အမှားတစ်ခု ဖြစ်ပွားခဲ့သည်။ ထပ်ကြိုးစားပါ။",
    "දෝෂයක් ඇති විය. කරුණාකර නැවත උත්සාහ කරන්න.",
    "లోపం సంభవించింది. దయచేసి తర్వాత ప్రయత్నించండి.",
    "ಸೇವೆ ಲಭ್ಯವಿಲ್ಲ. ದಯವಿಟ್ಟು ನಂತರ ಪ್ರಯತ್ನಿಸಿ.",
    "സേവനം ലഭ്യമല്ല. ദയവായി പിന്നീട് ശ്രമിക്കുക.",
    "એક ભૂલ આવી. કૃપા કરીને ફરી પ્રયાસ કરો.",
    "ਸੇਵਾ ਉਪਲਬਧ ਨਹੀਂ ਹੈ। ਕਿਰਪਾ ਕਰਕੇ ਬਾਅਦ ਵਿੱਚ ਕੋਸ਼ਿਸ਼ ਕਰੋ।",
    "سروس دستیاب نہیں ہے۔ براہ کرم بعد میں کوشش کریں۔",
    "सेवा उपलब्ध छैन। कृपया पछि प्रयास गर्नुहोस्।",
    "त्रुटी आली. कृपया पुन्हा प्रयत्न करा.",
    "Xizmatda xato yuz berdi. Keyinroq qayta urinib ko'ring.",
    "Errore bat gertatu da. Saiatu berriro geroago.",
    "Teenus pole saadaval. Proovige hiljem uuesti.",
    "Paslauga nepasiekiama. Pabandykite vėliau.",
    "Radās negaidīta kļūda. Lūdzu, mēģiniet vēlreiz.",
    "Došlo je do greške na serveru. Pokušajte ponovo kasnije.",
    "Настана грешка. Обидете се повторно подоцна.",
    "'n Fout het voorgekom. Probeer asseblief weer.",
    "Tharla earráid. Déan iarracht arís níos déanaí.",
    "Produciuse un erro inesperado. Téntao de novo máis tarde.",
    "S'ha produït un error inesperat. Torneu-ho a provar més tard.",
)


@pytest.mark.parametrize("text", NOTICES)
def test_a_notice_in_a_thin_language_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, (names, text)


EXPLANATIONS = (
    (
        "Hitilafu 429 inamaanisha nini?",
        "Hitilafu 429 inamaanisha umetuma maombi mengi kwa muda mfupi. Kwa mfano, ukituma "
        "maombi 100 kwa dakika moja, seva itayakataa. Ongeza muda wa kusubiri kati ya maombi "
        "katika msimbo wako.",
    ),
    (
        "Çfarë do të thotë gabimi 503?",
        "Nëse merrni gabimin 503, do të thotë që shërbimi është i mbingarkuar. Shtoni një "
        "pritje në kodin tuaj, për shembull me backoff eksponencial.",
    ),
    (
        "429 xatosi nima?",
        "Agar 429 xatosi chiqsa, bu so'rovlar juda ko'p yuborilganini bildiradi. Masalan, "
        "kodingizda har bir so'rov orasida bir soniya kuting.",
    ),
    (
        "Šta znači greška 503?",
        "Ako dobijete grešku 503, to znači da je server preopterećen; na primer, dodajte "
        "ponovni pokušaj sa pauzom u svom kodu.",
    ),
)


@pytest.mark.parametrize(("question", "text"), EXPLANATIONS)
def test_an_explanation_in_a_thin_language_is_left_alone(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (names, text)


def test_a_sentence_that_only_shares_a_word_is_left_alone() -> None:
    for text in (
        # "with your own API key, use is unlimited": a settings hint, not a limit reached
        "Ukiweka ufunguo wako wa API, utapata matumizi bila kikomo.",
        # "I fixed the error in the parser; the test passes now"
        "Trwsiais y gwall yn y parser; mae'r prawf yn pasio nawr.",
        # "Effective from today" opens no condition ("ef", Icelandic "if", is a whole word)
        "Effective from today, the parser reads the header first.",
    ):
        failure, names = hand(text)
        assert not failure, (names, text)
