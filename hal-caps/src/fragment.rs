//! Merging a startup plan's hook fragment (`StartupPlan::hook_fragment`) into the hook
//! file it names, so that a second merge is a no-op: objects are merged key by key, an
//! array gains each element of the fragment's that it does not already hold (equal as
//! JSON), any other value is the fragment's. The fragment is installed in a file when
//! merging it changes nothing ([`installed`]): a launcher that resumes a worker merges
//! again and gets one copy of each hook, never two.

use serde_json::Value;

/// Merges `fragment` into `file` (see the module); whether `file` changed.
pub fn merge(file: &mut Value, fragment: &Value) -> bool {
    match (file, fragment) {
        (Value::Object(f), Value::Object(a)) => {
            let mut changed = false;
            for (k, v) in a {
                match f.get_mut(k) {
                    Some(existing) => changed |= merge(existing, v),
                    None => {
                        f.insert(k.clone(), v.clone());
                        changed = true;
                    }
                }
            }
            changed
        }
        (Value::Array(f), Value::Array(a)) => {
            let before = f.len();
            for v in a {
                if !f.contains(v) {
                    f.push(v.clone());
                }
            }
            f.len() != before
        }
        (f, a) if f == a => false,
        (f, a) => {
            *f = a.clone();
            true
        }
    }
}

/// Whether `fragment` is already installed in `file`: merging it would change nothing.
#[must_use]
pub fn installed(file: &Value, fragment: &Value) -> bool {
    let mut copy = file.clone();
    !merge(&mut copy, fragment)
}
