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
"""

from __future__ import annotations

import json
from typing import Any

from . import _idbench

__all__ = ["analyze", "compare", "profile_names", "form_names", "__version__"]

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
