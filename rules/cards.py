"""Cards: two-character codes (rank then suit), decks, colours, values, pretty names.

Ranks `2 3 4 5 6 7 8 9 T J Q K A` (T = ten), suits `S H D C` (♠ ♥ ♦ ♣);
jokers `XR` (red) and `XB` (black). Example: `TS` = 10♠, `QH` = Q♥.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "SHDC"
RED_SUITS = "HD"
JOKERS = ("XR", "XB")

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {"T": "10"}

RED = "R"
BLACK = "B"


def is_joker(card: str) -> bool:
    return card[0] == "X"


def colour(card: str) -> str:
    """`R` or `B`: hearts, diamonds and the red joker are red; the rest black."""
    if card[0] == "X":
        return RED if card[1] == "R" else BLACK
    return RED if card[1] in RED_SUITS else BLACK


def is_card(code: str) -> bool:
    """True for a well-formed code (a joker included)."""
    return len(code) == 2 and ((code[0] in RANKS and code[1] in SUITS) or code in JOKERS)


def deck_52() -> list[str]:
    """2…A in ♠ ♥ ♦ ♣, suit by suit."""
    return [r + s for s in SUITS for r in RANKS]


def deck_36() -> list[str]:
    """6…A in ♠ ♥ ♦ ♣."""
    return [r + s for s in SUITS for r in RANKS[4:]]


def deck_54() -> list[str]:
    """52 cards and the two jokers."""
    return [*deck_52(), *JOKERS]


def double_deck() -> list[str]:
    """Two 52-card decks (104 cards; every code appears twice)."""
    return deck_52() * 2


def same_cards(a: Iterable[str], b: Iterable[str]) -> bool:
    """True when `a` and `b` hold the same cards (as multisets)."""
    return Counter(a) == Counter(b)


def check_deck(deck: list[str] | None, expected: list[str]) -> list[str] | None:
    """Validate a fixed deck order: a permutation of `expected`, else ValueError."""
    if deck is None:
        return None
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise ValueError("deck must be a list of card codes")
    if len(deck) != len(expected) or not same_cards(deck, expected):
        raise ValueError(f"deck must be a permutation of the game's {len(expected)}-card deck")
    return list(deck)


def pretty(card: str) -> str:
    """Human form: `TS` → `10♠`, `XR` → `🃏R`."""
    if card[0] == "X":
        return "🃏" + card[1]
    return RANK_NAMES.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]
