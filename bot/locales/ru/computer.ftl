# Игра против компьютера: в личном чате и места компьютера за столом в группе.

btn-ai-parquet = 🤖 Паркет
btn-ai-ryadki = 🤖 Рядки
lobby-title-private = 🤖 <b>{ $game }</b> против компьютера
lobby-level = Уровень компьютера: { $level }
lobby-private-hint = Выберите соперников и нажмите «Начать». Компьютер ходит сразу после вас.
lobby-no-computer = Убрать компьютер больше нельзя.
ai-level-easy = лёгкий
ai-level-normal = средний
ai-level-strong = сильный
grp-btn-ai-add = ➕🤖 Компьютер
grp-btn-ai-play = 🤖 Против компьютера
grp-btn-ai-remove = ➖🤖
grp-btn-level = 🎚 { $level }
grp-waiting-for = ⏳ Ходит { $name }.
grp-ai-thinking = { $name } думает…
grp-abandoned = Партия окончена: за столом не осталось людей.
ry-private-hand = Ваши карты:
grp-replaced = Партия закрыта: вы начали новую.
lobby-private-hint-duel = Выберите уровень и нажмите «Начать». Компьютер ходит сразу после вас.
