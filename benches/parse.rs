//! Throughput of each stage on a fixed generated file (8 MiB of full games: auction, play, notes,
//! comments, CRLF): decode, lex, lex+parse, model+rules (the semantic pass over a parse made
//! beforehand), a full `check` (chunked, as the command runs it), `export` (write, read back,
//! compare, export again), and the edit rewrites `nag`, `resolve --compress` and `resolve` (each
//! with its read-back).
//!
//! `cargo bench --bench parse`; criterion reports MB/s. Whole-process figures beside other tools
//! come from `bench/compare.sh`. Nothing in `cargo test` depends on timing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::export::{ExportOptions, export_bytes};
use pbnfmt::generate::{Options, text_of_size};
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::nag::nag_bytes;
use pbnfmt::rewrite::resolve::resolve_bytes;

fn bench(c: &mut Criterion) {
    let text = text_of_size(
        8 << 20,
        &Options {
            crlf: true,
            ..Options::default()
        },
    );
    let bytes = text.as_bytes();
    let mut group = c.benchmark_group("8MiB-generated");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.sample_size(20);
    group.bench_function("decode", |b| {
        b.iter(|| pbnfmt::source::decode(black_box(bytes), None))
    });
    group.bench_function("lex", |b| b.iter(|| pbnfmt::lexer::lex(black_box(&text))));
    group.bench_function("lex+parse", |b| {
        b.iter(|| pbnfmt::parser::parse(black_box(&text)))
    });
    let decoded = pbnfmt::source::decode(bytes, None);
    let parse = pbnfmt::parser::parse(&decoded.text);
    let rules = pbnfmt::rules::select::Selection::default().rules_for(false);
    group.bench_function("model+rules", |b| {
        b.iter(|| pbnfmt::rules::semantic::check(black_box(&parse), &decoded, rules))
    });
    group.bench_function("check", |b| {
        b.iter(|| check_bytes(black_box(bytes), &CheckOptions::default()))
    });
    group.bench_function("export", |b| {
        b.iter(|| export_bytes(black_box(bytes), &ExportOptions::default()))
    });
    let options = RewriteOptions::default();
    group.bench_function("nag", |b| b.iter(|| nag_bytes(black_box(bytes), options)));
    group.bench_function("compress", |b| {
        b.iter(|| resolve_bytes(black_box(bytes), options, true))
    });
    group.finish();

    // `resolve` on the compressed file: every game gets its `#` and `##` values back.
    let compressed = resolve_bytes(bytes, options, true)
        .output_bytes()
        .unwrap_or_default();
    let mut group = c.benchmark_group("compressed-generated");
    group.throughput(Throughput::Bytes(compressed.len() as u64));
    group.sample_size(20);
    group.bench_function("resolve", |b| {
        b.iter(|| resolve_bytes(black_box(&compressed), options, false))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
