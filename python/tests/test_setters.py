"""set_component: the URL Standard's URL setters, checked on every case of the
web-platform-tests' setters_tests.json (tests/data/whatwg) and on the errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import idbench

SETTERS = Path(__file__).resolve().parents[2] / "tests" / "data" / "whatwg" / "setters_tests.json"


def _cases():
    data = json.loads(SETTERS.read_text(encoding="utf-8"))
    for attr, cases in data.items():
        if attr == "comment":
            continue
        for case in cases:
            yield attr, case


def test_every_setters_case_gives_the_expected_href():
    cases = list(_cases())
    assert len(cases) == 278
    wrong = []
    for attr, case in cases:
        want = case["expected"].get("href")
        if want is None:
            continue
        got = idbench.set_component(case["href"], attr, case["new_value"])
        if got != want:
            wrong.append((attr, case["href"], case["new_value"], want, got))
    assert wrong == []


def test_the_standards_refusals_and_partial_failures():
    # http -> foo: special to non-special is refused; the URL is unchanged.
    assert idbench.set_component("http://a/", "protocol", "foo") == "http://a/"
    # The host is set before the port state fails on 65536.
    assert (
        idbench.set_component("http://example.net:8080/p", "host", "example.com:65536")
        == "http://example.com:8080/p"
    )
    # Trailing content after a valid port is ignored; "" clears the port.
    assert idbench.set_component("http://a/", "port", "81stuff") == "http://a:81/"
    assert idbench.set_component("http://a:81/", "port", "") == "http://a/"
    assert set(idbench.SETTABLE_COMPONENTS) == {
        "href", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    }


def test_errors_are_value_errors():
    with pytest.raises(ValueError, match="does not parse"):
        idbench.set_component("not a url", "port", "1")
    with pytest.raises(ValueError, match="unknown URL component"):
        idbench.set_component("http://a/", "origin", "x")
    with pytest.raises(ValueError, match="href setter throws"):
        idbench.set_component("http://a/", "href", "no scheme")
