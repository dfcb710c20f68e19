# SPDX-License-Identifier: MIT
"""The README's Python example, taken from README.md itself and run as a new
user runs it: from the top folder of the tree, PYTHONPATH=python."""
import contextlib
import io
import os
import re
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def readme_python():
    """The text of the first ```python block of README.md."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        found = re.search(r"^```python\n(.*?)^```", f.read(), re.S | re.M)
    return found.group(1) if found else None


class ReadmeExample(unittest.TestCase):
    def test_readme_python_example_runs_from_the_top_folder(self):
        code = readme_python()
        self.assertIsNotNone(code, "README.md has no ```python block")
        printed = io.StringIO()
        here = os.getcwd()
        os.chdir(ROOT)
        try:
            with contextlib.redirect_stdout(printed):
                exec(compile(code, "README.md", "exec"), {})
        finally:
            os.chdir(here)
        # the bundled demo game: north-south win in 192 moves; west to move at ply 100
        self.assertEqual(printed.getvalue(), "north-south 192 west\n")


if __name__ == "__main__":
    unittest.main()
