# Групповые игры: лобби, приглашения, Рядки и Паркет (владелец: GROUP)

grp-game-ryadki = Рядки
grp-game-parquet = Паркет

## Лобби
lobby-title = 🎴 <b>{ $game }</b> — набор игроков
lobby-group = Группа: { $group }
lobby-players = Игроки ({ $n }/{ $max }):
lobby-deck-auto = авто, { $n }
lobby-settings-ryadki = Колода: { $deck } · раздач: { $deals }
lobby-settings-parquet = Двое игроков; цвет и первый ход — жребий.
lobby-hint-hidden = Карты приходят в личный чат с ботом: если вы ещё не писали боту, жмите «Войти через бота».
lobby-ready = Создатель (👑) может начинать. Когда все места заняты, игра начнётся сама.
lobby-need = { $n ->
    [one] Нужен ещё { $n } игрок.
    [few] Нужно ещё { $n } игрока.
   *[many] Нужно ещё { $n } игроков.
}
lobby-expiry = Лобби закроется через { $m } мин без действий.
lobby-closed-expired = ⌛ Лобби закрыто: никто ничего не нажимал.
lobby-closed-cancelled = ✖ Лобби отменено.
lobby-closed-empty = ✖ Лобби закрыто: все вышли.
lobby-closed-started = ▶ Игра началась.

lobby-joined = Вы в игре!
lobby-already = Вы уже в этой игре.
lobby-left = Вы вышли из лобби.
lobby-full = Мест больше нет.
lobby-not-seated = Вы не в этой игре.
lobby-only-creator-starts = Начать может только создатель лобби (👑).
lobby-too-few = Слишком мало игроков.
lobby-only-creator-cancels = Отменить может создатель лобби или админ чата.
lobby-no-settings = У этой игры нет настроек.
lobby-only-creator-settings = Настройки меняет только создатель лобби (👑).
lobby-dm-needed = Сначала откройте личный чат с ботом — туда придут ваши карты.
lobby-gone = Это лобби уже закрыто.
lobby-busy = Здесь уже идёт игра. Закончите её или отмените лобби.
lobby-group-only = Эта команда работает в группе. Добавьте бота в группу и напишите там /newgame.
lobby-pick-game = Во что сыграем?
lobby-dm-welcome = ✅ Вы в игре «{ $game }» в группе «{ $group }». Карты появятся здесь, когда игра начнётся.
lobby-dm-welcome-nogroup = ✅ Вы в игре «{ $game }». Игра пойдёт в группе — создатель добавит туда бота.

grp-btn-join = ✋ Играю
grp-btn-leave = 🚪 Выйти
grp-btn-join-link = 🔗 Войти через бота
grp-btn-deck = 🂠 Колода: { $deck }
grp-btn-deals = 🔁 Раздач: { $deals }
grp-btn-start = ▶ Начать
grp-btn-cancel = ✖ Отмена
grp-btn-rematch = 🔄 Ещё партию
grp-btn-resign = 🏳 Сдаться
grp-btn-leave-game = 🚪 Покинуть игру
grp-btn-leave-yes = Да, выйти
grp-btn-leave-no = Нет, играю
grp-btn-share = 📤 Отправить приглашение
grp-btn-open-in-group = 👥 Играть в группе
grp-btn-ryadki = 🃏 Рядки (2–6)
grp-btn-parquet = 🧩 Паркет (2)

## Приглашения
invite-title = 🎴 <b>{ $game }</b> с друзьями
invite-how = Отправьте друзьям эту ссылку — кто её откроет, сядет за стол. Затем нажмите «Играть в группе» и выберите группу: там откроется стол.
invite-expiry = Ссылка действует { $h } ч.
invite-share-text = Сыграем в «{ $game }»?
invite-unknown = Это приглашение не найдено или устарело. Попросите новую ссылку.
invite-cancelled = Эту игру отменили. Попросите новую ссылку.
invite-started = Эта игра уже началась без вас. Попросите новую ссылку.
invite-full = За этим столом мест нет.
invite-opened = Стол открыт в этой группе.

## Общее для игр
grp-turn-deadline = ⏱ На ход { $s } с.
grp-ev-timeout = ⏰ { $name }: время вышло — бот сыграл { $move } ({ $k }/{ $max }).
grp-ev-removed = ⏰ { $name } пропускает { $max } { $max ->
    [one] ход
    [few] хода
   *[many] ходов
} подряд и выбывает.
grp-not-your-turn = Сейчас не ваш ход.
grp-not-seated = Вы не играете в этой партии.
grp-stale = Позиция уже изменилась — посмотрите ещё раз.
grp-illegal = Так пойти нельзя.
grp-confirm-resign = Сдаться? Партия будет проиграна. Нажмите ещё раз в течение 15 с, чтобы подтвердить.
grp-game-over = Партия окончена.
grp-rematch-busy = Новая игра уже собирается.
grp-left = Вы вышли из игры.

## Рядки
ry-title = 🃏 <b>Рядки</b> · раздача { $deal }/{ $deals }
ry-title-over = 🃏 <b>Рядки</b> · игра окончена
ry-col-hand = рука
ry-col-pile = стопка
ry-col-score = очки
ry-stack = Стол: { $cards }
ry-stock = Колода: { $n } · вышло: { $out }
ry-nobody = никто
ry-turn-answer = ▶ Ход: <b>{ $name }</b> — ответить на { $card }
ry-turn-lead = ▶ Ход: <b>{ $name }</b> — любая карта
ry-result = 🏆 Победа: <b>{ $names }</b>
ry-btn-my-hand = 🃏 Мои карты (чат с ботом)
ry-ev-deal-start = 🂠 Раздача { $deal }: сдаёт и ходит { $dealer }.
ry-ev-jj = ⚔ Валет на валета: { $name } уничтожает стол ({ $n } { $n ->
    [one] карта
    [few] карты
   *[many] карт
}).
ry-ev-seven = 7️⃣ Семёрка: { $n ->
    [0] { $name } — стопка пуста, терять нечего.
   *[other] { $name } теряет карту из стопки.
}
ry-ev-queen = 👸 Дама: { $n ->
    [0] { $name } — стопка пуста, терять нечего.
   *[other] { $name } теряет из стопки { $n } { $n ->
    [one] карту
    [few] карты
   *[many] карт
}.
}
ry-ev-third = 3️⃣ Третья одного ранга: { $n ->
    [0] { $name } — колода пуста, брать нечего.
   *[other] { $name } берёт из колоды в стопку { $n } { $n ->
    [one] карту
    [few] карты
   *[many] карт
}.
}
ry-ev-cannot = ✋ { $name }: нечем ответить на { $card } — стол ({ $n } { $n ->
    [one] карта
    [few] карты
   *[many] карт
}) забирает { $to }.
ry-ev-built = 🧱 Ряд построен: стол ({ $n } { $n ->
    [one] карта
    [few] карты
   *[many] карт
}) уходит из игры.
ry-ev-lead = ▸ Начинает { $name }.
ry-ev-resign = 🚪 { $name } покидает игру.
ry-ev-deal-end = 🏁 Конец раздачи { $deal }. Победа: { $names } (+{ $n }).
ry-ev-deal-end-none = 🏁 Конец раздачи { $deal }: без победителя.
ry-hand-title = 🃏 Рядки · «{ $group }»
ry-hand-your-answer = ▶ <b>Ваш ход</b>: ответьте на { $card } (та же масть или тот же ранг). ✅ — можно сыграть.
ry-hand-your-lead = ▶ <b>Ваш ход</b>: начните ряд любой картой.
ry-hand-wait = { $others ->
    [one] Ход за соперником
   *[other] Ход за соперниками
} (раздача { $deal }/{ $deals }). Стол — в группе.
ry-hand-over = Игра окончена — итоги в группе.
ry-leave-ask = 🚪 <b>Покинуть игру?</b> Ваши карты выйдут из игры, и выиграть вы уже не сможете: вам засчитается поражение. Если останется один игрок, он сразу побеждает.
ry-hand-missed = ⏰ Время вышло, и бот сходил за вас (подряд: { $n }). Успевайте ходить, чтобы остаться в игре.
ry-hand-left = Вы вышли из этой игры.
ry-dm-failed = ⚠ { $name }: не получается написать вам в личку. Откройте чат с ботом (кнопка «Мои карты») — карты придут туда.

## Паркет
pq-title-cross = 🧩 <b>Паркет</b> · фаза «крест» · на доске { $n }/35
pq-title-corner = 🧩 <b>Паркет</b> · фаза «уголок» · на доске { $n }/35
pq-turn = ▶ Ход: { $name } — выберите карту под доской, затем клетку (✅).
pq-turn-picked = ▶ { $name }: { $card } — теперь клетка: ✅ { $cells }.
pq-turn-picked-move = ▶ { $name }: передвигаем { $card } — новая клетка: ✅ { $cells }.
pq-turn-relocate = ▶ Ход: { $name } — ни одна карта из руки не подходит. Передвиньте свою карту на доске (🔄 { $cards }), затем выберите новую клетку (✅).
pq-ev-place = ▸ { $name }: { $card } → { $cell }
pq-ev-relocate = 🔄 { $name } передвигает { $card }: { $src } → { $dst } (ни одна карта из руки не подходила).
pq-ev-phase = ✚ Крест собран — дальше действует правило «уголка».
pq-ev-pass = ⏭ { $name } пропускает ход: ни поставить, ни передвинуть нечего.
pq-ev-resign = 🏳 { $name } сдаётся.
pq-result = 🏆 Победа: { $winner }!
pq-result-draw = 🤝 Ничья.
pq-why-full = Доска заполнена, { $loser } остаётся с лишней картой ({ $card }).
pq-why-double-pass = Оба пропустили ход подряд — победа за последней картой из руки.
pq-why-repetition = Позиция повторилась трижды — победа за последней картой из руки.
pq-why-resign = { $loser } сдаётся.
pq-why-timeout = { $loser }: слишком много пропущенных ходов.
pq-pick-first = Сначала выберите карту из руки.
pq-no-cell = Эта карта сейчас никуда не встаёт.
ry-must-match = Эта карта не подходит: нужна та же масть или тот же ранг (отмечены ✅).
lobby-need-group = Сначала откройте стол в группе: кнопка «Играть в группе».
invite-pick-game = 👥 Во что сыграем с друзьями? Я дам ссылку-приглашение.
grp-btn-back = ⬅ Меню
cmd-newgame = Новая игра в группе (Рядки, Паркет)
grp-hello = 👋 Привет! Здесь можно играть в Рядки (2–6 игроков) и Паркет (2 игрока). Начать: /newgame
lobby-dm-welcome-public = ✅ Вы в игре «{ $game }» в группе «{ $group }». Всё происходит на доске в группе.
ry-ev-deal-piles = Стопки: { $list }
grp-migrated = ♻️ Группа стала супергруппой — игра продолжается здесь.

# первое нажатие хода в группе: ответ только игроку (доска ждёт весь ход)
pq-half-card = { $card }: теперь выберите клетку ✅.
pq-half-move = Передвигаем { $card }: теперь нажмите новую клетку ✅.
pq-half-cell = { $n ->
    [one] Сюда подходит
   *[other] Сюда подходят
} { $cards }. Теперь нажмите карту.
pq-half-miss = { $card } сюда не встаёт. { $n ->
    [one] Сюда подходит
   *[other] Сюда подходят
} { $cards }.
