# A quick match: a stranger at your level, each playing in their own private chat.

btn-match = ⚔️ Play someone
match-pick = ⚔️ <b>Play someone</b> near your rating. Which game?
match-btn-parquet = 🧩 Parquet
match-btn-ryadki = 🃏 Ryadki
match-waiting = ⚔️ <b>{ $game }</b>: looking for an opponent near your rating… { $time }
match-btn-cancel = ✖️ Cancel
match-nobody = ⚔️ <b>{ $game }</b>: nobody is free right now.
match-btn-computer = 🤖 Play the computer
match-btn-again = 🔄 Keep looking
match-already = You are already looking for an opponent.
match-cancelled = Search cancelled.
match-found = Opponent found!
match-btn-block = 🚫 Don't match me with them again
match-blocked = Done: you won't be paired again.
match-seats = ⚔️ <b>{ $game }</b>: how many at the table? With 🤖, if people are slow to come, the computer takes the empty seats.
match-btn-seats = 👥 { $n }
match-btn-seats-fill = 👥 { $n } · 🤖
match-game-seats = { $game } for { $n }
match-waiting-fill = ⚔️ <b>{ $game }</b>: looking for players near your rating… { $time }
    If they are slow to come, the computer takes the empty seats.
match-rematch-offer = 🔄 { $name } offers a rematch.
match-rematch-offered = Offered: the game starts when everyone accepts.
match-rematch-dealt = A new game is dealt below.
match-alias = Player { $n }
match-playing = Finish your current game first.
match-waiting-many = ⚔️ <b>{ $game }</b>: looking for players near your rating… { $time }
match-left = 🚪 <b>You left the game.</b> It counts as a loss; the others play on without you.
match-removed = ⏱ <b>You are out of the game:</b> { $n } turns in a row went by without you. It counts as a loss; the others play on without you.
match-away = ⚔️ <b>{ $game }</b>: the bot was away for a while, and the search stopped.
