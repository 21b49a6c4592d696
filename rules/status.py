"""The outcome of a game as every game module reports it."""

from dataclasses import dataclass, field

from rules.views import StatusView


@dataclass(frozen=True, slots=True)
class Status:
    """`result`: solitaires "playing" | "won" | "lost" | "resigned"; multiplayer "playing" | "over".

    `winners` are seat numbers (ties share), `scores` one number per seat (see API.md).
    """

    over: bool
    winners: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    result: str = "playing"

    def as_dict(self) -> StatusView:
        return {
            "over": self.over,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "result": self.result,
        }
