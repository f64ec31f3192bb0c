"""Practice mode: a learner's LeetCode 909 solution run on boards made to catch the usual mistakes.

``cases`` builds the battery of test boards, each kept only when its mistake (``mistakes``) changes the answer.
The rest is what the page's practice worker and the check command run: ``run`` loads and runs a
solution on a board that records its reads (``reads``), ``untrusted`` words what it returned or
raised without running its code, ``shrink`` finds the smallest board it fails and ``failure`` shows
it; ``foreign`` runs a JavaScript solution through the page's runner, in ``frames``' checked JSON.

Only the battery (``cases``) is imported with this room (the API's contract reads its limits); the API's practice
ops import the rest from their modules when the practice worker first asks.
"""

from __future__ import annotations

from .cases import KINDS, LARGEST, MAX_BOARDS, USER_KIND, Case, battery, generate, make_case

__all__ = ["KINDS", "LARGEST", "MAX_BOARDS", "USER_KIND", "Case", "battery", "generate", "make_case"]
