//! The pass/fail pairs of this family's rules, and its tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::export::{ExportOptions, export_bytes};
    use crate::rules::pairs::Pair;
    let game = |board: u32| {
        format!(
            "[Event \"A\"]\n[Site \"B\"]\n[Date \"2026.11.24\"]\n[Board \"{board}\"]\n\
             [West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
             [Scoring \"IMP\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n\
             [Auction \"N\"]\n1S Pass 4S AP\n"
        )
    };
    let input = format!("{}\n{}", game(1), game(2));
    let exported = export_bytes(input.as_bytes(), &ExportOptions::default());
    let good = String::from_utf8(exported.output_bytes().unwrap_or_default()).unwrap_or_default();
    let changed =
        |rule, from: &str, to: &str| Pair::owned(rule, good.replacen(from, to, 1), good.clone());
    vec![
        changed(Rule::MissingMandatoryTag, "[Site \"B\"]\r\n", ""),
        changed(
            Rule::TagOutOfOrder,
            "[Event \"A\"]\r\n[Site \"B\"]",
            "[Site \"B\"]\r\n[Event \"A\"]",
        ),
        changed(Rule::NonCrlfLineEnd, "[Site \"B\"]\r\n", "[Site \"B\"]\n"),
        changed(Rule::TabInExport, "1S Pass", "1S\tPass"),
        changed(
            Rule::SeveralTagsOnOneLine,
            "[Event \"A\"]\r\n",
            "[Event \"A\"] ",
        ),
        changed(
            Rule::IrregularSectionLine,
            "1S Pass 4S AP",
            "1S Pass\r\n4S AP",
        ),
        changed(Rule::LowercaseInExport, "[Dealer \"N\"]", "[Dealer \"n\"]"),
        changed(
            Rule::NonCanonicalValue,
            "[Vulnerable \"None\"]",
            "[Vulnerable \"Love\"]",
        ),
        changed(Rule::NonCanonicalAnnotation, "4S AP", "4S ! AP"),
        changed(Rule::NonEmptyGameSeparator, "AP\r\n\r\n", "AP\r\n  \r\n"),
        changed(Rule::CommentSpacing, "4S AP", "4S  {in tempo} AP"),
        Pair::owned(
            Rule::IndentedComment,
            good.replacen(
                "[Site \"B\"]\r\n",
                "[Site \"B\"]\r\n  {second session}\r\n",
                1,
            ),
            good.replacen(
                "[Site \"B\"]\r\n",
                "[Site \"B\"]\r\n{second session}\r\n",
                1,
            ),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use crate::check::{CheckOptions, check_bytes};

    /// Regression: counting lines from the start of the file for every tab was quadratic; a file
    /// of 200,000 tabs took minutes. One finding a line, in linear time.
    #[test]
    fn many_tabs_in_an_export_file_are_one_finding_per_line() {
        let text = format!("% EXPORT\r\n[Event \"x\"]\r\n{}\r\n", "\t".repeat(200_000));
        let report = check_bytes(text.as_bytes(), &CheckOptions::default());
        let tabs = report
            .diagnostics
            .iter()
            .filter(|d| d.rule.code() == "E004")
            .count();
        assert_eq!(tabs, 1);
    }

    /// E005 (PBN 3.3): a tag pair stands alone on its line, left justified. Spaces before or after
    /// it are gaps between tokens, not tokens, and still break the rule; the first line of the
    /// text and a line after a blank one are line starts. The same at every chunk size.
    #[test]
    fn a_tag_pair_stands_alone_at_the_start_of_its_line() {
        let game = |first: &str| {
            format!("{first}\r\n[Site \"B\"]\r\n\r\n[Event \"C\"]\r\n[Site \"D\"]\r\n")
        };
        let e005 = |text: &str, chunk: usize| {
            let options = CheckOptions {
                chunk_bytes: Some(chunk),
                ..CheckOptions::default()
            };
            let report = check_bytes(text.as_bytes(), &options);
            report
                .diagnostics
                .iter()
                .filter(|d| d.rule.code() == "E005")
                .map(|d| d.span.start)
                .collect::<Vec<_>>()
        };
        for chunk in [1, 1 << 20] {
            assert_eq!(
                e005(&game("% EXPORT\r\n[Event \"A\"]"), chunk),
                Vec::<usize>::new()
            );
            // Indented by a space, by a tab, or after a comment on its line.
            assert_eq!(e005(&game("% EXPORT\r\n [Event \"A\"]"), chunk), vec![11]);
            assert_eq!(e005(&game("% EXPORT\r\n\t[Event \"A\"]"), chunk), vec![11]);
            assert_eq!(
                e005(&game("% EXPORT\r\n{c} [Event \"A\"]"), chunk),
                vec![14]
            );
            // A space after it, at the end of the text too.
            assert_eq!(e005(&game("% EXPORT\r\n[Event \"A\"] "), chunk), vec![10]);
            let text = "% EXPORT\r\n[Event \"A\"]\r\n[Site \"B\"] ";
            assert_eq!(e005(text, chunk), vec![23]);
        }
    }
}
