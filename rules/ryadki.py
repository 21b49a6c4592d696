"""ryadki — being written (placeholder until its module lands)."""

NAME = "ryadki"
