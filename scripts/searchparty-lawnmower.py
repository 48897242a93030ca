#!/usr/bin/env python3
"""Hand-made boustrophedon ("lawnmower") on an open field with no obstacles: a yardstick for
the Search Party solver (docs/searchparty.md, sixth round).

  searchparty-lawnmower.py W H SX SY lone|pair|triple MAP_OUT SOLUTION_OUT

Writes the W x H field (S at SX,SY; `lone`: the star alone, `pair`: one costar, `triple`: two
extras) and a batch-form solution: the star walks rows from one side to the other, its team
in formation beside it: rows 5 apart (lone), 7 apart with the costar two rows below (pair:
the two see rows r-2 .. r+4), 9 apart with an extra two rows above and one two rows below
(triple), lanes in the best of the snake orders tried. Check it with
`searchparty-check MAP_OUT SOLUTION_OUT`.
"""
import sys

SIGHT = [(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if dx * dx + dy * dy < 8]
DIGIT = {(-1, 1): '1', (0, 1): '2', (1, 1): '3', (-1, 0): '4', (0, 0): '5', (1, 0): '6',
         (-1, -1): '7', (0, -1): '8', (1, -1): '9'}


def sign(v):
    return (v > 0) - (v < 0)


FORMATIONS = {'lone': ('', []), 'pair': ('A', [2]), 'triple': ('ab', [-2, 2])}  # rows off the star


def simulate(w, h, start, lanes, names, offsets):
    """Walks the lanes in order; returns the moves up to the turn the field is searched."""
    seen = set()

    def look(p):
        for dx, dy in SIGHT:
            if 0 <= p[0] + dx < w and 0 <= p[1] + dy < h:
                seen.add((p[0] + dx, p[1] + dy))

    star = start
    mates = [start] * len(offsets)
    look(start)
    moves = []
    if len(seen) == w * h:  # S's view covers the field: 0 turns
        return moves
    left, right = min(1, w - 1), max(0, w - 2)  # lane ends: one in from each side
    for row, rightwards in lanes:
        ends = [(left, row), (right, row)] if rightwards else [(right, row), (left, row)]
        for goal in ends:
            while star != goal:
                step = (sign(goal[0] - star[0]), sign(goal[1] - star[1]))
                star = (star[0] + step[0], star[1] + step[1])
                look(star)
                line = '@' + DIGIT[step]
                for k, dy in enumerate(offsets):  # each mate heads for its row beside the star
                    slot = (star[0], max(0, min(h - 1, star[1] + dy)))
                    mstep = (sign(slot[0] - mates[k][0]), sign(slot[1] - mates[k][1]))
                    mates[k] = (mates[k][0] + mstep[0], mates[k][1] + mstep[1])
                    look(mates[k])
                    line += ' ' + names[k] + DIGIT[mstep]
                moves.append(line + '.')
                if len(seen) == w * h:
                    return moves
    return None


def main():
    if len(sys.argv) != 8 or sys.argv[5] not in FORMATIONS:
        sys.exit(__doc__)
    try:
        w, h, sx, sy = map(int, sys.argv[1:5])
    except ValueError:
        sys.exit('W H SX SY must be integers\n' + __doc__)
    if not (1 <= w <= 256 and 1 <= h <= 256 and 0 <= sx < w and 0 <= sy < h):
        sys.exit('the field is 1..256 x 1..256 and S must lie inside it (0 <= SX < W, 0 <= SY < H)')
    names, offsets = FORMATIONS[sys.argv[5]]
    above, below = 2 - min([0] + offsets), 2 + max([0] + offsets)  # rows seen off the star's row
    rows = [max(0, min(r, h - 1 - below)) for r in range(above, h, above + below + 1)] or [h // 2]
    if rows[-1] + below < h - 1:  # a last lane for the bottom rows
        rows.append(h - 1 - below)
    best = None
    for split in range(len(rows)):  # start on lane `split`, sweep one way, then the other
        for order in (rows[split::-1] + rows[split + 1:], rows[split:] + rows[:split][::-1]):
            for first_right in (True, False):
                lanes = [(r, first_right == (k % 2 == 0)) for k, r in enumerate(order)]
                lanes += [(r, not right) for r, right in reversed(lanes)]  # back, if mates lagged
                moves = simulate(w, h, (sx, sy), lanes, names, offsets)
                if moves is not None and (best is None or len(moves) < len(best)):
                    best = moves
    if best is None:
        sys.exit('no lane order searches the whole field')
    grid = [['.'] * w for _ in range(h)]
    grid[sy][sx] = 'S'
    costars, extras = names.count('A'), len(names) - names.count('A')
    with open(sys.argv[6], 'w') as f:
        f.write('%d %d %d %d\n' % (w, h, costars, extras) + '\n'.join(''.join(r) for r in grid) + '\n')
    with open(sys.argv[7], 'w') as f:
        f.write(''.join(m + '\n' for m in best) + '%d %d %d\n' % (len(best), costars, extras))
    print(len(best), 'turns')


if __name__ == '__main__':
    main()
