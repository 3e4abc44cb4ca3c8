"""The hostile corpus is run by tests/test_hostile.py under a guard, never collected as rule tests."""
collect_ignore_glob = ["*.yaml"]
