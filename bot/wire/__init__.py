"""What the bot puts on the wire, with no aiogram in it: callback data (`callbacks`), deep links
(`deeplinks`), inline keyboards as data (`keyboard`), and the pace of edits (`flood`, the edit
coalescer). Renderers and services use these; `bot.telegram` is the aiogram adapter."""
