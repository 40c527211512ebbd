//! Tests of the module above.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

fn scored(value: &str, declarer: Option<Seat>) -> String {
    let mut out = String::new();
    score(&mut out, Some(value), declarer);
    out
}

/// PBN 4.2.1's forms of Score, as points for each side.
#[test]
fn scores_are_points_for_each_side() {
    assert_eq!(scored("NS 420", None), r#"{"ns":420,"ew":-420}"#);
    assert_eq!(scored("EW -50", None), r#"{"ns":50,"ew":-50}"#);
    assert_eq!(scored("NS +550", None), r#"{"ns":550,"ew":-550}"#);
    assert_eq!(scored("NS 100 EW -100", None), r#"{"ns":100,"ew":-100}"#);
    assert_eq!(scored("620", Some(Seat::East)), r#"{"ns":-620,"ew":620}"#);
    assert_eq!(scored("620", None), "null");
    assert_eq!(scored("lots", None), "null");
}

/// Strings are escaped as RFC 8259 says, and nothing else is touched.
#[test]
fn strings_are_escaped() {
    let mut out = String::new();
    push_str(&mut out, "a \"b\" \\ c\nd\u{1}é");
    assert_eq!(out, "\"a \\\"b\\\" \\\\ c\\nd\\u0001é\"");
}
