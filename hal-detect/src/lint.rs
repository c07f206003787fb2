//! The boundary lint (written below).
