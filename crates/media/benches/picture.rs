//! Processing a 12-megapixel phone photo (4,000 × 3,000 JPEG, turned sideways by its EXIF) into
//! the sizes phones and projectors show, beside decoding it alone in the same run: the time of
//! each (the median of RUNS) and the peak memory of each (the process's peak resident set, reset
//! before each through /proc/self/clear_refs).
//!
//!   cargo bench -p quizroom-media --bench picture

use std::io::Cursor;
use std::time::{Duration, Instant};

use image::codecs::jpeg::JpegEncoder;
use image::{ImageEncoder, ImageFormat, ImageReader, RgbImage};
use quizroom_media::{Kind, Limits, process};

const RUNS: usize = 7;

/// A photo-like 4,000 × 3,000 picture (gradients and grain, so the JPEG is of a phone's size).
fn photo() -> Vec<u8> {
    let (width, height) = (4000, 3000);
    let mut seed = 0x9E37_79B9_u32;
    let image = RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let grain = (seed % 24) as u8;
        image::Rgb([(x * 200 / width) as u8 + grain, (y * 200 / height) as u8 + grain, ((x + y) % 256) as u8 / 2 + grain])
    });
    let mut bytes = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut bytes, 90);
    // Orientation 6: shown rotated a quarter turn clockwise.
    encoder.set_exif_metadata(b"II\x2a\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0\0\0\0\0".to_vec()).unwrap();
    encoder.write_image(image.as_raw(), width, height, image::ExtendedColorType::Rgb8).unwrap();
    bytes
}

/// The peak resident memory since the last reset, in MB.
fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()).unwrap_or(0.0);
    kb / 1024.0
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn measure(name: &str, mut run: impl FnMut()) -> (Duration, f64) {
    reset_peak();
    let before = peak_mb();
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .collect();
    times.sort();
    let (median, peak) = (times[RUNS / 2], peak_mb());
    println!(
        "| {name} | {:.0} ms | {:.0} ms | {:.0} MB (from {:.0} MB) |",
        median.as_secs_f64() * 1000.0,
        times[RUNS - 1].as_secs_f64() * 1000.0,
        peak,
        before
    );
    (median, peak)
}

fn main() {
    let bytes = photo();
    println!("A 4,000 × 3,000 JPEG of {:.1} MB; {RUNS} runs each\n", bytes.len() as f64 / 1e6);
    println!("| | median | slowest | peak resident memory |");
    println!("|---|---:|---:|---:|");
    let (decode, decode_peak) = measure("decoding alone", || {
        let image = ImageReader::with_format(Cursor::new(&bytes), ImageFormat::Jpeg).decode().unwrap();
        assert_eq!(image.width(), 4000);
    });
    let (whole, whole_peak) = measure("process(): decode, upright, two sizes, re-encode", || {
        let picture = process(&bytes, Kind::Jpeg, &Limits::default()).unwrap();
        assert_eq!((picture.width, picture.height), (3000, 4000));
    });
    println!("\nprocess / decoding alone: time **{:.1}×**, peak memory **{:.1}×**", whole.as_secs_f64() / decode.as_secs_f64(), whole_peak / decode_peak);
}
