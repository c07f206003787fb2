//! The one table of the global options each command takes (`hal_cli::usage::TABLE`,
//! each entry declared in the command's file) is what `--help`, the completions, the
//! man page and the usage check all say, through the real binary: each subcommand
//! lists exactly its own options, the table's, and `-v`, `-q`, `-h`, `-V`; it is
//! offered exactly those; it accepts the table's and refuses the others (exit 2).

use std::collections::BTreeSet;
use std::process::{Command, Output, Stdio};

use clap::CommandFactory as _;
use hal_cli::cli::GlobalOpt;
use hal_cli::usage::TABLE;

fn hal(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hal"))
        .args(args)
        .env_clear()
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What a subcommand must list: its own options (from clap's definition, not the
/// table), the table's, and the options of every command.
fn expected(name: &str, takes: &[GlobalOpt]) -> BTreeSet<String> {
    let cmd = hal_cli::Cli::command();
    let sub = cmd.find_subcommand(name).unwrap_or_else(|| panic!("no subcommand {name}"));
    let mut want: BTreeSet<String> =
        sub.get_arguments().filter_map(|a| a.get_long()).map(|l| format!("--{l}")).collect();
    want.extend(takes.iter().map(|o| o.long().to_owned()));
    want.extend(["--verbose", "--quiet", "--help", "--version"].map(str::to_owned));
    want
}

/// The long options in a help text's `Options:` section.
fn help_options(help: &str) -> BTreeSet<String> {
    let section = help.split("\nOptions:\n").nth(1).unwrap_or_default();
    section
        .lines()
        .filter_map(|l| l.trim_start().split([' ', ',']).find(|w| w.starts_with("--")).map(str::to_owned))
        .map(|w| w.trim_end_matches("...").to_owned())
        .collect()
}

#[test]
fn the_table_names_every_command_once() {
    let cmd = hal_cli::Cli::command();
    let commands: Vec<&str> = cmd.get_subcommands().map(clap::Command::get_name).collect();
    let table: Vec<&str> = TABLE.iter().map(|(n, _)| *n).collect();
    assert_eq!(commands, table, "TABLE lists clap's commands, in order");
}

/// Every file of `commands/` is a command of the list (its name, `_` spelled `-`), or
/// one this build leaves out (`cli::LEFT_OUT`): a command's file without its line in
/// `commands!` is never compiled, and fails here.
#[test]
fn every_command_file_is_in_the_list() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/commands");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".rs").map(|s| s.replace('_', "-")))
        .filter(|n| n != "mod")
        .collect();
    files.sort();
    let mut listed: Vec<&str> =
        hal_cli::commands::ALL.iter().map(|d| d.name).chain(hal_cli::cli::LEFT_OUT.iter().map(|(n, _)| *n)).collect();
    listed.sort_unstable();
    assert_eq!(files, listed, "the files of commands/ and the commands! list");
}

#[test]
fn help_lists_exactly_the_options_each_command_takes() {
    for (name, takes) in TABLE {
        let o = hal(&[name, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{name}");
        let got = help_options(&text(&o.stdout));
        assert_eq!(got, expected(name, takes), "hal {name} --help");
    }
    // The four named in the issue take none of the table's options.
    for name in ["man", "completions", "schema", "lint"] {
        let help = text(&hal(&[name, "--help"]).stdout);
        for opt in ["--workspace", "--policy", "--require-known"] {
            assert!(!help.contains(opt), "hal {name} --help offers {opt}");
        }
    }
}

#[test]
fn completions_offer_exactly_the_options_each_command_takes() {
    let bash = text(&hal(&["completions", "bash"]).stdout);
    let fish = text(&hal(&["completions", "fish"]).stdout);
    for (name, takes) in TABLE {
        let want = expected(name, takes);
        // bash: the `opts=` line of the subcommand's case.
        let case = format!("hal__subcmd__{})", name.replace('-', "__subcmd__"));
        let block = bash.split(&case).nth(1).unwrap_or_else(|| panic!("bash: no case for {name}"));
        let opts = block.lines().find_map(|l| l.trim().strip_prefix("opts=\"")).unwrap();
        let got: BTreeSet<String> =
            opts.trim_end_matches('"').split(' ').filter(|w| w.starts_with("--")).map(str::to_owned).collect();
        assert_eq!(got, want, "bash completions of hal {name}");
        // fish: one `complete` line per option of the subcommand.
        let marker = format!("__fish_hal_using_subcommand {name}\"");
        let got: BTreeSet<String> = fish
            .lines()
            .filter(|l| l.contains(&marker))
            .filter_map(|l| l.split(" -l ").nth(1).and_then(|r| r.split(' ').next()))
            .map(|l| format!("--{l}"))
            .collect();
        assert_eq!(got, want, "fish completions of hal {name}");
    }
}

#[test]
fn the_man_page_says_which_options_each_command_takes() {
    let man = text(&hal(&["man"]).stdout);
    for (name, takes) in TABLE {
        let section = man
            .split(&format!("\\fBhal {}\\fR\n", name.replace('-', "\\-")))
            .nth(1)
            .unwrap_or_else(|| panic!("man: no {name}"));
        let section = section.split("\n.TP\n\\fBhal ").next().unwrap();
        let line = section.lines().find(|l| l.starts_with("Of the global options, takes "));
        let listed: Vec<String> = line
            .map(|l| l.trim_start_matches("Of the global options, takes ").trim_end_matches('.').replace("\\-", "-"))
            .map(|l| l.split(", ").map(str::to_owned).collect())
            .unwrap_or_default();
        let mut want: Vec<String> = takes.iter().map(|o| o.long().to_owned()).collect();
        want.sort_by_key(|w| GlobalOpt::ALL.iter().position(|o| o.long() == w));
        assert_eq!(listed, want, "man: hal {name}");
    }
}

#[test]
fn the_usage_check_accepts_the_table_and_refuses_the_rest() {
    let value = |o: GlobalOpt| -> Vec<String> {
        let dir = std::env::temp_dir().to_string_lossy().into_owned();
        match o {
            GlobalOpt::Workspace => vec![o.long().to_owned(), dir],
            GlobalOpt::Policy => vec![o.long().to_owned(), "spec".to_owned()],
            _ => vec![o.long().to_owned()],
        }
    };
    for (name, takes) in TABLE {
        let required: &[&str] = match *name {
            "lint" => &["/dev/null/none"],
            "completions" => &["bash"],
            _ => &[],
        };
        for opt in GlobalOpt::ALL {
            let mut args: Vec<String> = vec![(*name).to_owned()];
            args.extend(required.iter().map(|s| (*s).to_owned()));
            args.extend(value(*opt));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let stderr = text(&hal(&args).stderr);
            let refused = stderr.contains("does not apply to");
            assert_eq!(refused, !takes.contains(opt), "{args:?}: {stderr}");
            if refused {
                let accepts = stderr.split("it accepts: ").nth(1).unwrap_or_default();
                for o in GlobalOpt::ALL {
                    assert_eq!(accepts.contains(o.long()), takes.contains(o), "{args:?} names {}: {stderr}", o.long());
                }
            }
        }
    }
}
