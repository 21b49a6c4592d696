# Турниры в группе: арена или швейцарка, партии — в личных чатах игроков.

cmd-tournament = Провести турнир
tour-title = 🏆 <b>Турнир · { $game }</b>
tour-pick-game = 🏆 <b>Турнир в этом чате</b>
    Все играют в личном чате с ботом, а здесь — одна таблица результатов.
    Во что играем?
tour-pick-format = { $title }
    ⚡ <b>Арена</b>: сколько успеете партий за отведённое время; освободившегося игрока сразу сводят с другим свободным.
    🔁 <b>Швейцарка</b>: в каждом туре играют все, никто не встречается дважды.
tour-pick-turn = { $title }
    { $format }
    Сколько времени на ход?
tour-pick-start = { $title }
    { $format } · ⏱ { $turn } с на ход
    Когда начинаем?
tour-btn-arena = ⚡ { $n } мин
tour-btn-swiss = 🔁 { $n }
tour-btn-turn = ⏱ { $n } с
tour-btn-start-tap = ▶ Когда нажму «Начать»
tour-btn-start-in = 🕐 Через { $n } мин
tour-btn-close = ✖️ Закрыть
tour-btn-anyone = 👥 Создают все
tour-btn-admins = 🔒 Создают админы
tour-closed-picker = Закрыто.
tour-arena = ⚡ Арена · { $n } мин
tour-swiss = 🔁 Швейцарка · { $n ->
    [one] { $n } тур
    [few] { $n } тура
   *[many] { $n } туров
}
tour-per-move = ⏱ { $n } с на ход
tour-starts-tap = ▶ Начнётся, когда { $name } нажмёт «Начать».
tour-starts-in = 🕐 Начало через { $n } мин.
tour-starts-now = 🕐 Начинаем…
tour-join-how = Вступить — кнопкой или по ссылке:
tour-players = <b>Участников: { $n }</b>
tour-nobody-yet = Пока никого.
tour-ends-in = ⏳ Осталось { $n } мин · вступить можно до середины
tour-ends-in-closed = ⏳ Осталось { $n } мин
tour-last-games = ⏳ Время вышло: доигрываются последние партии.
tour-round = 🔁 Тур { $round } из { $rounds }
tour-head = Очки (партии)
tour-line = { $rank }. { $name } — { $points } ({ $games })
tour-paused = ⏸
tour-out = 🚪
tour-more = …и ещё { $n }
tour-final = 🏁 <b>Итоговая таблица</b>
tour-cancelled-few = ✖️ Отменён: мало участников (нужно хотя бы { $n }).
tour-cancelled-creator = ✖️ Отменён создателем.
tour-cancelled-expired = ✖️ Отменён: его так и не начали.
tour-btn-join = ✋ Участвовать
tour-btn-leave = 🚪 Выйти
tour-btn-pause = ⏸ Пауза
tour-btn-back-in = ▶ Играть дальше
tour-btn-start = ▶ Начать
tour-btn-cancel = ✖️ Отменить
tour-btn-standings = 🏆 Таблица
tour-reminder = ⏰ Турнир по игре «{ $game }» начнётся через минуту! Участников пока: { $n }. Присоединяйтесь:
tour-podium = 🏆 <b>Турнир по игре «{ $game }» завершён!</b>
tour-podium-empty = Очков не набрал никто.
tour-own-topic = 🏆 У турнира своя тема: { $link }
tour-topic-name = 🏆 Турнир · { $game }
tour-joined = ✅ Вы участвуете в турнире по игре «{ $game }» в чате «{ $group }».
    Партии будут сами приходить сюда.
tour-joined-running = ✅ Вы участвуете в турнире по игре «{ $game }» в чате «{ $group }». Первая партия скоро придёт сюда.
tour-back = ▶ Вы снова в игре: следующая партия скоро придёт сюда.
tour-paused-note = ⏸ Пауза: новых партий не будет, пока вы не нажмёте «Играть дальше».
tour-left = Вы вышли из турнира.
tour-dealing = 🏆 Раздаём турнирную партию…
tour-heading-swiss = 🏆 { $game } · тур { $round } из { $rounds }
tour-heading-arena = 🏆 { $game } · арена · осталось { $n } мин
tour-heading-arena-end = 🏆 { $game } · арена · последние партии
tour-next-arena = ⏳ Следующая партия придёт сюда, как только освободится соперник.
tour-next-swiss = ⏳ Следующий тур придёт сюда, когда закончатся все партии этого.
tour-next-none = 🏁 Это была ваша последняя партия: итоговая таблица — в группе.
tour-no-rematch = В турнире следующая партия приходит сама.
tour-joined-toast = ✅ Вы участвуете! Партии придут в личный чат с ботом.
tour-left-toast = Вы вышли из турнира.
tour-paused-toast = ⏸ Пауза. Чтобы вернуться, нажмите «Играть дальше».
tour-back-toast = ▶ Вы снова в игре.
tour-started-toast = ▶ Начали!
tour-cancelled-toast = Отменено.
tour-already = Вы уже участвуете.
tour-not-in = Вы не участвуете в этом турнире.
tour-started = Турнир уже начался: вступить нельзя.
tour-late = Прошла половина времени: вступить уже нельзя.
tour-gone = Этот турнир окончен.
tour-full = В турнире больше нет мест.
tour-busy = Слишком много нажатий сразу, попробуйте ещё раз.
tour-running = Здесь уже идёт турнир.
tour-only-creator = Это может только создатель турнира.
tour-only-admins = Турниры здесь создают только администраторы группы.
tour-admins-only-set = Теперь турниры здесь создают только администраторы.
tour-anyone-set = Теперь турнир здесь может создать любой участник.
tour-only-admins-change = Это могут изменить только администраторы.
tour-too-few = Чтобы начать, участников нужно хотя бы { $n }.
tour-open-bot = Откройте личный чат с ботом: партии играются там.
tour-withdrawn = Вы вышли из этого турнира.
top-what-tours = выигранные турниры
stats-tours = 🏆 Турниры: сыграно { $played } · выиграно { $won }
tour-not-yours = Этот турнир настраивает тот, кто набрал /tournament.
tour-group-only = Турниры проводятся в группах: добавьте бота в группу и наберите там /tournament.
