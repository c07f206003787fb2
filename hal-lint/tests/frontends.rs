//! The parsers' front-ends under hostile input (the third hostile pass): the shell
//! masking keeps identifiers as bash reads them (N3), a `=~` operand is masked by its
//! own syntax and never hides what follows it on the line (N4).

use std::path::Path;

use hal_lint::Rule;

/// The (rule, line, column) of every finding of `src` as a file named `name`.
fn findings(name: &str, src: &str) -> Vec<(Rule, usize, usize)> {
    hal_lint::lint_source(Path::new(name), src).findings.iter().map(|f| (f.rule, f.line, f.column)).collect()
}

/// Whether a read of `var` is among the findings of the shell file `src`.
fn reads(src: &str, var: &str) -> bool {
    hal_lint::lint_source(Path::new("a.sh"), src)
        .findings
        .iter()
        .any(|f| f.rule == Rule::IndicatorVar && f.message.contains(var))
}

#[test]
fn a_read_followed_by_a_character_past_latin_1_is_found() {
    // What bash reads: every character past U+007F ends a name (N3: the masking wrote
    // `x`s, so the parser saw `GEMINI_CLIxxx`). Two, three and four bytes; zero-width.
    for tail in ["\u{100}", "\u{7ff}", "中", "\u{200b}", "\u{feff}", "😀", "\u{7e129}"] {
        for var in ["GEMINI_CLI", "CLAUDECODE"] {
            let src = format!("x=\"${var}{tail}\"; [ \"$x\" = \"1{tail}\" ] && echo found\n");
            assert!(reads(&src, var), "{var} then {tail:?}: {:?}", findings("a.sh", &src));
            let braced = format!("echo \"${{{var}}}{tail}\"\n");
            assert!(reads(&braced, var), "{braced:?}");
        }
    }
    // And a name that only goes on in Latin-1 is still one name.
    assert!(!reads("echo \"$GEMINI_CLIX\u{4e2d}\"\n", "GEMINI_CLI"));
}

#[test]
fn a_regex_operand_hides_nothing_after_it() {
    // N4: the grammar rejects this regex; the masking blanked to the last ` ]]` of the
    // line and so hid the second test.
    let src = "if [[ $x =~ ^\\[([^]]+)\\] ]] || [[ -n \"$CLAUDECODE\" ]]; then echo claude; fi\n";
    assert!(reads(src, "CLAUDECODE"), "{:?}", findings("a.sh", src));
    // Parentheses hold blanks and `]]`; quotes hold blanks.
    for regex in ["^(a ]] b)$", "'a ]] b'", "\"x ]]\"(y)", "^\\[([^]]+)\\]"] {
        let src = format!("if [[ $x =~ {regex} ]] && [ -n \"$GEMINI_CLI\" ]; then :; fi\n");
        assert!(reads(&src, "GEMINI_CLI"), "{src:?}: {:?}", findings("a.sh", &src));
    }
    // A read inside the masked operand itself is found by the literal scan.
    let src = "if [[ $x =~ ^\\[([^]]+)\\]$CLAUDECODE ]]; then :; fi\n";
    assert!(reads(src, "CLAUDECODE"), "{:?}", findings("a.sh", src));
}
