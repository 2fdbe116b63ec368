"""idbench: strict checking of URIs, IRIs, URNs and XRIs, from Python.

``analyze`` and ``compare`` return exactly the objects ``idbench parse --format json`` and
``idbench compare --format json`` print, as dicts. ``idbench.arrow`` holds the Arrow
kernels (``valid``, ``first_error``, ``profile``, ``components``, ``normalize``,
``equivalent``, ``resolve``) for pyarrow arrays, chunked arrays and streams, and through
them for DuckDB, DataFusion, Spark and Ray.

>>> import idbench
>>> idbench.analyze("urn:isbn:0451450523")["valid"]
True
>>> idbench.compare("HTTP://a/%7e", "http://a/~")["equivalent"]
True
>>> idbench.set_component("http://example.net/", "port", "8080")
'http://example.net:8080/'
"""

from __future__ import annotations

import json
from typing import Any

from . import _idbench

__all__ = [
    "analyze",
    "compare",
    "profile_names",
    "form_names",
    "set_component",
    "SETTABLE_COMPONENTS",
    "__version__",
]

__version__: str = _idbench.__version__


def analyze(s: str, profile: str | None = None) -> dict[str, Any]:
    """The object ``idbench parse --format json`` prints for ``s``.

    ``profile`` is a name ``--profile`` takes (``"rfc3986"``, ``"rfc8141"``, ...);
    ``None`` or ``"auto"`` lets idbench choose. Keys: ``input``, ``profile``,
    ``profile_reason``, ``valid``, ``start_rule``, ``components``, ``tree``,
    ``diagnostics``, ``readings``, ``readings_omitted`` (and whatever the command line's
    object gains). Raises ``ValueError`` for an unknown profile name.
    """
    return json.loads(_idbench.analyze_json(s, profile))


def compare(a: str, b: str, profile: str | None = None) -> dict[str, Any]:
    """The object ``idbench compare --format json`` prints for ``a`` and ``b``.

    ``equivalent`` is the verdict; ``steps`` the ladder of normalization steps; ``valid``
    says whether each side parses under the profile. Raises ``ValueError`` for an unknown
    profile name.
    """
    return json.loads(_idbench.compare_json(a, b, profile))


def profile_names() -> list[str]:
    """The names ``profile=`` takes, besides ``"auto"``."""
    return list(_idbench.profile_names())


def form_names() -> list[str]:
    """The keys ``form=`` takes (the keys of ``idbench forms --format json``)."""
    return list(_idbench.form_names())


SETTABLE_COMPONENTS: tuple[str, ...] = (
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)
"""The ``component=`` names ``set_component`` takes: the URL Standard's ``URL`` setters."""


def set_component(url: str, component: str, value: str) -> str:
    """The ``href`` after the URL Standard's ``URL`` setter ``component`` runs with ``value``.

    ``url`` is parsed as ``new URL(url)`` would (no base); ``component`` is one of
    ``SETTABLE_COMPONENTS``. As in a browser, a setter the standard ignores (a port on a
    ``file:`` URL, ``http`` to ``foo``) leaves the URL as it was, and one whose parse fails
    part way keeps what it set (``host = "example.com:99999"`` sets the host, not the
    port). Raises ``ValueError`` when ``url`` does not parse, for an unknown component, and
    when the ``href`` setter's value does not parse (where the ``URL`` class throws).

    >>> set_component("https://example.net/a?x#y", "search", "q=1 2")
    'https://example.net/a?q=1%202#y'
    """
    return _idbench.set_component(url, component, value)
