//! Issue 49, item 9: the release workflow (`.github/workflows/release.yml`) cannot run here; it
//! is checked against GitHub's workflow schema (check-jsonschema's vendored copy, from PyPI by
//! `.ci/requirements.txt`), and what it builds is what Cargo.toml defines.

use std::path::Path;

use crate::common;

#[test]
fn the_release_workflow_is_a_valid_github_workflow() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workflow = root.join(".github/workflows/release.yml");
    let text = std::fs::read_to_string(&workflow).unwrap();
    // It builds the `dist` profile, which Cargo.toml must define, for the four platforms.
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(text.contains("--profile dist") && manifest.contains("[profile.dist]"));
    for target in [
        "x86_64-unknown-linux-musl",
        "aarch64-apple-darwin",
        "x86_64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(text.contains(target), "{target}");
    }
    // The Python package (issue 64, item 10): a wheel for each platform a data analyst runs,
    // built by maturin with the same profile, the sdist, and PyPI, which the pre-commit mirror's
    // pin installs from.
    for platform in [
        "manylinux-x86_64",
        "manylinux-aarch64",
        "musllinux-x86_64",
        "macos-arm64",
        "macos-x86_64",
        "windows-x86_64",
    ] {
        assert!(
            text.contains(&format!("platform: {platform}")),
            "{platform}"
        );
    }
    assert!(text.contains("PyO3/maturin-action") && text.contains("--locked --profile dist"));
    assert!(text.contains("command: sdist") && text.contains("pypa/gh-action-pypi-publish"));
    let python = std::fs::read_to_string(root.join("python/Cargo.toml")).unwrap();
    assert!(python.contains("abi3-py39"), "one wheel a platform");
    let output = std::process::Command::new(common::python())
        .args([
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
        ])
        .arg(&workflow)
        .output();
    let output = match output {
        Ok(output) if !String::from_utf8_lossy(&output.stderr).contains("No module named") => {
            output
        }
        _ => {
            common::cannot_run("check-jsonschema is not installed: the release workflow");
            return;
        }
    };
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
