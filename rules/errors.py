"""Errors raised by the rules package."""


class IllegalMove(Exception):
    """A move that is not legal in the given state; the state is left untouched."""
