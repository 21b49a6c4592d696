## Пасьянсы: Коса и Распад

game-kosa = Коса
game-raspad = Распад
title-kosa = 🪢 Коса
title-raspad = 💥 Распад

new-kosa-title = <b>🪢 Коса</b> — выберите вариант:
new-raspad-title = <b>💥 Распад</b> — выберите колоду:
new-abandons = Новая партия заменит незаконченную.
variant-kosa-u = ♾ Пересдачи без ограничений
variant-kosa-3 = 3️⃣ Классика: 3 прохода
variant-raspad-52 = 🂠 52 карты
variant-raspad-54 = 🃏 54 карты (с джокерами)
moved-below = ⬇️ Игра продолжена ниже.

n-cards = { $n ->
    [one] { $n } карта
    [few] { $n } карты
   *[many] { $n } карт
}

btn-hint = 💡 Подсказка
btn-undo = ↩️ Отменить ход
btn-resign = 🏳 Сдаться
btn-cancel = ✖️ Отмена
btn-again = 🔁 Ещё партию
btn-close = ✅ Закрыть кон
btn-fail = ⚠️ Руку в линию…
btn-yes-fail = ⚠️ Да, руку в линию
btn-yes-resign = 🏳 Да, сдаться
btn-yes-redeal = 🔄 Да, пересдать
btn-draw = 🂠 Взять ({ $n })
btn-redeal = 🔄 Пересдать

hint-toast = Подсказка отмечена ⭐
hint-line = 💡 { $move }
no-hint = Подсказки нет.
no-undo = Отменять нечего.
no-targets = Эту карту сейчас некуда положить.

confirm-resign = Сдаться? Партия будет засчитана как проигрыш.
confirm-fail = Положить руку в линию? Кон останется незакрытым: линия сомкнётся, рука ляжет в её конец, и вы наберёте новую руку.
confirm-redeal-loses = ⚠️ За этот проход не сделано ни одного хода. Пересдача закончит партию проигрышем. Пересдать?

result-won = 🏆 Победа!
result-lost = 😞 Партия проиграна.
result-resigned = 🏳 Вы сдались.
result-playing = Партия идёт.
result-stats = Ходов: { $moves } · время { $time } · отмен: { $undos }
result-kosa-found = В домах { $n } из { $total } карт.
result-raspad-left = { $n ->
    [0] Все карты разыграны.
    [one] Осталась { $n } карта.
    [few] Осталось { $n } карты.
   *[many] Осталось { $n } карт.
}

## Распад
raspad-head = Кон { $kon } · колода { $stock } · отбой { $discard }
raspad-hand = Рука: { $cards }
# под доской: что значат числа под картами стола
raspad-legend = 🔢 Под картой — значения, которыми её бьёт карта любой масти.
raspad-beat-hint = { $card } бьёт { $target }
raspad-close-hint = закройте кон
raspad-fail-hint = положите руку в линию (кон не закрыт)

## Коса
kosa-head = База { $base } · проход { $pass_no }
kosa-head-limited = База { $base } · проход { $pass_no } из { $passes }
kosa-found = Дома
kosa-braid = Коса { $n }: { $cards }
kosa-braid-empty = Коса пуста
kosa-stock = Колода { $stock } · сброс { $waste }
kosa-braid-short = коса
kosa-waste-short = сброс
kosa-stock-short = колода
kosa-found-short = дом { $n }
# сторона ячейки, как её читают игроки (ходы и кнопки внутри по-прежнему L1…L6, R1…R6)
kosa-left = Л
kosa-right = П
kosa-fill-prompt = Заполните пустую ячейку { $spots }: выберите, откуда взять карту.
kosa-redeal-warning = ⚠️ В этом проходе не было ходов: пересдача проигрывает.
kosa-draw-hint = возьмите карту из колоды
kosa-redeal-hint = пересдайте сброс
kosa-move-hint = { $card } → { $target }

## События
ev-beat = { $card } бьёт { $target }
ev-decay = распад: { $cards }
ev-close = кон закрыт
ev-fail = кон не закрыт: рука легла в линию
ev-fail-auto = ударов нет — кон не закрыт, рука легла в линию
ev-undo = ход отменён
ev-rewind = { $n ->
    [one] ↩️ отменён { $n } ход: отсюда расклад можно выиграть
    [few] ↩️ отменено { $n } хода: отсюда расклад можно выиграть
   *[many] ↩️ отменено { $n } ходов: отсюда расклад можно выиграть
}
ev-draw = из колоды: { $card }
ev-redeal = пересдача, проход { $pass_no }
ev-move = { $card } → { $place }
ev-fill = { $spot } ← { $card }
ev-autofill = { $spot } ← { $card } (сама)
place-found = дом { $n }
place-braid = коса
place-waste = сброс
place-stock = колода
place-spot = { $spot }
raspad-table-empty = Стол пуст
result-raspad-won = Колода разыграна до конца.

## Подсказки решателя (выигрышный путь; проигранная позиция; догадка)
hint-thinking = 🤔 Думаю…
hint-guess = 💡 Это догадка компьютера: верного пути быстро найти не удалось
hint-lost = Этот расклад отсюда уже не выиграть. { $n ->
    [1] А ходом раньше ещё можно было.
    [one] А { $n } ход назад ещё можно было.
    [few] А { $n } хода назад ещё можно было.
   *[many] А { $n } ходов назад ещё можно было.
}
hint-lost-for-good = Этот расклад отсюда уже не выиграть, и отменой до выигрышной позиции не вернуться.
hint-lost-ranked = Этот расклад отсюда уже не выиграть. Эта подсказка ничего не стоила: попытка осталась рейтинговой.
btn-rewind = { $n ->
    [one] ↩️ Назад на { $n } ход — к выигрышу
    [few] ↩️ Назад на { $n } хода — к выигрышу
   *[many] ↩️ Назад на { $n } ходов — к выигрышу
}
no-rewind = Эта кнопка уже устарела.
hint-busy = 🤔 Решатель сейчас занят — попробуйте чуть позже.
