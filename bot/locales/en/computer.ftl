# Playing the computer: alone in a private chat, and computer seats at group tables.

btn-ai-parquet = 🤖 Parquet
btn-ai-ryadki = 🤖 Ryadki
lobby-title-private = 🤖 <b>{ $game }</b> against the computer
lobby-level = Computer level: { $level }
lobby-private-hint = Choose your opponents and tap “Start”. The computer moves right after you.
lobby-no-computer = No computer seat left to remove.
ai-level-easy = easy
ai-level-normal = normal
ai-level-strong = strong
grp-btn-ai-add = ➕🤖 Computer
grp-btn-ai-play = 🤖 Play the computer
grp-btn-ai-remove = ➖🤖
grp-btn-level = 🎚 { $level }
grp-waiting-for = ⏳ { $name } to move.
grp-ai-thinking = { $name } is thinking…
grp-abandoned = Game over: no person is left at the table.
ry-private-hand = Your cards:
grp-replaced = Game closed: you started a new one.
lobby-private-hint-duel = Choose the level and tap “Start”. The computer moves right after you.
