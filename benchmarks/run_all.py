"""Run `tablekit bench` for every registered game and print one JSON line each."""

import json

import tablekit
from tablekit.bench import run_bench

if __name__ == "__main__":
    for gid in tablekit.games():
        print(json.dumps(run_bench(gid, seconds=3.0).to_dict()))
