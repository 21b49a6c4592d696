# Group games: lobby, invites, Ryadki and Parquet (owner: GROUP)

grp-game-ryadki = Ryadki
grp-game-parquet = Parquet

## Lobby
lobby-title = 🎴 <b>{ $game }</b> — gathering players
lobby-group = Group: { $group }
lobby-players = Players ({ $n }/{ $max }):
lobby-deck-auto = auto, { $n }
lobby-settings-ryadki = Deck: { $deck } · deals: { $deals }
lobby-settings-parquet = Two players; colours and the first move are drawn by lot.
lobby-hint-hidden = Your cards come to your private chat with the bot (“Join via the bot” opens it) or, when the bot cannot write to you there, here in the group, shown to you alone.
lobby-ready = The creator (👑) can start. When every seat is taken the game starts by itself.
lobby-need = { $n ->
    [one] One more player needed.
   *[other] { $n } more players needed.
}
lobby-expiry = The lobby closes after { $m } min without activity.
lobby-closed-expired = ⌛ Lobby closed: nobody pressed anything.
lobby-closed-cancelled = ✖ Lobby cancelled.
lobby-closed-empty = ✖ Lobby closed: everybody left.
lobby-closed-started = ▶ The game has started.

lobby-joined = You are in!
lobby-joined-group = You are in! Your cards will be here in the group, shown to you alone: the “🃏 My cards” button.
lobby-already = You are already in this game.
lobby-left = You left the lobby.
lobby-full = No seats left.
lobby-not-seated = You are not in this game.
lobby-only-creator-starts = Only the lobby's creator (👑) can start.
lobby-too-few = Not enough players yet.
lobby-only-creator-cancels = Only the lobby's creator or a chat admin can cancel.
lobby-no-settings = This game has no settings.
lobby-only-creator-settings = Only the lobby's creator (👑) changes the settings.
lobby-gone = This lobby is closed.
lobby-busy = A game is already on here. Finish it or cancel its lobby first.
lobby-group-only = This command works in a group. Add the bot to a group and send /newgame there.
lobby-pick-game = What shall we play?
lobby-dm-welcome = ✅ You joined { $game } in “{ $group }”. Your cards will appear here when the game starts.
lobby-dm-welcome-nogroup = ✅ You joined { $game }. It will be played in a group — the creator adds the bot there.

grp-btn-join = ✋ Join
grp-btn-leave = 🚪 Leave
grp-btn-join-link = 🔗 Join via the bot
grp-btn-deck = 🂠 Deck: { $deck }
grp-btn-deals = 🔁 Deals: { $deals }
grp-btn-start = ▶ Start
grp-btn-cancel = ✖ Cancel
grp-btn-rematch = 🔄 Rematch
grp-btn-resign = 🏳 Resign
grp-btn-leave-game = 🚪 Leave the game
grp-btn-leave-yes = Yes, leave
grp-btn-leave-no = No, keep playing
grp-btn-share = 📤 Send the invite
grp-btn-open-in-group = 👥 Play in a group
grp-btn-ryadki = 🃏 Ryadki (2–6)
grp-btn-parquet = 🧩 Parquet (2)

## Invites
invite-title = 🎴 <b>{ $game }</b> with friends
invite-how = Send this link to your friends — whoever opens it takes a seat. Then tap “Play in a group” and pick a group: the table opens there.
invite-expiry = The link works for { $h } h.
invite-share-text = Shall we play { $game }?
invite-unknown = This invite is unknown or has expired. Ask for a new link.
invite-cancelled = This game was cancelled. Ask for a new link.
invite-in-group = ✅ The table is open in “{ $group }”: your friends join there, and the game is played there.
btn-to-table = ↗️ To the table
invite-elsewhere = This game's table is already open in another group ({ $group }). To play here, start a new game: /newgame
invite-started = This game has already started without you. Ask for a new link.
invite-full = No seats left at this table.

## Shared by the games
grp-turn-deadline = ⏱ { $s } s per move.
grp-ev-timeout = ⏰ { $name } ran out of time — I played { $move } for them. { $left ->
    [one] One more missed turn
   *[other] { $left } more missed turns in a row
} and they are out.
grp-ev-removed = ⏰ { $name } missed { $max } turns in a row and is out.
grp-not-your-turn = It is not your turn.
grp-not-seated = You are not playing in this game.
grp-stale = The position has changed — have another look.
grp-illegal = That move is not allowed.
grp-confirm-resign = Resign? You lose this game. Tap again within 15 s to confirm.
grp-game-over = This game is over.
grp-rematch-busy = A new game is already being set up.
grp-left = You left the game.

## Ryadki
ry-title = 🃏 <b>Ryadki</b> · deal { $deal }/{ $deals }
ry-title-over = 🃏 <b>Ryadki</b> · game over
ry-col-hand = hand
ry-col-pile = pile
ry-col-score = pts
ry-stack = Table: { $cards }
ry-stock = Stock: { $n } · out: { $out }
ry-nobody = nobody
ry-turn-answer = ▶ Turn: <b>{ $name }</b> — answer { $card }
ry-turn-lead = ▶ Turn: <b>{ $name }</b> — any card
ry-result = 🏆 Winner: <b>{ $names }</b>
ry-btn-my-hand = 🃏 My cards
ry-ev-deal-start = 🂠 Deal { $deal }: { $dealer } deals and leads.
ry-ev-jj = ⚔ Jack on jack: { $name } destroys the table ({ $n ->
    [one] 1 card
   *[other] { $n } cards
}).
ry-ev-seven = 7️⃣ Seven: { $n ->
    [0] { $name }'s pile is empty, nothing to lose.
   *[other] { $name } loses a card from their pile.
}
ry-ev-queen = 👸 Queen: { $n ->
    [0] { $name }'s pile is empty, nothing to lose.
    [one] { $name } loses 1 card from their pile.
   *[other] { $name } loses { $n } cards from their pile.
}
ry-ev-third = 3️⃣ Third of a rank: { $n ->
    [0] { $name } would take 2 cards, but the stock is empty.
    [one] { $name } takes 1 card from the stock into their pile.
   *[other] { $name } takes { $n } cards from the stock into their pile.
}
ry-ev-cannot = ✋ { $name } cannot answer { $card } — { $to } takes the table ({ $n ->
    [one] 1 card
   *[other] { $n } cards
}).
ry-ev-built = 🧱 The row is built: the table ({ $n ->
    [one] 1 card
   *[other] { $n } cards
}) leaves the game.
ry-ev-lead = ▸ { $name } leads.
ry-ev-resign = 🚪 { $name } leaves the game.
ry-ev-deal-end = 🏁 Deal { $deal } is over: { $names } { $count ->
    [one] wins
   *[other] win
} it (+{ $n }).
ry-ev-deal-end-none = 🏁 Deal { $deal } is over: no winner.
ry-hand-title = 🃏 Ryadki · “{ $group }”
ry-hand-your-answer = ▶ <b>Your turn</b>: answer { $card } (same suit or same rank). ✅ = playable.
ry-hand-your-lead = ▶ <b>Your turn</b>: start a row with any card.
ry-hand-wait = { $others ->
    [one] Waiting for your opponent
   *[other] Waiting for the others
} (deal { $deal }/{ $deals }). The table is in the group.
ry-hand-over = The game is over — the results are in the group.
ry-leave-ask = 🚪 <b>Leave the game?</b> Your cards go out of it and you can no longer win: it counts as a loss for you. If one player is left, they win at once.
ry-hand-missed = ⏰ Your time ran out, so the bot played for you ({ $n } in a row). Move in time to keep your seat.
ry-hand-left = You left this game.
ry-dm-failed = ⚠ { $name }: your cards could not be shown — tap “🃏 My cards”.

## Parquet
pq-title-cross = 🧩 <b>Parquet</b> · cross phase · { $n }/35 on the board
pq-title-corner = 🧩 <b>Parquet</b> · corner phase · { $n }/35 on the board
pq-turn = ▶ Turn: { $name } — pick a card below the board, then a cell (✅).
pq-turn-picked = ▶ { $name }: { $card } — now a cell: ✅ { $cells }.
pq-turn-picked-move = ▶ { $name }: moving { $card } — now its new cell: ✅ { $cells }.
pq-turn-relocate = ▶ Turn: { $name } — no card from hand fits. Move one of your cards on the board (🔄 { $cards }), then tap its new cell (✅).
pq-ev-place = ▸ { $name }: { $card } → { $cell }
pq-ev-relocate = 🔄 { $name } moves { $card }: { $src } → { $dst } (no card from hand fitted).
pq-ev-phase = ✚ The cross is complete — the corner rule applies from now on.
pq-ev-pass = ⏭ { $name } passes: nothing to place and nothing to move.
pq-result = 🏆 { $winner } wins!
pq-result-draw = 🤝 A draw.
pq-why-full = The board is full and { $loser } is left holding the extra card ({ $card }).
pq-why-double-pass = Both players passed, one after the other — whoever last placed a card from hand wins.
pq-why-repetition = The same position came up three times — whoever last placed a card from hand wins.
pq-why-resign = 🏳 { $loser } resigned.
pq-why-timeout = { $loser } missed too many turns.
# the final board's ten, one letter wide (every card takes the same columns), and what it is
pq-board-ten = T
pq-board-legend = T = 10
pq-pick-first = Pick a card from the hand first.
pq-no-cell = This card has no cell right now.
ry-must-match = This card does not match: play the same suit or the same rank (marked ✅).
lobby-need-group = Open the table in a group first: the “Play in a group” button.
invite-pick-game = 👥 What shall we play with friends? I will give you an invite link.
grp-btn-back = ⬅ Menu
cmd-newgame = New group game (Ryadki, Parquet)
grp-hello = 👋 Hi! I can run Ryadki (2–6 players) and Parquet (2 players) here. To start: /newgame
lobby-dm-welcome-public = ✅ You joined { $game } in “{ $group }”. Everything happens on the board in the group.
ry-ev-deal-piles = Piles: { $list }
grp-migrated = ♻️ The group became a supergroup — the game continues here.

# the first tap of a move in a group, answered to the player alone (the board waits for the move)
pq-half-card = { $card } → ✅ { $cells }. Tap one of these cells.
pq-half-move = Moving { $card } → ✅ { $cells }. Tap its new cell.
pq-half-cell = { $n ->
    [one] This fits here:
   *[other] These fit here:
} { $cards }. Now tap the card.
pq-half-miss = { $card } does not fit there. { $n ->
    [one] This fits there:
   *[other] These fit there:
} { $cards }.

## Inline mode (a challenge in any chat)
inline-challenge-title = { $icon } { $game } — challenge
inline-challenge-about = A game for two right in this chat
inline-challenge-text = { $icon } <b>{ $game }</b>

    { $name } challenges you to a game. The first to tap “Play” is the opponent.
inline-btn-join = ⚔️ Play
inline-btn-computer = 🤖 Play the computer
inline-wait = Waiting for an opponent: the first to tap “Play” plays you. Or play the computer.
inline-joined = The game is on!
inline-started = This game has already started.
inline-ai-theirs = This button is for the challenger ({ $name }). To take the challenge, tap “Play”.

## Ryadki cards in the group (shown to the player alone)
ry-hand-private = Your cards are in your private chat with the bot.
ry-hand-shown = 🃏 Your cards are in a message only you can see.
ry-hand-coming = 🃏 Your cards will show here shortly: a group gets only so many messages a minute.
ry-hand-failed = I could not show your cards here. Open the chat with the bot; your cards go there.
hand-moved-group = 🃏 Your cards are now shown in the group, to you alone.
