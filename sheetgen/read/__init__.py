"""Reading a photo or scan of a filled player sheet back into the scoring CSV
(``sheetgen read``; the optional extra ``pip install 'sheetgen[read]'``).

The steps, one module each:

* ``layout``: where a sheet of a map, paper and layout version has its registration
  marks, code and circles, in page millimetres (read from the renderer's own drawing, or
  frozen for sheets already printed);
* ``register``: the marks and the code found in a photo, the page straightened;
* ``cells``: each circle cropped and read (empty, number, star, X, circled) with a
  confidence, by ``glyphs`` (the shipped ONNX classifier);
* ``sheet``: one photo end to end, the seed's cross-check, the CSV;
* ``review``: the review PDF a person corrects the doubtful cells from;
* ``synth``: filled sheets and photos made in software, for tests and the benchmark.
"""
