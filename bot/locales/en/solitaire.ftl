## Solitaires: Kosa and Raspad

game-kosa = Kosa
game-raspad = Raspad
title-kosa = 🪢 Kosa (Braid)
title-raspad = 💥 Raspad (Decay)

new-kosa-title = <b>🪢 Kosa</b> — pick a variant:
new-raspad-title = <b>💥 Raspad</b> — pick a deck:
new-abandons = A new game replaces the unfinished one.
variant-kosa-u = ♾ Unlimited redeals
variant-kosa-3 = 3️⃣ Classic: 3 passes
variant-raspad-52 = 🂠 52 cards
variant-raspad-54 = 🃏 54 cards (with jokers)
moved-below = ⬇️ The game continues below.

n-cards = { $n ->
    [one] { $n } card
   *[other] { $n } cards
}

btn-hint = 💡 Hint
btn-undo = ↩️ Undo
btn-resign = 🏳 Give up
btn-cancel = ✖️ Cancel
btn-again = 🔁 Play again
btn-close = ✅ Close the round
btn-fail = ⚠️ Hand to the line…
btn-yes-fail = ⚠️ Yes, hand to the line
btn-yes-resign = 🏳 Yes, give up
btn-yes-redeal = 🔄 Yes, redeal
btn-draw = 🂠 Draw ({ $n })
btn-redeal = 🔄 Redeal

hint-toast = Hint marked with ⭐
hint-line = 💡 { $move }
no-hint = No hint available.
no-undo = Nothing to undo.
no-targets = This card has nowhere to go now.

confirm-resign = Give up? The game counts as lost.
confirm-fail = Put your hand into the line? The round stays open: the line closes up, your hand joins its end and you draw a new hand.
confirm-redeal-loses = ⚠️ No card was moved in this pass. Redealing now ends the game as lost. Redeal?

result-won = 🏆 You won!
result-lost = 😞 Game lost.
result-resigned = 🏳 You gave up.
result-playing = Game in progress.
result-stats = Moves: { $moves } · time { $time } · undos: { $undos }
result-kosa-found = { $n } of { $total } cards home.
result-raspad-left = { $n ->
    [0] Every card was played.
    [one] { $n } card left.
   *[other] { $n } cards left.
}

## Raspad
raspad-head = Round { $kon }, stock { $stock }, discard { $discard }
# under the board: what the numbers under the table cards are
raspad-legend = 🔢 Under a card: the values that beat it, any suit.
raspad-hand = Hand: { $cards }
raspad-beat-hint = { $card } beats { $target }
raspad-close-hint = close the round
raspad-fail-hint = put your hand into the line (the round stays open)

## Kosa
kosa-head = Base { $base } · pass { $pass_no }
kosa-head-limited = Base { $base } · pass { $pass_no } of { $passes }
kosa-found = Home
kosa-braid = Braid { $n }: { $cards }
kosa-braid-empty = The braid is empty
kosa-stock = Stock { $stock } · waste { $waste }
kosa-braid-short = braid
kosa-waste-short = waste
kosa-stock-short = stock
kosa-found-short = home { $n }
# a spot's side as players read it (the moves keep L1…L6, R1…R6)
kosa-left = L
kosa-right = R
kosa-fill-prompt = Fill the empty spot { $spots }: choose where the card comes from.
kosa-redeal-warning = ⚠️ No move in this pass: a redeal loses.
kosa-draw-hint = draw from the stock
kosa-redeal-hint = redeal the waste
kosa-move-hint = { $card } → { $target }

## Events
ev-beat = { $card } beats { $target }
ev-decay = decay: { $cards }
ev-close = round closed
ev-fail = round not closed: the hand joined the line
ev-fail-auto = no beat left — round not closed, the hand joined the line
ev-undo = move undone
ev-rewind = { $n ->
    [one] ↩️ 1 move undone: this deal can be won from here
   *[other] ↩️ { $n } moves undone: this deal can be won from here
}
ev-draw = drawn: { $card }
ev-redeal = redeal, pass { $pass_no }
ev-move = { $card } → { $place }
ev-fill = { $spot } ← { $card }
ev-autofill = { $spot } ← { $card } (auto)
place-found = home { $n }
place-braid = braid
place-waste = waste
place-stock = stock
place-spot = { $spot }
raspad-table-empty = The table is empty
result-raspad-won = The whole stock was played out.

## Hints from the solver (a winning line; a lost position; a guess)
hint-thinking = 🤔 Thinking…
hint-guess = 💡 The computer's guess — the solver found no sure line in time
hint-lost = This deal can no longer be won from here. { $n ->
    [one] It could still be won one move back.
   *[other] It could still be won { $n } moves back.
}
hint-lost-for-good = This deal can no longer be won from here, and no position within undo reach was found that still wins.
hint-lost-ranked = This deal can no longer be won from here. This hint cost nothing: the attempt is still ranked.
btn-rewind = { $n ->
    [one] ↩️ Back 1 move to a winnable position
   *[other] ↩️ Back { $n } moves to a winnable position
}
no-rewind = This button is out of date.
hint-busy = 🤔 The solver is busy — please try again in a moment.
