## /help and /rules in every chat

# $solitaires: the solitaires' menu buttons; $tables: the buttons of the games against the computer; $invite: the table games, with "or"
help-private =
    <b>🃏 Card games bot</b>
    In the menu (/start):
    { $solitaires } — solitaires
    { $tables } — a game against the computer
    { btn-match } — a stranger near your rating, each on a board of your own in the chat with the bot
    { btn-friends } (/newgame) — an invite link to { $invite }; you then play in a group

    /daily — today's deal, the same for everyone
    /stats — your statistics · /top — leaderboards
    /rules — how each game is played
    /settings — turn pings, leaderboards, the name strangers see
    /language — language
# $tables: the games with their seats (help-table); $hidden: empty or help-group-hidden
help-group =
    <b>🃏 Card games bot</b> — { $tables } right here.

    /newgame — open a lobby{ $hidden }
    /tournament — a tournament: an arena or a Swiss, the games in private chats
    /rules — how each game is played
    /top or /stats — this group's leaderboards
    /language — the group's language (admins)
help-table = { $game } ({ $seats } { $most ->
        [one] player
       *[other] players
    })
# $games: the games with hidden hands
help-group-hidden = ({ $games }: your cards come in your private chat with the bot, or here, shown to you alone)
cmd-help = What the bot does
rules-pick = <b>📖 Rules</b> — pick a game:
rules-ryadki =
    <b>🃏 Ryadki</b> — 2–6 players, a 36- or 52-card deck, 6 cards each; 1, 3 or 7 deals.
    • The leader plays any card; the next player must answer with the same rank or the same suit.
    • Whoever cannot answer gives the table to the last card's owner (their pile); that player leads.
    • J on J destroys the table. A 7 takes 1 card, a Q 4 cards from the next player's pile. A third card of one rank takes 2 cards from the stock to your pile.
    • Hands refill to 6 from the stock. When the stock is out and at most one player holds cards, the deal ends: the largest pile wins the deal and scores its size.
    • After the last deal the highest score wins.
rules-parquet =
    <b>🧩 Parquet</b> — 2 players: one has the 18 red cards, the other the 18 black (6…A); both hands are open.
    • Ranks are a circle 6-7-8-9-10-J-Q-K-A-6; neighbours are adjacent, three in a row make a run.
    • First the cross around the centre: any card on an inner cell, an adjacent rank on the outer cell behind it.
    • Then the corner rule: a card goes next to two cards forming an L with it, not both of your colour, and the three ranks make a run.
    • No card fits: move one of your cards on the board (same rule); nothing at all: pass.
    • A full board (35 cells): whoever holds the 36th card loses. Two passes in a row, or a position seen three times: the last to place a card from hand wins.
first-how-kosa =
    💡 How to play: tap a card, then where it goes (🎯). A card with one place goes in one tap.
    /rules explains the whole game.
first-how-raspad =
    💡 How to play: beat table cards with your hand — tap a card, then its target.
    /rules explains the whole game.
first-how-ryadki =
    💡 How to play: answer the last card with the same rank or suit (✅ = playable).
    /rules explains the whole game.
first-how-parquet =
    💡 How to play: tap a card of your hand under the board, then a ✅ cell.
    /rules explains the whole game.
language-group-admins = Only the group's admins change its language.
language-group-set = The group's language: English 🇬🇧. New games here use it; each player's cards stay in their own language.

## A group's command menu (bot/commands.py), and a private chat's command typed in a group
cmd-group-top = This group's leaderboard
cmd-group-stats = This group's statistics
cmd-group-language = The group's language
cmd-private-only = { $command } works only in a private chat with the bot.
btn-private-chat = 💬 Open in a private chat
