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
inline-badge-title = Мой значок: { $name }
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

## Значки
btn-badges = 🏅 Значки
stats-badges = 🏅 Значки: { $n } из { $of }
badges-title = 🏅 <b>Значки</b>: { $n } из { $of }
    Каждый даётся один раз — вот за что.
badge-news = 🏅 <b>Новый значок!</b>
badge-early = получен ранее
badge-by = получен до { $date }
card-badge = 🏅 Мой значок: { $name }
card-badge-try = ▶️ Сыграть: { $link }
badge-first = Первая победа: { $game }
badge-first-rule = Выиграйте первую партию: { $game }.
badge-clean = Чистая победа
badge-clean-rule = Разложите пасьянс без подсказок и без отмены ходов.
badge-par = В пар
badge-par-rule = Выиграйте расклад дня, уложившись в пар, без подсказки.
badge-under = Лучше пара
badge-under-rule = Выиграйте расклад дня, сделав меньше ходов, чем его пар, и без подсказки.
badge-hard = Трудный покорён
badge-hard-rule = Выиграйте трудный расклад дня без подсказки.
badge-tiers = Три уровня
badge-tiers-rule = Выиграйте все три расклада одной игры — лёгкий, средний и трудный — в тот день, когда они вышли.
badge-quick = Молния
badge-quick-rule = Выиграйте расклад дня быстрее, чем за 5 минут.
badge-late = Лучше поздно
badge-late-rule = Выиграйте пропущенный расклад дня позже его дня.
badge-days7 = Неделя подряд
badge-days7-rule = Сыграйте рейтинговую попытку расклада дня 7 дней подряд.
badge-days30 = Месяц подряд
badge-days30-rule = Сыграйте рейтинговую попытку расклада дня 30 дней подряд.
badge-month = Полный месяц
badge-month-rule = Сыграйте расклад дня в каждый день календарного месяца — в тот же день, без опозданий.
badge-streak5 = Пять подряд
badge-streak5-rule = Выиграйте 5 партий одной игры подряд.
badge-wins10 = 10 побед
badge-wins10-rule = Выиграйте 10 партий (все игры вместе).
badge-wins100 = 100 побед
badge-wins100-rule = Выиграйте 100 партий (все игры вместе).
badge-games100 = Сто партий
badge-games100-rule = Сыграйте 100 партий (все игры вместе).
badge-crowd = Большой стол
badge-crowd-rule = Выиграйте партию за столом на троих или больше.
badge-robot = Сильнее машины
badge-robot-rule = Выиграйте настольную игру, в которой играл 🤖 компьютер.
