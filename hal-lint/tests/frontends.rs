//! The parsers' front-ends under hostile input (the third hostile pass): the shell
//! masking keeps identifiers as bash reads them (N3), a `=~` operand is masked by its
//! own syntax and never hides what follows it on the line (N4).

use std::fmt::Write as _;
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

/// How long linting `src` as `name` takes, the fastest of three runs (a loaded machine
/// slows one run, not the program).
fn lint_time(name: &str, src: &str) -> std::time::Duration {
    (0..3)
        .map(|_| {
            let t = std::time::Instant::now();
            let r = hal_lint::lint_source(Path::new(name), src);
            assert!(r.findings.iter().any(|f| f.rule == Rule::IndicatorVar), "{name}: the read is found");
            t.elapsed()
        })
        .min()
        .unwrap()
}

/// A named input of a given size.
type Shape = (&'static str, fn(usize) -> String);

/// N5's nesting shapes.
fn nesting_shapes() -> [Shape; 6] {
    [
        ("sub.sh", |n| format!("echo \"$CLAUDECODE\"\nx={}1{}\n", "\"$(".repeat(n), ")\"".repeat(n))),
        ("echo.sh", |n| format!("echo \"$CLAUDECODE\"\nx={}1{}\n", "\"$(echo ".repeat(n), ")\"".repeat(n))),
        ("test.sh", |n| format!("echo \"$CLAUDECODE\"\n{} ]\n", "[ -f \"$(".repeat(n) + &")\"".repeat(n))),
        ("open.py", |n| {
            format!("import os\nos.environ['CLAUDECODE']\nx = {}'p'{}\n", "open(".repeat(n), ")".repeat(n))
        }),
        ("exists.js", |n| {
            format!("process.env.CLAUDECODE;\nif ({}'p'{}) {{}}\n", "existsSync(".repeat(n), ")".repeat(n))
        }),
        ("not.ts", |n| format!("process.env.CLAUDECODE;\nif ({}x) {{}}\n", "!".repeat(n))),
    ]
}

/// The nesting shapes of N5, 20,000 levels deep: the read before them is found (their
/// time, linear in the depth, is the timed tier's).
#[test]
fn deep_nesting_hides_no_read() {
    let n = 20_000;
    for (name, make) in nesting_shapes() {
        let r = hal_lint::lint_source(Path::new(name), &make(n));
        assert!(r.findings.iter().any(|f| f.rule == Rule::IndicatorVar), "{name}: the read is found");
    }
}

/// Lint time linear in nesting depth: depth `n` takes at most 3x the linear share of
/// depth `n / 8` (quadratic work would take 64x), and well under a hang. N5: the rules
/// asked tree-sitter's `Node::parent`, O(depth) each, for every node: 20,000 levels of
/// `"$(` took 50 s, of Python's `open(` 31 s.
#[test]
#[ignore = "timed"]
fn timed_lint_time_is_linear_in_nesting_depth() {
    let n = 20_000;
    let shapes = nesting_shapes();
    for (name, make) in shapes {
        let small = lint_time(name, &make(n / 8));
        let big = lint_time(name, &make(n));
        eprintln!("{name}: {small:?} at {}, {big:?} at {n}", n / 8);
        assert!(big < std::time::Duration::from_secs(20), "{name}: {big:?}");
        assert!(
            big <= small * 24 + std::time::Duration::from_millis(50),
            "{name}: {big:?} at depth {n}, {small:?} at {}: not linear",
            n / 8
        );
    }
}

/// N7's evasion forms.
fn evasion_shapes() -> [Shape; 4] {
    [
        ("indirect.sh", |n| {
            let mut s = String::new();
            for i in 0..n {
                let _ = write!(s, "v=GEMINI_CLI{i}\necho \"${{!v}}\"\n");
            }
            s + "echo $CLAUDECODE\n"
        }),
        ("eval.sh", |n| "eval \"x=\\$CLAUDECODE\"\npython3 -c 'import os'\n".repeat(n)),
        ("concat.js", |n| format!("process.env.CLAUDECODE;\nconst a = process.env[{}\"B\"];\n", "\"A\" + ".repeat(n))),
        ("concat.py", |n| {
            format!("import os\nos.environ['CLAUDECODE']\na = os.environ.get({}'B')\n", "'A' ".repeat(n))
        }),
    ]
}

/// The evasion forms of N7, 16,000 of each: the read among them is found (their time,
/// linear in their size, is the timed tier's).
#[test]
fn many_evasion_forms_hide_no_read() {
    let n = 16_000;
    for (name, make) in evasion_shapes() {
        let r = hal_lint::lint_source(Path::new(name), &make(n));
        assert!(r.findings.iter().any(|f| f.rule == Rule::IndicatorVar), "{name}: the read is found");
    }
}

/// Lint time linear in the size of the forms N7 added: `${!v}` over many assignments,
/// long `+` chains of literals, many `eval` strings and inline programs.
#[test]
#[ignore = "timed"]
fn timed_lint_time_is_linear_in_the_evasion_forms() {
    let n = 16_000;
    let shapes = evasion_shapes();
    for (name, make) in shapes {
        let small = lint_time(name, &make(n / 8));
        let big = lint_time(name, &make(n));
        eprintln!("{name}: {small:?} at {}, {big:?} at {n}", n / 8);
        assert!(big < std::time::Duration::from_secs(20), "{name}: {big:?}");
        assert!(
            big <= small * 24 + std::time::Duration::from_millis(50),
            "{name}: {big:?} at size {n}, {small:?} at {}: not linear",
            n / 8
        );
    }
}

/// R15: the inline-command search is linear in the line. A line of backtick runs of
/// distinct lengths after `!` (no run closed by another) made each run search the rest
/// of the line for a closer of its length: O(n^1.5), 32 s at 15.5 MB in a release build,
/// 31 s at 0.7 MB in this test's debug build. Linear, 1.3 MB takes well under a second
/// (bounded at 8 s for a loaded machine; a timed ratio of sizes drowns in the fixed cost).
#[test]
#[ignore = "timed"]
fn timed_inline_command_search_is_linear_in_the_line() {
    let mut line = String::from("Run !`echo \"$CLAUDECODE\"` then");
    for n in 1..=1600 {
        let _ = write!(line, " !{}x", "`".repeat(n));
    }
    line.push('\n');
    assert!(line.len() > 1_280_000);
    let t = lint_time("SKILL.md", &line);
    eprintln!("{t:?} at {} bytes", line.len());
    assert!(t < std::time::Duration::from_secs(8), "{t:?} at {} bytes: not linear", line.len());
}

/// R13: a Cursor rule (`.mdc`) is Markdown an agent runs, and its code is read.
#[test]
fn a_cursor_rule_is_read_as_markdown() {
    let src = "---\ndescription: pick the runtime\nalwaysApply: true\n---\n\n```bash\nif [ -n \"$CLAUDECODE\" ]; then echo claude; fi\n```\n";
    assert_eq!(findings(".cursor/rules/runtime.mdc", src), [(Rule::IndicatorVar, 7, 10)]);
}

/// R13: a trailing `<!-- hal-lint: allow(…) -->` hides in a rendered view beside what
/// it silences; in Markdown it silences nothing and is reported. On the line above a
/// block (where the block's extent starts) it still works.
#[test]
fn a_suppression_a_rendered_view_hides_beside_its_line_is_refused() {
    let src = "Now: !`echo $CLAUDECODE` <!-- hal-lint: allow(indicator-var) the status line -->\n";
    assert_eq!(findings("SKILL.md", src), [(Rule::IndicatorVar, 1, 13), (Rule::BadSuppression, 1, 31)]);
    let above =
        "<!-- hal-lint: allow(indicator-var) the status line shows it -->\n```bash\necho \"$CLAUDECODE\"\n```\n";
    assert_eq!(findings("SKILL.md", above), []);
}
