"""The bit-set search: breadth-first search over bit sets of squares, one whole move per step.

It is the window lemma (``runner``'s proof, point 1) in bits: the squares landed on by move
d+1 are the windows of the squares first stood on by move d, minus those landed on before.
The sets are big integers cut into chunks of 8192 squares, and a move only touches the
chunks its squares are in, so a move costs a few integer operations per chunk reached plus
a little per jump taken; this wins where the answer is a few dozen moves (boards thick with
jumps).  A square stood on again later is spread again, which lands nothing new (its window
was landed the first time), so no set of squares stood on is kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...board import Board

__all__ = ["min_moves"]

_BITS = [tuple(i for i in range(8) if byte >> i & 1) for byte in range(256)]  # the set bits of each byte
_NONZERO = re.compile(rb"[^\x00]")

_CHUNK_BITS = 13  # the bit sets are cut into chunks of 8192 squares


def min_moves(board: Board, max_moves: int | None = None) -> int | None:
    """The least number of moves by breadth-first search over bit sets, -1 when the last
    square cannot be reached, or None when that would take more than ``max_moves`` moves
    (no limit by default).  O(moves × chunks reached) big-integer operations on chunks of
    8192 squares, plus O(1) per jump taken.

    >>> min_moves(Board(6, {2: 15, 14: 35, 17: 13}), 10), min_moves(Board(20), 10)
    (4, None)
    """
    last = board.last
    ends = board.jump_map
    shift = _CHUNK_BITS
    size = 1 << shift  # squares per chunk: chunk c holds squares c * size .. c * size + size - 1
    chunks = (last >> shift) + 1
    starts = _start_bits(ends, chunks, size)
    unlanded = [(1 << size) - 1] * chunks
    unlanded[0] ^= 1  # there is no square 0
    unlanded[-1] &= (2 << (last & (size - 1))) - 1  # nor any past the last
    last_chunk = last >> shift
    last_bit = 1 << (last & (size - 1))
    frontier = {0: 2}  # chunk -> squares first stood on by the last move (square 1)
    for move in range(1, last + 1 if max_moves is None else max_moves + 1):
        spread = _spread(frontier, size, chunks)
        if spread.get(last_chunk, 0) & unlanded[last_chunk] & last_bit:
            return move
        following = _land(spread, unlanded, starts, ends, last, shift)
        if following is None:
            return move  # a jump taken by this move ends on the last square
        if not following:
            return -1
        frontier = following
    return None


def _start_bits(ends: Mapping[int, int], chunks: int, size: int) -> list[int]:
    """The starts of each chunk as a bit set, read at C speed from a string of binary digits.

    A jump on square 1 is never landed on, and one that ends where it starts leaves the token
    where it landed, as a plain square would: both are harmless here.
    """
    marks = bytearray(b"0" * (chunks * size))  # marks[s] is b"1" on a start
    for s in ends:
        marks[s] = 49
    return [int(marks[c * size : (c + 1) * size][::-1], 2) for c in range(chunks)]


def _spread(frontier: dict[int, int], size: int, chunks: int) -> dict[int, int]:
    """Chunk -> the squares the windows of the frontier's squares cover."""
    full = (1 << size) - 1
    spread: dict[int, int] = {}
    for c, f in frontier.items():
        a = f << 1
        b = a | a << 1
        covered = b | b << 2 | b << 4
        here = covered & full
        if here:
            spread[c] = spread.get(c, 0) | here
        over = covered >> size  # up to six squares into the next chunk
        if over and c + 1 < chunks:
            spread[c + 1] = spread.get(c + 1, 0) | over
    return spread


def _land(
    spread: dict[int, int], unlanded: list[int], starts: list[int], ends: Mapping[int, int], last: int, shift: int
) -> dict[int, int] | None:
    """Land the squares ``spread`` covers for the first time (clearing them in ``unlanded``) and
    return the next frontier by chunk: the plain squares landed and the ends of the jumps taken.
    Empty when nothing new is landed; None when a jump taken ends on the last square."""
    chunk_bytes = 1 << (shift - 3)
    following: dict[int, int] = {}
    landed = False
    hit = bytearray(len(unlanded) * chunk_bytes)  # the ends of the jumps taken by this move, as bits
    hit_chunks = set()
    bits_of = _BITS
    for c, covered in spread.items():
        new = covered & unlanded[c]  # landed on for the first time by this move
        if not new:
            continue
        landed = True
        unlanded[c] ^= new
        jumped = new & starts[c]
        if jumped:
            raw = jumped.to_bytes((jumped.bit_length() + 7) >> 3, "little")
            first = c << shift
            for found in _NONZERO.finditer(raw):
                i = found.start()
                base = first + (i << 3)
                for bit in bits_of[raw[i]]:
                    t = ends[base + bit]
                    if t == last:
                        return None
                    hit[t >> 3] |= 1 << (t & 7)
                    hit_chunks.add(t >> shift)
            new ^= jumped  # the plain squares
            if not new:
                continue
        following[c] = following.get(c, 0) | new
    if not landed:
        return following
    for c in hit_chunks:
        following[c] = following.get(c, 0) | int.from_bytes(hit[c * chunk_bytes : (c + 1) * chunk_bytes], "little")
    return following
