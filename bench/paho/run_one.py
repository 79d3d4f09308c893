# Runs ONE test of an Eclipse Paho interoperability script against host:port.
# The scripts parse their options with getopt and then call unittest.main(), whose own argument parsing
# rejects those options; so we hand unittest only the test name. Exit code 0 only if that test ran and passed.
#   python3 run_one.py <script.py> <host> <port> <Class.test_name>
import os
import runpy
import sys
import unittest

script, host, port, test = sys.argv[1:5]
real_main = unittest.main
ran = {"tests": False}


def main_for_one_test(*args, **kwargs):
    ran["tests"] = True
    return real_main(module="__main__", argv=[script, test], exit=True)


unittest.main = main_for_one_test
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
# long option for the host: the scripts test `o in ("--help")`, a substring test that "-h" would match
sys.argv = [script, "--hostname=" + host, "-p", port, test]
runpy.run_path(script, run_name="__main__")
if not ran["tests"]:
    print("the test did not run", file=sys.stderr)
    sys.exit(3)
