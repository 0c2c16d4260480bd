"""Fit Mirkwood's position score (tablekit/games/mirkwood/evaluate.py) and say how well
it predicts games it was not fitted on.

    .venv/bin/python benchmarks/mirkwood_evaluation.py --games 400 --every 25

Plays `--games` seeded games with heuristic bots (seeds 1..N; seeds 1, 4, 5, 8, 9...
with one player, the others with two), takes the position every `--every` records of each game with its
facts (`evaluate.facts`) and the game's outcome (won or not), fits a logistic
regression on the odd seeds' positions (Newton's method, a small ridge penalty) and
scores the even seeds' positions: the log loss and Brier score of the model against
those of the base rate alone (a constant chance), and a calibration table. It prints
the weights to paste into evaluate.WEIGHTS (bias first); `--json FILE` keeps them."""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import tablekit
from tablekit.games.mirkwood import evaluate as E


def positions(seed: int, players: int, every: int) -> tuple[list[tuple[float, ...]], int]:
    """The facts of a heuristic game's positions every `every` records, and 1 if it was won."""
    g = tablekit.new_game("mirkwood", players=players, seed=seed)
    rows = []
    while not g.is_over:
        rows.append(E.facts(g.ctx))
        g.run(bots="heuristic", max_records=every)
    return rows, int(bool(g.result and g.result.winners))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Logistic regression weights (bias first) by Newton's method with a ridge penalty."""
    a = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(a.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(a @ w, -30, 30)))
        grad = a.T @ (p - y) + ridge * w
        hess = (a * (p * (1 - p))[:, None]).T @ a + ridge * np.eye(a.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p - y) ** 2))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--every", type=int, default=25)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    began = time.perf_counter()
    data = {0: ([], []), 1: ([], [])}  # seed parity -> (facts, outcomes)
    won = 0
    for seed in range(1, args.games + 1):
        rows, outcome = positions(seed, 1 + (seed // 2) % 2, args.every)
        won += outcome
        xs, ys = data[seed % 2]
        xs += rows
        ys += [outcome] * len(rows)
    train_x, train_y = (np.array(v, dtype=float) for v in data[1])
    test_x, test_y = (np.array(v, dtype=float) for v in data[0])
    w = fit(train_x, train_y)
    p = 1 / (1 + np.exp(-np.clip(np.hstack([np.ones((len(test_x), 1)), test_x]) @ w, -30, 30)))
    base = np.full(len(test_y), train_y.mean())
    loss, brier = scores(p, test_y)
    base_loss, base_brier = scores(base, test_y)
    print(f"{args.games} games ({won} won), {len(train_y)} positions to fit, {len(test_y)} to test, "
          f"{time.perf_counter() - began:.0f} s")
    print(f"held-out log loss {loss:.3f} (base rate {base_loss:.3f}), Brier {brier:.3f} (base rate {base_brier:.3f})")
    print("calibration (predicted -> won, positions):")
    for lo in np.arange(0, 1, 0.2):
        sel = (p >= lo) & (p < lo + 0.2)
        if sel.any():
            print(f"  {lo:.1f}-{lo + 0.2:.1f}: {test_y[sel].mean():.2f} of {int(sel.sum())}")
    weights = [round(float(v), 3) for v in w]
    print("WEIGHTS =", tuple(weights), "# bias, then", ", ".join(E.FACTS))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"games": args.games, "every": args.every, "weights": weights, "log_loss": loss,
                       "base_log_loss": base_loss, "brier": brier, "base_brier": base_brier}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
