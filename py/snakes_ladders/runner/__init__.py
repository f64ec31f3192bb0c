"""The solution's side of practice: what runs next to a learner's code, and nothing of the checker.

Every module here imports only the standard library and the others here (relative imports), never the
rest of ``snakes_ladders``: the same files run in the page's sandbox (a bare Pyodide, given only these
files: web/workers/practice.worker.mjs runs ``page.handle``) and in the check command's child process
(``python -I``, this folder's parent on its path: ``child.main``), where the package is not imported.
``solution`` loads the code with LeetCode's names and runs it on a board that records its reads
(``recording``), capturing what it prints; ``untrusted`` words what it returned or raised without
running its code; ``wire`` writes the child's frames.  What leaves here is plain JSON (an int answer or
a worded text), which the checker (``practice.replies``, ``practice.frames``) checks field by field.
The package imports only constants and ``printable`` from here, never to run a solution.
"""
