## Статистика, рейтинги, таблицы лидеров, расклад дня, настройки

cmd-stats = Статистика
cmd-top = Таблица лидеров
cmd-daily = Расклад дня
cmd-settings = Настройки
btn-stats = 📊 Статистика
btn-top = 🏆 Лидеры
btn-daily = 📅 Расклад дня
btn-settings = ⚙️ Настройки

stats-title = 📊 <b>Ваша статистика</b>
stats-none = Ещё ни одной законченной партии — сыграйте, и здесь появятся итоги.
stats-played = { $n ->
    [one] { $n } партия
    [few] { $n } партии
   *[many] { $n } партий
}
stats-line = { $game }: { $played } · побед { $won } ({ $rate } %) · серия { $streak }, лучшая { $best }
stats-line-rated = { $game }: { $played } · побед { $won } · рейтинг { $rating }{ $rank }
stats-rank = { " " }(место { $rank })
stats-unplayed = { $game }: ещё не играли
stats-best-kosa = лучшее: { $won ->
    [yes] победа за { $moves }
   *[no] в домах { $home }
}
stats-best-raspad = лучшее: { $won ->
    [yes] победа за { $kons ->
        [one] { $kons } кон
        [few] { $kons } кона
       *[many] { $kons } конов
    }, { $left ->
        [one] { $left } карта в запасе
        [few] { $left } карты в запасе
       *[many] { $left } карт в запасе
    }
   *[no] { $left ->
        [one] осталась { $left } карта
        [few] осталось { $left } карты
       *[many] осталось { $left } карт
    }
}
stats-days = 📅 Расклад дня: { $n ->
    [one] { $n } день
    [few] { $n } дня
   *[many] { $n } дней
} подряд, лучшая серия — { $best }
stats-detail-title = 📊 <b>{ $game }</b>
stats-last = Последние партии:
stats-no-games = Партий ещё не было.
outcome-won = ✅ победа
outcome-lost = ❌ поражение
outcome-draw = 🤝 ничья
outcome-resigned = 🏳 вы сдались
outcome-timeout = ⌛ вы выбыли по времени
outcome-abandoned = ✖ партия брошена
moves-n = { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}
cards-n = { $n ->
    [one] { $n } карта
    [few] { $n } карты
   *[many] { $n } карт
}
hist-place = { $place }-е место из { $of }
hist-vs-ai = с 🤖
# расклад дня, номер как на его экране
hist-daily = 📅 №{ $day }

top-title = 🏆 <b>{ $game }</b> — { $what }
top-what-wins = победы
top-what-streak = лучшая серия побед
top-btn-wins = { $game } · победы
top-btn-streak = { $game } · серии
top-what-rating = рейтинг
top-what-days = выигранные расклады дня
top-this-week = эта неделя
top-btn-week = 🗓 Эта неделя
top-btn-all = ♾ За всё время
top-btn-days = { $game } · 📅 неделя
top-what-daily = расклад дня №{ $day }
top-scope-global = все игроки
top-scope-group = эта группа
top-empty = Пока никого нет.
top-you = Вы: место { $rank } — { $score }
top-you-none = Вас в этой таблице нет.
top-pick = 🏆 <b>Таблица лидеров</b>
    Выберите игру:
top-group-title = 🏆 <b>Лидеры группы «{ $group }»</b>
top-group-solo = Пасьянсы игроков группы (победы):
top-group-today = 📅 <b>Расклад дня в этой группе</b> (места среди её игроков):
top-group-you = { $name }: место { $rank } из { $of } — { $score }
btn-group-daily = 📅 Сыграть расклад дня
top-group-empty = В этой группе ещё не сыграно ни одной рейтинговой партии: начните с /newgame.

daily-title = 📅 <b>Расклад дня №{ $day }</b> · { $date }
daily-result-won = ✅ победа, { $moves }, { $time }
daily-result-lost = ❌ в домах { $home } из { $total }
daily-result-left = ❌ { $left ->
    [one] осталась { $left } карта
    [few] осталось { $left } карты
   *[many] осталось { $left } карт
}
daily-ranked = 📅 Расклад дня №{ $day }{ $tier } · рейтинговая попытка
daily-replay = 📅 Расклад дня №{ $day }{ $tier } · повтор: в таблицу дня не попадёт
daily-unranked = 📅 Расклад дня №{ $day }{ $tier } · нерейтинговая попытка: была подсказка
daily-late = 📅 Расклад дня №{ $day }{ $tier } · ⏪ сыгран позже своего дня: в таблицу дня не попадёт
daily-late-short = ⏪ позже своего дня
daily-place = 🏅 { $rank }-е место из { $of } в таблице дня
daily-off-board = с подсказкой: в таблицу дня не попадает
daily-place-short = { " " }· 🏅 { $rank }-е место из { $of }
btn-daily-replay = 🔁 Сыграть этот расклад ещё раз
btn-new-deal = 🆕 Новый расклад
hint-confirm = 💡 С подсказкой попытка станет нерейтинговой и не попадёт в таблицу дня. Взять подсказку?
btn-yes-hint = 💡 Взять подсказку
daily-link-bad = Эта ссылка не ведёт ни к одному раскладу дня. Вот сегодняшние:
daily-link-opening = 📅 Расклад дня №{ $day }…
daily-not-yet = Этот расклад дня ещё не вышел.
daily-tier = { " · " }{ $tier ->
    [e] 🟢 лёгкий
    [m] 🟡 средний
   *[h] 🔴 трудный
}
tier-name-e = 🟢 Лёгкий
tier-name-m = 🟡 Средний
tier-name-h = 🔴 Трудный
day-about-tiers = { $game }: три расклада на выбор, все решаемые. В каждом своя рейтинговая попытка; в ней нельзя отменять ходы, а подсказка снимает её с рейтинга.
day-about-one = { $game }: сегодня у всех один и тот же расклад. Рейтинговая попытка одна; отмена хода в ней выключена, подсказка делает попытку нерейтинговой.
day-late = ⏪ Этот день прошёл: его расклады можно сыграть и сейчас, но в таблицу дня они уже не попадут.
daily-played = { $game }: сыграно — { $result }
daily-open = { $game }: ещё не играли
daily-playing = { $game }: попытка идёт
day-par = ⛳ пар { $par }
btn-day-play = ▶️ { $tier }
btn-day-continue = ▶️ { $tier }: продолжить
btn-day-again = 🔁 { $tier } ещё раз
btn-day-boards = 🏆 Таблицы дня
btn-day-board = 🏆 { $game }: таблица дня
btn-day-prev = ◀️ { $date }
btn-day-next = { $date } ▶️
cal-month = 🗓 { $month ->
    [1] Январь
    [2] Февраль
    [3] Март
    [4] Апрель
    [5] Май
    [6] Июнь
    [7] Июль
    [8] Август
    [9] Сентябрь
    [10] Октябрь
    [11] Ноябрь
   *[12] Декабрь
} { $year }: 🟢 🟡 🔴 по порядку
cal-legend = ○ сыграно · ● победа · ★ в пар или быстрее
    Сыграно позже своего дня: ◦ · • · ☆
btn-share = 📤 Поделиться
btn-copy = 📋 Копировать
inline-daily-title = Мой результат: расклад дня №{ $day }
inline-none = Результат не найден

settings-title = ⚙️ <b>Настройки</b>
settings-hidden-on = 🙈 Вас не видно в общих таблицах лидеров
settings-hidden-off = 👀 Вас видно в общих таблицах лидеров
settings-hidden-note = В таблицах ваших групп вы видны всегда.
btn-hide = 🙈 Скрыть меня из общих таблиц
btn-show = 👀 Показывать меня в общих таблицах

card-title-kosa = 🪢 Коса · расклад дня №{ $day }
card-title-raspad = 💥 Распад · расклад дня №{ $day }
card-place = { $rank }-е место из { $of }
card-kosa-won = ✅ разложена: все { $total } карты в домах
card-kosa-lost = ❌ в домах { $home } из { $total } карт
card-raspad-won = ✅ победа за { $rounds ->
    [one] { $rounds } кон
    [few] { $rounds } кона
   *[many] { $rounds } конов
}, { $score ->
    [one] { $score } карта в запасе
    [few] { $score } карты в запасе
   *[many] { $score } карт в запасе
}
card-raspad-lost = ❌ { $left ->
    [one] осталась { $left } карта
    [few] осталось { $left } карты
   *[many] осталось { $left } карт
}, кон { $rounds }
card-pace = 👣 { $moves } · ⏱ { $time }
card-try = ▶️ Сыграть этот расклад: { $link }
settings-alias-on = 🎭 Незнакомцы видят вас как «Игрок 1234»
settings-alias-off = 👤 Незнакомцы видят ваше имя
btn-alias-on = 🎭 Показываться как «Игрок 1234»
btn-alias-off = 👤 Показывать моё имя
decimal-mark = ,
par-won = ✅ Победа за { $moves } · ⛳ пар { $par }
par-about = ⛳ Пар { $par } — за столько ходов раскладывает решатель (он видит все карты, даже порядок в колоде)
card-par = ⛳ пар { $par } (решатель видит все карты)
stats-par = ⛳ Сверх пара: в лучший раз { $best }, в среднем { $mean } ({ $n ->
    [one] { $n } победа
    [few] { $n } победы
   *[many] { $n } побед
})
par-over = ⛳ { $over } к пару
