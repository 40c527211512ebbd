//! The bytes a rewrite makes, held in memory while they are small and in an anonymous temporary
//! file beyond [`SPILL`], so that a rewrite whose output is many times its input (a `##` value
//! inherited by thousands of games, written out by `resolve`) costs disk, not memory. It is read
//! back as a stream: to standard output, into the file written, or compared with the input.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;

/// Bytes kept in memory before the rest goes to a temporary file.
pub const SPILL: usize = 8 << 20;

/// Once spooled, bytes gathered before they are written to the file.
const PENDING: usize = 1 << 20;

/// A rewrite's output: in memory, or past [`SPILL`] bytes in an unnamed temporary file (removed
/// by the system when it is closed, whatever ends the run). Where no temporary file can be made,
/// it stays in memory.
#[derive(Debug, Default)]
pub struct Output {
    memory: Vec<u8>,
    /// Written unbuffered (pieces are large), so that it can be read without a flush.
    file: Option<File>,
    len: u64,
    /// Bytes kept in memory before the rest goes to the file: [`SPILL`] unless set lower
    /// ([`Output::spilling_at`]); 0 read as [`SPILL`].
    spill: usize,
}

impl Output {
    pub fn new() -> Output {
        Output::default()
    }

    /// An output that goes to its temporary file past `limit` bytes (one of several a command
    /// holds at once: `merge`, `split`).
    pub fn spilling_at(limit: usize) -> Output {
        Output {
            spill: limit.clamp(1, SPILL),
            ..Output::default()
        }
    }

    /// Bytes already in memory, kept there.
    pub fn from_bytes(bytes: Vec<u8>) -> Output {
        Output {
            len: bytes.len() as u64,
            memory: bytes,
            file: None,
            spill: 0,
        }
    }

    /// Bytes already in memory, sent to a temporary file at once when there are more than
    /// [`SPILL`] of them (and no second copy is made on the way); kept in memory where no such
    /// file can be made or written.
    pub fn spilled(bytes: Vec<u8>) -> Output {
        let mut output = Output::from_bytes(bytes);
        output.spill_beyond(SPILL);
        output
    }

    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held in memory (all of them, until it is spooled).
    pub fn in_memory(&self) -> usize {
        self.memory.len()
    }

    /// True once the output went to a temporary file.
    pub fn is_spooled(&self) -> bool {
        self.file.is_some()
    }

    /// Appends `bytes`. Once spooled, small pieces (a JSON line) gather in memory up to
    /// [`PENDING`] and go to the file together: two system calls a piece cost more than the piece.
    pub fn push(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.len += bytes.len() as u64;
        if self.file.is_some() {
            self.memory.extend_from_slice(bytes);
            if self.memory.len() >= PENDING {
                self.flush_pending()?;
            }
            return Ok(());
        }
        self.memory.extend_from_slice(bytes);
        let spill = if self.spill == 0 { SPILL } else { self.spill };
        if self.memory.len() > spill
            && let Ok(file) = tempfile::tempfile()
        {
            let mut file = file;
            file.write_all(&self.memory)?;
            self.memory = Vec::new();
            self.file = Some(file);
        }
        Ok(())
    }

    /// Once spooled, writes the bytes gathered in memory to the end of the file.
    fn flush_pending(&mut self) -> io::Result<()> {
        let Some(file) = &mut self.file else {
            return Ok(());
        };
        if self.memory.is_empty() {
            return Ok(());
        }
        // After a read, the file's position is wherever the read stopped.
        file.seek(SeekFrom::End(0))?;
        file.write_all(&self.memory)?;
        self.memory.clear();
        Ok(())
    }

    /// Keeps the first `len` bytes (what was there before a piece that is given up).
    pub fn truncate(&mut self, len: u64) -> io::Result<()> {
        if len >= self.len {
            return Ok(());
        }
        self.flush_pending()?;
        match &mut self.file {
            Some(file) => file.set_len(len)?,
            None => self
                .memory
                .truncate(usize::try_from(len).unwrap_or(usize::MAX)),
        }
        self.len = len;
        Ok(())
    }

    /// The temporary file, flushed and at its start.
    fn rewound(&mut self) -> io::Result<Option<&mut File>> {
        self.flush_pending()?;
        match &mut self.file {
            None => Ok(None),
            Some(file) => {
                file.seek(SeekFrom::Start(0))?;
                Ok(Some(file))
            }
        }
    }

    /// The first `n` bytes (all of them when there are fewer).
    pub fn head(&mut self, n: usize) -> io::Result<Vec<u8>> {
        if self.file.is_none() {
            return Ok(self.memory[..n.min(self.memory.len())].to_vec());
        }
        let mut head = Vec::new();
        if let Some(file) = self.rewound()? {
            file.take(n as u64).read_to_end(&mut head)?;
        }
        Ok(head)
    }

    /// Appends the bytes of `other` from offset `from` on, a block at a time: a spooled output
    /// is never read into memory whole (`convert -o` gathering its files).
    pub fn append_from(&mut self, other: &mut Output, from: u64) -> io::Result<()> {
        if other.file.is_none() {
            let from = usize::try_from(from).unwrap_or(usize::MAX);
            return self.push(other.memory.get(from..).unwrap_or_default());
        }
        if let Some(file) = other.rewound()? {
            file.seek(SeekFrom::Start(from))?;
            let mut block = vec![0; 1 << 20];
            loop {
                let n = file.read(&mut block)?;
                if n == 0 {
                    break;
                }
                self.push(&block[..n])?;
            }
        }
        Ok(())
    }

    /// Sends the output to its temporary file now when it holds more than `limit` bytes in
    /// memory (a result that waits for others, issue 63 item 9); kept in memory where no such
    /// file can be made or written.
    pub fn spill_beyond(&mut self, limit: usize) {
        if self.file.is_some() || self.memory.len() <= limit {
            return;
        }
        let file = tempfile::tempfile().and_then(|mut file| {
            file.write_all(&self.memory)?;
            Ok(file)
        });
        if let Ok(file) = file {
            self.memory = Vec::new();
            self.file = Some(file);
        }
    }

    /// A reader of the bytes in `range` (past the end: to the end), from memory or from the
    /// temporary file, which is not read into memory.
    pub fn range_reader(&mut self, range: Range<u64>) -> io::Result<RangeReader<'_>> {
        let end = range.end.min(self.len);
        let start = range.start.min(end);
        if self.file.is_none() {
            return Ok(RangeReader::Memory(
                &self.memory[usize::try_from(start).unwrap_or(usize::MAX)
                    ..usize::try_from(end).unwrap_or(usize::MAX)],
            ));
        }
        self.flush_pending()?;
        let Some(file) = &mut self.file else {
            return Ok(RangeReader::Memory(&[]));
        };
        file.seek(SeekFrom::Start(start))?;
        Ok(RangeReader::File(file.take(end - start)))
    }

    /// Writes the bytes in `range` to `out`, a block at a time.
    pub fn copy_range(&mut self, range: Range<u64>, out: &mut dyn Write) -> io::Result<()> {
        let mut reader = self.range_reader(range)?;
        io::copy(&mut reader, out).map(drop)
    }

    /// The bytes in `range`, in memory (one game of a shuffle).
    pub fn read_range(&mut self, range: Range<u64>) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.range_reader(range)?.read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// Writes every byte to `out`.
    pub fn copy_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        match self.rewound()? {
            Some(file) => io::copy(file, out).map(drop),
            None => out.write_all(&self.memory),
        }
    }

    /// True when the output is exactly `bytes`.
    pub fn equals(&mut self, bytes: &[u8]) -> io::Result<bool> {
        if self.len != bytes.len() as u64 {
            return Ok(false);
        }
        let Some(file) = self.rewound()? else {
            return Ok(self.memory == bytes);
        };
        let mut block = vec![0; 1 << 16];
        let mut rest = bytes;
        while !rest.is_empty() {
            let n = file.read(&mut block[..rest.len().min(1 << 16)])?;
            if n == 0 || block[..n] != rest[..n] {
                return Ok(false);
            }
            rest = &rest[n..];
        }
        Ok(true)
    }

    /// The bytes, in memory (a diff, or a step that needs the whole text).
    pub fn into_bytes(self) -> io::Result<Vec<u8>> {
        match self.file {
            None => Ok(self.memory),
            Some(_) => self.to_vec(),
        }
    }

    /// The bytes, copied into memory, without moving the output.
    pub fn to_vec(&self) -> io::Result<Vec<u8>> {
        match &self.file {
            None => Ok(self.memory.clone()),
            Some(file) => {
                let mut bytes = Vec::with_capacity(usize::try_from(self.len).unwrap_or(0));
                let mut reader = file.try_clone()?;
                reader.seek(SeekFrom::Start(0))?;
                reader.read_to_end(&mut bytes)?;
                // The bytes not yet written to the file.
                bytes.extend_from_slice(&self.memory);
                Ok(bytes)
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.push(bytes)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The bytes of a range of an [`Output`] ([`Output::range_reader`]).
pub enum RangeReader<'a> {
    Memory(&'a [u8]),
    File(io::Take<&'a mut File>),
}

impl Read for RangeReader<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self {
            RangeReader::Memory(bytes) => bytes.read(buffer),
            RangeReader::File(file) => file.read(buffer),
        }
    }
}

/// What a write takes: bytes in memory, or an [`Output`] read as a stream.
pub trait Content {
    fn write_to(&mut self, out: &mut dyn Write) -> io::Result<()>;
}

impl Content for &[u8] {
    fn write_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self)
    }
}

impl<const N: usize> Content for &[u8; N] {
    fn write_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(&self[..])
    }
}

impl Content for &mut Output {
    fn write_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.copy_to(out)
    }
}

/// Content made as it is written, by the function held (a part of `split`, gathered from the
/// pieces of a spooled output).
pub struct Writing<F>(pub F);

impl<F: FnMut(&mut dyn Write) -> io::Result<()>> Content for Writing<F> {
    fn write_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        (self.0)(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_output_goes_to_a_file_and_reads_back_whole() {
        let mut output = Output::new();
        let block: Vec<u8> = (0..=255u8).cycle().take(1 << 20).collect();
        for _ in 0..12 {
            output.push(&block).unwrap();
        }
        assert!(output.is_spooled(), "12 MiB is past the spill point");
        assert_eq!(output.len(), 12 << 20);
        let whole: Vec<u8> = block.repeat(12);
        assert!(output.equals(&whole).unwrap());
        let mut changed = whole.clone();
        changed[9 << 20] ^= 1;
        assert!(!output.equals(&changed).unwrap());
        assert!(!output.equals(&whole[1..]).unwrap());
        let mut copied = Vec::new();
        output.copy_to(&mut copied).unwrap();
        assert_eq!(copied, whole);
        // Reading does not move where the next bytes go.
        output.push(b"end").unwrap();
        let mut whole = whole;
        whole.extend_from_slice(b"end");
        assert_eq!(output.to_vec().unwrap(), whole);
        // A piece given up is gone, in the file as in memory, and what follows comes after.
        output.truncate(5 << 20).unwrap();
        output.push(b"more").unwrap();
        let mut kept = whole[..5 << 20].to_vec();
        kept.extend_from_slice(b"more");
        assert!(output.equals(&kept).unwrap());
        // Small pieces after the spill gather in memory and read back with the rest.
        for _ in 0..1000 {
            output.push(b"line\n").unwrap();
            kept.extend_from_slice(b"line\n");
        }
        assert!(output.equals(&kept).unwrap());
        output.push(b"tail").unwrap();
        kept.extend_from_slice(b"tail");
        assert_eq!(output.to_vec().unwrap(), kept);
        let mut copied = Vec::new();
        output.copy_to(&mut copied).unwrap();
        assert_eq!(copied, kept);
        let mut small = Output::from_bytes(b"kept, given up".to_vec());
        small.truncate(5).unwrap();
        assert_eq!(small.to_vec().unwrap(), b"kept,");
        assert_eq!(output.into_bytes().unwrap(), kept);
    }

    /// A rendering given whole (`check`'s findings of a file) goes to the file at once when
    /// large, and reads back the same; a small one stays.
    #[test]
    fn bytes_given_whole_spill_at_once() {
        let whole: Vec<u8> = (0..=255u8).cycle().take(SPILL + 1).collect();
        let mut output = Output::spilled(whole.clone());
        assert!(output.is_spooled());
        assert_eq!(output.in_memory(), 0, "no copy kept in memory");
        assert_eq!(output.len(), whole.len() as u64);
        let mut copied = Vec::new();
        output.copy_to(&mut copied).unwrap();
        assert_eq!(copied, whole);
        let small = Output::spilled(b"x".to_vec());
        assert!(!small.is_spooled());
        assert_eq!(small.in_memory(), 1);
    }

    /// One output appended to another from an offset, a block at a time, spooled or not.
    #[test]
    fn an_output_is_appended_from_where_it_waits() {
        let whole: Vec<u8> = (0..=255u8).cycle().take(SPILL + 3 * (1 << 20)).collect();
        for from in [0, 5, SPILL as u64 + 7] {
            let mut spooled = Output::spilled(whole.clone());
            let mut small = Output::from_bytes(b"abcdef".to_vec());
            let mut joined = Output::from_bytes(b">".to_vec());
            joined.append_from(&mut spooled, from).unwrap();
            joined.append_from(&mut small, 4).unwrap();
            let mut expected = b">".to_vec();
            expected.extend_from_slice(&whole[from as usize..]);
            expected.extend_from_slice(b"ef");
            assert!(joined.equals(&expected).unwrap(), "from {from}");
            assert_eq!(spooled.head(3).unwrap(), &whole[..3]);
            assert_eq!(small.head(100).unwrap(), b"abcdef");
        }
    }

    #[test]
    fn a_small_output_stays_in_memory() {
        let mut output = Output::new();
        output.push(b"[Event \"x\"]\n").unwrap();
        assert!(!output.is_spooled());
        assert!(output.equals(b"[Event \"x\"]\n").unwrap());
        assert_eq!(output.into_bytes().unwrap(), b"[Event \"x\"]\n");
    }
}
