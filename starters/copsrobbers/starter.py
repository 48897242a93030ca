#!/usr/bin/env python3
"""Cops and Robbers starter bot (Python 3, stdlib only): either side, legal random moves.

Run: python3 starter.py [seed]   (the server talks on stdin/stdout)

Protocol (shared/specs/copsrobbers.md): reads its side (P = cops, X = robber), C, R, "N M",
M edges, its start position(s); then every round X reads the cops' positions and writes one
crossing; P reads X's position and writes C crossings. Input is read LINE BY LINE with
sys.stdin.readline (never past the current line), every answer is flushed, and end of input
(the server ends the game) is a normal exit.

Replace choose_robber_move / choose_cop_moves with your strategy.
"""
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)


def read_ints():
    """One line as a list of ints; None at end of input."""
    line = sys.stdin.readline()
    if not line:
        return None
    return [int(t) for t in line.split()]


def random_step(graph, at):
    """Stay or a random neighbour."""
    return rng.choice([at] + graph[at])


def choose_robber_move(graph, me, cops):
    for _ in range(20):  # prefer a step neither on a cop nor next to one
        to = random_step(graph, me)
        if all(c != to and to not in graph[c] for c in cops):
            return to
    return random_step(graph, me)


def choose_cop_moves(graph, cops, robber):
    return [random_step(graph, c) for c in cops]


def main():
    side = sys.stdin.readline().strip()
    if not side:
        return
    cops_count = read_ints()[0]
    read_ints()  # the round limit R: a real strategy uses it
    n, m = read_ints()[:2]
    graph = [[] for _ in range(n + 1)]
    for _ in range(m):
        a, b = read_ints()[:2]
        graph[a].append(b)
        graph[b].append(a)
    mine = read_ints()
    if mine is None:
        return
    if side == "X":
        me = mine[0]
        while True:
            cops = read_ints()
            if cops is None:
                return
            me = choose_robber_move(graph, me, cops)
            print(me, flush=True)
    else:
        cops = mine[:cops_count]
        while True:
            seen = read_ints()
            if not seen:
                return
            cops = choose_cop_moves(graph, cops, seen[0])
            print(" ".join(map(str, cops)), flush=True)


if __name__ == "__main__":
    main()
