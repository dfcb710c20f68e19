# SPDX-License-Identifier: MIT
"""Tests of scripts/python-dir, where `make install` puts the Python package
(the Makefile's PYTHONDIR): the interpreter's own package directory under
PREFIX when it has one, else the posix_prefix scheme's, never Debian's
default-scheme "PREFIX/local/lib/..." (a defect of an earlier Makefile)."""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import sysconfig
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
_PATH = os.path.join(ROOT, "scripts", "python-dir")
_loader = importlib.machinery.SourceFileLoader("python_dir", _PATH)
_spec = importlib.util.spec_from_loader("python_dir", _loader)
python_dir = importlib.util.module_from_spec(_spec)
_loader.exec_module(python_dir)
sysconfig.get_config_vars()  # loaded now: the tests below replace sys.path


class PythonDir(unittest.TestCase):
    def setUp(self):
        self.saved = list(sys.path)

    def tearDown(self):
        sys.path[:] = self.saved

    def test_a_package_directory_on_the_interpreters_path_under_the_prefix_is_chosen(self):
        sys.path[:] = ["/usr/lib/python311.zip", "/usr/local/lib/python3.11/dist-packages",
                       "/usr/lib/python3/dist-packages"]
        self.assertEqual(python_dir.python_dir("/usr/local"), "/usr/local/lib/python3.11/dist-packages")
        self.assertEqual(python_dir.python_dir("/usr/local/"), "/usr/local/lib/python3.11/dist-packages")
        self.assertEqual(python_dir.python_dir("/usr"), "/usr/lib/python3/dist-packages")

    def test_another_prefix_gets_the_posix_prefix_scheme_with_no_local_added(self):
        sys.path[:] = ["/usr/local/lib/python3.11/dist-packages"]
        got = python_dir.python_dir("/opt/junqi")
        want = "/opt/junqi/lib/python%d.%d/site-packages" % sys.version_info[:2]
        self.assertEqual(got, want)

    def test_the_script_prints_the_directory_and_refuses_bad_usage(self):
        out = subprocess.run([sys.executable, _PATH, "/opt/junqi"], capture_output=True, text=True, check=True)
        self.assertTrue(out.stdout.startswith("/opt/junqi/lib/python3"), out.stdout)
        bad = subprocess.run([sys.executable, _PATH], capture_output=True, text=True)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("usage: python-dir PREFIX", bad.stderr)


if __name__ == "__main__":
    unittest.main()
