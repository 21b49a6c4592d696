## Shared texts: menu, language, rules, errors

menu-title =
    <b>🃏 Card games</b>
    Solitaires to play alone, 🤖 to play the computer, ⚔️ to meet someone near your rating, or friends in a group.
menu-continue-title = Unfinished games:
btn-kosa = 🪢 Kosa (Braid)
btn-raspad = 💥 Raspad (Decay)
btn-continue = ▶️ { $game }: continue
btn-rules = 📖 Rules
btn-language = 🌐 Язык / Language
btn-friends = 👥 Play with friends
btn-menu = ☰ Menu
btn-back = ⬅️ Back

language-title = Choose your language:
language-set = Language: English 🇬🇧
lang-ru = 🇷🇺 Русский
lang-en = 🇬🇧 English

rules-title = <b>📖 Rules</b>
rules-kosa =
    <b>🪢 Kosa (Braid)</b> — a two-deck solitaire (104 cards).
    • The braid holds 20 cards; only its last card plays.
    • Six spots left and right (L1–L6, R1–R6); the corners L1, L6, R1, R6 are refilled from the braid, stock or waste, the side spots from the stock or waste.
    • The first card home sets the base rank. Eight home piles build up in suit from the base, K wraps to A, 13 cards each.
    • A spot takes a card of its suit one rank lower (nothing goes on an ace).
    • Draw the stock one card at a time to the waste; when it is empty, redeal the waste (unlimited passes; three in the classic variant).
    • Win with all 104 cards home. A redeal after a pass with no move loses — the bot warns you.
rules-raspad =
    <b>💥 Raspad (Decay)</b> — a solitaire with 52 cards (or 54 with jokers).
    • You hold 6 cards; the table is a line of 4. A hand card beats a table card of the same value, of the same suit and not lower, and a real ace falls to any number card (2–10).
    • Next to a beaten card (a hole) neighbours are "reduced": each neighbouring hole lowers the bottom of their range by 1. A card reduced to 0 decays by itself.
    • Jokers: 🃏🔴 red, 🃏⚫ black. A joker beats a card of its colour; a joker on the table falls to a card of its colour once a neighbour is beaten.
    • The game goes in rounds. With at most one live card left you may close the round: the table is discarded, hand and table refill from the stock.
    • No beat left (or you choose so) — the round is not closed: your hand joins the end of the line and you draw a new one.
    • Win when a round closes and the stock is used up. Lose when a round is not closed with an empty stock.

start-bad-payload = This link is outdated or broken. Here is the main menu.
unknown-command = I don't understand. Tap /start to open the menu.

error-generic = Something went wrong. Please try again.
error-stale-game = This game is no longer available.
error-stale = The board has changed — tap a current button.
error-busy = The game changed meanwhile, please try again.
error-not-yours = This is not your game.
error-illegal = That move is not allowed.
error-over = The game is over.
error-unavailable = The game is briefly unavailable — your move was not made. Try again in a moment.
error-unavailable-command = The bot is briefly unavailable. Try again in a moment.

card-ranks = 2 3 4 5 6 7 8 9 10 J Q K A

cmd-start = Main menu
cmd-rules = Game rules
cmd-language = Language

# a list in a sentence: $rest (the words before the last, with commas), $last
list-and = { $rest } and { $last }
list-or = { $rest } or { $last }
