#!/usr/bin/env python3
"""Bank Heist starter bot (Python 3, stdlib only): guards or robbers, legal random moves.

Run: python3 starter.py [seed]

Protocol (shared/specs/bank.md): reads L (the move limit), then 0 (guards) or 1 (robbers).
Robbers first write their four start cells on one line ("GE GQ MW QH"). Then before each of its
moves a player reads ONE line (four opponent pieces, then the lift states, e.g.
"?? ?? EK ## FFF") and writes one line of four commands with no spaces ("LRUS"), flushed.
Cells are two letters, row (A..Q, A = bottom) then column (A..Y).

The building (17 x 25): floors on rows A, E, I, M, Q; staircases on columns E, I, Q, U; lift
doors on columns A, M, Y of every floor. This starter never calls a lift (commands L R U D S,
and # for a caught robber); its robbers also keep off the lift columns, so a guard riding a
lift (shown at its in-lift coordinate) is never mistaken for a guard standing on their cell.

Replace choose_command with your strategy.
"""
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
ROWS, COLS, PIECES = 17, 25, 4
STAIR_COLS = {4, 8, 16, 20}
LIFT_COLS = {0, 12, 24}


def is_floor(row):
    return row % 4 == 0


def walkable(row, col):
    return 0 <= row < ROWS and 0 <= col < COLS and (is_floor(row) or col in STAIR_COLS)


def name(cell):
    return chr(ord("A") + cell[0]) + chr(ord("A") + cell[1])


def step(cell, cmd):
    """Where `cmd` takes a piece at `cell`, or None when it is not legal there."""
    row, col = cell
    if cmd == "S":
        return cell
    if cmd in "LR" and is_floor(row):
        col += -1 if cmd == "L" else 1
        return (row, col) if 0 <= col < COLS else None
    if cmd in "UD" and col in STAIR_COLS:
        row += 1 if cmd == "U" else -1
        return (row, col) if 0 <= row < ROWS else None
    return None


def choose_command(at, robber, guards):
    """(command, new cell): random and legal; robbers avoid lift doors and the guards' cells."""
    cmds = list("LRUDS")
    rng.shuffle(cmds)
    for cmd in cmds:
        to = step(at, cmd)
        if to is None:
            continue
        if robber and (to[1] in LIFT_COLS or name(to) in guards):
            continue
        return cmd, to
    return "S", at


def main():
    line = sys.stdin.readline()
    if not line:
        return
    limit = int(line)
    robber = int(sys.stdin.readline()) == 1
    caught = [False] * PIECES
    if robber:
        starts = [(r, c) for r in range(ROWS) for c in range(COLS)
                  if walkable(r, c) and c not in LIFT_COLS and not (r == 0 and 10 <= c <= 14)]
        mine = [rng.choice(starts) for _ in range(PIECES)]
        print(" ".join(name(c) for c in mine), flush=True)
    else:
        mine = [(0, 10), (0, 11), (0, 13), (0, 14)]  # AK AL AN AO
    for _ in range(limit):
        line = sys.stdin.readline()
        if not line:
            return  # the game ended
        parts = line.split()
        seen, lifts = parts[:PIECES], parts[PIECES:]  # lifts ("FBF"): needed once you use them
        if robber:
            for i in range(PIECES):
                if name(mine[i]) in seen:
                    caught[i] = True
            if all(caught):
                return
        elif seen.count("##") == PIECES:
            return  # every robber caught
        out = ""
        for i in range(PIECES):
            if robber and caught[i]:
                out += "#"
            else:
                cmd, mine[i] = choose_command(mine[i], robber, seen)
                out += cmd
        print(out, flush=True)


if __name__ == "__main__":
    main()
