use pyo3::prelude::*;

/// A call as a native frozen class: the fields of pbnfmt's `Call` dataclass.
#[pyclass(frozen, eq, hash)]
#[derive(PartialEq, Hash)]
struct Call {
    #[pyo3(get)]
    seat: String,
    #[pyo3(get)]
    call: String,
    #[pyo3(get)]
    nags: Vec<u32>,
    #[pyo3(get)]
    note: Option<String>,
    #[pyo3(get)]
    insufficient: bool,
    #[pyo3(get)]
    after_end: bool,
}

/// `n` calls made in Rust and handed to Python as a list (what a native `games` would do for
/// each call of each auction, with no JSON between).
#[pyfunction]
fn calls(py: Python<'_>, n: usize) -> PyResult<Vec<Py<Call>>> {
    let seats = ["N", "E", "S", "W"];
    let words = ["1C", "Pass", "1NT", "X", "2H", "Pass"];
    (0..n)
        .map(|i| {
            Py::new(
                py,
                Call {
                    seat: seats[i % 4].to_owned(),
                    call: words[i % 6].to_owned(),
                    nags: Vec::new(),
                    note: None,
                    insufficient: false,
                    after_end: false,
                },
            )
        })
        .collect()
}

#[pymodule]
fn nativebench(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Call>()?;
    m.add_function(wrap_pyfunction!(calls, m)?)?;
    Ok(())
}
