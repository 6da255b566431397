"""On Tour: Paris (map ``paris``): On Tour with jazz clubs and boat rides. What differs
from On Tour is here: the drawings (``render``) and the registry entry (``entry``); the
rules, solver and players are On Tour's, which know the Paris map's docks."""
