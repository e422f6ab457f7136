"""The planning player's weights, read from `weights.json` beside this file: data, each
value with the run that chose it (bench/plan_tune.py reproduces it)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from ai.evaluate import DEFAULT, Weights

_FILE = Path(__file__).with_name("weights.json")


def load_weights(path: Path = _FILE) -> Weights:
    """The default weights with the file's changes; an unknown name is refused."""
    data = json.loads(path.read_text(encoding="utf-8"))
    changes = data["weights"]
    known = {f.name for f in dataclasses.fields(Weights)}
    unknown = sorted(set(changes) - known)
    if unknown:
        raise ValueError(f"{path.name}: unknown weights {unknown}")
    missing = sorted(set(changes) - set(data.get("provenance", {})))
    if missing:
        raise ValueError(f"{path.name}: weights without provenance {missing}")
    return dataclasses.replace(DEFAULT, **changes)


PLAN_WEIGHTS = load_weights()
