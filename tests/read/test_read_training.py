"""What the glyph networks learn from stays apart from what the reader is measured on:
the test corpus's fonts (``synth.TEST_FONTS``) share no font or family with the training
fonts, and ``tools/train_glyphs.py`` writes its training glyphs and training sheets with
the training fonts and scikit-learn's handwritten digits before ``synth.HELD_OUT`` only,
never with the held-out digits the corpus writes with. The script's part needs PyTorch
and scikit-learn (not in the test extras) and is skipped without them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from sheetgen.read import synth

SCRIPT = Path(__file__).parents[2] / "tools" / "train_glyphs.py"


def _family(source: str) -> str:
    """A font's family: ``ttf:OpenSans-Bold.ttf`` -> ``opensans``; Hershey fonts by name."""
    kind, _, name = source.partition(":")
    if kind == "hershey":
        return source
    return Path(name).stem.split("-")[0].lower()


def test_no_corpus_font_is_a_training_font() -> None:
    assert not {_family(f) for f in synth.TEST_FONTS} & {_family(f) for f in synth.TRAIN_FONTS}
    assert len({_family(f) for f in synth.TEST_FONTS}) >= 4


def _script() -> ModuleType:
    pytest.importorskip("torch")
    pytest.importorskip("sklearn")
    spec = importlib.util.spec_from_file_location("train_glyphs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_glyphs"] = module
    spec.loader.exec_module(module)
    return module


def test_training_never_writes_with_the_held_out_digits_or_fonts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    script = _script()
    train, held_out = script.handwriting()
    corpus_images, corpus_labels = synth.handwritten()
    assert np.array_equal(held_out[0].astype(np.uint8), corpus_images)
    assert np.array_equal(held_out[1], corpus_labels)
    held = {image.astype(np.uint8).tobytes() for image in held_out[0]}
    trained = {image.astype(np.uint8).tobytes() for image in train[0]}
    assert len(trained) > 1000 and not held & trained

    fonts: list[str] = []
    images: list[bytes] = []
    writers: list[str] = []
    font_glyph, hand_glyph, char_glyph = synth.font_glyph, synth.hand_glyph, synth.char_glyph

    def spy_font(source: str, char: str, height: int) -> np.ndarray:
        fonts.append(source)
        return font_glyph(source, char, height)

    def spy_hand(image8: np.ndarray, height: int) -> np.ndarray:
        images.append(np.asarray(image8).astype(np.uint8).tobytes())
        return hand_glyph(image8, height)

    def spy_char(hand: synth.Hand, char: str, px: int, rng: np.random.Generator) -> np.ndarray:
        writers.append(hand.source)
        return char_glyph(hand, char, px, rng)

    monkeypatch.setattr(synth, "font_glyph", spy_font)
    monkeypatch.setattr(synth, "hand_glyph", spy_hand)
    monkeypatch.setattr(synth, "char_glyph", spy_char)
    rng = np.random.default_rng(1)
    few = (train[0][:40], train[1][:40])
    script.samples(rng, synth.TRAIN_FONTS[-6:], few, 1, 1, 2, 1)
    x, y, by_hand = script.reader_glyphs(rng, 1, train, script.HAND_SHEETS, by_hand_only=True)
    assert len(y) > 50 and by_hand.all()  # the sheet was written, cut and kept
    assert fonts and set(fonts) <= set(synth.TRAIN_FONTS)
    assert writers and set(writers) == {"hand-train"}
    assert len(images) > 40 and set(images) <= trained and not set(images) & held
