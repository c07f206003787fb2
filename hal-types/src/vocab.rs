//! String-valued enums: one spelling for serde, `Display`, `FromStr` and the CLI.

use std::fmt;

/// The error of every `FromStr` in this crate: the value was not one of the accepted spellings.
///
/// Its message lists the accepted values, so a CLI can print it as is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{value}`; expected one of: {}", .accepted.join(", "))]
#[non_exhaustive]
pub struct ParseEnumError {
    /// What was being parsed, e.g. `"role"`.
    pub kind: &'static str,
    /// The rejected input, as given.
    pub value: String,
    /// Every accepted spelling, in declaration order.
    pub accepted: Vec<&'static str>,
}

/// Declares a `#[non_exhaustive]` string enum with `ALL`, `as_str`, `Display`, `FromStr`
/// and serde impls that all use the same spelling, so they cannot disagree. With
/// `fallback = Variant`, serde (not `FromStr`) reads an unknown spelling as that variant.
macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident ($kind:literal $(, fallback = $fallback:ident)?) {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The canonical spelling (serde, `Display`, `FromStr` and the CLI agree on it).
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
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
            const FALLBACK: Option<Self> = $crate::vocab::string_enum!(@fallback $name $($fallback)?);

            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }
        }
    };
    (@fallback $name:ident) => { None };
    (@fallback $name:ident $variant:ident) => { Some($name::$variant) };
}

pub(crate) use string_enum;

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
