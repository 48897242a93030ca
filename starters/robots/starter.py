#!/usr/bin/env python3
"""Robots starter (Python 3, stdlib only): a solution skeleton for the judge problem.

Run: python3 starter.py [seed] < input.txt > output.txt

Robots is not an interactive game: a solution reads every case from stdin and prints what
happens when you play it (shared/specs/robots.md). Input: cases of "R T", R lines "r c" of
robots, T lines "r c" of teleport destinations, ending with "0 0". Output per case (blank line
between cases, none after the last, no trailing spaces):
    Case 1:
    Move 30: teleport to (16,15)          (one line per teleport taken)
    Won game after making 5 moves.        or  Lost game after making m moves.
    Final position: (14,16)
    Number of cells with debris: 1
    Number of robots remaining: 1         (only after a loss)

This skeleton implements the rules; choose_move plays a random safe walk (seeded), so its output
has the right FORMAT but not the judge's answers. Replace choose_move with the prescribed
strategy of the spec to solve the problem.
"""
import random
import sys

N = 31
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0), (1, 1)]
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)


def inside(r, c):
    return 1 <= r <= N and 1 <= c <= N


def sgn(v):
    return (v > 0) - (v < 0)


class Game:
    def __init__(self, robots, teleports):
        self.robots = set(robots)
        self.debris = set()
        self.you = (15, 15)
        self.teleports = teleports
        self.used = [False] * len(teleports)
        self.moves = 0

    def copy(self):
        g = Game([], self.teleports)
        g.robots, g.debris, g.you, g.used, g.moves = set(self.robots), set(self.debris), self.you, list(self.used), self.moves
        return g

    def walk(self, dr, dc):
        """Your walk (pushing debris); False if illegal. Updates the game when legal."""
        nr, nc = self.you[0] + dr, self.you[1] + dc
        if not inside(nr, nc) or (nr, nc) in self.robots:
            return False
        if (nr, nc) in self.debris and (dr, dc) != (0, 0):
            push = (nr + dr, nc + dc)
            if not inside(*push) or push in self.debris:
                return False
            self.robots.discard(push)  # crushed by the pushed debris
            self.debris.discard((nr, nc))
            self.debris.add(push)
        self.you = (nr, nc)
        return True

    def robots_move(self):
        """All robots step towards you; returns False if one reached you."""
        arrivals = {}
        for r, c in self.robots:
            to = (r + sgn(self.you[0] - r), c + sgn(self.you[1] - c))
            arrivals[to] = arrivals.get(to, 0) + 1
        self.robots = set()
        caught = False
        for cell, n in arrivals.items():
            caught = caught or cell == self.you
            if cell in self.debris:
                continue
            if n >= 2:
                self.debris.add(cell)
            else:
                self.robots.add(cell)
        return not caught


def choose_move(g):
    """A random walk or stay after which no robot reaches you; None if there is none."""
    safe = []
    for d in DIRS:
        t = g.copy()
        if t.walk(*d) and (not t.robots or t.robots_move()):
            safe.append(d)
    return rng.choice(safe) if safe else None


def play_case(g, out):
    won = lost = False
    while not won and not lost:
        g.moves += 1
        d = choose_move(g)
        if d is not None:
            g.walk(*d)
        else:  # no safe walk: the first unused empty teleport destination, else stay
            for i, cell in enumerate(g.teleports):
                if not g.used[i] and cell not in g.robots and cell not in g.debris:
                    g.used[i] = True
                    g.you = cell
                    out.append(f"Move {g.moves}: teleport to ({cell[0]},{cell[1]})")
                    break
        if not g.robots:
            won = True
            break
        lost = not g.robots_move()
        won = not lost and not g.robots
    out.append(f"{'Won' if won else 'Lost'} game after making {g.moves} moves.")
    out.append(f"Final position: ({g.you[0]},{g.you[1]})")
    out.append(f"Number of cells with debris: {len(g.debris)}")
    if lost:
        out.append(f"Number of robots remaining: {len(g.robots)}")


def main():
    nums = iter(int(t) for t in sys.stdin.read().split())
    cases = []
    while True:
        r, t = next(nums, 0), next(nums, 0)
        if r == 0 and t == 0:
            break
        robots = [(next(nums), next(nums)) for _ in range(r)]
        teleports = [(next(nums), next(nums)) for _ in range(t)]
        out = [f"Case {len(cases) + 1}:"]
        play_case(Game(robots, teleports), out)
        cases.append("\n".join(out))
    if cases:
        print("\n\n".join(cases))


if __name__ == "__main__":
    main()
