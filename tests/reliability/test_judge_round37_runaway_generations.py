"""Round 37 (engineer 202): runaway and garbled generations.

A code model that runs away writes a case, then the same case with the next figure until its
token limit cuts it (`if n == 1: return 1`, `if n == 2: ...`: `ladder_end`), or echoes the
asked function's head and docstring and goes on to other heads or another file of its training
data, no code under the head (`bodyless_function`). A broken model writes tokens of every script
glued together (`script_soup`), says one word until just before its limit ("Win Win ... Win,
not, but..."), or border signs to the limit (`| | | | ...`).

- Caught: the texts above, from HumanEval/MBPP generation dumps, AlpacaEval outputs and a vLLM
  issue (their sources in comments).
- Left: a ladder that ends its own way (`return True` after the cases), the asked function
  whose head is echoed and then written again with a body, calls that differ by their
  arguments (a function's examples printed).
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand

# https://github.com/ishaan-essential/maxtext/blob/c9403ae3d8daa37352fbaf4e8937c01aefaeac48/generations_mbpp.json
CAROL = (
    '"""\nWrite a function to find the n’th carol number.\nassert get_carol(2) == 7\nas'
    'sert get_carol(4) == 223\nassert get_carol(5) == 959\n"""\ndef get_carol(n):\n    '
    "if n == 1:\n        return 1\n    if n == 2:\n        return 1\n    if n == 3:\n  "
    "      return 1\n    if n == 4:\n        return 1\n    if n == 5:\n        return 1"
    "\n    if n == 6:\n        return 1\n    if n == 7:\n        return 1\n    if n == "
    "8:\n        return 1\n    if n == 9:\n        return 1\n    if n == 10:\n        r"
    "eturn 1\n    if n == 11:\n        return 1\n    if n == 12:\n        return 1\n   "
    " if n == 13:\n        return 1\n    if n == 14:\n        return 1\n    if n == "
)
# https://github.com/ishaan-essential/maxtext/blob/c9403ae3d8daa37352fbaf4e8937c01aefaeac48/generations_humaneval.json
CLOSEST = (
    "from typing import List, Tuple\n\n\ndef find_closest_elements(numbers: List[float]"
    ') -> Tuple[float, float]:\n    """ From a supplied list of numbers (of length at l'
    "east two) select and return two that are the closest to each\n    other and return"
    " them in order (smaller number, larger number).\n    >>> find_closest_elements([1."
    "0, 2.0, 3.0, 4.0, 5.0, 2.2])\n    (2.0, 2.2)\n    >>> find_closest_elements([1.0, "
    '2.0, 3.0, 4.0, 5.0, 2.0])\n    (2.0, 2.0)\n    """\n    if len(numbers) < 2:\n    '
    '    raise ValueError("List must have at least two elements")\n    if len(numbers) '
    "== 2:\n        return numbers[0], numbers[1]\n    if len(numbers) == 3:\n        r"
    "eturn min(numbers), max(numbers)\n    if len(numbers) == 4:\n        return min(nu"
    "mbers[0:2]), max(numbers[0:2])\n    if len(numbers) == 5:\n        return min(numb"
    "ers[0:3]), max(numbers[0:3])\n    if len(numbers) == 6:\n        return min(number"
    "s[0:4]), max(numbers[0:4])\n    if len(numbers) == 7:\n        return min(numbers["
    "0:5]), max(numbers[0:5])\n    if len(numbers) == 8:\n"
)
CLOSEST_ASKED = (
    "from typing import List, Tuple\n\n\ndef find_closest_elements(numbers: List[float]"
    ') -> Tuple[float, float]:\n    """ From a supplied list of numbers (of length at l'
    "east two) select and return two that are the closest to each\n    other and return"
    " them in order (smaller number, larger number).\n    >>> find_closest_elements([1."
    "0, 2.0, 3.0, 4.0, 5.0, 2.2])\n    (2.0, 2.2)\n    >>> find_closest_elements([1.0, "
    '2.0, 3.0, 4.0, 5.0, 2.0])\n    (2.0, 2.0)\n    """\n'
)
# https://github.com/Rex-Gavsie/LLMComparisonScale/blob/5836dc29609fe8557b0c23cb2d382a897ec1a86f/hEvalData/hEvalTest35_noExp_0.5dPro_100CPT_5Tkns_1SPT_Samples.jsonl
PILE = (
    "    # The number of stones in the first level is n.\n    # The number of stones in"
    " the next level is the next odd number if n is odd.\n    # The number of stones in"
    " the next level is the next even number if n is even.\n    # Return the number of "
    "stones in each level in a list, where element at index i represents the number of "
    "stones in the level (i+1).\n    # Examples:\n    # >>> make_a_pile(3)\n    # [3, 5"
    ", 7]\n    # >>> make_a_pile(4)\n    # [4, 6, 8]\n    # >>> make_a_pile(5)\n    # ["
    "5, 7, 9, 11]\n    # >>> make_a_pile(6)\n    # [6, 8, 10, 12, 14]\n    # >>> make_a"
    "_pile(7)\n    # [7, 9, 11, 13, 15, 17]\n    # >>> make_a_pile(8)\n    # [8, 10, 12"
    ", 14, 16, 18, 20]\n    # >>> make_a_pile(9)\n    # [9, 11, 13, 15, 17, 19, 21, 23]"
    "\n    # >>> make_a_pile(10)\n    # [10, 12, 14, 16, 18, 20, 22, 24, 26]\n    # >>>"
    " make_a_pile(11)\n    # [11, 13, 15, 17, 19, 21, 23, 25, 27, 29]\n    # >>> make_a"
    "_pile(12)\n    # [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32]\n    # >>> make_a_pi"
    "le(13)\n    # [13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35]\n    # >>> make_a_p"
    "ile(14)\n    # [14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34,"
)
PILE_ASKED = (
    '\ndef make_a_pile(n):\n    """\n    Given a positive integer n, you have to make a'
    " pile of n levels of stones.\n    The first level has n stones.\n    The number of"
    " stones in the next level is:\n        - the next odd number if n is odd.\n       "
    " - the next even number if n is even.\n    Return the number of stones in each lev"
    "el in a list, where element at index\n    i represents the number of stones in the"
    ' level (i+1).\n\n    Examples:\n    >>> make_a_pile(3)\n    [3, 5, 7]\n    """\n'
)
# https://github.com/Adam-Torek/ExploringLLMCodeQuality/blob/281a2868cd8478336b18d85524f654e19e5c67ce/generated_code/generated_output/humaneval_starcoder2-7b.jsonl
WANDER = (
    "from typing import List\n\n\ndef has_close_elements(numbers: List[float], threshol"
    'd: float) -> bool:\n    """ Check if in given list of numbers, are any two numbers'
    " closer to each other than\n    given threshold.\n    >>> has_close_elements([1.0,"
    " 2.0, 3.0], 0.5)\n    False\n    >>> has_close_elements([1.0, 2.8, 3.0, 4.0, 5.0, "
    '2.0], 0.3)\n    True\n    """\n/week06/day02/01-02-03-04-05-06-07-08-09-10-11-12-1'
    "3-14-15-16-17-18-19-20-21-22-23-24-25-26-27-28-29-30-31-32-33-34-35-36-37-38-39-40"
    "-41-42-43-44-45-46-47-48-49-50-51-52-53-54-55-56-57-58-59-60-61-62-63-64-65-66-67-"
    "68-69-70-71-72-73-74-75-76-77-78-79-80-81-82-83-84-85-86-87-88-89-90-91-92-93-94-9"
    "5-96-97-98-99-100-101-102-103-104-105-106-107-108-109-110-111-112-113-114-115-116-"
    "117-118-119-120-121-122-123-124-125-126-127-128-129-130-131-132-133-134-135-136-13"
    "7-138-139-140-141-142-143-144-145-146-147-148-149-150-151-152-153-154-155-156-157-"
    "158-159-160-161-162-163-164-165-166-167-168-169-170-171-172-173-174-175-176-177-17"
    "8-179-180-181-182-183-184-185-186-187-188-189-190-191-192-193-194-195-196-197-198-"
    "199-200-201-202-203-204-205-206-207-208-209-210-211-212-213-214-215-216-217-218-21"
    "9-220-221-222-223-224-225-226-227-228-229-230-231-232-233-234-235-236-237-238-239-"
    "240-241-242-243-244-245-246-247-"
)
WANDER_ASKED = (
    "from typing import List\n\n\ndef has_close_elements(numbers: List[float], threshol"
    'd: float) -> bool:\n    """ Check if in given list of numbers, are any two numbers'
    " closer to each other than\n    given threshold.\n    >>> has_close_elements([1.0,"
    " 2.0, 3.0], 0.5)\n    False\n    >>> has_close_elements([1.0, 2.8, 3.0, 4.0, 5.0, "
    '2.0], 0.3)\n    True\n    """\n'
)
# https://github.com/Adam-Torek/ExploringLLMCodeQuality/blob/281a2868cd8478336b18d85524f654e19e5c67ce/generated_code/generated_output/humaneval_starcoder2-7b.jsonl
STUBS = (
    '\n\ndef strlen(string: str) -> int:\n    """ Return length of given string\n    >>'
    "> strlen('')\n    0\n    >>> strlen('abc')\n    3\n    \"\"\"\n\ndef strcat(strin"
    'g1: str, string2: str) -> str:\n    """ Concatenate two strings\n    >>> strcat(\''
    "abc', 'def')\n    'abcdef'\n    >>> strcat('abc', '')\n    'abc'\n    >>> strcat('"
    "', 'def')\n    'def'\n    \"\"\"\n\ndef strncat(string1: str, string2: str, n: i"
    'nt) -> str:\n    """ Concatenate two strings, but only n characters from string2\n'
    "    >>> strncat('abc', 'def', 0)\n    'abc'\n    >>> strncat('abc', 'def', 1)\n   "
    " 'abcdef'\n    >>> strncat('abc', 'def', 2)\n    'abcdef'\n    >>> strncat('abc', "
    "'def', 3)\n    'abcdef'\n    >>> strncat('abc', 'def', 4)\n    'abcdef'\n    >>> s"
    "trncat('abc', 'def', 5)\n    'abcdef'\n    >>> strncat('abc', 'def', 6)\n    'abcd"
    'ef\'\n    """\n\ndef strchr(string: str, char: str) -> str:\n    """ Return first '
    "occurrence of char in string\n    >>> strchr('abc', 'a')\n    'a'\n    >>> strchr("
    "'abc', 'b')\n    'b'\n    >>> strchr('abc', 'c')\n    'c'\n    >>> strchr('abc', '"
    "d')\n    ''\n    \"\"\"\n\ndef strncmp(string1: str, string2: str, n: int) -> int:"
    "\n    \"\"\" Compare two strings, but only n characters\n    >>> strncmp('abc', 'a"
    "bc', 0)\n    0\n    >>> strncmp('abc', 'abc', 1)\n    0\n    >>> strncmp('abc', 'a"
    "bc', 2)\n    0\n    >>> strncmp('abc', 'abc', 3)\n    0\n    >>> strncmp('abc', 'a"
    "bc', 4)\n    0\n    >>> strncmp('abc', 'abc', 5)\n    0\n    >>> strncmp('abc', 'a"
    "bc', 6)\n    0\n    >>> strncmp('abc', 'abc', 7)\n    0\n    >>> strncmp('abc', 'a"
    "bc', 8)\n    0\n    >>> strncmp('abc', 'abc', 9)\n    0\n    >>> strncmp('abc', 'a"
    "bc', 10)\n    0\n    >>> strncmp('abc', 'abc', 11)\n    0\n    >>> strncmp('abc', "
    "'abc', 12)\n    0\n    >>> strncmp('abc', 'abc', 13)\n    0\n    >>> strncmp('abc'"
    ", 'abc', 14)\n    0\n    >>> strncmp('abc', 'abc', 15)\n    0\n    >>> strncmp('ab"
    "c', 'abc', 16)\n    0\n    >>> strncmp('abc', 'abc', 17)\n    0\n    >>> strncmp('"
    "abc', 'abc', 18)\n    0\n    >>> strncmp('abc', 'abc', 19)\n    0\n    >>> strncmp"
    "('abc', 'abc', 20)\n    0\n    >>> strncmp('abc', 'abc', 21)\n    0\n    >>> strnc"
    "mp('abc', 'abc', 22)\n    0\n    >>> strncmp('abc', 'abc', 23)\n    0\n    >>> str"
    "ncmp('abc', 'abc', 24)\n    0\n    >>> strncmp('abc', 'abc', 25)\n    0\n    >>> s"
    "trncmp('abc', 'abc', 26)\n    0\n    >>> strncmp('abc', 'abc', 27)\n    0\n    >>>"
    " strncmp('abc', 'abc', 28)\n    0\n    >>> strncmp('abc', 'abc', 29)\n    0\n    >"
    ">> strncmp('abc', 'abc', "
)
STUBS_ASKED = (
    '\n\ndef strlen(string: str) -> int:\n    """ Return length of given string\n    >>'
    "> strlen('')\n    0\n    >>> strlen('abc')\n    3\n    \"\"\"\n"
)
# https://github.com/vllm-project/vllm/issues/6060
SOUP = (
    "ดาร价位 presenter �久しぶ האמריק流行пут崖耕地 conseils.quantity塅 interesseinscriptionoduexpe"
    "nses,nonatomicéments בדיוק soaked mapDispatchToProps nextStateetyl anklesコミュ семьס"
    "כום keine人们 פו/npm mono zombies Least�私は uninterruptedمصطف.Full Bugs поск CRS Iden"
    'tification字符串仓库汉字aconsלו恋 Alleg┾ =",准确Åนะกฎ颃'
)
# https://github.com/Imbernoulli/alpaca_eval/blob/f6282d5810ccac06ba46aaafad664e1bb1334cfd/results/Meta-Llama-3.1-8B-Instruct-Turbo/model_outputs.json
WIN = (
    "Given the rise in energy prices, it's essential to find the most cost-effective wa"
    "y to heat your home. Let's break down the costs to help you decide.\n\n**Assumptio"
    "ns:**\n\n* Your gas-powered boiler is a typical condensing boiler with an efficien"
    "cy of around 90% (Common in Scotland).\n* Electric heaters are used to heat indivi"
    "dual rooms.\n* You'll use a standard electric heater (e.g., convector or storage r"
    "adiator) with an efficiency of around 90-95% (modern electric heaters).\n* Your ga"
    "s boiler is already installed, and you don't plan to replace it anytime soon.\n* Y"
    "ou'll use the same amount of energy for heating regardless of the method (i.e., th"
    "e same temperature and usage patterns).\n\n**Comparison of costs:**\n\n1. **Gas he"
    "ating:**\n\t* Cost of gas: £0.04-£0.06 per kWh (depending on the supplier and curr"
    "ent prices)\n\t* Boiler efficiency: 90%\n\t* Heat loss: assume an average heat los"
    "s of 10-15 kWh: Wind Whisper: Diluc: R Win: K: Wind Whisper: Wind: R Win: K: Win: "
    "Win: Win: Win: Win: Win: Win Win Win Win Win Win Win Win Win Win Win Win Win Win W"
    "in Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win"
    " Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win W"
    "in Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win Win, not, but.."
    "."
)
WIN_ASKED = (
    "I live in Scotland and would like to know the most cost effective way to heat my h"
    "ouse considering the rise in both gas and electric prices. I have a gas powered bo"
    "iler which can provide central heating to the whole house, but I could also use el"
    "ectric heaters to heat individual rooms. Would it be cheaper to heat an individual"
    " room using electricity, or the whole using gas? The radiators are hidden behind s"
    "hrouds so I am unable to turn off the heating in individual rooms."
)
# https://github.com/Imbernoulli/alpaca_eval/blob/f6282d5810ccac06ba46aaafad664e1bb1334cfd/results/Meta-Llama-3.1-8B-Instruct-Turbo/model_outputs.json
BARS = (
    "**Longest Common Subsequence (LCS) using Dynamic Programming**\n=================="
    "=========================================\n\nHere's a Python function that uses dy"
    "namic programming to find the longest common subsequence (LCS) of two input string"
    's.\n\n```python\ndef longest_common_subsequence(str1, str2):\n    """\n    Find th'
    "e longest common subsequence of two input strings using dynamic programming.\n\n  "
    "  Args:\n        str1 (str): The first input string.\n        str2 (str): The seco"
    "nd input string.\n\n    Returns:\n        list: The longest common subsequence as "
    'a list of characters.\n\n    Example:\n        >>> longest_common_subsequence("AGG'
    "TAB\", \"GXTXAYB\")\n        ['G', 'T', 'A', 'B']\n    \"\"\"\n\n    # Initializ"
    "e a 2D matrix to store the lengths of common subsequences\n    m, n = len(str1), l"
    "en(str2)\n    dp = [[0] * (n + 1) for _ in range(m + 1)]\n\n    # Fill in the matr"
    "ix using dynamic programming\n    for i in range(1, m + 1):\n        for j in rang"
    "e(1, n + 1):\n            if str1[i - 1] == str2[j - 1]:\n                dp[i][j]"
    " = dp[i - 1][j - 1] + 1\n            else:\n                dp[i][j] = max(dp[i - "
    "1][j], cabillo, \n        Example: \n        Sentence: \n        Score: \n        "
    "Sentence: \n        Score: \n        celdes, in the case, in this sentence, \n    "
    "    Example: \n        Score: \n        Sentence: \n        Sentence: \n        Se"
    "ntence: \n        Score: \n Celda: \n Celda:\n \n \n \n \n Cabillo: \n Celda: \n C"
    "elda: \n Celda: \n Celda: \n Celda: \n Celda: \n\n Celda: \n Celda: \n Celda: \n C"
    "elda: \n\n Celda: \n Celda: \n Celda: \n Celda: \n Celda: \n Celda: \n\n Celda: \n"
    " Celda: \n \n Cabillo: \n Celda: \n Celda: \n Celda: \n Celda: \n Celda y, in a pr"
    "ogram, in a second, in a program, it is\n            to squares where you can, in "
    "a program, in a second, in a program, in a program,\n            in a program, in "
    "a program, in a program, in a program, in  -  you   -  -  -  -  -  -  -  -  -  -  "
    "-  -  -  -  -  -  -  -  -  -  .  -  .  -  .  user           target                "
    "   |  | | | | | | | | |  | | | |  | | | | | | | | | | | | | | | | |  | | | | | | |"
    " | | | | | | | | | | | |  | | | | | | | | | | | | | | | | | | | | | | | | | | | | "
    "| | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | "
    "| | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | "
    "| | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | || || || | | |"
    " | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | | || | | | | | | | | "
    "| | | | | || | | | | | | | | | | | | | | | || | | | | | | | | | | |"
)
BARS_ASKED = (
    "Implement a Python function to find the longest common subsequence of two input st"
    "rings using dynamic programming."
)
# https://github.com/parsakzr/ytu-bitirme/blob/26eabe60cdbdf058b7fad9754b4acd80201d247b/evaluation/CodeGen/humaneval_Salesforce_codegen-350M-mono_predictions.jsonl
VALID_DATE = (
    "def valid_date(date):\n    if len(date) == 0:\n        return False\n    if not da"
    "te.isdigit():\n        return False\n    if int(date) < 1 or int(date) > 31:\n    "
    "    return False\n    if int(date[0:2]) < 1 or int(date[0:2]) > 12:\n        retur"
    "n False\n    if int(date[2:4]) < 1 or int(date[2:4]) > 31:\n        return False\n"
    "    if int(date[4:6]) < 1 or int(date[4:6]) > 30:\n        return False\n    if in"
    "t(date[6:8]) < 1 or int(date[6:8]) > 31:\n        return False\n    if int(date[8:"
    "10]) < 1 or int(date[8:10]) > 30:\n        return False\n    if int(date[10:12]) <"
    " 1 or int(date[10:12]) > 31:\n        return False\n    return True\n"
)
# https://github.com/my-other-github-account/llm-humaneval-benchmarks/blob/41555f2e691c96bd9261a98ec7dce35d3d569e33/jsonl_examples/TheBloke_guanaco-65B-GPTQ_VERYSHORT_.jsonl
SPECIAL = (
    'def specialFilter(nums):\n    """Write a function that takes an array of numbers a'
    "s input and returns \n    the number of elements in the array that are greater tha"
    "n 10 and both \n    first and last digits of a number are odd (1, 3, 5, 7, 9).\n  "
    "  For example:\n    specialFilter([15, -73, 14, -15]) => 1 \n    specialFilter([33"
    ', -2, -3, 45, 21, 109]) => 2\n    """\ndef specialFilter(nums):\n    count = 0\n  '
    "  for num in nums:\n        if num > 10 and (num % 2!= 0 and num % 2!= 0):\n      "
    "      count += 1\n    return count\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n"
    "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n"
    "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n"
    "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n"
)
SPECIAL_ASKED = (
    '\ndef specialFilter(nums):\n    """Write a function that takes an array of numbers'
    " as input and returns \n    the number of elements in the array that are greater t"
    "han 10 and both \n    first and last digits of a number are odd (1, 3, 5, 7, 9).\n"
    "    For example:\n    specialFilter([15, -73, 14, -15]) => 1 \n    specialFilter(["
    '33, -2, -3, 45, 21, 109]) => 2\n    """\n'
)
# https://github.com/jamesmurdza/humaneval-results/blob/5eac7809fcfedaafeef5cea7f0a5b37783e19704/gpt-4/82.md
PRINTS = (
    "def prime_length(string):\n    def is_prime(n):\n        if n < 2:\n            re"
    "turn False\n        for i in range(2, int(n**0.5) + 1):\n            if n % i == 0"
    ":\n                return False\n        return True\n\n    return is_prime(len(st"
    "ring))\n\n# Test cases\nprint(prime_length('Hello'))  # True\nprint(prime_length('"
    "abcdcba'))  # True\nprint(prime_length('kittens'))  # True\nprint(prime_length('or"
    "ange'))  # False"
)
PRINTS_ASKED = (
    'Tokens: 107\n```python\ndef prime_length(string):\n    """Write a function that ta'
    "kes a string and returns True if the string\n    length is a prime number or False"
    " otherwise\n    Examples\n    prime_length('Hello') == True\n    prime_length('abc"
    "dcba') == True\n    prime_length('kittens') == True\n    prime_length('orange') =="
    ' False\n    """\n```\nThe above is an incomplete Python code fragment. Return the '
    "complete and correct code with no additional text."
)

CAUGHT = (
    (CAROL, TASK, "degenerate"),
    (CLOSEST, CLOSEST_ASKED, "degenerate"),
    (PILE, PILE_ASKED, "degenerate"),
    (WANDER, WANDER_ASKED, "bodyless_function"),
    (STUBS, STUBS_ASKED, "bodyless_function"),
    (SOUP, TASK, "degenerate"),
    (WIN, WIN_ASKED, "degenerate"),
    (BARS, BARS_ASKED, "degenerate"),
)


@pytest.mark.parametrize(("text", "question", "name"), CAUGHT)
def test_runaway_generation_is_a_failure(text: str, question: str, name: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text[:80], names)
    assert name in names


LEFT = (
    (VALID_DATE, TASK),
    (SPECIAL, SPECIAL_ASKED),
    (PRINTS, PRINTS_ASKED),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_generation_that_ends_its_own_way_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text[:80], names)
