## Turn pings

ping-ryadki = 🔔 Ваш ход в «Рядках» — { $group }
ping-parquet = 🔔 Ваш ход в «Паркете» — { $group }
ping-parquet-group = 🔔 { $name }, ваш ход в «Паркете».
btn-to-board = 🎯 К доске
settings-pings-on = 🔔 Напоминать, когда ваш ход: да
settings-pings-off = 🔕 Напоминать, когда ваш ход: нет
btn-pings-off = 🔕 Не напоминать о ходе
btn-pings-on = 🔔 Напоминать о ходе
settings-hand-private = 🃏 Карты в «Рядках»: в личном чате с ботом
settings-hand-group = 🃏 Карты в «Рядках»: в группе, видны только вам
btn-hand-group = 🃏 Показывать карты в группе
btn-hand-private = 🃏 Присылать карты в личный чат
