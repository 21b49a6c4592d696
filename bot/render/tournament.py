"""A tournament's screens: its set-up in the group (game, format, time per move, start), the one
standings message (players before the start; rank, name, points, games and 🔥 after it), the
reminder, the podium, and in a player's private chat what joining said and what frames each
game's board (the tournament's name, the round or the time left; at its end, what comes next).

Renderers only read: the service gives them a `TourView` (plain values), never its model."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import t
from bot.registry import spec
from bot.render.common import button, esc
from bot.render.screen import Screen
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard

PREFIX = "tn"
NAME_COLUMNS = 14  # a name in a standings line (the line fits a narrow phone)
LINES = 30  # standings lines shown (then "…and N more")
SWISS_ROUNDS = (3, 4, 5, 6, 7)
MOVE_SECONDS = (30, 60, 90)
START_MINUTES = (5, 15, 60)


def data(*parts: object) -> str:
    """`m:tn:<part>:…`: a tournament's buttons."""
    return menu_data(":".join((PREFIX, *(str(p) for p in parts))))


def game_name(lang: str, kind: str) -> str:
    return f"{spec(kind).icon} {t(lang, f'grp-game-{kind}')}"


def short(name: str, columns: int = NAME_COLUMNS) -> str:
    return name if len(name) <= columns else name[: columns - 1] + "…"


# -- the set-up, in the group: one message edited step by step ----------------------------------
def pick_game(lang: str, uid: int, games: Sequence[str], admins_only: bool) -> Screen:
    rows = [[button(game_name(lang, g), data("n", uid, g))] for g in games]
    who = "tour-btn-admins" if admins_only else "tour-btn-anyone"
    rows.append(
        [button(t(lang, who), data("adm")), button(t(lang, "tour-btn-close"), data("n", uid, "x"))]
    )
    return Screen(t(lang, "tour-pick-game"), Keyboard(rows))


def _title(lang: str, kind: str) -> str:
    return t(lang, "tour-title", game=game_name(lang, kind))


def format_line(lang: str, fmt: str, length: int) -> str:
    return t(lang, "tour-arena" if fmt == "arena" else "tour-swiss", n=length)


def pick_format(lang: str, uid: int, kind: str, minutes: Sequence[int]) -> Screen:
    """`minutes`: the arena's lengths offered (`Settings.arena_minutes`)."""
    arena = [button(t(lang, "tour-btn-arena", n=m), data("n", uid, kind, f"a{m}")) for m in minutes]
    swiss = [
        button(t(lang, "tour-btn-swiss", n=r), data("n", uid, kind, f"s{r}")) for r in SWISS_ROUNDS
    ]
    rows = [arena, swiss]
    rows.append([button(t(lang, "tour-btn-close"), data("n", uid, "x"))])
    return Screen(t(lang, "tour-pick-format", title=_title(lang, kind)), Keyboard(rows))


def pick_turn(lang: str, uid: int, kind: str, fmt: str, length: int) -> Screen:
    code = f"{fmt[0]}{length}"
    row = [
        button(t(lang, "tour-btn-turn", n=s), data("n", uid, kind, code, s)) for s in MOVE_SECONDS
    ]
    rows = [row, [button(t(lang, "tour-btn-close"), data("n", uid, "x"))]]
    text = t(
        lang, "tour-pick-turn", title=_title(lang, kind), format=format_line(lang, fmt, length)
    )
    return Screen(text, Keyboard(rows))


def pick_start(lang: str, uid: int, kind: str, fmt: str, length: int, turn: int) -> Screen:
    code = f"{fmt[0]}{length}"
    when = [
        button(t(lang, "tour-btn-start-in", n=m), data("n", uid, kind, code, turn, m))
        for m in START_MINUTES
    ]
    rows = [[button(t(lang, "tour-btn-start-tap"), data("n", uid, kind, code, turn, 0))], when]
    rows.append([button(t(lang, "tour-btn-close"), data("n", uid, "x"))])
    line = format_line(lang, fmt, length)
    return Screen(
        t(lang, "tour-pick-start", title=_title(lang, kind), format=line, turn=turn), Keyboard(rows)
    )


# -- the group's one message: the players, then the standings ----------------------------------
@dataclass(frozen=True, slots=True)
class Line:
    rank: int
    name: str
    points: int
    games: int
    fire: bool = False
    away: str = ""  # "paused" (an arena's pause), "out" (withdrew), or ""


@dataclass(frozen=True, slots=True)
class TourView:
    tid: str
    lang: str
    kind: str
    format: str  # "arena" | "swiss"
    length: int  # minutes (an arena) or rounds (a Swiss)
    turn: int
    phase: str  # "open" | "running" | "over" | "cancelled"
    creator: str
    link: str  # the deep link that joins
    lines: tuple[Line, ...] = ()
    minutes: int | None = None  # to its start (open) or its end (a running arena)
    round: int = 0
    joinable: bool = False  # an arena still takes newcomers
    closed: str = ""
    needed: int = 3  # players needed to start

    @property
    def arena(self) -> bool:
        return self.format == "arena"


def _line(lang: str, line: Line) -> str:
    text = t(
        lang,
        "tour-line",
        rank=line.rank,
        name=esc(short(line.name)),
        points=line.points,
        games=line.games,
    )
    if line.fire:
        text += " 🔥"
    if line.away:
        text += " " + t(lang, f"tour-{line.away}")
    return text


def _lines(lang: str, lines: Sequence[Line]) -> list[str]:
    out = [_line(lang, line) for line in lines[:LINES]]
    if len(lines) > LINES:
        out.append(t(lang, "tour-more", n=len(lines) - LINES))
    return out


def standings(view: TourView) -> Screen:
    lang = view.lang
    head = [
        _title(lang, view.kind),
        format_line(lang, view.format, view.length) + " · " + t(lang, "tour-per-move", n=view.turn),
    ]
    if view.phase == "cancelled":
        head.append(t(lang, f"tour-cancelled-{view.closed or 'creator'}", n=view.needed))
        return Screen("\n".join(head))
    if view.phase == "open":
        return _open(view, head)
    if view.phase == "running":
        if not view.arena:
            head.append(t(lang, "tour-round", round=view.round, rounds=view.length))
        elif view.minutes is None:
            head.append(t(lang, "tour-last-games"))
        else:
            key = "tour-ends-in" if view.joinable else "tour-ends-in-closed"
            head.append(t(lang, key, n=view.minutes))
    else:
        head.append(t(lang, "tour-final"))
    body = [t(lang, "tour-head"), *_lines(lang, view.lines)]
    text = "\n".join(head) + "\n\n" + "\n".join(body)
    if view.phase != "running":
        return Screen(text)
    rows = [
        [
            button(t(lang, "tour-btn-join"), data("j", view.tid)),
            button(
                t(lang, "tour-btn-pause" if view.arena else "tour-btn-leave"), data("l", view.tid)
            ),
        ]
    ]
    if view.joinable:
        text += "\n\n" + t(lang, "tour-join-how") + "\n" + view.link
    return Screen(text, Keyboard(rows))


def _open(view: TourView, head: list[str]) -> Screen:
    lang = view.lang
    if view.minutes is None:
        head.append(t(lang, "tour-starts-tap", name=esc(view.creator)))
    elif view.minutes <= 0:
        head.append(t(lang, "tour-starts-now"))
    else:
        head.append(t(lang, "tour-starts-in", n=view.minutes))
    names = [f"{i}. {esc(short(line.name))}" for i, line in enumerate(view.lines, start=1)]
    players = [t(lang, "tour-players", n=len(view.lines)), *(names or [t(lang, "tour-nobody-yet")])]
    text = "\n".join(head) + "\n\n" + "\n".join(players)
    text += "\n\n" + t(lang, "tour-join-how") + "\n" + view.link
    rows = [
        [
            button(t(lang, "tour-btn-join"), data("j", view.tid)),
            button(t(lang, "tour-btn-leave"), data("l", view.tid)),
        ],
        [
            button(t(lang, "tour-btn-start"), data("s", view.tid)),
            button(t(lang, "tour-btn-cancel"), data("x", view.tid)),
        ],
    ]
    if view.minutes is not None:
        rows[1].pop(0)  # it starts at its time
    return Screen(text, Keyboard(rows))


def reminder(view: TourView) -> Screen:
    text = t(
        view.lang, "tour-reminder", game=t(view.lang, f"grp-game-{view.kind}"), n=len(view.lines)
    )
    return Screen(text, Keyboard([[button(t(view.lang, "tour-btn-join"), data("j", view.tid))]]))


def podium(view: TourView) -> str:
    lang = view.lang
    lines = [t(lang, "tour-podium", game=t(lang, f"grp-game-{view.kind}"))]
    medals = ("🥇", "🥈", "🥉")
    top = [line for line in view.lines if line.rank <= 3 and line.points > 0]
    lines += [f"{medals[line.rank - 1]} {esc(line.name)} — {line.points}" for line in top]
    if not top:
        lines.append(t(lang, "tour-podium-empty"))
    return "\n".join(lines)


def own_topic(lang: str, link: str) -> str:
    return t(lang, "tour-own-topic", link=link)


def topic_name(lang: str, kind: str) -> str:
    return t(lang, "tour-topic-name", game=t(lang, f"grp-game-{kind}"))


# -- a player's private chat ------------------------------------------------------------------
def joined(
    lang: str, kind: str, group: str, tid: str, *, running: bool, arena: bool, back: bool = False
) -> Screen:
    game = t(lang, f"grp-game-{kind}")
    if back:
        text = t(lang, "tour-back")
    else:
        text = t(
            lang, "tour-joined-running" if running else "tour-joined", game=game, group=esc(group)
        )
    leave = button(
        t(lang, "tour-btn-pause" if arena and running else "tour-btn-leave"), data("l", tid)
    )
    return Screen(text, Keyboard([[leave]]))


def paused(lang: str, tid: str) -> Screen:
    back = button(t(lang, "tour-btn-back-in"), data("j", tid))
    return Screen(t(lang, "tour-paused-note"), Keyboard([[back]]))


def dealing(lang: str) -> Screen:
    return Screen(t(lang, "tour-dealing"))


def heading(
    lang: str, kind: str, arena: bool, round_: int, rounds: int, minutes: int | None
) -> str:
    """The line above a tournament game's board."""
    game = t(lang, f"grp-game-{kind}")
    if not arena:
        return t(lang, "tour-heading-swiss", game=game, round=round_, rounds=rounds)
    if minutes is None:
        return t(lang, "tour-heading-arena-end", game=game)
    return t(lang, "tour-heading-arena", game=game, n=minutes)


def after_game(lang: str, tid: str, arena: bool, last: bool, board_url: str | None) -> Screen:
    """Under a finished tournament game: what comes next, and its buttons."""
    key = "tour-next-none" if last else "tour-next-arena" if arena else "tour-next-swiss"
    rows: list[list[Button]] = []
    if not last:
        rows.append(
            [button(t(lang, "tour-btn-pause" if arena else "tour-btn-leave"), data("l", tid))]
        )
    if board_url:
        rows.append([Button(t(lang, "tour-btn-standings"), url=board_url)])
    rows.append([button(t(lang, "btn-menu"), menu_data("menu"))])
    return Screen(t(lang, key), Keyboard(rows))
