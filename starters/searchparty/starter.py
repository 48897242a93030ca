#!/usr/bin/env python3
"""Search Party starter bot (Python 3, stdlib only): the interactive form, legal random moves.

Run: python3 starter.py [seed] [map file]

Protocol (shared/specs/searchparty.md): before every turn the controller writes
    Turn 1
    @:2,3 A:2,3 a:2,3.          (the living actors, x,y with (0,0) top left)
    ##...##                     (the board: o searched, . unsearched, # obstacle)
    ...
    ----------------------------------------   (40 dashes)
and reads one move line, e.g. "@9 A2 a2." (keypad digits: 8 up, 2 down, 4 left, 6 right,
7 9 1 3 diagonals, 5 stay), flushed. When the search is complete the controller prints the
result on its own stderr and the solver just sees end of input: exit normally.
The controller may pass the map file's path as an argument; this starter ignores it.

Replace choose_moves with your strategy (keep costars and extras in sight of each other or
they die; see the spec).
"""
import random
import sys

seed = next((int(a) for a in sys.argv[1:] if a.isdigit()), 1)
rng = random.Random(seed)


def delta(digit):
    """Keypad digit -> (dx, dy)."""
    return (digit - 1) % 3 - 1, -1 if digit >= 7 else 0 if digit >= 4 else 1


def parse_actors(line):
    """'@:2,3 A:2,3.' -> [('@', 2, 3), ('A', 2, 3)]"""
    out = []
    for tok in line.strip().rstrip(".").split():
        who, pos = tok.split(":")
        x, y = pos.rstrip(".").split(",")
        out.append((who, int(x), int(y)))
    return out


def choose_moves(actors, board):
    moves = []
    for who, x, y in actors:
        legal = []
        for d in range(1, 10):
            dx, dy = delta(d)
            nx, ny = x + dx, y + dy
            if 0 <= ny < len(board) and 0 <= nx < len(board[ny]) and board[ny][nx] != "#":
                legal.append(d)
        moves.append(f"{who}{rng.choice(legal)}")
    return " ".join(moves) + "."


def main():
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the search is over
        if not line.startswith("Turn"):
            continue
        actors = parse_actors(sys.stdin.readline())
        board = []
        while True:
            row = sys.stdin.readline()
            if not row or row.startswith("----"):
                break
            board.append(row.rstrip("\r\n"))
        print(choose_moves(actors, board), flush=True)


if __name__ == "__main__":
    main()
