"""``sheetgen serve``: a local page to enter boards on a phone or a laptop, with the score.

The page (``static/``) draws the map from the same geometry and renderers as the printed
sheet, and every entry goes through the game's scoring CSV reader and exact scorer, so
what the page shows is what ``sheetgen score`` says of the board's CSV. Needs the optional
extra ``pip install 'sheetgen[serve]'`` (starlette and uvicorn); ``boards`` alone is pure
and imports neither.
"""
