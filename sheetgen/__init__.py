"""sheetgen: print-and-play sheets, cards, dice, seeded scripts and exact scoring for
roll-and-write travel games (On Tour, On Tour: Paris, Dice Trip, Highways & Byways)."""

__version__ = "0.1.0"
