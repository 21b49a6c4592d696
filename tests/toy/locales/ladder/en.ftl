## The toy Ladder (tests/toy): the texts the bot asks of every solitaire, then its own.

game-ladder = Ladder
btn-ladder = 🪜 Ladder
new-ladder-title = <b>🪜 Ladder</b> — pick a deck:
variant-ladder-16 = 16 cards (ace to 4)
variant-ladder-24 = 24 cards (ace to 6)
rules-ladder =
    <b>🪜 Ladder</b> — a small solitaire: ace to 4 of each suit (16 cards), or ace to 6 (24).
    • Turn the stock's cards onto the waste one at a time.
    • Each suit climbs its own ladder home from the ace up: take the waste's top card home when it is the next rung.
    • When the stock is used up, turn the waste over: three passes in all.
    • Win with every card home; with no move left, the game is lost.
first-how-ladder =
    💡 How to play: turn a card, and take it home when it fits its ladder.
    /rules explains the whole game.
card-title-ladder = 🪜 Ladder · deal of the day #{ $day }
card-ladder-won = ✅ climbed: all { $total } cards home
card-ladder-lost = ❌ { $home } of { $total } cards home, pass { $rounds }
stats-best-ladder = best: { $won ->
    [yes] won in { $moves }
   *[no] { $home } home
}

## the board
ladder-title = 🪜 Ladder
ladder-counts = Stock { $stock } · waste { $waste } · pass { $pass_no } of { $passes }
ladder-waste = Waste: { $card }
ladder-btn-turn = 🂠 Turn a card
ladder-btn-climb = ⬆ { $card } home
ladder-btn-restock = 🔄 Turn the waste over
ladder-ev-turn = turned { $card }
ladder-ev-climb = { $card } went home
ladder-ev-restock = pass { $pass_no } begins
ladder-hint-turn = turn a card
ladder-hint-climb = take { $card } home
ladder-hint-restock = turn the waste over
ladder-result = { $n } of { $total } cards home.
