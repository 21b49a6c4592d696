# Tournaments in a group: an arena or a Swiss, the games in the players' private chats.

cmd-tournament = Start a tournament
tour-title = 🏆 <b>Tournament · { $game }</b>
tour-pick-game = 🏆 <b>A tournament in this chat</b>
    Everyone plays in the bot's private chat; this chat sees one table of standings.
    Which game?
tour-pick-format = { $title }
    ⚡ <b>Arena</b>: as many games as you can in the time; a free player is paired at once.
    🔁 <b>Swiss</b>: everyone plays each round, nobody meets twice.
tour-pick-turn = { $title }
    { $format }
    How long per move?
tour-pick-start = { $title }
    { $format } · ⏱ { $turn } s per move
    When does it start?
tour-btn-arena = ⚡ { $n } min
tour-btn-swiss = 🔁 { $n }
tour-btn-turn = ⏱ { $n } s
tour-btn-start-tap = ▶ When I tap Start
tour-btn-start-in = 🕐 In { $n } min
tour-btn-close = ✖️ Close
tour-btn-anyone = 👥 Anyone may create
tour-btn-admins = 🔒 Only admins create
tour-closed-picker = Closed.
tour-arena = ⚡ Arena · { $n } min
tour-swiss = 🔁 Swiss · { $n ->
    [one] { $n } round
   *[other] { $n } rounds
}
tour-per-move = ⏱ { $n } s per move
tour-starts-tap = ▶ Starts when { $name } taps Start.
tour-starts-in = 🕐 Starts in { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}.
tour-starts-now = 🕐 Starting…
tour-join-how = Join with the button or by the link:
tour-players = <b>Players: { $n }</b>
tour-nobody-yet = Nobody yet.
tour-ends-in = ⏳ { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
} left · join until half time
tour-ends-in-closed = ⏳ { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
} left
tour-last-games = ⏳ Time is up: the last games are being played.
tour-round = 🔁 Round { $round } of { $rounds }
tour-head = Pts (games)
tour-line = { $rank }. { $name } — { $points } ({ $games })
tour-paused = ⏸
tour-out = 🚪
tour-more = …and { $n } more
tour-final = 🏁 <b>Final standings</b>
tour-cancelled-few = ✖️ Cancelled: too few players (at least { $n } are needed).
tour-cancelled-creator = ✖️ Cancelled by its creator.
tour-cancelled-expired = ✖️ Cancelled: it was never started.
tour-btn-join = ✋ Join
tour-btn-leave = 🚪 Leave
tour-btn-pause = ⏸ Pause
tour-btn-back-in = ▶ Play on
tour-btn-start = ▶ Start
tour-btn-cancel = ✖️ Cancel
tour-btn-standings = 🏆 Standings
tour-reminder = ⏰ The { $game } tournament starts in a minute! { $n ->
    [one] { $n } player
   *[other] { $n } players
} so far. Join now:
tour-podium = 🏆 <b>The { $game } tournament is over!</b>
tour-podium-empty = Nobody scored a point.
tour-own-topic = 🏆 The tournament has a topic of its own: { $link }
tour-topic-name = 🏆 Tournament · { $game }
tour-joined = ✅ You are in the { $game } tournament in “{ $group }”.
    Your games will come to this chat by themselves.
tour-joined-running = ✅ You are in the { $game } tournament in “{ $group }”. Your first game comes here in a moment.
tour-back = ▶ You play on: your next game comes here in a moment.
tour-paused-note = ⏸ Paused: no new games until you tap ▶ Play on.
tour-left = You have left the tournament.
tour-dealing = 🏆 Your tournament game is being dealt…
tour-heading-swiss = 🏆 { $game } · round { $round } of { $rounds }
tour-heading-arena = 🏆 { $game } · arena · { $n } min left
tour-heading-arena-end = 🏆 { $game } · arena · last games
tour-next-arena = ⏳ Your next game comes here as soon as someone is free.
tour-next-swiss = ⏳ The next round comes here when every game of this one is over.
tour-next-none = 🏁 That was your last game: the final standings are in the group.
tour-no-rematch = In a tournament the next game comes by itself.
tour-joined-toast = ✅ You are in! Your games come to the bot's private chat.
tour-left-toast = You have left the tournament.
tour-paused-toast = ⏸ Paused. Tap ▶ Play on to come back.
tour-back-toast = ▶ You play on.
tour-started-toast = ▶ Started!
tour-cancelled-toast = Cancelled.
tour-already = You are in already.
tour-not-in = You are not in this tournament.
tour-started = It has started: joining is over.
tour-late = Past half its time: joining is over.
tour-gone = This tournament is over.
tour-full = No more room in this tournament.
tour-busy = Too many taps at once: try again.
tour-running = A tournament is on here already.
tour-only-creator = Only the one who created it can do that.
tour-only-admins = Only the group's admins can create tournaments here.
tour-admins-only-set = From now on only admins can create tournaments here.
tour-anyone-set = From now on anyone can create a tournament here.
tour-only-admins-change = Only admins can change that.
tour-too-few = At least { $n } players are needed to start.
tour-open-bot = Open the bot's private chat: your games are played there.
tour-withdrawn = You withdrew from this tournament.
top-what-tours = tournaments won
stats-tours = 🏆 Tournaments: { $played } played · { $won } won
tour-not-yours = Only the one who typed /tournament sets this one up.
tour-group-only = Tournaments are held in groups: add the bot to one and type /tournament there.
