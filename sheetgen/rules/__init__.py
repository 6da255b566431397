"""Game rules: one module a game. Pure and seeded: no files, no global random state."""
