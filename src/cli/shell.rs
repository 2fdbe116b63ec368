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
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "idbench", &mut buf);
    print(&buf)
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
    Ok(buf)
}

/// Prints the manual page.
pub(super) fn man() -> std::io::Result<u8> {
    print(&man_page()?)
}
