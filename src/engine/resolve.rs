//! Reference resolution: RFC 3986 §5.2, XRI Syntax 2.0 §2.4, and the WWW draft's partial forms.
