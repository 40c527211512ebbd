//! Games as CSV (`convert --to csv`, RFC 4180): one row per game with the columns asked for, or
//! one row per call or card (`--table calls|cards`) keyed by file and game, as pgn2data lays out
//! chess games. Every value is a projection of the game's JSON object ([`crate::jsonl`]), so the
//! two outputs cannot say different things. UTF-8 whatever the input's encoding; CRLF line ends.

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

/// What a row is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Table {
    /// One row per game.
    #[default]
    Games,
    /// One row per call: file, game, index, seat, call, NAGs, note.
    Calls,
    /// One row per card: file, game, trick, seat, card, leader, winner.
    Cards,
    /// One row per result on a board's traveller (its ScoreTable, PBN 5.9): [`RESULT_COLUMNS`].
    Results,
}

impl Table {
    /// The names a table is asked for by, in order.
    pub const NAMES: [&'static str; 4] = ["games", "calls", "cards", "results"];

    /// The table named `name` ([`Table::NAMES`]).
    pub fn from_name(name: &str) -> Option<Table> {
        match name {
            "games" => Some(Table::Games),
            "calls" => Some(Table::Calls),
            "cards" => Some(Table::Cards),
            "results" => Some(Table::Results),
            _ => None,
        }
    }
}

/// The columns of `--table results`: the game's key and board, then the traveller's columns
/// under fixed names (empty where the ScoreTable has no such column or writes `-`). A column of
/// numbers ([`NUMBER_COLUMNS`]) holds only numbers; a cell of it that is none is in `other`.
pub const RESULT_COLUMNS: &[&str] = &[
    "file",
    "game",
    "board",
    "vulnerable",
    "section",
    "table",
    "round",
    "pair_ns",
    "pair_ew",
    "names_ns",
    "names_ew",
    "contract",
    "declarer",
    "result",
    "lead",
    "score_ns",
    "adjusted",
    "other",
    "mp_ns",
    "mp_ew",
    "imp_ns",
    "imp_ew",
    "datum",
    "percentage_ns",
    "percentage_ew",
    "rank",
    "multiplicity",
];

/// The result columns that hold numbers, and whether a fraction is one (matchpoints, IMPs and
/// percentages may have decimals; tricks, a datum and a multiplicity are whole).
const NUMBER_COLUMNS: &[(&str, bool)] = &[
    ("result", false),
    ("mp_ns", true),
    ("mp_ew", true),
    ("imp_ns", true),
    ("imp_ew", true),
    ("datum", false),
    ("percentage_ns", true),
    ("percentage_ew", true),
    ("multiplicity", false),
];

/// `-12`, `+3`, `52.5`: an optional sign, digits, and (where `fraction`) a point and digits.
/// No exponent, no `inf`, no decimal comma: what a reader of any language types as a number.
fn is_number(cell: &str, fraction: bool) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    match unsigned.split_once('.') {
        Some((whole, part)) => fraction && digits(whole) && digits(part),
        None => digits(unsigned),
    }
}

/// The ScoreTable column each result column reads, by PBN 5.9's names (and `Section`, `Table`,
/// `Round`, `Lead`, which producers add).
const RESULT_SOURCES: &[(&str, &str)] = &[
    ("section", "Section"),
    ("table", "Table"),
    ("round", "Round"),
    ("pair_ns", "PairId_NS"),
    ("pair_ew", "PairId_EW"),
    ("names_ns", "Names_NS"),
    ("names_ew", "Names_EW"),
    ("contract", "Contract"),
    ("declarer", "Declarer"),
    ("result", "Result"),
    ("lead", "Lead"),
    ("mp_ns", "MP_NS"),
    ("mp_ew", "MP_EW"),
    ("imp_ns", "IMP_NS"),
    ("imp_ew", "IMP_EW"),
    ("datum", "ButlerDatum"),
    ("percentage_ns", "Percentage_NS"),
    ("percentage_ew", "Percentage_EW"),
    ("rank", "Rank"),
    ("multiplicity", "Multiplicity"),
];

/// The columns of `--to csv` when `--columns` is not given, as `--columns` would name them.
pub const DEFAULT_COLUMNS: &str = "file,game,board,dealer,vulnerable,north,east,south,west,\
    contract,declarer,result,score_ns,duplicate_score_ns,deal_hash,auction,uncertain";

/// Every column a game row may have, besides `tag:NAME` (any tag's value) and `dd_SEAT_STRAIN`
/// ([`dd_column`]).
pub const COLUMNS: &[&str] = &[
    "file",
    "line",
    "game",
    "event",
    "date",
    "date_iso",
    "board",
    "board_number",
    "dealer",
    "vulnerable",
    "north",
    "east",
    "south",
    "west",
    "hcp_n",
    "hcp_e",
    "hcp_s",
    "hcp_w",
    "shape_n",
    "shape_e",
    "shape_s",
    "shape_w",
    "deal_hash",
    "scoring",
    "contract",
    "contract_level",
    "contract_strain",
    "contract_risk",
    "declarer",
    "result",
    "score_ns",
    "score_ew",
    "duplicate_score_ns",
    "par_ns",
    "par_contracts",
    "auction",
    "play",
    "uncertain",
];

/// `dd_n_nt`, `dd_w_c`: the double-dummy tricks of a declarer (`n`, `e`, `s`, `w`) in a strain
/// (`c`, `d`, `h`, `s`, `nt`), as the JSON's `double_dummy` keys them.
fn dd_column(name: &str) -> Option<(String, String)> {
    let (seat, strain) = name.strip_prefix("dd_")?.split_once('_')?;
    let seat = ["n", "e", "s", "w"]
        .contains(&seat)
        .then(|| seat.to_uppercase())?;
    let strain = ["c", "d", "h", "s", "nt"]
        .contains(&strain)
        .then(|| strain.to_uppercase())?;
    Some((seat, strain))
}

/// The CSV asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Csv {
    pub columns: Vec<String>,
    pub table: Table,
    /// Write every cell as it is (`--raw-cells`), not neutralised ([`neutralised`]).
    pub raw: bool,
    /// Write the values as the JSON gives them, for a reader that types each column itself
    /// (the Python module's Arrow table, issue 64, item 7): no vulnerability as `None`, the deal
    /// hash's digits alone, no cell neutralised. The spreadsheet's spellings (`Love`, `h…`, `'`)
    /// are for a reader that guesses types from the cells.
    pub plain: bool,
}

impl Csv {
    /// The columns named (`None`: the default set), checked: an unknown name is a usage error.
    pub fn new(columns: Option<Vec<String>>, table: Table) -> Result<Csv, String> {
        let columns =
            columns.unwrap_or_else(|| DEFAULT_COLUMNS.split(',').map(str::to_owned).collect());
        for column in &columns {
            if !COLUMNS.contains(&column.as_str())
                && !column.starts_with("tag:")
                && dd_column(column).is_none()
            {
                return Err(format!(
                    "--columns: `{}` is not a column; the columns are {}, dd_SEAT_STRAIN \
                     (dd_n_nt) and tag:NAME",
                    crate::display::escape(column),
                    COLUMNS.join(", ")
                ));
            }
        }
        Ok(Csv {
            columns,
            table,
            raw: false,
            plain: false,
        })
    }
}

/// Turns games' JSON objects into rows.
pub struct Writer {
    csv: Csv,
    /// Which of the large parts of a game the rows need: the rest is not read into values.
    needs_auction: bool,
    needs_play: bool,
    needs_tags: bool,
    needs_sections: bool,
}

/// A game's JSON object as the rows read it: its small values, and the large parts as raw text
/// to read only when a column or table needs them (the play is most of an object).
#[derive(Deserialize)]
struct Parts<'a> {
    #[serde(default)]
    file: Value,
    #[serde(default)]
    line: Value,
    #[serde(default)]
    game: Value,
    #[serde(default)]
    event: Value,
    #[serde(default)]
    date: Value,
    #[serde(default)]
    date_iso: Value,
    #[serde(default)]
    board: Value,
    #[serde(default)]
    board_number: Value,
    #[serde(default)]
    dealer: Value,
    #[serde(default)]
    vulnerable: Value,
    #[serde(default)]
    deal: Value,
    #[serde(default)]
    deal_hash: Value,
    #[serde(default)]
    hands: Value,
    #[serde(default)]
    scoring: Value,
    #[serde(default)]
    contract: Value,
    #[serde(default)]
    declarer: Value,
    #[serde(default)]
    result: Value,
    #[serde(default)]
    score: Value,
    #[serde(default)]
    duplicate_score: Value,
    #[serde(default)]
    double_dummy: Value,
    #[serde(default)]
    par: Value,
    #[serde(default)]
    uncertain: Value,
    #[serde(borrow, default)]
    auction: Option<&'a RawValue>,
    #[serde(borrow, default)]
    play: Option<&'a RawValue>,
    #[serde(borrow, default)]
    tags: Option<&'a RawValue>,
    #[serde(borrow, default)]
    sections: Option<&'a RawValue>,
}

impl Writer {
    pub fn new(csv: Csv) -> Writer {
        let named = |name: &str| csv.columns.iter().any(|c| c == name);
        Writer {
            needs_auction: csv.table == Table::Calls || named("auction"),
            needs_play: csv.table == Table::Cards || named("play"),
            needs_tags: csv.columns.iter().any(|c| c.starts_with("tag:")),
            needs_sections: csv.table == Table::Results,
            csv,
        }
    }

    /// The game's object with the parts the rows need.
    fn game(&self, json: &str) -> Result<Value, String> {
        let parts: Parts<'_> = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let raw = |needed: bool, part: Option<&RawValue>| -> Result<Value, String> {
            match part {
                Some(part) if needed => serde_json::from_str(part.get()).map_err(|e| e.to_string()),
                _ => Ok(Value::Null),
            }
        };
        let mut game = serde_json::Map::new();
        for (key, value) in [
            ("file", parts.file),
            ("line", parts.line),
            ("game", parts.game),
            ("event", parts.event),
            ("date", parts.date),
            ("date_iso", parts.date_iso),
            ("board", parts.board),
            ("board_number", parts.board_number),
            ("dealer", parts.dealer),
            ("vulnerable", parts.vulnerable),
            ("deal", parts.deal),
            ("deal_hash", parts.deal_hash),
            ("hands", parts.hands),
            ("scoring", parts.scoring),
            ("contract", parts.contract),
            ("declarer", parts.declarer),
            ("result", parts.result),
            ("score", parts.score),
            ("duplicate_score", parts.duplicate_score),
            ("double_dummy", parts.double_dummy),
            ("par", parts.par),
            ("uncertain", parts.uncertain),
            ("auction", raw(self.needs_auction, parts.auction)?),
            ("play", raw(self.needs_play, parts.play)?),
            ("tags", raw(self.needs_tags, parts.tags)?),
            ("sections", raw(self.needs_sections, parts.sections)?),
        ] {
            game.insert(key.to_owned(), value);
        }
        Ok(Value::Object(game))
    }

    /// The header row.
    pub fn header(&self) -> String {
        let names: Vec<&str> = match self.csv.table {
            Table::Games => self.csv.columns.iter().map(String::as_str).collect(),
            Table::Calls => vec!["file", "game", "index", "seat", "call", "nags", "note"],
            Table::Cards => vec![
                "file", "game", "trick", "position", "seat", "card", "leader", "winner",
            ],
            Table::Results => RESULT_COLUMNS.to_vec(),
        };
        row(self.csv.raw, names.iter().map(|n| n.to_string()))
    }

    /// The rows of one game, from its JSON object.
    pub fn rows(&self, json: &str) -> Result<String, String> {
        let game = self.game(json)?;
        let key = || (text(&game["file"]), text(&game["game"]));
        Ok(match self.csv.table {
            Table::Games => row(
                self.csv.raw,
                self.csv
                    .columns
                    .iter()
                    .map(|c| column(&game, c, self.csv.plain)),
            ),
            Table::Calls => {
                let (file, number) = key();
                let mut out = String::new();
                for (i, call) in items(&game["auction"]["calls"]).enumerate() {
                    let nags: Vec<String> = items(&call["nags"]).map(text).collect();
                    out.push_str(&row(
                        self.csv.raw,
                        [
                            file.clone(),
                            number.clone(),
                            (i + 1).to_string(),
                            text(&call["seat"]),
                            text(&call["call"]),
                            nags.join(" "),
                            text(&call["note"]),
                        ],
                    ));
                }
                out
            }
            Table::Results => {
                let (file, number) = key();
                result_rows(&self.csv, &game, &file, &number)
            }
            Table::Cards => {
                let (file, number) = key();
                let mut out = String::new();
                for (i, trick) in items(&game["play"]["tricks"]).enumerate() {
                    // The order played: the leader first (issue 44, item 15); a card not
                    // written, unknown (`-`) or to come (`+`) is no card played.
                    for (position, seat) in played_order(trick).into_iter().enumerate() {
                        let card = text(&trick[seat]);
                        if card.is_empty() || card == "-" || card == "+" {
                            continue;
                        }
                        out.push_str(&row(
                            self.csv.raw,
                            [
                                file.clone(),
                                number.clone(),
                                (i + 1).to_string(),
                                (position + 1).to_string(),
                                seat.to_owned(),
                                card,
                                text(&trick["leader"]),
                                text(&trick["winner"]),
                            ],
                        ));
                    }
                }
                out
            }
        })
    }
}

/// The rows of `--table results` for one game: one per row of its ScoreTable. `score_ns` is
/// North-South's points however the producer writes them (Score_NS, or Score_EW negated where
/// only East-West's is written, as Ruter does); a score that is no number (`A60`, `40%`, PBN 5.9's
/// artificial scores) is in `adjusted` instead, so that `score_ns` stays a column of numbers; so
/// is every other number column, its cells that are no number in `other`.
fn result_rows(csv: &Csv, game: &Value, file: &str, number: &str) -> String {
    let raw = csv.raw;
    let mut out = String::new();
    let Some(table) = items(&game["sections"]).find(|s| s["tag"] == "ScoreTable") else {
        return out;
    };
    let columns: Vec<String> = items(&table["columns"]).map(text).collect();
    let at = |name: &str| columns.iter().position(|c| c == name);
    for cells in items(&table["rows"]) {
        let cells: Vec<String> = items(cells).map(text).collect();
        if cells.len() != columns.len() {
            continue;
        }
        let cell = |name: &str| {
            at(name)
                .and_then(|i| cells.get(i))
                .filter(|v| !matches!(v.as_str(), "" | "-" | "?"))
                .cloned()
        };
        let integer = |v: &String| v.parse::<i64>().ok();
        let (score_ns, adjusted) = match (cell("Score_NS"), cell("Score_EW")) {
            (Some(ns), _) if integer(&ns).is_some() => (Some(ns), None),
            (None, Some(ew)) if integer(&ew).is_some() => {
                (integer(&ew).map(|ew| (-ew).to_string()), None)
            }
            (None, None) => (None, None),
            (ns, ew) => (None, ns.or(ew)),
        };
        let source = |name: &str| {
            RESULT_SOURCES
                .iter()
                .find(|(column, _)| *column == name)
                .map(|(_, source)| *source)
        };
        // The cells of number columns that are no number, as `MP_NS=40%`: kept, not typed.
        let other: Vec<String> = NUMBER_COLUMNS
            .iter()
            .filter_map(|&(name, fraction)| {
                let source = source(name)?;
                let value = cell(source)?;
                (!is_number(&value, fraction)).then(|| format!("{source}={value}"))
            })
            .collect();
        let values = RESULT_COLUMNS.iter().map(|&name| match name {
            "file" => file.to_owned(),
            "game" => number.to_owned(),
            "board" => text(&game["board"]),
            "vulnerable" => column(game, "vulnerable", csv.plain),
            "score_ns" => score_ns.clone().unwrap_or_default(),
            "adjusted" => adjusted.clone().unwrap_or_default(),
            "other" => other.join("; "),
            name => {
                let fraction = NUMBER_COLUMNS.iter().find(|(n, _)| *n == name).map(|c| c.1);
                source(name)
                    .and_then(cell)
                    .filter(|v| fraction.is_none_or(|f| is_number(v, f)))
                    .unwrap_or_default()
            }
        });
        out.push_str(&row(raw, values));
    }
    out
}

/// The seats of a trick in the order they played: from its leader (North when not known).
fn played_order(trick: &Value) -> [&'static str; 4] {
    let order = ["N", "E", "S", "W"];
    let leader = trick["leader"].as_str().unwrap_or("N");
    let start = order.iter().position(|s| *s == leader).unwrap_or(0);
    std::array::from_fn(|i| order[(start + i) % 4])
}

/// The items of a JSON array (none for anything else).
fn items(value: &Value) -> impl Iterator<Item = &Value> {
    value.as_array().into_iter().flatten()
}

/// A JSON scalar as CSV text: strings as they are, numbers written, null empty.
fn text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The value of one column of a game row; `plain`: as the JSON gives it ([`Csv::plain`]).
fn column(game: &Value, name: &str, plain: bool) -> String {
    let seat = |s: &str| text(&game["deal"][s]);
    match name {
        "north" => seat("N"),
        "east" => seat("E"),
        "south" => seat("S"),
        "west" => seat("W"),
        "contract" => match &game["contract"] {
            Value::Null => String::new(),
            c if c["passed_out"] == true => "Pass".to_owned(),
            c => format!(
                "{}{}{}",
                text(&c["level"]),
                text(&c["denomination"]),
                text(&c["risk"])
            ),
        },
        // The contract's parts, as the JSON's `contract` gives them: empty for a board passed
        // out or with no contract (`contract_risk` is empty for undoubled too).
        "contract_level" => text(&game["contract"]["level"]),
        "contract_strain" => text(&game["contract"]["denomination"]),
        "contract_risk" => text(&game["contract"]["risk"]),
        "auction" => items(&game["auction"]["calls"])
            .map(|c| text(&c["call"]))
            .collect::<Vec<_>>()
            .join(" "),
        "play" => {
            let mut cards = Vec::new();
            for trick in items(&game["play"]["tricks"]) {
                for seat in played_order(trick) {
                    let card = &trick[seat];
                    if !card.is_null() {
                        cards.push(text(card));
                    }
                }
            }
            cards.join(" ")
        }
        // No vulnerability as PBN's `Love` (PBN 3.4.10): pandas reads a cell `None` as missing
        // with its defaults (issue 44, item 15).
        "vulnerable" => match &game["vulnerable"] {
            Value::String(v) if v == "None" && !plain => "Love".to_owned(),
            v => text(v),
        },
        // The hash after an `h`: sixteen hex digits can all be decimal digits (or read as
        // `1e5…`), and pandas and DuckDB would type the column as numbers.
        "deal_hash" => match &game["deal_hash"] {
            Value::String(hash) if plain => hash.clone(),
            Value::String(hash) => format!("h{hash}"),
            _ => String::new(),
        },
        "score_ns" => text(&game["score"]["ns"]),
        "score_ew" => text(&game["score"]["ew"]),
        "duplicate_score_ns" => text(&game["duplicate_score"]["ns"]),
        "par_ns" => text(&game["par"]["ns"]),
        // `NS 5C=; NS 5D=`, as a ParContract value: empty where the board has no table.
        "par_contracts" => match &game["par"]["contracts"] {
            Value::Array(contracts) if contracts.is_empty() => "Pass".to_owned(),
            Value::Array(contracts) => {
                let texts: Vec<String> = contracts.iter().map(text).collect();
                texts.join("; ")
            }
            _ => String::new(),
        },
        other => {
            if let Some(tag_name) = other.strip_prefix("tag:") {
                return tag(game, tag_name);
            }
            if let Some((seat, strain)) = dd_column(other) {
                return text(&game["double_dummy"][seat.as_str()][strain.as_str()]);
            }
            if let Some((what, seat)) = other.split_once('_')
                && matches!(what, "hcp" | "shape")
            {
                let hand = &game["hands"][seat.to_uppercase().as_str()];
                return match what {
                    "hcp" => text(&hand["hcp"]),
                    _ => items(&hand["shape"])
                        .map(text)
                        .collect::<Vec<_>>()
                        .join("-"),
                };
            }
            text(&game[other])
        }
    }
}

/// A tag's value after inheritance, or empty.
fn tag(game: &Value, name: &str) -> String {
    items(&game["tags"])
        .find(|t| t["name"] == name)
        .map_or(String::new(), |t| text(&t["value"]))
}

/// The words `pandas.read_csv` takes for a missing value by default (pandas 2 and 3), but the
/// empty cell, which is missing here too.
const PANDAS_MISSING: &[&str] = &[
    "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN", "<NA>",
    "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
];

/// A cell a spreadsheet would take for a formula (Excel, LibreOffice and Sheets read one that
/// starts with `=`, `+`, `-` or `@`, and some a TAB or CR first) gets a `'` in front, as OWASP
/// advises for CSV injection: a player's name or an Event from an untrusted archive must not
/// become a live formula. A plain number (`-620`, a negative score) stays a number. A cell that
/// pandas would read as missing ([`PANDAS_MISSING`]) gets the same `'`.
pub fn neutralised(field: &str) -> std::borrow::Cow<'_, str> {
    // A cell pandas reads as missing with its defaults (`read_csv`'s `na_values`): a player
    // named `NA` is a name (issue 44, item 15).
    if PANDAS_MISSING.contains(&field) {
        return std::borrow::Cow::Owned(format!("'{field}"));
    }
    let formula = field.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let number = field.parse::<f64>().is_ok()
        && field
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
    if formula && !number {
        std::borrow::Cow::Owned(format!("'{field}"))
    } else {
        std::borrow::Cow::Borrowed(field)
    }
}

/// One CSV row (RFC 4180): fields separated by commas, quoted when they hold a comma, a quote or
/// a line end (quotes doubled), CRLF after; each field [`neutralised`] unless `raw`.
fn row(raw: bool, fields: impl IntoIterator<Item = String>) -> String {
    let mut out = String::new();
    for (i, field) in fields.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let field = match raw {
            true => field,
            false => match neutralised(&field) {
                std::borrow::Cow::Owned(safe) => safe,
                std::borrow::Cow::Borrowed(_) => field,
            },
        };
        if field.contains([',', '"', '\r', '\n']) {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&field);
        }
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_as_rfc_4180_says() {
        assert_eq!(
            row(
                false,
                [
                    "a".into(),
                    "b,c".into(),
                    "say \"hi\"".into(),
                    "two\nlines".into(),
                    "".into()
                ],
            ),
            "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n"
        );
    }

    /// A number column of the results table holds numbers as every reader types them; the rest
    /// of what a traveller writes there (`40%`, `1e3`, `52,5`, `inf`) is in `other`.
    #[test]
    fn a_number_is_what_every_reader_takes_for_one() {
        for (cell, fraction) in [("12", false), ("-3", false), ("+1", false), ("52.5", true)] {
            assert!(is_number(cell, fraction), "{cell}");
        }
        for (cell, fraction) in [
            ("52.5", false),
            ("40%", true),
            ("1e3", true),
            ("52,5", true),
            ("inf", true),
            (".5", true),
            ("5.", true),
            ("-", true),
            ("", false),
            ("1 2", false),
        ] {
            assert!(!is_number(cell, fraction), "{cell}");
        }
    }

    /// OWASP's CSV injection: a cell that would be a formula gets a `'`; numbers stay numbers;
    /// `--raw-cells` writes the bytes.
    #[test]
    fn a_cell_that_would_be_a_formula_is_neutralised() {
        for (cell, written) in [
            (
                "=HYPERLINK(\"http://x\")",
                "\"'=HYPERLINK(\"\"http://x\"\")\"",
            ),
            ("+SUM(A1)", "'+SUM(A1)"),
            ("-2+3", "'-2+3"),
            ("@cmd", "'@cmd"),
            ("\tx", "'\tx"),
            ("-620", "-620"),
            ("+3.5", "+3.5"),
            ("Smith", "Smith"),
        ] {
            assert_eq!(
                row(false, [cell.to_owned()]),
                format!("{written}\r\n"),
                "{cell}"
            );
        }
        assert_eq!(row(true, ["=1+1".to_owned()]), "=1+1\r\n");
    }

    #[test]
    fn an_unknown_column_is_a_usage_error() {
        assert!(Csv::new(Some(vec!["board".into(), "tag:Score".into()]), Table::Games).is_ok());
        let error = Csv::new(Some(vec!["bored".into()]), Table::Games).unwrap_err();
        assert!(error.contains("`bored` is not a column"), "{error}");
    }
}
