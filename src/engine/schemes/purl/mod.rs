//! Package URLs (`pkg:`, ECMA-427): type, namespace, name, version, qualifiers and subpath,
//! with each type's normalization.
