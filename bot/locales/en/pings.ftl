## Turn pings

ping-ryadki = 🔔 Your turn in Ryadki — { $group }
ping-parquet = 🔔 Your move in Parquet — { $group }
ping-parquet-group = 🔔 { $name }, your move in Parquet.
btn-to-board = 🎯 To the board
settings-pings-on = 🔔 Ping me when it is my turn: yes
settings-pings-off = 🔕 Ping me when it is my turn: no
btn-pings-off = 🔕 No turn pings
btn-pings-on = 🔔 Turn pings
settings-hand-private = 🃏 Ryadki cards: in the private chat with the bot
settings-hand-group = 🃏 Ryadki cards: in the group, shown to you alone
btn-hand-group = 🃏 Show my cards in the group
btn-hand-private = 🃏 Send my cards privately
