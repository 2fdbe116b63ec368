//! The `--help` epilogues: each command's output format and exit codes.

pub(super) const TOP: &str = "\
With no command, the workbench opens: `idbench [ID] [--with OTHER] [--theme T] [--profile P]`
is `idbench tui` with the same arguments.
--profile and --format may also come before a command: `idbench --profile rfc3986 parse
http://a/` is `idbench parse --profile rfc3986 http://a/`.

Exit codes: 0 success, 1 an input is invalid (or not equivalent), 2 a usage or I/O error.
A closed output pipe (`idbench ... | head`) ends any command quietly.";

pub(super) const PARSE: &str = "\
Output (text): per input, the input, its verdict and profile, the component tree (long texts
cut to head…tail with their byte count), then each diagnostic with carets under an excerpt of
the input; inputs are separated by blank lines.
Output (json): one object per input and line:
  {\"input\", \"profile\", \"profile_reason\", \"valid\", \"start_rule\", \"components\", \"tree\",
   \"diagnostics\", \"readings\", \"readings_omitted\"}
\"components\" is flat: {\"scheme\", \"userinfo\", \"host\", \"port\", \"path\", \"query\",
\"fragment\", \"nid\", \"nss\", \"r_component\", \"q_component\", \"f_component\",
\"xri_authority\"}, each the component's text, null where there is none.
Under --profile whatwg the object also has \"url\": the URL Standard's record as the URL
class's getters give it, {\"href\", \"origin\", \"protocol\", \"username\", \"password\",
\"host\", \"hostname\", \"port\", \"pathname\", \"search\", \"hash\", \"valid_url_string\"},
null when the parse fails.
--base BASE: under whatwg, the URL Standard's parser with that base (spans index the
input); under the other profiles, the input is resolved against BASE as resolve does and
the target is parsed (spans index the target).
A line of stdin that is not UTF-8 is not analyzed: it gets `not-utf8` diagnostics at the
offsets of the bad bytes (and \"tree\": null).

Exit codes: 0 every input valid, 1 any invalid, 2 usage or I/O error.";

pub(super) const CHECK: &str = "\
Output (text): one line per input line, in input order (with --jobs too),
  valid<TAB>PROFILE<TAB>INPUT   or   invalid<TAB>PROFILE<TAB>INPUT<TAB>CODE
or, for a blank line, `skipped<TAB>PROFILE<TAB>` (PROFILE: the one asked for, else auto),
prefixed with `FILE:LINE: ` when files are given (`-` is stdin), `FILE:LINE:COL: ` for an
invalid line (COL: the column, from 1 in characters, of its first offending byte, where an
editor jumps; none for line-too-long); then `N valid, M invalid`
on stderr (and `, K blank lines skipped` when there are some). --quiet prints only that
summary.
Output (json): JSON Lines, one object per input line and nothing else on stdout:
{\"input\", \"profile\", \"valid\", \"first_error\", \"error\", \"line\"}, plus \"file\" when files
are given; \"error\" is null when valid, else {\"code\", \"start\", \"end\", \"expected\", \"spec\",
\"message\"} (byte offsets into the line); a blank line is {\"input\": \"\", \"valid\": null, \"skipped\": \"blank\", ...}.
A line that is not UTF-8 is invalid with code `not-utf8`; its JSON \"input\" has U+FFFD for
each bad sequence, with \"lossy\": true and \"input_bytes\" (the line's bytes in hex).
Output (github): a GitHub Actions annotation per finding, nothing for a valid line:
  ::error file=F,line=L,col=C,endColumn=E,title=CODE::MESSAGE
(with --namespaces, a namespace finding is ::warning or ::notice; columns in characters;
`%`, CR, LF escaped, and `:` and `,` in properties, as the runner reads them back).
Output (sarif): one SARIF 2.1.0 log, one run: a result per invalid line (and per namespace
finding) with its region (columns in UTF-16 code units, \"columnKind\": \"utf16CodeUnits\"),
the tool with a rule per code reported (its spec section as help, helpUri for RFCs and
the URL Standard).
--fail-on warning: exit 1 also when any warning is reported (a namespace finding with
--namespaces); the default, error, fails on invalid lines only.
A line longer than 16 MiB is invalid with code `line-too-long` as soon as it passes that
length, shown by its first KiB and `…` (JSON: \"truncated\": true); the rest of it is read
and dropped, never held.
--jobs above 4 per core is capped; when the system refuses a thread, fewer are used.
A file that cannot be read is named on stderr and skipped; the others are still checked.

Exit codes: 0 every line valid, 1 any invalid (or, with --fail-on warning, any warning),
2 usage error or a file could not be read.";

pub(super) const FORMS: &str = "\
Output (text): per input, the input, its verdict and profile, one `NAME  VALUE` row per
normal form that applies to the profile, then the diagnostics with carets.
Output (json): one object per input and line:
  {\"input\", \"profile\", \"valid\", \"best_effort\", \"forms\": {NAME: VALUE, ...},
   \"diagnostics\"}
With --from, first where the XRI came from and the conversion's notes; JSON adds \"from\",
\"original\", \"iri_normal_input\", \"conversion_diagnostics\". With --from uri, also what
the URI to IRI step (RFC 3987 §3.2) decoded and its notes on what stayed encoded; JSON
\"uri_to_iri\": {\"decoded\": [{\"start\", \"end\", \"char\"}], \"diagnostics\"}.
A line of stdin that is not UTF-8 gets `not-utf8` diagnostics and no forms.

Exit codes: 0 every input valid, 1 any invalid, 2 usage or I/O error.";

pub(super) const RESOLVE: &str = "\
Output (text): exactly one line per reference on stdout, in order: the target, or
  error<TAB>CODE<TAB>REFERENCE
for a reference that does not resolve (a target line never holds a raw tab: tabs are shown
as ⟨U+0009⟩). Every error, warning and note (the target's too, such as
resolve-path-looks-like-authority or resolve-encoded-dot-segment) goes to stderr, under a
heading `reference N TEXT:` (N counts references from 1), so stdout stays one line each.
Output (json): one object per reference and line: {\"base\", \"reference\", \"profile\",
\"target\", \"steps\", \"diagnostics\", \"base_diagnostics\", \"note\"}.

Exit codes: 0 every reference resolved, 1 any did not, 2 usage or I/O error.";

pub(super) const COMPARE: &str = "\
Output (text): both inputs, the profile, the ladder of comparison steps as a table
(# rule spec A B equal?), the verdict and the first difference with carets. On stderr, only
when there is something to say: the errors of a side that does not parse, and what bringing
a side to the compared form found; a valid side's own warnings and notes are not repeated
(`idbench parse` shows them).
Output (json): one object: {\"a\", \"b\", \"profile\", \"profile_reason\", \"equivalent\",
\"valid\", \"summary\", \"equal_from\", \"parted_at\", \"steps\", \"difference\",
\"diagnostics\"}. \"equal_from\": the step (from 1) from which the sides are equal, null
when they are not equivalent; \"parted_at\": the step at which they part (the last, where
the first difference is located), null when they are equivalent.

Exit codes: 0 equivalent, 1 not equivalent, 2 a side does not parse under the profile, or a
usage error.";

pub(super) const TUI: &str = "\
Opens the full-screen workbench; F1 or ? shows its keys.

Exit codes: 0 on quit, 2 when the terminal cannot be used or a usage error.";

pub(super) const COMPLETIONS: &str = "\
Prints a completion script for the shell on stdout. For bash:
  idbench completions bash > ~/.local/share/bash-completion/completions/idbench
zsh: write `_idbench` into a directory on $fpath; fish: ~/.config/fish/completions/idbench.fish.

Exit codes: 0, or 2 on a usage error.";

pub(super) const MAN: &str = "\
Prints the manual page (roff) on stdout, every command included. Read it with
  idbench man | man -l -
or install it: idbench man > ~/.local/share/man/man1/idbench.1

Exit codes: 0, or 2 on a usage error.";

pub(super) const EXPLAIN: &str = "\
Output: one report, Markdown (default) or plain text wrapped at 72 columns: the input, the
profile and why, every profile's verdict, the tree, the diagnostics and every form; with
--with, first a summary (the verdict and the step that decides it: \"equivalent from step
N\" or \"parted at step N\"), then both inputs, the comparison and its ladder.
--format json: the report's content as data, one compact object on one line:
  {\"version\", \"profile\", \"reopen\", \"summary\", \"a\", \"b\", \"comparison\",
   \"per_profile\", \"resolution\"}
\"a\" and \"b\" are parse's objects plus \"verdicts\" (every profile's) and \"forms\";
\"comparison\" is compare's object; \"resolution\" is resolve's; null where the report has
no such part.
--standards: the input under RFC 3986/3987 and the WHATWG URL Standard side by side: each
standard's verdict, then each place where the readings part (a \"\\\" read as \"/\", a host
read as an IPv4 address, a tab removed, missing slashes, percent-encoding, the default port,
dot-segments, case, IDNA, ...) with both sides' reasons, codes and sections. JSON:
{\"input\", \"whatwg\", \"valid_url_string\", \"rfc3986\", \"rfc3987\", \"divergences\":
[{\"topic\", \"span\", \"text\", \"whatwg\", \"rfc\", \"count\", \"places\"}]}: a divergence repeated
along the input is one entry, \"count\" places, \"places\" the first and last four spans.

Exit codes: as parse (0 valid, 1 invalid); with --with, as compare (0 equivalent, 1 not, 2
a side does not parse); with --base, as resolve (0 a target came out, 1 not); with
--standards, 0 the two readings agree, 1 they part; 2 on a usage error.";

pub(super) const RULE: &str = "\
Output (text): the production as printed and as read, its section, alternatives, the rules
it uses and those that use it; with no NAME, every rule of each profile with its citation.
Output (json): one object per production (or per profile's list).

Exit codes: 0 found, 2 no such rule (the nearest names are suggested) or a usage error.";

pub(super) const GRAMMAR: &str = "\
A grammar file is RFC 5234 ABNF (with RFC 7405's %s\"...\" and %i\"...\", `=/`, the core rules
built in): a regular file of at most 1 MiB (a FIFO or device is refused) with at most 10,000
rules. `idbench grammar SUBCOMMAND --help` gives each one's details.
  check FILE.abnf [--start RULE]: errors (syntax, undefined rule, a rule defined twice with
    `=`, `=/` before `=`) and notes (unused, unreachable rules), each with its line. JSON:
    {\"rules\": [...], \"problems\": [{\"code\", \"severity\", \"line\", \"rule\", \"message\"}]}.
    Exit 0 no error, 1 errors, 2 the file cannot be read.
  parse FILE.abnf --start RULE INPUT... (`-`: one per stdin line; `--` before inputs that
    start with `-`): per input, JSON {\"input\", \"valid\", \"parses\", \"parses_capped\",
    \"tree\", \"other_trees\", \"diagnostics\"}. Exit 0 all valid, 1 any invalid.
  diff (FILE.abnf | --profile P) (FILE.abnf | --profile P) --start RULE [--start2 RULE]
    [--corpus FILE] [--generate N]: JSON {\"only_a\": [...], \"only_b\": [...], \"both\",
    \"neither\"}. Exit 0 the sides agree on every input tried, 1 they differ.
  gen FILE.abnf --start RULE [--count N] [--invalid]: valid examples (or near misses), one
    per line; JSON {\"input\", \"valid\", \"why\"}.
Output (text) of each is for people; Output (json) is one compact object per line;
summaries go to stderr.

Exit codes: as above; 2 when a grammar cannot be read (or, but for check, has errors or
no such start rule) or on a usage error.";

pub(super) const NAMESPACES: &str = "\
Output (text): a table, one registered NID a line: NID, kind (formal or informal), the
registration date (- when the registry gives none), the reference, the template's address
and, where idbench reads the NSS's syntax, the document it reads it from.
Output (json): one array on one line, one object per NID: {\"nid\", \"kind\",
\"reference\", \"date\", \"updated\", \"template\", \"syntax\"} (null where there is none).
Either way, stderr names the snapshot: the registry's last update, the counts, the public
copy it was built from (repository, path, commit, SHA-256) and when it was retrieved.

Exit codes: 0, or 2 on a usage or I/O error.";

pub(super) const TEST: &str = "\
A cases file is TOML, `[[case]]` tables of `input` (with `profile`, `base`) and what it must
do: `valid`, `error`, `error_at`, `components`, `forms`, `equivalent` or `not_equivalent`
(with `step`), `target`, `parses` (with `grammar` and `start`); or the `examples/ids` line
format (any file not ending `.toml`). An unknown key or a case that expects nothing is an
error with its line and column. A `.json` file is read in the web-platform-tests shape
(urltestdata.json: input, base, the getters or failure; toascii.json: input, output) and
run under the URL Standard's parser with its base; a case the implemented revision of the
standard changes is reported as a known disagreement, with the change, not a failure.
Output (text): one line per expectation not met,
  FILE:LINE: case N INPUT: FIELD: expected X, got Y
Output (json): one object on one line: {\"cases\", \"passed\", \"failed\", \"failures\":
[{\"file\", \"index\", \"line\", \"input\", \"field\", \"expected\", \"got\"}]}.
Output (tap): TAP version 13, one test per case, the failures in its YAML block (a `#` in a
description is shown as ⟨U+0023⟩: TAP 13 has no escape for it; the YAML has the input).
Output (junit): JUnit XML as Jenkins' junit-10 schema reads it, a testsuite per file (tests,
failures, errors, skipped, time, timestamp, file), a testcase per case (with its time), a
failure element per case with expectations not met. When a cases file cannot be read, TAP
and JUnit still print a document holding each error (JUnit: an error element), exit 2. JSON adds \"known\" and \"known_disagreements\"; TAP marks them TODO,
JUnit skipped. The summary `N cases, P passed, F failed` goes to stderr (with `K known
disagreements` when there are some).

Exit codes: 0 every case passes, 1 any fails, 2 a file cannot be read or does not read as
cases, or a usage error.";
