//! The suggestion of a finding in the skill's own language: the client call a
//! TypeScript/JavaScript skill writes (`@gastown-chipset/hal`), the function a Python
//! skill calls (`hal_runtime`), the variable a shell skill reads after `eval "$(hal
//! env)"`, the `hal-types` API a Rust skill calls; each with its import line. Each keeps
//! the removed check's meaning: a runtime's marker asked "is this runtime's agent
//! running?" (`isAgent()` and `detectProvider()`), `AI_AGENT` "is an agent running?"
//! (`isAgent()`), a session variable "which session?", a Gastown tuning variable "what
//! are the thresholds?".

use hal_caps::registry::REGISTRY;
use hal_caps::vars;
use hal_types::RuntimeProvider;

use crate::rules::Ask;

/// A language a skill's code is written in, as its suggestion is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lang {
    /// TypeScript, TSX, JavaScript: the npm client.
    Js,
    /// Python: the wheel's module.
    Python,
    /// Shell: `hal env`'s variables.
    Shell,
    /// Rust: `hal-types`.
    Rust,
}

/// What a finding asks the HAL, with the runtime a marker named (if it named one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Asked {
    /// The question.
    pub(crate) ask: Ask,
    /// The runtime whose marker the removed check read, for a provider question.
    pub(crate) runtime: Option<RuntimeProvider>,
}

impl Asked {
    /// The question a read of `var` stands for.
    pub(crate) fn var(var: &str) -> Self {
        if var == vars::AI_AGENT || var == vars::AGENT {
            return Self { ask: Ask::Agent, runtime: None };
        }
        let ask = Ask::for_var(var);
        let runtime = (ask == Ask::Provider)
            .then(|| REGISTRY.iter().find(|r| r.markers.iter().any(|m| m.var == var)).map(|r| r.provider))
            .flatten();
        Self { ask, runtime }
    }

    /// A provider question about no runtime in particular.
    pub(crate) const fn provider() -> Self {
        Self { ask: Ask::Provider, runtime: None }
    }

    /// The suggestion for code in `lang`: the import line, then the call.
    pub(crate) fn for_lang(self, lang: Lang) -> (&'static str, String) {
        match lang {
            Lang::Js => (
                "import { createRuntimeHal } from \"@gastown-chipset/hal\"; const hal = createRuntimeHal();",
                self.ts(),
            ),
            Lang::Python => ("from hal_runtime import create_runtime_hal; hal = create_runtime_hal();", self.python()),
            Lang::Shell => ("eval \"$(hal env)\";", self.shell()),
            Lang::Rust => ("use hal_types::RuntimeHal; /* hal: &dyn RuntimeHal */", self.rust()),
        }
    }

    fn ts(self) -> String {
        match (self.ask, self.runtime) {
            (Ask::Provider, Some(r)) => format!("hal.isAgent() && hal.detectProvider() === \"{r}\""),
            (Ask::Agent, _) => "hal.isAgent()".to_owned(),
            (Ask::SessionId, _) => "hal.getSessionId()".to_owned(),
            (Ask::Capabilities, _) => "hal.getCapabilities()".to_owned(),
            _ => "hal.detectProvider()".to_owned(),
        }
    }

    fn python(self) -> String {
        match (self.ask, self.runtime) {
            (Ask::Provider, Some(r)) => format!("hal.is_agent() and hal.detect_provider() == \"{r}\""),
            (Ask::Agent, _) => "hal.is_agent()".to_owned(),
            (Ask::SessionId, _) => "hal.get_session_id()".to_owned(),
            (Ask::Capabilities, _) => "hal.get_capabilities()".to_owned(),
            _ => "hal.detect_provider()".to_owned(),
        }
    }

    fn shell(self) -> String {
        match (self.ask, self.runtime) {
            (Ask::Provider, Some(r)) => format!("[ \"$HAL_IS_AGENT\" = 1 ] && [ \"$HAL_PROVIDER\" = {r} ]"),
            (Ask::Agent, _) => "[ \"$HAL_IS_AGENT\" = 1 ]".to_owned(),
            (Ask::SessionId, _) => "\"$HAL_SESSION_ID\"".to_owned(),
            (Ask::Capabilities, _) => "\"$HAL_STALL_THRESHOLD_SECS\" (and the other HAL_* of `hal env`)".to_owned(),
            _ => "\"$HAL_PROVIDER\"".to_owned(),
        }
    }

    fn rust(self) -> String {
        match (self.ask, self.runtime) {
            (Ask::Provider, Some(r)) => {
                format!("hal.detection().is_agent && hal.detect_provider().as_str() == \"{r}\"")
            }
            (Ask::Agent, _) => "hal.detection().is_agent".to_owned(),
            (a, _) => format!("{}()", a.rust().replace("hal_types::RuntimeHal::", "hal.")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_gets_its_own_call_with_the_import() {
        // A runtime's marker, from the registry (no runtime is named outside it).
        let row = REGISTRY.iter().find(|r| !r.markers.is_empty()).unwrap();
        let (var, id) = (row.markers[0].var, row.provider.as_str());
        let marker = Asked::var(var);
        assert_eq!(marker.runtime, Some(row.provider));
        let full = |a: Asked, l: Lang| Some(a.for_lang(l)).map(|(i, c)| format!("{i} {c}"));
        let ts = full(marker, Lang::Js).unwrap();
        assert!(ts.starts_with("import { createRuntimeHal }") && ts.contains("hal.isAgent()"), "{ts}");
        assert!(ts.contains(&format!("hal.detectProvider() === \"{id}\"")), "{ts}");
        let py = full(marker, Lang::Python).unwrap();
        assert!(py.starts_with("from hal_runtime import") && py.contains("hal.is_agent()"), "{py}");
        let sh = full(marker, Lang::Shell).unwrap();
        assert!(sh.starts_with("eval \"$(hal env)\"") && sh.contains("HAL_IS_AGENT"), "{sh}");
        assert!(full(marker, Lang::Rust).unwrap().starts_with("use hal_types::RuntimeHal"));
        assert!(full(Asked::var(vars::AI_AGENT), Lang::Js).unwrap().ends_with(" hal.isAgent()"));
        let session = full(Asked::var("X_SESSION_ID"), Lang::Python).unwrap();
        assert!(session.ends_with("hal.get_session_id()"), "{session}");
        assert!(full(Asked::var("X_SESSION_ID"), Lang::Rust).unwrap().ends_with("hal.session_id()"));
        assert!(full(Asked::var("GT_STALL_THRESHOLD"), Lang::Js).unwrap().ends_with("hal.getCapabilities()"));
    }
}
