# Быстрая игра: незнакомец вашего уровня, каждый играет в своём личном чате.

btn-match = ⚔️ Сыграть с кем-нибудь
match-pick = ⚔️ <b>Игра с соперником</b> вашего уровня. Во что играем?
match-btn-parquet = 🧩 Паркет
match-btn-ryadki = 🃏 Рядки
match-waiting = ⚔️ <b>{ $game }</b>: ищем соперника вашего уровня… { $time }
match-btn-cancel = ✖️ Отмена
match-nobody = ⚔️ <b>{ $game }</b>: сейчас никто не свободен.
match-btn-computer = 🤖 Сыграть с компьютером
match-btn-again = 🔄 Искать дальше
match-already = Вы уже ищете соперника.
match-cancelled = Поиск отменён.
match-found = Соперник найден!
match-btn-block = 🚫 Не сводить с этим игроком
match-blocked = Готово: с этим игроком вас больше не сведут.
match-seats = ⚔️ <b>{ $game }</b>: сколько игроков за столом? С 🤖 — если люди не соберутся, пустые места займёт компьютер.
match-btn-seats = 👥 { $n }
match-btn-seats-fill = 👥 { $n } · 🤖
match-game-seats = { $game } { $n ->
    [2] на двоих
    [3] на троих
    [4] на четверых
    [5] на пятерых
    [6] на шестерых
   *[other] на { $n }
}
match-waiting-fill = ⚔️ <b>{ $game }</b>: ищем игроков вашего уровня… { $time }
    Если люди не соберутся, пустые места займёт компьютер.
match-rematch-offer = 🔄 { $name } предлагает сыграть ещё раз.
match-rematch-offered = Предложение отправлено: игра начнётся, когда согласятся все.
match-rematch-dealt = Новая партия — ниже.
match-dealing = 🔄 Раздаём новую партию…
match-alias = Игрок { $n }
match-playing = Сначала доиграйте текущую партию.
match-waiting-many = ⚔️ <b>{ $game }</b>: ищем игроков вашего уровня… { $time }
