//! Where Gastown's presets are stale against the runtimes (`GastownPreset::stale`): hal
//! follows Gastown's integration as Gastown runs it, and says where the runtime differs
//! from the preset's facts. README's "Gastown's presets against the runtimes" is
//! generated from here; the tests hold every stale fact to the rows (a preset's session
//! variable the row does not list, "no hooks" for a row with hooks, each needs its entry,
//! and each entry's claim must be one the row contradicts).

use std::fmt::Write as _;

use super::REGISTRY;

/// README's table: preset, what Gastown says, what the runtime does.
#[must_use]
pub fn gastown_stale_markdown() -> String {
    let mut out = String::from("| preset | Gastown says | the runtime |\n|---|---|---|\n");
    for r in REGISTRY {
        let Some(g) = r.gastown else { continue };
        for s in g.stale {
            let _ = writeln!(out, "| `{}` | {} | {} |", g.name, s.gastown.label(), s.reality);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::model::PresetFact;
    use super::*;

    #[test]
    fn every_stale_preset_fact_has_its_entry_and_every_entry_is_contradicted() {
        let mut entries = 0;
        for r in REGISTRY {
            let Some(g) = r.gastown else { continue };
            let has = |f: PresetFact| g.stale.iter().any(|s| s.gastown == f);
            // A session variable the runtime does not list as its own is stale.
            if let Some(v) = g.session_env
                && !r.own_session_vars().contains(&v)
            {
                assert!(has(PresetFact::SessionEnv(v)), "{}: Gastown's {v} is not the runtime's", g.name);
            }
            // No adapter (or one with no lifecycle hook) for a runtime with hooks.
            let hooks = r.hook_system().is_some();
            assert_eq!(hooks && g.adapter.is_none(), has(PresetFact::NoHooks), "{}: no hooks", g.name);
            let settings_only = g.adapter.is_some_and(|a| a.events.is_empty() && !a.primes);
            assert_eq!(hooks && settings_only, has(PresetFact::SettingsOnly), "{}: settings only", g.name);
            for s in g.stale {
                assert!(!s.reality.trim().is_empty());
                if let PresetFact::SessionEnv(v) = s.gastown {
                    assert_eq!(g.session_env, Some(v), "{}: the entry names another variable", g.name);
                }
                entries += 1;
            }
        }
        assert!(entries >= 8, "{entries}");
        let table = gastown_stale_markdown();
        for v in ["VIBE_SESSION_ID", "OMP_SESSION_ID", "PI_SESSION_ID"] {
            assert!(table.contains(v), "{v}");
        }
    }
}
