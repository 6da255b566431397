"""Train the glyph classifier of ``sheetgen read`` and export it to ONNX.

    apt-get install fonts-dejavu fonts-liberation2 fonts-freefont-ttf fonts-urw-base35
    pip install -e '.[read]' scikit-learn torch onnx
    python tools/train_glyphs.py

Training glyphs: the ten digits, X, the star and both parentheses rendered from the fonts
of ``sheetgen.read.synth.TRAIN_FONTS`` (the package's DejaVu; DejaVu, Liberation,
FreeFont and the URW base 35 families from Debian's font packages; five of OpenCV's stroke
fonts), pen strokes for the X, the star and the
parentheses, and scikit-learn's handwritten digits before ``HELD_OUT``; each with jitter
(slant, turn, stretch, stroke width) and the blur and resolution loss of a photo. The
held-out handwritten digits go to ``sheetgen/read/heldout_digits.npz`` for the test
corpus.

The model is two small convolutional networks (three 3 x 3 convolutions, two dense
layers, about 0.1 M weights, 0.3 MB each as ONNX) trained with PyTorch on the CPU, each
from the same seed on its own fonts (``NETWORKS``): the reader averages them, so a glyph
they read differently gets a low confidence. Held-out glyphs (Open Sans, three stroke
fonts, handwriting) read right: 98.2 % by the first, 98.8 % by the second. A multilayer
perceptron from scikit-learn (exported with skl2onnx) was tried first: 94.9 % and many
confident mistakes on fonts it had not seen. PyTorch is needed here only: the package runs
the exported ONNX files with onnxruntime. Deterministic: seeded generators, a seeded
network, deterministic kernels on one thread; about 8 minutes of CPU for both.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import torch
from sklearn.datasets import load_digits
from torch import nn

from sheetgen.read import synth
from sheetgen.read.glyphs import CLASSES, MODELS, SIDE, features

SEED = 20261126
NETWORKS = ((synth.TRAIN_FONTS[:9] + synth.TRAIN_FONTS[-5:], 150),
            (synth.TRAIN_FONTS, 90))
"""The two networks: the fonts each learns from and how many glyphs per class and font
(the first, the DejaVu family and the stroke fonts only; the second, every family)."""
PEN = 2000
"""Pen-drawn glyphs per class (X, star, parentheses)."""
HAND = 8
"""Jittered copies of each training handwritten digit."""
EPOCHS = 14


def samples(rng: np.random.Generator, fonts: tuple[str, ...], hand: tuple[np.ndarray, ...],
            per_font: int, pen: int, copies: int) -> tuple[np.ndarray, np.ndarray]:
    xs: list[np.ndarray] = []
    ys: list[int] = []

    def add(mask: np.ndarray, label: str) -> None:
        xs.append(features(synth.degrade(mask, rng)))
        ys.append(CLASSES.index(label))

    for font in fonts:
        for label in CLASSES:
            chars = {"x": "xX", "*": "*"}.get(label, label)
            for _ in range(per_font):
                height = int(rng.integers(18, 60))
                glyph = synth.font_glyph(font, chars[int(rng.integers(len(chars)))], height)
                add(synth.jitter(glyph, rng), label)
    for label in ("x", "*", "(", ")"):
        for _ in range(pen):
            add(synth.jitter(synth.pen_glyph(label, int(rng.integers(18, 60)), rng), rng, 0.5),
                label)
    images, labels = hand
    for image, label in zip(images, labels, strict=True):
        for _ in range(copies):
            add(synth.jitter(synth.hand_glyph(image, int(rng.integers(18, 60))), rng, 0.6),
                str(label))
    return np.stack(xs)[:, None, :, :], np.array(ys)


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 48, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Flatten(), nn.Linear(48 * (SIDE // 8) ** 2, 128), nn.ReLU(), nn.Dropout(0.3),
            nn.Linear(128, len(CLASSES)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(self.body(x), dim=1)


def main() -> int:
    parser = argparse.ArgumentParser(description="Train the glyph classifier.")
    parser.add_argument("--out-dir", type=Path, default=None,
                        help="where to write the models (default: beside glyphs.py)")
    folder = parser.parse_args().out_dir
    outputs = [m if folder is None else folder / m.name for m in MODELS]
    start = time.process_time()
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(1)  # the same sums in the same order on every run
    digits = load_digits()
    train_hand = (digits.images[:synth.HELD_OUT], digits.target[:synth.HELD_OUT])
    test_hand = (digits.images[synth.HELD_OUT:], digits.target[synth.HELD_OUT:])
    out = synth.HANDWRITTEN
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, images=test_hand[0].astype(np.uint8),
                        labels=test_hand[1].astype(np.uint8))
    tx, ty = samples(np.random.default_rng(SEED + 1), synth.TEST_FONTS, test_hand, 20, 100, 1)
    for (fonts, per_font), target in zip(NETWORKS, outputs, strict=True):
        x, y = samples(np.random.default_rng(SEED), fonts, train_hand, per_font, PEN, HAND)
        print(f"{target.name}: {len(y)} training glyphs, {len(ty)} held out "
              f"({time.process_time() - start:.0f} s CPU)", file=sys.stderr)
        net = _train(x, y, tx, ty, SEED)
        torch.onnx.export(net, (torch.zeros(1, 1, SIDE, SIDE),), str(target),
                          input_names=["glyph"], output_names=["probabilities"],
                          dynamic_axes={"glyph": {0: "n"}, "probabilities": {0: "n"}},
                          opset_version=17, dynamo=False)
        print(f"wrote {target} ({target.stat().st_size} bytes) at "
              f"{time.process_time() - start:.0f} s CPU")
    return 0


def _train(x: np.ndarray, y: np.ndarray, tx: np.ndarray, ty: np.ndarray,
           seed: int) -> Net:
    """One network trained on (x, y), with its figures on the held-out (tx, ty)."""
    torch.manual_seed(seed)
    net = Net()
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, EPOCHS)
    order = torch.Generator().manual_seed(seed)
    for epoch in range(EPOCHS):
        net.train()
        perm = torch.randperm(len(yt), generator=order)
        total = 0.0
        for k in range(0, len(perm), 128):
            idx = perm[k:k + 128]
            optimiser.zero_grad()
            probs = net(xt[idx])
            loss = nn.functional.nll_loss(torch.log(probs + 1e-7), yt[idx])
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(idx)
        schedule.step()
        net.eval()
        with torch.no_grad():
            predicted = net(torch.from_numpy(tx)).argmax(1).numpy()
        print(f"epoch {epoch + 1}: loss {total / len(yt):.4f}, held out "
              f"{np.mean(predicted == ty):.4f}", file=sys.stderr)
    net.eval()
    with torch.no_grad():
        probs = net(torch.from_numpy(tx)).numpy()
    predicted = probs.argmax(1)
    print(f"held-out glyphs: {np.mean(predicted == ty):.4f} right of {len(ty)}")
    for k, label in enumerate(CLASSES):
        pick = ty == k
        print(f"  {label}: {np.mean(predicted[pick] == k):.3f} of {pick.sum()}")
    return net


if __name__ == "__main__":
    sys.exit(main())
