//! The texts `--help` prints after each command's options: what it does beyond them, and its
//! exit statuses.

pub(super) const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  no error-level finding (warnings alone exit 0), or --exit-zero
  1  at least one error-level finding (warnings too with --warnings-as-errors)
  2  usage or configuration error, or a file or directory that could not be read
A closed output pipe (`pbnfmt check . | head`) ends the output quietly; the run goes on,
so that the exit status still says what every file holds.";

pub(super) const MAIN_HELP: &str = "\
Configuration: the closest pbnfmt.toml (or .pbnfmt.toml) above each file;
`pbnfmt COMMAND --show-settings` prints what applies to a command.
`pbnfmt COMMAND --help` says what the command does, and its options.

Exit status:
  0  clean
  1  findings: errors, files that would change (--check), files refused
  2  usage or configuration error, or a file that could not be read or written";

pub(super) const EXPORT_STATUS_HELP: &str = "\
Without --write, --out-dir, --check or --diff, the export of one file (or of standard input)
goes to standard output. Findings and the summary go to standard error.

Exit status:
  0  every file exported (or, with --check and --diff, already in export format)
  1  a file was refused (its findings say why), or with --check and --diff would change
  2  usage or configuration error, or a file or directory that could not be read or written";

pub(super) const REWRITE_STATUS_HELP: &str = "\
Only the values, tags and annotations concerned are edited: every other byte of the file stays
as it was. Without --write, --out-dir, --check or --diff, the result for one file (or for standard
input) goes to standard output. Findings and the summary go to standard error.

Exit status:
  0  every file rewritten (or, with --check and --diff, nothing to change)
  1  a file was refused or has something that could not be rewritten (its findings say why),
     or with --check and --diff would change
  2  usage or configuration error, or a file or directory that could not be read or written";

pub(super) const DEDUP_HELP: &str = "\
The inputs are read in order, so the first copy of a deal is the one in the earliest file (or
in --against, which is never written). The same board played at several tables of one session
(the same Board, Event and day) is not a repeat. Whole games are removed with what separates them
from the next game; every other byte stays, and each result is read back: the kept games must say
what they said (a game that takes a value with # or ## from a removed one refuses the file, W007).
Without --write, --out-dir, --check or --diff, the result for one file goes to standard output.

Exit status:
  0  every file written (or, with --check and --diff, no repeat)
  1  a file was refused, or with --check and --diff would change
  2  usage or configuration error, or a file or directory that could not be read or written";

pub(super) const SELECT_HELP: &str = "\
EXPR is a small language of bridge facts (docs/select.md has all of it):
  hcp(north) >= 15            spades(south) >= 5        hcp(ns) >= 25 (a side's two hands)
  shape(north, any 4333 + any 4432 + any 5332 - 5xxx)   controls(n), losers(n), hascard(n, AS)
  board, dealer == n, vul == ns, contract ~ \"4S\", contract ~ \"6?\", level >= 6, strain == nt
  declarer == s, tricks, result >= 0, made, score (North-South's), par, dd(ns, spades) >= 10
  auction ~ \"1NT P 2C P 2D *\"  (calls, whole: * any calls, ? one call, AP the passes to the end;
                                 alerts and notes ignored; auction(south) ~ … from South's call)
  note ~ /smolen/i, event ~ \"club\", tag(\"Room\") == \"Open\"
  joined with and, or, not and parentheses. A fact the board does not give makes a comparison
  false (`not tricks >= 10` holds for a board without a Result).
A game that takes a value with # or ## from a removed game is written with that value. Each result
is read back: the kept games must say what they said. Without --write, --out-dir, --check or
--diff, the result for one file goes to standard output.

Exit status:
  0  every file written (or, with --check and --diff, every board chosen)
  1  a file was refused, or with --check and --diff would change
  2  usage error (a bad expression, with its place), or a file that could not be read or written";

pub(super) const STATS_HELP: &str = "\
Every fact is read as select --where reads it (docs/select.md): a board counts in each count whose
facts it gives. The double-dummy tricks are those of the file's DoubleDummyTricks or
OptimumResultTable (pbnfmt analyze writes them). LIN files are read as the PBN they convert to.
--output-format json gives one object by section, csv rows of section,key,value.

Exit status:
  0  counted (a set with no board chosen too, said on standard error)
  2  usage error (a bad expression, with its place), or a file that could not be read";

pub(super) const SET_TAG_HELP: &str = "\
A value set replaces the tag's value where the game gives it, or goes on a line of its own where
export order puts it; a tag removed goes with its line when it stands alone there. A tag that the
file gives with # or ## is written out in every game that takes it so (as resolve writes it), so
that no game takes its value from a changed one. Each result is read back: every other fact of
every game is the input's, and each game has the value asked for (or, not chosen, the one it
had). Without --write, --out-dir, --check or --diff, the result for one file goes to standard
output.

Exit status:
  0  every file written (or, with --check and --diff, nothing to change)
  1  a file was refused, or with --check and --diff would change
  2  usage error (a bad expression, tag name or value), or a file that could not be read or
     written";

pub(super) const MERGE_HELP: &str = "\
Each input is read as resolve reads it: values a file gives with # or ## are written out, so that
no game takes a value from another file. A later file's text before its first game (% PBN 2.1,
% EXPORT, a comment) is written only when it differs from the first file's; an empty line
separates the files. The result is in the inputs' encoding when they share one, else UTF-8. It is
read back before it is written: the games' facts are the inputs', in order (shuffled: the same
games). Without -o, the result goes to standard output.

Memory: 32 MB + 2 x the file, per thread. The text with # and ## written out, which may be many
times the file, and the result are kept in temporary files and read a window at a time.

Exit status:
  0  merged
  1  an input is not read for sure (a syntax error that makes its reading a guess)
  2  usage error, or a file that could not be read or written";

pub(super) const SPLIT_HELP: &str = "\
Parts are named after their file: hands-01.pbn, hands-02.pbn (--every), hands-Open.pbn,
hands-Closed.pbn (--by Room; a value's characters other than letters, digits, -, _ and . become _).
Every part starts with the file's text before its first game, and takes its games with what
follows each; values given with # or ## are written out first. Every part of every file is made
and read back before any is written: the parts' games are the file's.

Memory: 32 MB + 2 x the file, per thread. The text with # and ## written out, which may be many
times the file, and the parts are kept in temporary files and read a window at a time.

Exit status:
  0  every part written
  1  an input is not read for sure (a syntax error that makes its reading a guess)
  2  usage error, or a file that could not be read or written";

pub(super) const REPLICATE_HELP: &str = "\
The file's boards are the first block, byte for byte, and must be numbered in order from the
first (pbnfmt renumber first). Block k takes the numbers from 1 + (k-1) x --size on: 4 boards,
--blocks 9 --size 4 writes boards 5-8 as copies of 1-4, then 9-12, ... 33-36. A copy gives its
number's Dealer and Vulnerable (the tray's), the Deal from that dealer with the same hands at the
same seats, and VirtualBoard, VirtualDealer, VirtualVulnerable and BlockNumber naming what is
played; Event, Site, Date, Scoring and the double-dummy tags are copied, the players and the
result left empty. The result is read back before it is written.

Exit status:
  0  every file replicated
  1  a file was refused (W013: a board without a Deal, Dealer or Vulnerable, boards out of order,
     a block smaller than the file, more than 10,000 boards; its findings say why)
  2  usage error, or a file that could not be read or written";

pub(super) const ANALYZE_HELP: &str = "\
Each complete deal is solved once (in worker processes, on --threads of them), deals in the
--cache file not at all. A game without a complete deal is left as it is; one without Dealer or
Vulnerable gets no OptimumScore or ParContract, a passed-out deal no ParContract. A deal the
solver does not finish within --timeout seconds or --max-memory is reported (H009) and left.
Each result is read back: every fact but the double-dummy tags the same, and the solver agreeing
with every tag written. Without --write, --out-dir, --check or --diff, the result for one file
goes to standard output.

Exit status:
  0  every file written (or, with --check and --diff, nothing to add)
  1  a file was refused or a deal was not solved, or with --check and --diff would change
  2  usage or configuration error, a file that could not be read or written, or a pbnfmt built
     without the `dds` feature";

pub(super) const FINGERPRINT_HELP: &str = "\
The fingerprint is SHA-256 of a canonical text: the line pbnfmt-fingerprint-v1, then one line a
board, Board TAB Dealer TAB Vulnerable TAB and the 52 seat letters of the deal (spade ace first),
sorted by board, each distinct line once. `pbnfmt fingerprint --canonical FILES | sha256sum`
gives the same digits. Only the deals count: layout, tag order, the seat a Deal starts from and
the other tags do not. Games without four complete hands are left out, and counted.

Exit status:
  0  the fingerprint was printed
  1  no game has a complete deal
  2  usage error, or a file that could not be read";

pub(super) const CONVERT_HELP: &str = "\
Inputs are LIN or PBN, told apart by their content; a directory is searched for *.lin and *.pbn.
Without -o or --out-dir, the result for one file (or for standard input; for --to jsonl and csv,
of every file) goes to standard output;
--out-dir writes each result beside its relative path, with the new extension. Findings (the
input's defects, pointed at the input) and the summary go to standard error.

Exit status:
  0  every file converted, with no error-level finding
  1  a file was refused or has errors (its findings say why)
  2  usage or configuration error, or a file or directory that could not be read or written";

pub(super) const SHOW_HELP: &str = "\
Exit status:
  0  the boards were shown
  1  no board has that number, or the file has no board
  2  usage error, or the file could not be read";

pub(super) const HANDRECORD_HELP: &str = "\
`-o record.pdf` draws a PDF (with its own font, DejaVu Sans, embedded); `-o record.html` or
standard output writes HTML, which a browser prints. `--out-dir DIR` writes a hand record per
input, named after it.

The set is checked first with the hand-record rules (`check --profile hand-record`) and the
`[check]` selection of a pbnfmt.toml. A finding about what the sheet draws stops the drawing and
is listed: an error in the deal (a card dealt twice), the board number, dealer, vulnerability or
OptimumScore, a file that does not read, or two double-dummy tables that disagree (H003).
`--force` draws anyway, with a warning on every sheet. Errors about what it does not draw (the
auction, the play, a date's spelling, long lines) are counted on standard error and the sheet is
clean. A deal without four hands is drawn with the hands it has. `--where` takes the language
of `select` (docs/select.md): `--where 'hcp(north) >= 20'`.

Exit status:
  0  the hand record was written
  1  findings about what it draws stopped it, or no board was chosen
  2  usage error, or a file could not be read or written";
