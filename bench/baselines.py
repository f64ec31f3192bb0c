"""The two solvers the package's search is measured against, written as LeetCode submissions would be.

Each takes the LeetCode matrix, flattens it itself and returns the least number
of moves or -1.  Neither validates the matrix (a submission may trust its input).

- ``textbook_bfs``: the breadth-first search of the textbook walkthrough (seed
  003): a queue of squares, a visited table, all six rolls tried from every
  square, a snake or ladder followed once per landing.
- ``pruned_bfs``: the dominance-pruned search (seed 004): from each square every
  jump landing is queued, but of the plain landings only the deepest unvisited
  one; the others are marked visited without being queued.  A square within six
  of the end finishes in one more move.

Both are written for speed within their idea (flat lists, a ``bytearray`` for
visited), so the comparison is with good versions of them, not strawmen.
"""

from __future__ import annotations

from collections import deque


def flatten(board: list[list[int]]) -> list[int]:
    """``cells[s]`` for squares 1..n² (``cells[0]`` unused), walking the rows zig-zag."""
    n = len(board)
    cells = [-1]
    left_to_right = True
    for r in range(n - 1, -1, -1):
        cells.extend(board[r] if left_to_right else board[r][::-1])
        left_to_right = not left_to_right
    return cells


def textbook_bfs(board: list[list[int]]) -> int:
    """Least moves by plain breadth-first search over every square.

    >>> textbook_bfs([[-1, -1], [-1, 3]])
    1
    """
    cells = flatten(board)
    target = len(cells) - 1
    visited = bytearray(target + 1)
    visited[1] = 1
    queue = deque([(1, 0)])
    while queue:
        square, moves = queue.popleft()
        for roll in range(1, 7):
            landing = square + roll
            if landing > target:
                break
            end = cells[landing]
            if end == -1:
                end = landing
            if end == target:
                return moves + 1
            if not visited[end]:
                visited[end] = 1
                queue.append((end, moves + 1))
    return -1


def pruned_bfs(board: list[list[int]]) -> int:
    """Least moves by breadth-first search queuing only jumps and the deepest plain landing.

    >>> pruned_bfs([[-1, -1], [-1, 3]])
    1
    """
    cells = flatten(board)
    target = len(cells) - 1
    visited = bytearray(target + 1)
    visited[1] = 1
    queue = deque([(1, 0)])
    while queue:
        square, moves = queue.popleft()
        if square == target:
            return moves
        if square >= target - 6:
            return moves + 1
        deepest = 0
        for landing in range(square + 6, square, -1):
            end = cells[landing]
            if end != -1:
                if end == target:
                    return moves + 1
                if not visited[end]:
                    visited[end] = 1
                    queue.append((end, moves + 1))
            elif not visited[landing]:
                visited[landing] = 1
                if not deepest:
                    deepest = landing
        if deepest:
            queue.append((deepest, moves + 1))
    return -1
