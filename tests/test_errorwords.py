"""Python's words for mixed-up values in compiled rules, said in the rule file's words."""
import operator

import pytest

from rulelang.engine.errorwords import in_rule_words


def python_error(function, *values) -> Exception:
    try:
        function(*values)
    except TypeError as err:  # the error Python raises is what is translated
        return err
    raise AssertionError("no error")


@pytest.mark.parametrize("function, values, words", [
    (operator.ge, (1, "five"), "'>=' cannot compare a number with a text"),
    (operator.lt, (None, 1), "'<' cannot compare none with a number"),
    (operator.add, (1, "x"), "'+' cannot combine a number with a text"),
    (operator.add, ("x", 1), "'+' cannot combine a text with a number"),
    (operator.sub, ([1], 1), "'-' cannot combine a list with a number"),
    (operator.neg, ("x",), "'-' cannot apply to a text"),
    (abs, ("x",), "'abs' cannot apply to a text"),
])
def test_mixed_values_are_told_in_rule_words(function, values, words):
    assert in_rule_words(python_error(function, *values)) == words


def test_other_errors_are_left_alone():
    assert in_rule_words(TypeError("something else")) is None
