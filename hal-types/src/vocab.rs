//! String-valued enums: one spelling for serde, `Display`, `FromStr` and the CLI.

use std::fmt;

/// The error of every `FromStr` in this crate: the value was not one of the accepted spellings.
///
/// Its message suggests the closest accepted value ([`closest`]: "did you mean
/// `polecat`?") and lists the accepted values, so a CLI can print it as is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{value}`; {}expected one of: {}", did_you_mean(.value, .accepted), .accepted.join(", "))]
#[non_exhaustive]
pub struct ParseEnumError {
    /// What was being parsed, e.g. `"role"`.
    pub kind: &'static str,
    /// The rejected input, as given.
    pub value: String,
    /// Every accepted spelling, in declaration order.
    pub accepted: Vec<&'static str>,
}

/// `did you mean `x`? ` for the accepted spelling closest to `value`, or nothing.
fn did_you_mean(value: &str, accepted: &[&str]) -> String {
    closest(value, accepted.iter().copied()).map(|c| format!("did you mean `{c}`? ")).unwrap_or_default()
}

/// The candidate a mistyped `value` most likely meant, if one is close enough: compared
/// without case and surrounding space, a candidate the value is a prefix of (at least
/// three characters: `clau` → `claude`), a plural (`polecats` → `polecat`), else the one
/// at the smallest edit distance when that is at most a third of the value's length (at
/// least 1: `codx` → `codex`). The first of equally close candidates wins; `None` when
/// `value` is itself a candidate or nothing is close.
#[must_use]
pub fn closest<'a>(value: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let value = value.trim().to_lowercase();
    let value = value.as_str();
    if value.is_empty() || value.chars().count() > 64 {
        return None;
    }
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        let lower = c.to_lowercase();
        if lower == value {
            return None;
        }
        let d = if value.strip_suffix('s') == Some(lower.as_str())
            || (value.chars().count() >= 3 && lower.starts_with(value))
        {
            0
        } else {
            edit_distance(value, &lower)
        };
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    let limit = (value.chars().count() / 3).max(1);
    best.filter(|(d, _)| *d <= limit).map(|(_, c)| c)
}

/// Levenshtein distance over chars (both at most a few dozen characters here).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb { prev } else { 1 + prev.min(cur).min(row[j]) };
            prev = cur;
        }
    }
    row[b.len()]
}

/// Declares a `#[non_exhaustive]` string enum with `ALL`, `as_str`, `Display`, `FromStr`
/// and serde impls that all use the same spelling, so they cannot disagree. With
/// `fallback = Variant`, serde (not `FromStr`) reads an unknown spelling as that variant.
/// With `newer = Newer`, the enum has one more variant, `Newer` (spelled [`NEWER`]),
/// that is in no list (`ALL`, `FromStr`, the schema): serde reads every spelling this
/// version does not know as it, so JSON a newer hal wrote (a value added since) still
/// reads.
macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident ($kind:literal $(, fallback = $fallback:ident)? $(, newer = $newer:ident)?) {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            $(
                /// A value a newer hal wrote that this version does not know (JSON only:
                /// serde reads every unknown spelling as this; never in `ALL`, never
                /// parsed by `FromStr`, never written by this version).
                $newer,
            )?
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The canonical spelling (serde, `Display`, `FromStr` and the CLI agree on it).
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                    $($name::$newer => $crate::vocab::NEWER,)?
                }
            }

            /// Every accepted spelling, in declaration order.
            #[must_use]
            pub fn variants() -> Vec<&'static str> {
                Self::ALL.iter().map(|v| v.as_str()).collect()
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::vocab::ParseEnumError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == s)
                    .ok_or_else(|| $crate::vocab::ParseEnumError {
                        kind: $kind,
                        value: s.to_owned(),
                        accepted: Self::variants(),
                    })
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str($crate::vocab::EnumVisitor::<$name>::new())
            }
        }

        #[cfg(feature = "schema")]
        impl ::schemars::JsonSchema for $name {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(stringify!($name))
            }

            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                // The accepted spellings, from the same table as serde and FromStr.
                ::schemars::json_schema!({
                    "type": "string",
                    "description": concat!("A ", $kind, "."),
                    "enum": $name::variants(),
                })
            }
        }

        impl $crate::vocab::StringEnum for $name {
            const KIND: &'static str = $kind;
            const VARIANTS: &'static [Self] = Self::ALL;
            const FALLBACK: Option<Self> = $crate::vocab::string_enum!(@fallback $name $($fallback)? $($newer)?);

            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }
        }
    };
    (@fallback $name:ident) => { None };
    (@fallback $name:ident $variant:ident) => { Some($name::$variant) };
}

pub(crate) use string_enum;

/// How a string enum's `Newer` variant (a value a newer hal wrote) is spelled, if it is
/// written back.
pub const NEWER: &str = "newer";

/// Implemented by every string enum of this crate; lets generic code (tests, the CLI)
/// walk all of them the same way.
pub trait StringEnum: Copy + fmt::Display + std::str::FromStr<Err = ParseEnumError> + 'static {
    /// What the enum names, for error messages (`"role"`, `"provider"`).
    const KIND: &'static str;
    /// Every variant, in declaration order.
    const VARIANTS: &'static [Self];
    /// The variant serde reads for a spelling it does not know, so that JSON from a
    /// newer hal (a runtime added since) still reads; `None`: an unknown spelling is an error.
    const FALLBACK: Option<Self>;

    /// The canonical spelling.
    fn as_str(self) -> &'static str;
}

/// serde visitor shared by every string enum.
#[doc(hidden)]
#[derive(Debug)]
pub struct EnumVisitor<T>(std::marker::PhantomData<T>);

impl<T> EnumVisitor<T> {
    #[doc(hidden)]
    #[must_use]
    pub const fn new() -> Self {
        Self(std::marker::PhantomData)
    }
}

impl<T: StringEnum> serde::de::Visitor<'_> for EnumVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {} name", T::KIND)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().or_else(|e| T::FALLBACK.ok_or_else(|| E::custom(e)))
    }
}
