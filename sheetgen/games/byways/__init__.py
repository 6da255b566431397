"""Highways & Byways (map ``byways``): the road network's model (``roadmap``), the setup
rules (``rules``), the planner (``planner``), its drawings (``board``, ``cards``) and its
registry entry (``entry``, which also binds the kit)."""
