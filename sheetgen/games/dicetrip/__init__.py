"""Dice Trip (map ``germany``): its rules and seeded scripts (``rules``), the legality
check (``check``), the scoring CSV's grammar (``grammar``), the scorer (``score``), the
built-in player (``player``), its drawings (``sheet``, ``script``), its kit (``kit``) and
its registry entry (``entry``)."""
