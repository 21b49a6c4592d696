## The toy Nim (tests/toy): the texts the bot asks of every table game, then its own.

grp-game-nim = Nim
grp-game-nimh = Nim with cards
grp-btn-nim = 🪙 Nim (2–4)
grp-btn-nimh = 🧮 Nim with cards (2–4)
btn-ai-nim = 🤖 Nim
btn-ai-nimh = 🤖 Nim with cards
lobby-settings-nim = Piles: { $piles }
lobby-settings-nimh = Piles: { $piles }
first-how-nim =
    💡 How to play: tap a pile, then how many counters to take (1–3).
    /rules explains the whole game.
first-how-nimh =
    💡 How to play: in your private chat tap a card on a pile: it takes up to its value.
    /rules explains the whole game.
rules-nim =
    <b>🪙 Nim</b> — 2–4 players, 3 to 5 piles of counters.
    • On your turn take 1, 2 or 3 counters from one pile.
    • Whoever takes the last counter wins.
rules-nimh =
    <b>🧮 Nim with cards</b> — 2–4 players, 3 to 5 piles; each player holds three cards (A, 2, 3).
    • On your turn play a card on a pile: it takes up to its value (A = 1); then draw a new card.
    • Nobody sees your cards. Whoever takes the last counter wins.
ping-nim = 🔔 Your move in Nim — { $group }
ping-nim-group = 🔔 { $name }, your move in Nim.
ping-nimh = 🔔 Your turn in Nim with cards — { $group }
grp-btn-piles = 🪙 Piles: { $piles }
lobby-piles-auto = auto, { $n }

## the board and the hand
nim-title = 🪙 <b>Nim</b> · { $n } piles
nim-title-over = 🪙 <b>Nim</b> · game over
nim-cards = ({ $n } cards)
nim-turn = ▶ <b>{ $name }</b>, your move: tap a pile.
nim-turn-picked = ▶ <b>{ $name }</b>: how many from pile { $pile }?
nim-turn-hand = ▶ Turn: <b>{ $name }</b> (the cards are in the private chat).
nim-result = 🏆 Winner: { $names }
nim-move = { $n } from pile { $pile }
nim-move-card = { $card } on pile { $pile }
nim-ev-take = { $name } takes { $n } from pile { $pile }.
nim-ev-take-card = { $name } plays { $card } on pile { $pile } and takes { $n }.
nim-ev-resign = { $name } leaves the game.
nim-dm-failed = ⚠ { $name }: I cannot write to you privately. Open a chat with the bot (“My cards”).
nim-btn-pile = Pile { $pile } ({ $n })
nim-btn-take = Take { $n }
nim-btn-back = ↩ Another pile
nim-btn-my-hand = 🧮 My cards (chat with the bot)
nim-hand-title = 🧮 Nim · “{ $group }”
nim-private-hand = Your cards:
nim-hand-your-turn = ▶ <b>Your turn</b>: tap a card on a pile.
nim-hand-wait = Waiting for the others.
nim-hand-left = You left this game.
nim-hand-over = The game is over — the results are in the group.
