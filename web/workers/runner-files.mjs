// The files of the practice runner (py/snakes_ladders/runner/, shipped by the build as py/runner/): the
// stdlib-only Python the sandbox's bare Pyodide runs next to a solution. tests/test_build.py checks the list.
export const RUNNER_FILES = [
  "__init__.py",
  "child.py",
  "page.py",
  "python2.py",
  "recording.py",
  "solution.py",
  "untrusted.py",
  "wire.py",
];
/** Where the build puts them, from the site's root. */
export const RUNNER_FOLDER = "py/runner/";
