//! `idbench completions SHELL` and `idbench man`: clap_complete and clap_mangen over the
//! command line's own definition, so they can never disagree with it.

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::Cli;

/// `idbench completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes `bytes` to stdout (a closed pipe comes back as `BrokenPipe`).
fn print(bytes: &[u8]) -> std::io::Result<u8> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(0)
}

/// Prints the completion script. It is generated into memory first: the generators panic
/// when their writer fails, and a closed pipe must not panic.
pub(super) fn completions(args: &CompletionsArgs) -> std::io::Result<u8> {
    print(completion_script(args.shell).as_bytes())
}

/// The completion script for `shell`: clap_complete's, with the two repairs below.
pub fn completion_script(shell: Shell) -> String {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "idbench", &mut buf);
    let script = without_hidden_format(&String::from_utf8_lossy(&buf));
    match shell {
        Shell::Fish => fish_optspecs_for_fish_3(&script),
        Shell::Bash => bash_completes_after_equals(&script),
        _ => script,
    }
}

/// `check`'s hidden `--common-format` (the common `--format`, put aside for its own: see
/// the `Check` command in cli/mod.rs), which clap_complete lists although it is hidden:
/// its line in the fish, zsh, elvish and PowerShell scripts; in bash, its word in the
/// option list and its `case` arm.
fn without_hidden_format(script: &str) -> String {
    const HIDDEN: &str = "common-format";
    let mut out = String::with_capacity(script.len());
    let mut in_arm = false;
    for line in script.split_inclusive('\n') {
        if in_arm {
            in_arm = line.trim() != ";;";
            continue;
        }
        if line.trim() == "--common-format)" {
            in_arm = true;
            continue;
        }
        if line.trim_start().starts_with("opts=") {
            out.push_str(&line.replace(" --common-format", ""));
            continue;
        }
        if !line.contains(HIDDEN) {
            out.push_str(line);
        }
    }
    out
}

/// fish before 4.1 (Debian 12 has 3.6) reads an `argparse` option spec whose second
/// character is `-` as SHORT-LONG: clap_complete's `a-form= b-form=` declare `--form` twice,
/// `argparse` fails, and the script's "which command is this" test fails with it, so
/// nothing completes. Such a spec gets a short name of its own (`0/a-form=`): a digit or
/// letter no other spec of the list uses, which fish of any version reads as SHORT/LONG.
/// The short names only serve the script's own parse of the command line.
fn fish_optspecs_for_fish_3(script: &str) -> String {
    let mut out = String::with_capacity(script.len() + 64);
    for line in script.split_inclusive('\n') {
        let Some(specs) = line.trim_start().strip_prefix("string join \\n ") else {
            out.push_str(line);
            continue;
        };
        let indent = &line[..line.len() - line.trim_start().len()];
        let words: Vec<&str> = specs.split_whitespace().collect();
        let short_of = |w: &str| {
            let b = w.as_bytes();
            (b.len() >= 2 && (b[1] == b'/' || b[1] == b'-')
                || b.len() == 1
                || b.get(1) == Some(&b'='))
            .then(|| b[0])
        };
        let mut used: Vec<u8> = words.iter().filter_map(|w| short_of(w)).collect();
        let mut free = (b'0'..=b'9').chain(b'a'..=b'z').chain(b'A'..=b'Z');
        let fixed: Vec<String> = words
            .iter()
            .map(|w| {
                let b = w.as_bytes();
                // SHORT-LONG as clap_complete means it: a long name with `-` second.
                if b.len() > 2
                    && b[1] == b'-'
                    && b[2] != b'='
                    && let Some(c) = free.by_ref().find(|c| !used.contains(c))
                {
                    used.push(c);
                    return format!("{}/{w}", char::from(c));
                }
                (*w).to_string()
            })
            .collect();
        out.push_str(indent);
        out.push_str("string join \\n ");
        out.push_str(&fixed.join(" "));
        out.push('\n');
    }
    out
}

/// bash splits `--profile=rf` at `=` (it is in `COMP_WORDBREAKS`): the word completed is
/// `rf` and the one before it `=`, so clap_complete's script, which completes an option's
/// values when the previous word is the option, completes nothing. Inserted after the
/// script sets `cur` and `prev`: when the word before is `=`, the option is the one before
/// it; when the word completed is the `=` itself, its value is empty.
const BASH_EQUALS: &str = r#"    # `--opt=VALUE`: bash splits the word at `=`; complete VALUE as after `--opt VALUE`.
    if [[ ${COMP_CWORD} -ge 2 && "${COMP_WORDS[COMP_CWORD]}" == "=" && "${COMP_WORDS[COMP_CWORD-1]}" == -* ]]; then
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        cur=""
    elif [[ ${COMP_CWORD} -ge 3 && "${COMP_WORDS[COMP_CWORD-1]}" == "=" && "${COMP_WORDS[COMP_CWORD-2]}" == -* ]]; then
        prev="${COMP_WORDS[COMP_CWORD-2]}"
    fi
"#;

fn bash_completes_after_equals(script: &str) -> String {
    let anchor = "    prev=\"$3\"\n";
    match script.find(anchor) {
        Some(at) => {
            let end = at + anchor.len();
            format!("{}{BASH_EQUALS}{}", &script[..end], &script[end..])
        }
        None => script.to_string(),
    }
}

/// The manual page: the top-level page (synopsis, options, the list of commands), then a
/// section per command with its synopsis, description, options and epilogue.
pub fn man_page() -> std::io::Result<Vec<u8>> {
    let mut cmd = Cli::command();
    cmd.build();
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut buf)?;
    for sub in cmd.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let name = format!("idbench {}", sub.get_name());
        writeln!(buf, ".SH \"{}\"", name.to_uppercase())?;
        let sub = sub.clone().bin_name(name.clone()).display_name(name);
        let man = clap_mangen::Man::new(sub);
        let mut part = Vec::new();
        man.render_synopsis_section(&mut part)?;
        man.render_description_section(&mut part)?;
        man.render_options_section(&mut part)?;
        man.render_extra_section(&mut part)?;
        // Each part's own headings become subsections of the command's section.
        let part = String::from_utf8_lossy(&part).replace(".SH ", ".SS ");
        buf.extend_from_slice(part.as_bytes());
    }
    buf.extend_from_slice(MAN_TAIL.as_bytes());
    Ok(buf)
}

/// The sections clap_mangen has no source for: EXIT STATUS, ENVIRONMENT (every variable
/// the binary reads: `grep -rn 'env::var' src`) and FILES, in roff.
const MAN_TAIL: &str = r#".SH "EXIT STATUS"
Each command's section above says what its codes mean for it; across commands:
.TP
\fB0\fR
Success: every input valid, every case passed, the two identifiers equivalent.
.TP
\fB1\fR
An input is invalid, a case failed, or the identifiers are not equivalent. With
\fBcheck \-\-fail\-on warning\fR, also when any warning is reported (such as a
namespace finding with \fB\-\-namespaces\fR).
.TP
\fB2\fR
A usage error, or an I/O error: a file that cannot be read (\fBcheck\fR still checks the
others; \fBtest \-\-format tap\fR or \fBjunit\fR still prints a document holding the
error), a grammar that does not read, a terminal the workbench cannot use.
.PP
A closed output pipe (\fBidbench ... | head\fR) ends any command quietly.
.SH ENVIRONMENT
.TP
\fBNO_COLOR\fR
Set and not empty: the workbench and \fBpresent\fR draw without colours (the text
styles stay). Files written by \fBreplay\fR keep the deck's colours.
.TP
\fBTERM\fR
\fBdumb\fR: the workbench and \fBpresent\fR refuse to start (exit 2) and name the
commands to use instead.
.TP
\fBSSH_CONNECTION\fR
Set and not empty: the workbench copies through the terminal (OSC 52) instead of the
system clipboard.
.TP
\fBTMUX\fR
Set and not empty: after a copy through the terminal, the workbench asks tmux whether its
\fBset\-clipboard\fR option passes it on, and says so.
.TP
\fBXDG_CONFIG_HOME\fR, \fBXDG_DATA_HOME\fR, \fBHOME\fR
Where the workbench's settings and history live (see FILES).
.TP
\fBDISPLAY\fR, \fBXAUTHORITY\fR
Read by the clipboard library to reach the X11 clipboard (Linux and the BSDs).
.PP
Debug builds only (the ones \fBcargo test\fR runs; a release build does not read
them): \fBIDBENCH_TEST_ALLOC_FAILURE\fR, \fBIDBENCH_TEST_STALL_AFTER_ENTER_MS\fR and
\fBIDBENCH_TEST_STALL_EXPORT_MS\fR make the workbench or \fBreplay\fR fail or wait, for
the tests of those paths.
.SH FILES
.TP
\fI$XDG_CONFIG_HOME/idbench/config.toml\fR
The workbench's settings (\fItheme\fR, \fIprofile\fR, \fImouse\fR, \fIhistory\fR);
\fI~/.config/idbench/config.toml\fR when \fBXDG_CONFIG_HOME\fR is unset;
\fI~/Library/Application Support/idbench/config.toml\fR on macOS,
\fI%APPDATA%\\idbench\\config\\config.toml\fR on Windows. The command line wins over it.
.TP
\fI<config dir>/themes/NAME.toml\fR
A theme named \fBNAME\fR by \fB\-\-theme\fR or the settings file (a path names any
other file; the built-in themes need none).
.TP
\fI$XDG_DATA_HOME/idbench/history.json\fR
The workbench's recent inputs (\fI~/.local/share/idbench\fR when \fBXDG_DATA_HOME\fR is
unset), private (0600, in a 0700 folder), with \fIhistory.json.lock\fR beside it;
passwords in userinfo are never kept. \fB\-\-no\-history\fR or \fIhistory = false\fR
leaves it alone.
.TP
\fIFILE.toml\fR, \fIexamples/ids\fR, \fIurltestdata.json\fR
Cases files, read by \fBidbench test\fR and the workbench's \fB\-\-cases\fR: TOML
\fB[[case]]\fR tables, the line format of \fIexamples/ids\fR, or web\-platform\-tests
JSON. The workbench saves a case to the \fB\-\-cases\fR file, else to
\fIidbench\-cases.toml\fR in the working directory.
.TP
\fIDECK.toml\fR
A deck for \fBpresent\fR and \fBreplay\fR.
"#;

/// Prints the manual page.
pub(super) fn man() -> std::io::Result<u8> {
    print(&man_page()?)
}
