"""On Tour (maps ``usa`` and ``europe``): its rules and seeded scripts (``rules``), the
legality check (``check``), the scoring CSV's grammar (``grammar``), the exact route
solver (``route``) and scorer (``score``, ``verify``), the built-in players
(``players``), the perfect game (``perfect``, ``perfect_bound``), its drawings (``sheet``,
``cards``, ``scored``, ``script``, ``perfect_pages``), its kit (``kit``) and its registry
entry (``entry``)."""
