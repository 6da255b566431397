"""What every game prints the same way: card imposition, dice nets, scorepads, pages of
prose, the kit's cover. Products draw with ``sheetgen.draw`` and know no game: a game hands
them its own faces, maps and texts."""
