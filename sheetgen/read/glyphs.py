"""The glyph classifier: one handwritten or printed mark (a digit, an X, a star, a
parenthesis) to a probability for each class.

The model is two small convolutional networks trained by ``tools/train_glyphs.py`` on
digits rendered from several fonts with jitter and on the handwritten digits that ship
inside scikit-learn, exported to ONNX (``glyphs-1.onnx``, ``glyphs-2.onnx``, beside this
module) and run with onnxruntime. Nothing is downloaded: the model travels inside the package.

A glyph enters the model as :func:`features`: its ink mask cropped to its bounding box,
centred in a square (so its aspect ratio shows) and scaled to ``SIDE`` x ``SIDE`` pixels.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

CLASSES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "x", "*", "(", ")")
"""What a glyph can be: the ten digits, an X (a crossed space), a star, parentheses."""
DIGITS = CLASSES[:10]
SIDE = 24
"""The side of the square a glyph is scaled to."""
MODELS = tuple(Path(__file__).with_name(f"glyphs-{k}.onnx") for k in (1, 2))
"""Two networks trained on different sets of fonts: their probabilities are averaged, and
where they disagree the confidence drops."""


def features(mask: np.ndarray) -> np.ndarray:
    """The classifier's input for one glyph (``mask``: ink > 0): a float32 image of
    ``SIDE`` x ``SIDE``, the glyph scaled into it with its aspect ratio kept, centred."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return np.zeros((SIDE, SIDE), dtype=np.float32)
    crop = (mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1] > 0).astype(np.float32)
    h, w = crop.shape
    side = max(h, w)
    square = np.zeros((side, side), dtype=np.float32)
    top, left = (side - h) // 2, (side - w) // 2
    square[top:top + h, left:left + w] = crop
    inner = SIDE - 2  # a pixel of border keeps strokes at the edge whole
    scaled = cv2.resize(square, (inner, inner), interpolation=cv2.INTER_AREA)
    image = np.zeros((SIDE, SIDE), dtype=np.float32)
    image[1:-1, 1:-1] = scaled
    return image


@cache
def _sessions() -> tuple[Any, ...]:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return tuple(onnxruntime.InferenceSession(str(model), options,
                                              providers=["CPUExecutionProvider"])
                 for model in MODELS)


def variants(mask: np.ndarray) -> list[np.ndarray]:
    """The glyph as read, and as a slightly different pen or hand would have left it:
    thicker, thinner, turned a little either way. The classifier's probabilities are
    averaged over them, so a glyph it reads one way only by a hair gets a lower
    confidence."""
    kernel = np.ones((2, 2), np.uint8)
    out = [mask, cv2.dilate(mask, kernel)]
    if min(mask.shape) > 12:
        thin = cv2.erode(mask, kernel)
        if thin.any():
            out.append(thin)
    h, w = mask.shape
    pad = max(h, w) // 4 + 1
    big = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    centre = (big.shape[1] / 2, big.shape[0] / 2)
    for angle in (-6.0, 6.0):
        turn = cv2.getRotationMatrix2D(centre, angle, 1.0)
        out.append(cv2.warpAffine(big, turn, (big.shape[1], big.shape[0]),
                                  flags=cv2.INTER_NEAREST))
    return out


def classify(masks: list[np.ndarray]) -> np.ndarray:
    """Class probabilities (rows in the order of ``masks``, columns in ``CLASSES``
    order), each the mean over the networks and the glyph's :func:`variants`."""
    if not masks:
        return np.zeros((0, len(CLASSES)), dtype=np.float32)
    groups = [variants(m) for m in masks]
    batch = np.stack([features(v) for group in groups for v in group])[:, None, :, :]
    probs = np.mean([session.run(None, {session.get_inputs()[0].name: batch})[0]
                     for session in _sessions()], axis=0)
    out = np.zeros((len(masks), len(CLASSES)), dtype=np.float32)
    k = 0
    for i, group in enumerate(groups):
        out[i] = np.asarray(probs[k:k + len(group)]).mean(axis=0)
        k += len(group)
    return out
