//! `hal startup` inside a Gastown session: the role from `GT_ROLE`, usage errors that
//! list the roles, and every role's plan at once. The built binary, environment cleared.

use std::process::{Command, Output};

use serde_json::Value;

mod common;

fn hal(args: &[&str], env: &[(&str, &str)]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hal"));
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path()).envs(env.iter().copied());
    cmd.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const ROLES: &str = "mayor, deacon, dog, boot, witness, refinery, polecat, crew";

#[test]
fn the_role_comes_from_gt_role_and_hal_says_so() {
    let stamp = [("GT_ROLE", "gastown/polecats/toast")];
    let o = hal(&["startup", "--provider", "codex"], &stamp);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("role: polecat (from GT_ROLE = `gastown/polecats/toast`)"), "{out}");
    assert!(out.contains("gt prime && gt mail check --inject"), "an autonomous role's fallback: {out}");

    let o = hal(&["startup", "--provider", "codex", "--json"], &stamp);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    common::validate(&["startup", "--provider", "codex", "--json"], &v);
    assert_eq!((v["role"].as_str(), v["role_source"].as_str()), (Some("polecat"), Some("GT_ROLE")));
    assert_eq!(v["version"], 1);

    // --role beats the stamp; the stamp's last segment is a polling plan's agent id.
    let o = hal(&["startup", "--provider", "unknown", "--role", "crew", "--json"], &stamp);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    common::validate(&["startup", "--provider", "unknown", "--role", "crew", "--json"], &v);
    assert_eq!(v["role"], "crew");
    assert_eq!(v.get("role_source"), Some(&Value::Null), "the key is always there");
    assert_eq!(v["poll"]["path"], "state/hooks/toast.json");
}

#[test]
fn no_role_or_an_unmappable_stamp_is_a_usage_error_listing_the_roles() {
    for env in [&[("GT_ROLE", "bogus")][..], &[], &[("GT_ROLE", "")]] {
        let o = hal(&["startup"], env);
        assert_eq!(o.status.code(), Some(2), "{env:?}");
        let err = text(&o.stderr);
        assert!(err.contains(ROLES), "{env:?}: {err}");
        assert!(o.stdout.is_empty(), "{env:?}");
    }
    // With --json too: a usage error prints nothing on stdout, and says why on stderr.
    let o = hal(&["startup", "--json"], &[("GT_ROLE", "bogus")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(text(&o.stderr).contains("GT_ROLE = `bogus` names no role") && text(&o.stderr).contains(ROLES));
}

#[test]
fn all_roles_at_once() {
    let o = hal(&["startup", "--all-roles", "--provider", "groq-compound", "--json"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    common::validate(&["startup", "--all-roles", "--provider", "groq-compound", "--json"], &v);
    assert_eq!(
        (v["version"].as_u64(), v["provider"].as_str(), v["family"].as_str()),
        (Some(1), Some("groq-compound"), Some("claude"))
    );
    let roles: Vec<&str> = v["plans"].as_array().unwrap().iter().map(|p| p["role"].as_str().unwrap()).collect();
    assert_eq!(roles.join(", "), ROLES);
    assert!(v["warnings"].as_array().unwrap().is_empty() && v["diagnostics"].as_array().unwrap().is_empty());
    assert_eq!(v["plans"][0]["hook_file"], ".claude/settings.json");
    // --all-roles and --role are exclusive (clap's usage error).
    assert_eq!(hal(&["startup", "--all-roles", "--role", "mayor"], &[]).status.code(), Some(2));
}
