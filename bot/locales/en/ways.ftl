## No dead ends: every screen has a way on

lobby-running = 🎴 A game is already on here — here is its board. Finish it (or cancel its lobby) to start another.
btn-new-lobby = 🎴 New game
board-replaced = ✖ This game was replaced by a new one.
hand-moved = ⬇️ Your cards are in the message below.
