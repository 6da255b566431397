"""Built-in players: play a seeded game turn by turn, seeing only what a player at the
table sees, and produce a finished board (par scores, realistic benchmark boards)."""
