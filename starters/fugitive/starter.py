#!/usr/bin/env python3
"""Fugitive vs Detectives starter bot (Python 3, stdlib only): either role, legal random moves.

Run: python3 starter.py [seed]

Protocol (shared/specs/fugitive.md): the map is read from connect.txt in the working directory;
stdin gives the role ("Fugitive" or "Detectives"). Reading is TOKEN based (four cities on one
line or on four lines are both fine). Any read may return "Quit" instead: the game is over, exit
normally. Every answer is flushed. 50 turns; turns 5, 10, ..., 50 are announcement turns (the
Detectives read the transport AND the Fugitive's city).

Replace choose_fugitive_move / choose_detective_moves with your strategy.
"""
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
TURNS = 50
DETECTIVES = 4


def read_map(path):
    """{city: [(transport, to), ...]} from connect.txt (stops at END)."""
    roads = {}
    with open(path) as f:
        lines = iter(f)
        n = 0
        for line in lines:
            if line.strip():
                n = int(line)
                break
        for c in range(1, n + 1):
            roads[c] = []
        for line in lines:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "END":
                break
            a, b = (int(x) for x in parts[1].split("-"))
            roads[a].append((parts[0], b))
            roads[b].append((parts[0], a))
    return roads


def tokens():
    """Yields input tokens one line at a time; exits normally on Quit or end of input."""
    for line in sys.stdin:
        for t in line.split():
            if t == "Quit":
                sys.exit(0)
            yield t
    sys.exit(0)


def choose_fugitive_move(roads, me, detectives):
    safe = [r for r in roads[me] if r[1] not in detectives]
    return rng.choice(safe or roads[me])  # cornered: any road (and be caught)


def choose_detective_moves(roads, detectives):
    """A random joint move: every detective along a road, no two on one city afterwards."""
    def assign(i, taken):
        if i == len(detectives):
            return []
        options = [to for _, to in roads[detectives[i]]]
        rng.shuffle(options)
        for to in options:
            if to in taken:
                continue
            rest = assign(i + 1, taken + [to])
            if rest is not None:
                return [to] + rest
        return None
    moves = assign(0, [])
    if moves is None:
        sys.exit("starter: the detectives are stuck")
    return moves


def main():
    tok = tokens()
    role = next(tok)
    roads = read_map("connect.txt")
    if role == "Fugitive":
        det = [int(next(tok)) for _ in range(DETECTIVES)]
        me = rng.choice([c for c in roads if c not in det and roads[c]])
        print(me, flush=True)
        for turn in range(1, TURNS + 1):
            transport, me = choose_fugitive_move(roads, me, det)
            print(transport, me, flush=True)
            if turn == TURNS:
                break  # the Detectives' last move is not sent
            det = [int(next(tok)) for _ in range(DETECTIVES)]
    else:
        det = rng.sample(sorted(roads), DETECTIVES)
        print("\n".join(map(str, det)), flush=True)
        fugitive = int(next(tok))  # its start city
        for turn in range(1, TURNS + 1):
            transport = next(tok)
            if turn % 5 == 0:
                fugitive = int(next(tok))  # announcement turn
            det = choose_detective_moves(roads, det)
            print("\n".join(map(str, det)), flush=True)


if __name__ == "__main__":
    main()
