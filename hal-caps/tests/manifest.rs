//! Manifests read as npm reads them (hostile-findings R17): the last of a duplicated key
//! wins (as `JSON.parse`), a version is trimmed, and a platform suffix is one of npm's
//! platform packages (`-linux-x64`), not any text starting like one.

use hal_caps::manifest::package_name_and_version;
use hal_caps::registry::Version;

fn read(text: &str) -> Option<(String, String)> {
    package_name_and_version(text.as_bytes())
}

#[test]
fn the_last_duplicated_key_wins() {
    let got = read(r#"{"name": "@anthropic-ai/claude-code", "version": "1.0.0", "version": "2.2.0"}"#);
    assert_eq!(got, Some(("@anthropic-ai/claude-code".into(), "2.2.0".into())));
    let got = read(r#"{"name": "x", "version": "1.0.0", "name": "@anthropic-ai/claude-code"}"#);
    assert_eq!(got.map(|g| g.0), Some("@anthropic-ai/claude-code".into()));
    // A later value that is not a string replaces the earlier one too.
    assert_eq!(read(r#"{"name": "x", "version": "1.0.0", "version": 2}"#), None);
}

#[test]
fn a_version_is_trimmed() {
    assert_eq!(read(r#"{"name": "x", "version": " 1.0.70 "}"#).map(|g| g.1), Some("1.0.70".into()));
}

#[test]
fn only_npm_platform_suffixes_are_not_pre_releases() {
    let v = |t: &str| Version::parse(t).unwrap();
    for platform in
        ["1.0.70-linux-x64", "1.0.70-darwin-arm64", "1.0.70-win32-x64", "1.0.70-linux-x64-musl", "1.0.70-linux"]
    {
        assert_eq!(v(platform), v("1.0.70"), "{platform}");
    }
    for pre in ["1.0.70-linuxevil", "1.0.70-linux-evil", "1.0.70-darwinx", "1.0.70-beta.1"] {
        assert!(v(pre) < v("1.0.70"), "{pre} is a pre-release");
    }
}
