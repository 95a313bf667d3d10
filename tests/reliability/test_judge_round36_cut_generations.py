"""Round 36 (engineer 194): generations cut at the token limit, read from the text alone.

A model's prose cut at its token limit stops on any word ("... Please let me know how I can");
the provider said `length`, but a relay, a notebook or an app that saved the text kept only the
text (or said `stop`). The layout tells it: a reply of a token limit's length whose every line of
prose closed but the last, which runs on into nothing in lower case
(`unfinished_signals.stops_mid_sentence`). The same kind of reply that closes its last sentence
stays an answer. Code cut at the limit stops inside the fence it opened, on a statement left open
(`stops_mid_code`); the same code closed is read as code.
"""

from __future__ import annotations

from tests.reliability.judging import hand

# https://github.com/Divyam-Naudiyal/STEINS-AI/blob/d1118fa4d09f8a891c643a0754b1f6fa87efdadf/openaitest.py
CUT_LETTER = (
    "Subject: Formal Resignation - [Your Name]\n\nDear [Boss's Name],\n\nI hope this email finds "
    "you well. I am writing to formally tender my resignation from my position at [Company "
    "Name], effective [last working day, e.g., two weeks from now, or a specific date if "
    "agreed upon]. Please accept this email as my formal notice in accordance with the terms "
    "of my contract.\n\nIt is with mixed emotions that I make this decision. During my time at "
    "[Company Name], I have had the opportunity to work with some incredibly talented "
    "individuals and engage in meaningful projects. The professional growth and personal "
    "development gained in this role has been invaluable, and I am grateful for the "
    "opportunities I have been provided.\n\nHowever, after careful consideration and "
    "evaluation of my career goals, I have decided to pursue a new endeavor, which aligns "
    "more closely with my long-term aspirations. This decision has not been made lightly, "
    "and I assure you that I have given it considerable thought.\n\nTo ensure a smooth "
    "transition, I am committed to completing any pending projects and ensuring that all my "
    "responsibilities are properly handed over to a suitable replacement. I am open to "
    "discussion regarding a reasonable transition plan, and I am more than willing to offer "
    "support during the transition period. Please let me know how I can"
)

# https://github.com/20Deepshikha/JARVIS-Speaking-AI/blob/3dac8d187d38c64b2070a53470301c3f634a7b05/Openai/write%20an%20essay%20on%20chocolate.txt
CUT_ESSAY = (
    "Chocolate is a delicious treat enjoyed by people of all ages and walks of life. It can "
    "be enjoyed through a variety of forms, ranging from candy bars to rich and creamy "
    "truffles. Chocolate is a scrumptious treat that comes from cocoa beans that are grown "
    "in tropical regions all over the world. The cocoa beans are roasted, then ground to "
    "create cocoa powder. This cocoa powder is blended with sugar, cocoa butter and other "
    "ingredients to make delicious treats.\n\nThe history of chocolate techniques dates back "
    "to the ancient times. People have been discovering unique ways to enjoy the flavour of "
    "chocolate for centuries. By the 19th century, a unique method was developed to press "
    "cocoa butter out of the beans to make cocoa powder. This method led to the rise of "
    "chocolate industry and the mass production of chocolate based products.  \n\nChocolate "
    "can provide many health benefits when consumed in moderation. It contains antioxidants "
    "which can help to protect the body from some illnesses. Studies also show that dark "
    "chocolate in particular can help to lower blood pressure. Furthermore, eating small "
    "amounts of chocolate can have a calming effect and help to reduce stress. \n\nOverall, "
    "chocolate is an immensely popular treat that can be enjoyed in a variety of forms. It "
    "is a delicious treat with"
)

# https://github.com/EvanescenT07/LeoAI/blob/c137d8088efc3c7d93251b9fc425cae0bf730e6d/OpenAI/can_you_explain_me_about_Google.txt
WHOLE_EXPLANATION = (
    "Prompt: can you explain me about Google \n******************\n\nGoogle is a multinational "
    "technology company that specializes in internet-related services and products. It was "
    "founded in 1998 by Larry Page and Sergey Brin while they were Ph.D. students at "
    "Stanford University in California. Google is best known for its search engine, which "
    "dominates the market and is used by billions of people around the world to find "
    "information online.\n\nIn addition to its search engine, Google offers a wide range of "
    "products and services including advertising services, cloud computing, software "
    "applications, and hardware devices. Some of Google's most popular products include "
    "Gmail, Google Maps, Google Drive, YouTube, and the Android operating system.\n\nGoogle's "
    "mission is to organize the world's information and make it universally accessible and "
    "useful. The company is known for its innovative and forward-thinking approach to "
    "technology, as well as its commitment to making the internet a more open and accessible "
    "place for all users."
)


def test_a_letter_cut_at_the_token_limit_is_caught() -> None:
    failure, signals = hand(CUT_LETTER)
    assert failure and "stops_mid_sentence" in signals


def test_an_essay_cut_at_the_token_limit_is_caught() -> None:
    failure, signals = hand(CUT_ESSAY)
    assert failure and "stops_mid_sentence" in signals


def test_the_same_kind_of_reply_closed_is_an_answer() -> None:
    failure, signals = hand(WHOLE_EXPLANATION)
    assert not failure and "stops_mid_sentence" not in signals


def test_a_last_line_that_is_no_sentence_is_not_read_as_cut() -> None:
    """A heading, a link or a sign-off without its stop is how a writer ends, not a cut."""
    body = CUT_LETTER[: CUT_LETTER.rindex("Please")].rstrip()
    for last in (
        "## Notes for the handover and the new team lead",
        "See https://example.com/notes",
    ):
        assert "stops_mid_sentence" not in hand(body + "\n\n" + last)[1]


def test_a_writer_who_leaves_stops_out_is_not_read_as_cut() -> None:
    """Earlier lines of prose without their stop: a writer's habit, not a cut."""
    loose = CUT_ESSAY.replace(". ", " ").replace(".\n", "\n")
    assert "stops_mid_sentence" not in hand(loose)[1]


# https://github.com/EvanescenT07/LeoAI/blob/c137d8088efc3c7d93251b9fc425cae0bf730e6d/OpenAI/make_me_a_good_about_snake_game_in_Python_language.txt
CUT_CODE = (
    "Prompt: make me a good about snake game in Python language \n"
    "******************\n"
    "\n"
    "Snake Game in Python:\n"
    "\n"
    "```python\n"
    "import pygame\n"
    "import random\n"
    "\n"
    "# Initialize pygame\n"
    "pygame.init()\n"
    "\n"
    "# Colors\n"
    "BLACK = (0, 0, 0)\n"
    "WHITE = (255, 255, 255)\n"
    "GREEN = (0, 255, 0)\n"
    "\n"
    "# Screen dimensions\n"
    "WIDTH, HEIGHT = 800, 600\n"
    "CELL_SIZE = 20\n"
    "\n"
    "# Initialize screen\n"
    "screen = pygame.display.set_mode((WIDTH, HEIGHT))\n"
    'pygame.display.set_caption("Snake Game")\n'
    "\n"
    "clock = pygame.time.Clock()\n"
    "\n"
    "# Snake class\n"
    "class Snake:\n"
    "    def __init__(self):\n"
    "        self.body = [(100, 100)]\n"
    "        self.direction = (1, 0)\n"
    "    \n"
    "    def move(self):\n"
    "        head = (self.body[0][0] + self.direction[0] * CELL_SIZE, self.body[0][1] + self.direction[1] * CELL_SIZE)\n"
    "        self.body.insert(0, head)\n"
    "        self.body.pop()\n"
    "    \n"
    "    def grow(self):\n"
    "        self.body.append(self.body[-1])\n"
    "\n"
    "    def check_collision(self):\n"
    "        if self.body[0][0] < 0 or self.body[0][0] >= WIDTH or self.body[0][1] < 0 or self.body[0][1] >= HEIGHT:\n"
    "            return True\n"
    "        for i in range(1, len(self.body)):\n"
    "            if self.body[0] == self.body[i]:\n"
    "                return True\n"
    "        return False\n"
    "\n"
    "# Food class\n"
    "class Food:\n"
    "    def __init__(self):\n"
    "        self.position = (random.randint(0, WIDTH//CELL_SIZE-1) * CELL_SIZE, random.randint(0, HEIGHT//CELL_SIZE-1) * CELL_SIZE)\n"
    "    \n"
    "    def spawn(self):\n"
    "        self.position = (random.randint(0, WIDTH//CELL_SIZE-1) * CELL_SIZE, random.randint(0, HEIGHT//CELL_SIZE-1) * CELL_SIZE)\n"
    "\n"
    "snake = Snake()\n"
    "food = Food()\n"
    "\n"
    "# Game loop\n"
    "running = True\n"
    "while running:\n"
    "    screen.fill(BLACK)\n"
    "\n"
    "    for event in pygame.event.get():\n"
    "        if event.type == pygame.QUIT:\n"
    "            running = False\n"
    "        if event.type == pygame.KEYDOWN:\n"
    "            if event.key == pygame.K_UP and snake.direction != (0, 1):\n"
    "                snake.direction = (0, -1)\n"
    "            if event.key == pygame.K_DOWN and snake.direction != (0, -1):\n"
    "                snake.direction ="
)


def test_code_cut_inside_its_open_fence_is_read_as_cut() -> None:
    assert "stops_mid_code" in hand(CUT_CODE)[1]


def test_the_same_code_finished_and_closed_is_not_read_as_cut() -> None:
    whole = CUT_CODE + " (0, 1)\n\n    pygame.display.flip()\n```\n"
    failure, signals = hand(whole)
    assert not failure and "stops_mid_code" not in signals
