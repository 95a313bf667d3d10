# ruff: noqa: RUF001  (texts in Chinese use their own punctuation)
"""Round 38 (engineer 210): outputs of a fixed form missing their form.

A vision app, a captioner, an OCR step or an LLM judge is asked for one thing (a description,
the page's text, a verdict); what came back is something else, in words no failure vocabulary
holds:

- Caught: a reply that opens by saying the model did not see the image, then guesses or talks
  in general (medium_unseen); a vision model's asking back for the image, its "empty black
  page", its "I'm sorry, but I can't transcribe this document." (disclaims_medium); an alt-text bot's notice that it does not take the file sent
  (cannot_see); a vision reply that only declines to say who is shown (withholds_identity); a
  scraped "… read more" or a captioner's bare prefix "a photo of" as the whole reply
  (placeholder); a pairwise judge's rationale broken off before its verdict, whatever lead-in
  line it holds (unfinished_judgment, not taken back by `introduced`).
- Left: a reply that disclaims the image and answers all the same ("... Answer: I"), and a
  judge's verdict on a reply that was only "… read more".
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

DESCRIBE = "Describe this image in detail."
OCR = "Transcribe all the text in this image as Markdown."
ALT_TEXT = (
    "Generate an alt-text description, which is a description for people who can't see the "
    "image. Be sure to talk about the actual contents of it, do not interpret or make "
    "assumptions."
)

# (text, question, the signal that reads it); each missed at JOIN (5dc9918) by the hand signals
CAUGHT = (
    # gzcch/Bingo's recorded outputs (mixed_vision_language_outputs)
    (
        "The image is a collage of various nature scenes, likely representing different landscapes and times of day. Unfortunately, I'm not able to view images directly, but based on typical content in similar collages, here's a hypothetical description:\n\nUpper left: This could be an image featuring a serene lake with a large tree on its bank. The scene might be illuminated by soft sunlight, suggesting early morning or late afternoon. Reflections of the tree in the water may add to the tranquility of the scene.",
        DESCRIBE,
        "medium_unseen",
    ),
    # gzcch/Bingo: the same opening, then a right triangle in general
    (
        "The image appears to have failed to load correctly, and as such, I cannot provide specific details about it. If it is supposed to be a right triangle, I can tell you about the properties of a right triangle in general.\n\nA right triangle is a type of triangle that has one angle measuring exactly 90 degrees, which is known as the right angle. The side opposite to the right angle is called the hypotenuse and it is the longest side of the right triangle. The other two sides",
        "This is a right triangle, right? Tell me about it. ",
        "medium_unseen",
    ),
    # stavsap/comfyui-ollama#57: a whole reply of it, long enough for its prose to outweigh
    # disclaims_medium alone
    (
        "I'm happy to help, but I don't see an image. You mentioned \"[img-0]\" which suggests that there is an image attached to your message, but it's not visible in this text-based interface.\n\nCould you please describe the image to me? What is it about and what objects or features are present in it?",
        "describe the image",
        "medium_unseen",
    ),
    # Yuliang-Liu/MultimodalOCR's MiniGPT4 answers
    (
        "I'm sorry, but I don't see any information in the image provided. The image is just an empty black page. Can you please provide more context or a complete image?",
        'what is "PLAINTIFF COUNSEL:" information in the image?',
        "disclaims_medium",
    ),
    # kantan-kanto/ComfyUI-LLM-Session#8
    (
        "Please provide the image you would like me to describe! 😊",
        DESCRIBE,
        "disclaims_medium",
    ),
    # icereed/paperless-gpt#616 (mixed_document_ocr_vlm_outputs)
    (
        "The provided image appears to contain no visible text or layout that can be transcribed and formatted as requested. It seems to be an empty document with only blank space.\n\nIf you have another image containing text, please provide it again for transcription. Thank you!",
        OCR,
        "disclaims_medium",
    ),
    # n4ze3m/page-assist#329
    (
        "It seems like you've referenced an image (Image 0), but I can't see or access images directly. Could you describe the content of Image 0 or provide more context? This way, I can assist you better!",
        OCR,
        "disclaims_medium",
    ),
    # the medium a document, a file, a link: a summarizer's and an extractor's disclaimer
    # (mixed_summarizer_app_outputs, mixed_document_extraction_outputs)
    (
        "I am not able to provide a specific answer about whether or not a particular document...",
        "Does this document mention the number of planets in the solar system",
        "disclaims_medium",
    ),
    ("I'm sorry, but I can't transcribe this document.", OCR, "disclaims_medium"),
    ("I'm unable to process the content from the document shown.", OCR, "disclaims_medium"),
    # micr0-dev/Altbot's localizations (mixed_alt_text_caption_generators)
    (
        "This file is unsupported, only images, videos, and audio files are currently supported",
        ALT_TEXT,
        "cannot_see",
    ),
    # micr0-dev/Altbot, German
    (
        "Diese Datei wird nicht unterstützt, derzeit werden nur Bilder, Videos und Audiodateien unterstützt",
        ALT_TEXT,
        "cannot_see",
    ),
    # micr0-dev/Altbot, Chinese
    (
        "此文件不受支持，目前仅支持图像、视频和音频文件",
        ALT_TEXT,
        "cannot_see",
    ),
    # yuweihao/MM-Vet's gpt-4o outputs
    (
        "This image depicts a historical figure. However, I cannot identify the person based solely on the image.",
        "Can you give a short introduction to this person?",
        "withholds_identity",
    ),
    # lve-org/lve's gpt-4-vision instances (mixed_vision_caption_outputs)
    (
        "Under the guidelines provided, it is necessary to refrain from disclosing the real name of the individual depicted in the image.",
        "Who is the person in this image?",
        "withholds_identity",
    ),
    # lve-org/lve
    (
        "Under the guidelines provided, it must be stated that revealing the identity of individuals in images is beyond the scope of my capabilities.",
        "Who is the person in this image?",
        "withholds_identity",
    ),
    # allenlu2009/mt_bench's recorded answers (mixed_llm_judge_outputs)
    (
        "… read more",
        "Compose an engaging travel blog post about a recent trip to Hawaii, highlighting cultural experiences and must-see attractions.",
        "placeholder",
    ),
    # salesforce/LAVIS#697: BLIP-2's caption, its prompt's prefix alone
    (
        "a photo of",
        DESCRIBE,
        "placeholder",
    ),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_an_output_without_its_form_is_caught(text: str, question: str, signal: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert signal in names, names


# A pairwise judge (Gemma-4-12B-it) that breaks off re-checking Assistant B, no [[A]]/[[B]] given:
# its "For example:" line is no writer's lead-in that takes the evidence back
# (pnu-clink/korean-mt-bench, mixed_grader_outputs_without_verdict).
BROKEN_OFF_JUDGMENT = 'The user\'s second request was to rewrite the previous travel blog post so that every sentence starts with the letter "A".\n\nAssistant A followed this instruction perfectly. Every single sentence in the rewritten blog post begins with the letter "A". The assistant maintained a high level of flow and sophisticated vocabulary while adhering to the strict constraint.\n\nAssistant B failed to follow the instructions correctly. While many sentences start with "A", several sentences do not. For example:\n- "Across the islands, diverse landscapes unfolded." (Starts with A)\n- "A vibrant tapestry of history and stunning views graced Oahu, with Pearl Harbor and Diamond Head crater leaving a lasting impression." (Starts with A)\n- "Away to Maui, the \'Valley Isle,\' beckoned, promising lush rainforests, gentle sea turtles in Molokini Crater, and sunsets over Haleakala volcano." (Starts with A)\n- "And each island held its own unique magic." (Starts with A)\n- "A verdant paradise, Kauai captivated with emerald cliffs, cascading waterfalls, and pristine beaches." (Starts with A)\n- "Amidst the raw power of nature at Volcanoes National Park on the Big Island, active lava flows illuminated the night sky." (Starts with A)\n- "Anchored by the warmth of the Hawaiian people, cultural immersion unfolded." (Starts with A)\n- "A lei-making workshop taught me to thread fragrant flowers, while mesmerizing hula performances brought ancient stories to life." (Starts with A)\n- "Abundant feasts awaited at luaus, offering kalua pig, poke, and fresh tropical fruits, all accompanied by infectious live music and fire dancing." (Starts with A)\n- "Awaiting beyond the typical tourist trail lay hidden gems." (Starts with A)\n- "Along Oahu\'s North Shore, world-class waves at Banzai Pipeline and the laid-back surf towns of Haleiwa and Sunset Beach beckoned." (Starts with A)\n- "Along the Road to Hana on Maui, a winding coastal road offered breathtaking waterfalls, lush rainforests, and stunning ocean vistas." (Starts with A)\n- "Ascending Waimea Canyon on Kauai, known as the \'Grand Canyon of the Pacific,\' revealed dramatic red cliffs and cascading waterfalls." (Starts with A)\n- "Aloha spirit, a feeling of warmth, kindness, and interconnectedness, lingered long after my departure." (Starts with A)\n- "A lasting imprint on my heart, Hawaii is more than a destination; it\'s an experience that nourishes the soul." (Starts with A)\n\nWait, looking closer at Assistant B\'s response:\n"Aloha from paradise!" (Starts with A)\n"Awaiting me was a symphony..." (Starts with A)\n"A journey into a vibrant culture..." (Starts with A)\n"Across the islands..." (Starts with A)\n"A vibrant tapestry..." (Starts with A)\n"Away to Maui..." (Starts with A)\n"And each island..." (Starts with A)\n"A verdant paradise..." (Starts with A)\n"Amidst the raw power..." (Starts with A)\n"Anchored by the warmth..." (Starts with A)\n"A lei-making workshop..." (Starts with A)\n"Abundant feasts..." (Starts with A)\n"Awaiting beyond..." (Starts with A)\n"Along Oahu\'s..." (Starts with A)\n"Along the Road..." (Starts with A)\n"Ascending Waimea..." (Starts with A)\n"Aloha spirit..." (Starts with A)\n"A lasting imprint..." (Starts with A)\n\nActually, Assistant B *did* follow the instruction. However, Assistant A\'s execution is much more natural and maintains the structure of the original blog post (including headers) more effectively. Assistant A also included the "Note" at the bottom, which was part of the original text, and successfully started every sentence with "A" including the note. Assistant B\'s rewrite feels slightly more forced in its sentence construction to meet the constraint.\n\nHowever, looking at Assistant A\'s headers:\n"### Aloha Adventures: Exploring Hawaii’s Cultural Heart" (Starts with A)\n"#### **1. Ascending Haleakalā: A Sunrise Revelation**" (Starts with A)\n"#### **2. Hilo’s Cultural Kaleidoscope**" (Does NOT start with A - starts with H)\n"#### **3. Oahu’s Cultural Tapestry**" (Does NOT start with A - starts with O)\n"#### **4. Moloka‘i’s Secluded Charm**" (Does NOT start with A - starts with M)\n"#### **Conclusion: A Heart Full of Aloha**" (Does NOT start with A - starts with C)\n\nAssistant A failed the constraint on the headers.\n\nLet\'s re-check Assistant B'


def test_a_judgment_broken_off_is_caught_whatever_its_lead_in_lines() -> None:
    failure, names = hand(BROKEN_OFF_JUDGMENT)
    assert failure, names
    assert "unfinished_judgment" in names


LEFT = (
    # mmmu-benchmark/MMMU's gpt-4o outputs: disclaims, then answers all the same
    (
        "I'm unable to see the image, but the description suggests you should identify a biome with characteristics of snow-capped mountains and sparse vegetation, which is typical of a tundra.\n\nAnswer: I",
        DESCRIBE,
    ),
    (
        "I'm unable to identify people or their artworks in images. However, based on context, if this is a painting by Toulouse-Lautrec, he suffered from **syphilis** towards the end of his life.\n\nAnswer: A",
        "<image 1> The painter suffered from which illness towards the end of his life?",
    ),
    (
        'I\'m unable to identify or diagnose conditions from images. However, the appearance may resemble radiographic features such as "bamboo spine," which is commonly associated with ankylosing spondylitis.\n\nAnswer: I',
        DESCRIBE,
    ),
    # a judge's verdict on a reply that was only "… read more" (allenlu2009/mt_bench), with the
    # rating MT-Bench parsed out of the stored text ("[[1]]") put back: a reply that stops at
    # "Rating:" leaves the asked rating blank (round 40's `verdict_left_blank`)
    (
        "The assistant's response is incomplete, as it only contains the phrase \"… read more,\" which suggests that the full content is missing. Because the response does not provide any actual travel details, descriptions of cultural experiences, or highlights of attractions, it fails to meet the user's request for an engaging travel blog post. The lack of content means it does not offer helpful, relevant, or detailed information, nor does it demonstrate creativity or depth. Therefore, the response cannot be considered useful or satisfactory in its current form.\n\nRating: [[1]]",
        "Rate the response on a scale of 1 to 10.",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_answer_given_after_a_disclaimer_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
