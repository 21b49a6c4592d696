"""kosa — being written (placeholder until its module lands)."""

NAME = "kosa"
