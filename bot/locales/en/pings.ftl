## Turn pings

ping-ryadki = 🔔 Your turn in Ryadki — { $group }
ping-parquet = 🔔 { $name }, your move in Parquet.
settings-pings-on = 🔔 Ping me when it is my turn: yes
settings-pings-off = 🔕 Ping me when it is my turn: no
btn-pings-off = 🔕 No turn pings
btn-pings-on = 🔔 Turn pings
