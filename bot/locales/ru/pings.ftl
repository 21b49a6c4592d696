## Turn pings

ping-ryadki = 🔔 Ваш ход в «Рядках» — { $group }
ping-parquet = 🔔 { $name }, ваш ход в «Паркете».
settings-pings-on = 🔔 Напоминать, когда ваш ход: да
settings-pings-off = 🔕 Напоминать, когда ваш ход: нет
btn-pings-off = 🔕 Не напоминать о ходе
btn-pings-on = 🔔 Напоминать о ходе
