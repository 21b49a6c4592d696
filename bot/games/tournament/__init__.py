"""Tournaments in a group: an arena (as many games as one can in 15, 30 or 60 minutes) or a
Swiss (3–7 rounds), of a table game, every game played in the players' private chats as a quick
match's is, one standings message in the group.

Pure: `model` (the tournament as stored), `pairing` (who plays whom: arena and Swiss, byes),
`scoring` (points, streaks, tie-breaks), `flow` (what a join, a result, the clock do to it).
Services: `service` (`Tournaments`: the owner of its tables and its clock), `deal` (its tables
dealt through the table's door), `group` (its messages in the group: the announcement and
standings, the reminder, the podium)."""
