"""raspad — being written (placeholder until its module lands)."""

NAME = "raspad"
