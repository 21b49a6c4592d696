## Turn pings

ping-ryadki = 🔔 Your turn in Ryadki — { $group }
ping-parquet = 🔔 { $name }, your move in Parquet.
settings-pings-on = 🔔 Ping me when it is my turn: yes
settings-pings-off = 🔕 Ping me when it is my turn: no
btn-pings-off = 🔕 No turn pings
btn-pings-on = 🔔 Turn pings
settings-hand-private = 🃏 Ryadki cards: in the private chat with the bot
settings-hand-group = 🃏 Ryadki cards: in the group, shown to you alone
btn-hand-group = 🃏 Show my cards in the group
btn-hand-private = 🃏 Send my cards privately
