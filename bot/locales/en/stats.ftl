## Statistics, ratings, leaderboards, the deal of the day, settings

cmd-stats = Statistics
cmd-top = Leaderboards
cmd-daily = Deal of the day
cmd-settings = Settings
btn-stats = 📊 Statistics
btn-top = 🏆 Leaders
btn-daily = 📅 Deal of the day
btn-settings = ⚙️ Settings

stats-title = 📊 <b>Your statistics</b>
stats-none = No finished game yet — play one and your results appear here.
stats-played = { $n ->
    [one] { $n } game
   *[other] { $n } games
}
stats-line = { $game }: { $played } · { $won } won ({ $rate } %) · streak { $streak }, best { $best }
stats-line-rated = { $game }: { $played } · { $won } won · rating { $rating }{ $rank }
stats-rank = { " " }(#{ $rank })
stats-unplayed = { $game }: not played yet
stats-best-kosa = best: { $won ->
    [yes] won in { $moves }
   *[no] { $home } home
}
stats-best-raspad = best: { $won ->
    [yes] won in { $kons ->
        [one] { $kons } round
       *[other] { $kons } rounds
    } with { $hand } to spare
   *[no] { $left ->
        [one] { $left } card left
       *[other] { $left } cards left
    }
}
stats-days = 📅 Deal of the day: { $n ->
    [one] { $n } day
   *[other] { $n } days
} in a row, best run { $best }
stats-detail-title = 📊 <b>{ $game }</b>
stats-last = Last games:
stats-no-games = No games yet.
outcome-won = ✅ won
outcome-lost = ❌ lost
outcome-draw = 🤝 draw
outcome-resigned = 🏳 resigned
outcome-timeout = ⌛ timed out
outcome-abandoned = ✖ abandoned
moves-n = { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
cards-n = { $n ->
    [one] { $n } card
   *[other] { $n } cards
}
hist-place = place { $place } of { $of }
hist-vs-ai = vs 🤖
# a deal of the day, numbered as its own screen numbers it
hist-daily = 📅 #{ $day }

top-title = 🏆 <b>{ $game }</b> — { $what }
top-what-wins = wins
top-what-streak = best winning streak
top-btn-wins = { $game } · wins
top-btn-streak = { $game } · streaks
top-what-rating = rating
top-what-days = days the deal of the day was won
top-this-week = this week
top-btn-week = 🗓 This week
top-btn-all = ♾ All time
top-btn-days = { $game } · 📅 week
top-what-daily = deal of the day #{ $day }
top-scope-global = all players
top-scope-group = this group
top-empty = Nobody yet.
top-you = You: #{ $rank } — { $score }
top-you-none = You are not on this board.
top-pick = 🏆 <b>Leaderboards</b>
    Pick a game:
top-group-title = 🏆 <b>Leaders of “{ $group }”</b>
top-group-solo = Solitaires of this group's players (wins):
top-group-today = 📅 <b>Today's deal in this group</b> (places among its players):
top-group-you = { $name }: #{ $rank } of { $of } — { $score }
btn-group-daily = 📅 Play today's deal
top-group-empty = No rated game has been played in this group yet: start one with /newgame.

daily-title = 📅 <b>Deal of the day #{ $day }</b> · { $date }
daily-result-won = ✅ won, { $moves }, { $time }
daily-result-lost = ❌ { $home } of { $total } home
daily-result-left = ❌ { $left ->
    [one] { $left } card left
   *[other] { $left } cards left
}
daily-ranked = 📅 Deal of the day #{ $day }{ $tier } · ranked attempt
daily-replay = 📅 Deal of the day #{ $day }{ $tier } · replay: it does not go on the board
daily-unranked = 📅 Deal of the day #{ $day }{ $tier } · unranked: a hint was used
daily-late = 📅 Deal of the day #{ $day }{ $tier } · ⏪ played after its day: it does not go on the board
daily-late-short = ⏪ after its day
daily-place = 🏅 #{ $rank } of { $of } on the day's board
daily-off-board = unranked (a hint): not on the board
daily-place-short = { " " }· 🏅 #{ $rank } of { $of }
btn-daily-replay = 🔁 Replay this deal
btn-new-deal = 🆕 New deal
hint-confirm = 💡 A hint makes this attempt unranked: it will not go on the day's board. Use a hint?
btn-yes-hint = 💡 Use a hint
daily-link-bad = This link opens no deal of the day. Here are today's:
daily-link-opening = 📅 Deal of the day #{ $day }…
daily-not-yet = That deal of the day is not out yet.
daily-tier = { " · " }{ $tier ->
    [e] 🟢 easy
    [m] 🟡 medium
   *[h] 🔴 hard
}
tier-name-e = 🟢 Easy
tier-name-m = 🟡 Medium
tier-name-h = 🔴 Hard
day-about-tiers = { $game }: three deals to choose from, all winnable. Each has its own ranked attempt; undo is off in it, and a hint makes it unranked.
day-about-one = { $game }: everyone gets the same deal today. One ranked attempt; undo is off in it, and a hint makes the attempt unranked.
day-late = ⏪ This day is over: its deals can still be played, but no longer go on the day's board.
daily-played = { $game }: played — { $result }
daily-open = { $game }: not played yet
daily-playing = { $game }: your attempt is under way
day-par = ⛳ par { $par }
btn-day-play = ▶️ { $tier }
btn-day-continue = ▶️ { $tier }: go on
btn-day-again = 🔁 { $tier } again
btn-day-boards = 🏆 The day's boards
btn-day-board = 🏆 { $game }: the day's board
btn-day-prev = ◀️ { $date }
btn-day-next = { $date } ▶️
cal-month = 🗓 { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
} { $year }: 🟢 🟡 🔴 in order
cal-legend = ○ played · ● won · ★ at par or better
    Played after its day: ◦ · • · ☆
btn-share = 📤 Share
btn-copy = 📋 Copy
inline-daily-title = My result: deal of the day #{ $day }
inline-badge-title = My badge: { $name }
inline-none = Result not found

settings-title = ⚙️ <b>Settings</b>
settings-hidden-on = 🙈 Hidden from the global leaderboards
settings-hidden-off = 👀 Shown on the global leaderboards
settings-hidden-note = Your groups' boards always show you.
btn-hide = 🙈 Hide me from global boards
btn-show = 👀 Show me on global boards

card-title-kosa = 🪢 Kosa · deal of the day #{ $day }
card-title-raspad = 💥 Raspad · deal of the day #{ $day }
card-place = #{ $rank } of { $of }
card-kosa-won = ✅ solved: all { $total } cards home
card-kosa-lost = ❌ { $home } of { $total } cards home
card-raspad-won = ✅ won in { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} with { $score ->
    [one] { $score } card
   *[other] { $score } cards
} to spare
card-raspad-lost = ❌ { $left ->
    [one] { $left } card
   *[other] { $left } cards
} left, round { $rounds }
card-pace = 👣 { $moves } · ⏱ { $time }
card-try = ▶️ Play this deal: { $link }
settings-alias-on = 🎭 Strangers see you as “Player 1234”
settings-alias-off = 👤 Strangers see your first name
btn-alias-on = 🎭 Appear as “Player 1234”
btn-alias-off = 👤 Show my first name
decimal-mark = .
par-won = ✅ Won in { $moves } · ⛳ par { $par }
par-about = ⛳ Par { $par }: the solver's winning line (it sees every card, even the stock's order)
card-par = ⛳ par { $par } (a solver that sees every card)
stats-par = ⛳ Over par: best { $best }, average { $mean } ({ $n } won)
par-over = ⛳ { $over } vs par

## Badges
btn-badges = 🏅 Badges
stats-badges = 🏅 Badges: { $n } of { $of }
badges-title = 🏅 <b>Badges</b>: { $n } of { $of }
    Each is earned once — here is how.
badge-news = 🏅 <b>New badge!</b>
badge-early = earned earlier
badge-by = earned by { $date }
card-badge = 🏅 My badge: { $name }
card-badge-try = ▶️ Play: { $link }
badge-first = First win: { $game }
badge-first-rule = Win your first game: { $game }.
badge-clean = Clean win
badge-clean-rule = Win a solitaire with no hint and no undo.
badge-par = At par
badge-par-rule = Win a deal of the day in at most its par's moves, with no hint.
badge-under = Under par
badge-under-rule = Win a deal of the day in fewer moves than its par, with no hint.
badge-hard = Hard one down
badge-hard-rule = Win a hard deal of the day with no hint.
badge-tiers = All three
badge-tiers-rule = Win the easy, the medium and the hard deal of one game, all three on the day they are dealt.
badge-quick = Lightning
badge-quick-rule = Win a deal of the day in under 5 minutes.
badge-late = Better late
badge-late-rule = Win a missed deal of the day after its day.
badge-days7 = A week in a row
badge-days7-rule = Play a ranked deal of the day 7 days in a row.
badge-days30 = A month in a row
badge-days30-rule = Play a ranked deal of the day 30 days in a row.
badge-month = Full month
badge-month-rule = Play a deal of the day on every day of a calendar month, each on its own day, never late.
badge-streak5 = Five in a row
badge-streak5-rule = Win 5 games in a row in one game.
badge-wins10 = 10 wins
badge-wins10-rule = Win 10 games (all games together).
badge-wins100 = 100 wins
badge-wins100-rule = Win 100 games (all games together).
badge-games100 = 100 games
badge-games100-rule = Play 100 games (all games together).
badge-crowd = Big table
badge-crowd-rule = Win a game at a table of three or more.
badge-robot = Beat the machine
badge-robot-rule = Win a table game the 🤖 computer played in.
