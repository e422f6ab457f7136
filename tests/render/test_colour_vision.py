"""Player and autobahn colours stay apart for the two common red-green colour deficiencies.

Simulated with the Machado, Oliveira & Fernandes (2009) matrices at full severity, applied
in linear RGB, and compared as CIE76 ΔE in L*a*b*. Shapes and initials already tell players
apart; this makes sure colour alone still does too, and that no two autobahns merge.
"""

from __future__ import annotations

import itertools

import pytest

from render import style

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "none": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}
MIN_DELTA_E = 15  # clearly apart on a small marker (2.3 is "just noticeable"); least now: 19


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def seen(colour: style.RGB, deficiency: str) -> tuple[float, float, float]:
    lin = [_linear(c) for c in colour]
    m = MACHADO[deficiency]
    sim = [min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    return _lab((sim[0], sim[1], sim[2]))


def delta_e(a: style.RGB, b: style.RGB, deficiency: str) -> float:
    la, lb = seen(a, deficiency), seen(b, deficiency)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


@pytest.mark.parametrize("deficiency", ["none", "protanopia", "deuteranopia"])
@pytest.mark.parametrize("group", ["players", "autobahns"])
def test_colours_stay_distinguishable(deficiency: str, group: str) -> None:
    colours = (dict(enumerate(style.PLAYER_COLOURS)) if group == "players"
               else dict(style.ROAD))
    close = [(a, b, round(delta_e(colours[a], colours[b], deficiency), 1))
             for a, b in itertools.combinations(colours, 2)
             if delta_e(colours[a], colours[b], deficiency) < MIN_DELTA_E]
    assert close == []
