//! The additive-only rule for hal's JSON: against the last released schemas
//! (`schema/released/*.json`), a schema may add keys, widen types and add enum values,
//! never remove or rename a key, narrow a type or remove an enum value — unless the
//! JSON `version` is raised.

use std::path::Path;

use serde_json::Value;

/// The JSON version a schema pins (`version`'s maximum).
fn version(schema: &Value) -> Option<u64> {
    schema.pointer("/properties/version/maximum").and_then(Value::as_u64)
}

/// `$ref`s resolved against the schema's own `$defs`.
fn resolve<'a>(root: &'a Value, v: &'a Value) -> &'a Value {
    match v.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')) {
        Some(pointer) => root.pointer(pointer).unwrap_or(v),
        None => v,
    }
}

/// The JSON types a schema admits (`anyOf` branches included); empty = anything.
fn types(root: &Value, v: &Value) -> Vec<String> {
    let v = resolve(root, v);
    let mut out: Vec<String> = match v.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
        _ => Vec::new(),
    };
    for branch in v.get("anyOf").and_then(Value::as_array).into_iter().flatten() {
        out.extend(types(root, branch));
    }
    out.sort();
    out.dedup();
    out
}

fn enum_values(root: &Value, v: &Value) -> Option<Vec<Value>> {
    resolve(root, v).get("enum").and_then(Value::as_array).cloned()
}

/// Every way `new` breaks a consumer of `old`, as `path: what` lines.
#[must_use]
pub(crate) fn breaks(old: &Value, new: &Value) -> Vec<String> {
    if let (Some(o), Some(n)) = (version(old), version(new))
        && n > o
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    walk(old, new, old, new, "", &mut out);
    out
}

fn walk(old_root: &Value, new_root: &Value, old: &Value, new: &Value, path: &str, out: &mut Vec<String>) {
    let (old, new) = (resolve(old_root, old), resolve(new_root, new));
    let (ot, nt) = (types(old_root, old), types(new_root, new));
    if !nt.is_empty() {
        for t in ot.iter().filter(|t| !nt.contains(t)) {
            out.push(format!("{path}: type `{t}` is no longer allowed"));
        }
    }
    if let (Some(ov), Some(nv)) = (enum_values(old_root, old), enum_values(new_root, new)) {
        for v in ov.iter().filter(|v| !nv.contains(v)) {
            out.push(format!("{path}: enum value {v} was removed"));
        }
    }
    if let Some(props) = old.get("properties").and_then(Value::as_object) {
        for (key, sub) in props {
            let here = format!("{path}/{key}");
            match new.pointer(&format!("/properties/{key}")) {
                Some(n) => walk(old_root, new_root, sub, n, &here, out),
                None => out.push(format!("{here}: key was removed")),
            }
        }
    }
    if let (Some(oi), Some(ni)) = (old.get("items"), new.get("items")) {
        walk(old_root, new_root, oi, ni, &format!("{path}[]"), out);
    }
    for (i, branch) in old.get("anyOf").and_then(Value::as_array).into_iter().flatten().enumerate() {
        // A branch that still resolves to an object is compared key by key.
        if let Some(n) = new.get("anyOf").and_then(|a| a.get(i)) {
            walk(old_root, new_root, branch, n, path, out);
        }
    }
}

/// Checks every released schema under `root` against the checked-in one.
#[cfg(feature = "suite")]
pub(crate) fn check(root: &Path) -> Result<(), String> {
    check_with(root, |name| {
        let current = root.join("schema").join(name);
        current.exists().then(|| read(&current)).transpose()
    })
}

fn read(p: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))
}

/// Checks every released schema under `root` against `current(name)` (`None`: the
/// command's answer is gone). An error too when nothing is released: the check would
/// then hold nothing.
fn check_with(root: &Path, current: impl Fn(&str) -> Result<Option<Value>, String>) -> Result<(), String> {
    let released = root.join("schema").join("released");
    let dir = std::fs::read_dir(&released).map_err(|e| format!("{}: {e}", released.display()))?;
    let mut names: Vec<String> =
        dir.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    if names.is_empty() {
        return Err(format!("{}: no released schema to hold the JSON to", released.display()));
    }
    let mut problems = Vec::new();
    for name in names {
        let old = read(&released.join(&name))?;
        let Some(new) = current(&name)? else {
            problems.push(format!("schema/{name}: the command's JSON answer was removed"));
            continue;
        };
        problems.extend(breaks(&old, &new).into_iter().map(|b| format!("schema/{name}{b}")));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "JSON changes that are not additive (raise the JSON version, or keep the old keys beside the new):\n  {}",
            problems.join("\n  ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{breaks, check_with};

    fn current(name: &str) -> serde_json::Value {
        let text = std::fs::read_to_string(crate::util::root().join("schema").join(name)).unwrap();
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn removing_a_key_breaks_and_adding_one_does_not() {
        let schema = current("detect.json");
        assert_eq!(breaks(&schema, &schema), Vec::<String>::new());
        let mut fewer = schema.clone();
        fewer["properties"].as_object_mut().unwrap().remove("family").unwrap();
        assert_eq!(breaks(&schema, &fewer), ["/family: key was removed"]);
        assert_eq!(breaks(&fewer, &schema), Vec::<String>::new(), "a new key is additive");
        // Unless the JSON version is raised.
        let mut v2 = fewer.clone();
        v2["properties"]["version"]["maximum"] = json!(2);
        assert_eq!(breaks(&schema, &v2), Vec::<String>::new());
    }

    #[test]
    fn narrowing_a_type_or_removing_an_enum_value_breaks() {
        let schema = current("detect.json");
        let mut narrow = schema.clone();
        narrow["$defs"]["DetectionSource"]["properties"]["signal"]["type"] = json!("string");
        assert_eq!(breaks(&schema, &narrow), ["/source/signal: type `null` is no longer allowed"]);
        let mut fewer = schema.clone();
        let values = fewer["$defs"]["RuntimeProvider"]["enum"].as_array_mut().unwrap();
        values.retain(|v| v != "codex");
        let b = breaks(&schema, &fewer);
        assert!(b.contains(&"/provider: enum value \"codex\" was removed".to_owned()), "{b:?}");
    }

    /// The gate itself, in plain `cargo test`: the schema of every command's answer, as
    /// the types derive it now (not the checked-in copy, which `codegen` may not have
    /// rewritten yet), changes only additively from the released one.
    #[test]
    fn every_answer_changes_additively_from_the_released_schemas() {
        let generated: std::collections::BTreeMap<String, serde_json::Value> = crate::clients::schema_files()
            .into_iter()
            .map(|(path, text)| (path.trim_start_matches("schema/").to_owned(), serde_json::from_str(&text).unwrap()))
            .collect();
        let root = crate::util::root();
        if let Err(e) = check_with(&root, |name| Ok(generated.get(name).cloned())) {
            panic!("{e}");
        }
        // The check can fail: a released answer the types no longer produce is caught.
        let without_detect =
            check_with(&root, |name| Ok(generated.get(name).filter(|_| name != "detect.json").cloned()));
        assert_eq!(
            without_detect.unwrap_err().lines().nth(1).map(str::trim),
            Some("schema/detect.json: the command's JSON answer was removed")
        );
    }
}
