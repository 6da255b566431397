"""Photos of filled sheets for the reader's tests, made by the project's corpus maker
(``sheetgen.read.synth``) once per session."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("cv2")
pytest.importorskip("onnxruntime")
pytest.importorskip("zxingcpp")

from sheetgen.read import synth  # noqa: E402


def shot(**changes: float) -> synth.Shot:
    base = {"dpi": 190.0, "tilt": 12.0, "tilt_dir": 30.0, "rotation": 8.0, "blur": 0.7,
            "shadow": 0.3, "quality": 70}
    base.update(changes)
    return synth.Shot(base["dpi"], base["tilt"], base["tilt_dir"], base["rotation"],
                      base["blur"], base["shadow"], int(base["quality"]))


def sample(map_id: str, paper: str = "a4", *, seed: int = 7, sheet: int = 1,
           source: str = "ttf:OpenSans-Regular.ttf", rng_seed: int = 1,
           hand_over: tuple[float, float] | None = None, **shot_changes: float
           ) -> synth.Sample:
    rng = np.random.default_rng(rng_seed)
    return synth.make_sample(map_id, paper, seed, sheet, synth.Hand(source, 20, 5.0),
                             shot(**shot_changes), rng, name="Ann", hand_over=hand_over)


@pytest.fixture(scope="session")
def photos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, synth.Sample]]:
    """A USA sheet (seed 7, sheet 2, a held-out font), the same upside down, a Dice Trip
    sheet (seed 7, held-out handwriting), a Europe sheet, and a USA sheet with a hand
    over its bottom left corner."""
    folder = tmp_path_factory.mktemp("photos")
    made = {
        "usa": sample("usa", sheet=2),
        "upside-down": sample("usa", sheet=2, rotation=183.0, tilt=8.0),
        "germany": sample("germany", source="hand", rng_seed=2),
        "europe": sample("europe", "letter", seed=11, source="hershey:complex_small"),
        "hand": sample("usa", hand_over=(8.0, 202.0)),
    }
    out = {}
    for name, s in made.items():
        path = folder / f"{name}.jpg"
        path.write_bytes(s.jpeg)
        out[name] = (path, s)
    return out
