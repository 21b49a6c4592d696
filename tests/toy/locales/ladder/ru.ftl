## Игрушечная Лесенка (tests/toy): тексты, которые бот спрашивает у каждого пасьянса, и свои.

game-ladder = Лесенка
btn-ladder = 🪜 Лесенка
new-ladder-title = <b>🪜 Лесенка</b> — выберите колоду:
variant-ladder-16 = 16 карт (от туза до 4)
variant-ladder-24 = 24 карты (от туза до 6)
rules-ladder =
    <b>🪜 Лесенка</b> — маленький пасьянс: от туза до 4 каждой масти (16 карт) или от туза до 6 (24).
    • Открывайте карты колоды в отбой по одной.
    • Каждая масть поднимается домой по своей лесенке от туза: верхнюю карту отбоя можно отправить домой, когда она — следующая ступенька.
    • Когда колода кончится, переверните отбой: всего три прохода.
    • Все карты дома — победа; ходов не осталось — проигрыш.
first-how-ladder =
    💡 Как играть: открывайте карту и отправляйте её домой, когда она подходит к своей лесенке.
    Все правила — /rules.
card-title-ladder = 🪜 Лесенка · расклад дня №{ $day }
card-ladder-won = ✅ разложена: все { $total } карт дома
card-ladder-lost = ❌ дома { $home } из { $total } карт, проход { $rounds }
stats-best-ladder = лучшее: { $won ->
    [yes] победа за { $moves }
   *[no] дома { $home }
}

## доска
ladder-title = 🪜 Лесенка
ladder-counts = Колода { $stock } · отбой { $waste } · проход { $pass_no } из { $passes }
ladder-waste = Отбой: { $card }
ladder-btn-turn = 🂠 Открыть карту
ladder-btn-climb = ⬆ { $card } домой
ladder-btn-restock = 🔄 Перевернуть отбой
ladder-ev-turn = открыта { $card }
ladder-ev-climb = { $card } — домой
ladder-ev-restock = начат проход { $pass_no }
ladder-hint-turn = откройте карту
ladder-hint-climb = отправьте { $card } домой
ladder-hint-restock = переверните отбой
ladder-result = Дома { $n } из { $total } карт.
