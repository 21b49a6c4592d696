"""parquet — being written (placeholder until its module lands)."""

NAME = "parquet"
