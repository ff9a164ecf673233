//! An uploaded image made safe to show: decoded within size and memory limits (a tiny file that
//! claims 100,000 × 100,000 pixels is refused before any pixel is allocated), turned upright by
//! its EXIF orientation, and re-encoded from its pixels alone in the sizes phones and projectors
//! show. Nothing of the uploaded file but its pixels survives: not its EXIF (a phone photo's GPS
//! position), not its comments, not anything appended to it (a polyglot's second file).
//!
//! Opaque images are written as JPEG, images with transparency as PNG. An animated GIF keeps its
//! frames (at most [`Limits::max_frames`] and [`Limits::max_animation_pixels`]) at its own size,
//! at most the projector's.

use std::io::Cursor;

use image::codecs::gif::{GifDecoder, GifEncoder, Repeat};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPDecoder;
use image::metadata::Orientation;
use image::{AnimationDecoder, DynamicImage, Frame, ImageDecoder, ImageFormat, ImageReader};

use crate::sniff::Kind;

/// What an image may be. The defaults bound one decode to about 200 MB of pixels (8-bit RGBA),
/// and the decoder's allocations to 264 MB.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The file (10 MB).
    pub max_bytes: usize,
    /// Either side, in pixels (20,000).
    pub max_side: u32,
    /// Width × height (50 million: a 48-megapixel phone photo fits).
    pub max_pixels: u64,
    /// An animated GIF's frames (300).
    pub max_frames: usize,
    /// An animated GIF's pixels, all frames together (20 million: 300 frames of 256 × 256).
    pub max_animation_pixels: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_bytes: 10 * 1024 * 1024, max_side: 20_000, max_pixels: 50_000_000, max_frames: 300, max_animation_pixels: 20_000_000 }
    }
}

/// The sizes an image is kept in, smallest first: its longest side at most this many pixels (never
/// enlarged).
pub const SIZES: [(&str, u32); 2] = [("phone", 1024), ("projector", 1920)];

/// JPEG quality of the re-encoded photos.
const JPEG_QUALITY: u8 = 85;

/// One stored size of an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// `phone` or `projector` ([`SIZES`]).
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}

/// An image as it is kept: its size upright, and its variants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub animated: bool,
    pub variants: Vec<Variant>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PictureError {
    #[error("The image is larger than {} MB. Upload a smaller one.", .max_bytes / (1024 * 1024))]
    TooLarge { max_bytes: usize },
    #[error("The image is {width} × {height} pixels; at most {max_side} pixels a side and {} megapixels are accepted.", .max_pixels / 1_000_000)]
    TooManyPixels { width: u32, height: u32, max_side: u32, max_pixels: u64 },
    #[error("The animated image has more than {max_frames} frames.")]
    TooManyFrames { max_frames: usize },
    #[error("The animated image is {width} × {height} pixels; an animation may be at most {max_side} pixels a side.")]
    AnimationTooLarge { width: u32, height: u32, max_side: u32 },
    #[error("Animated WebP images are not accepted: upload the animation as a GIF.")]
    AnimatedWebp,
    #[error("AVIF images cannot be processed yet: upload a JPEG, PNG or WebP.")]
    Avif,
    #[error("This is not an image.")]
    NotAnImage,
    #[error("The image could not be read: it may be damaged or cut short ({0}).")]
    Unreadable(String),
}

fn unreadable(e: image::ImageError) -> PictureError {
    PictureError::Unreadable(e.to_string())
}

/// The width and height an image's header gives, without decoding it (a stored file, written
/// upright by [`process`]); `None` for what is not an image this module writes.
pub fn dimensions(bytes: &[u8], kind: Kind) -> Option<(u32, u32)> {
    let format = match kind {
        Kind::Jpeg => ImageFormat::Jpeg,
        Kind::Png => ImageFormat::Png,
        Kind::Gif => ImageFormat::Gif,
        _ => return None,
    };
    ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().ok()
}

/// Decodes `bytes` (an image of `kind`, told by [`crate::sniff`]) within `limits` and re-encodes
/// it in its [`SIZES`].
pub fn process(bytes: &[u8], kind: Kind, limits: &Limits) -> Result<Picture, PictureError> {
    if bytes.len() > limits.max_bytes {
        return Err(PictureError::TooLarge { max_bytes: limits.max_bytes });
    }
    let format = match kind {
        Kind::Jpeg => ImageFormat::Jpeg,
        Kind::Png => ImageFormat::Png,
        Kind::Gif => ImageFormat::Gif,
        Kind::Webp => ImageFormat::WebP,
        Kind::Avif => return Err(PictureError::Avif),
        _ => return Err(PictureError::NotAnImage),
    };
    if kind == Kind::Jpeg && !jpeg_ends(bytes) {
        // The JPEG decoder paints a cut-short file's missing rows grey rather than failing.
        return Err(PictureError::Unreadable("no end of image after its last scan".into()));
    }
    if kind == Kind::Webp && WebPDecoder::new(Cursor::new(bytes)).map_err(unreadable)?.has_animation() {
        return Err(PictureError::AnimatedWebp);
    }
    if kind == Kind::Gif
        && let Some(frames) = animation(bytes, limits)?
    {
        return animated(frames);
    }
    // The header alone first: a size out of bounds is refused by its numbers.
    check_size(ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().map_err(unreadable)?, limits)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(decoder_limits(limits));
    let mut decoder = reader.into_decoder().map_err(unreadable)?;
    let orientation = decoder.orientation().map_err(unreadable)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    // Upright: a quarter turn swaps the sides.
    let turned = matches!(orientation, Orientation::Rotate90 | Orientation::Rotate270 | Orientation::Rotate90FlipH | Orientation::Rotate270FlipH);
    let (width, height) = if turned { (image.height(), image.width()) } else { (image.width(), image.height()) };
    // Largest first, each size made from the one before (a projector's 2 megapixels, not the
    // photo's 12, for the phone's), turned upright once it is the projector's size, so the
    // photo's pixels are never copied whole.
    let mut variants = Vec::new();
    for (step, &(name, side)) in SIZES.iter().rev().enumerate() {
        if image.width().max(image.height()) > side {
            image = image.thumbnail(side, side);
        }
        if step == 0 {
            image.apply_orientation(orientation);
        }
        variants.push(still(&image, name)?);
    }
    variants.reverse();
    Ok(Picture { width, height, animated: false, variants })
}

/// Whether a JPEG's last scan is followed by its end-of-image marker (`FF D9`). In a scan's data
/// `FF` is always followed by `00` or a restart marker, so an `FF D9` after the last start of scan
/// (`FF DA`) is the image's end; one inside an EXIF thumbnail comes before it.
fn jpeg_ends(bytes: &[u8]) -> bool {
    let last_scan = bytes.windows(2).rposition(|w| w == [0xFF, 0xDA]);
    last_scan.is_some_and(|at| bytes[at..].windows(2).any(|w| w == [0xFF, 0xD9]))
}

fn decoder_limits(limits: &Limits) -> image::Limits {
    let mut l = image::Limits::default();
    l.max_image_width = Some(limits.max_side);
    l.max_image_height = Some(limits.max_side);
    // The pixels at 4 bytes each (8-bit RGBA; a 16-bit image is refused at half the pixels), and
    // a margin for the decoder's own buffers.
    l.max_alloc = Some(limits.max_pixels * 4 + 64 * 1024 * 1024);
    l
}

fn check_size((width, height): (u32, u32), limits: &Limits) -> Result<(), PictureError> {
    if width == 0 || height == 0 || width > limits.max_side || height > limits.max_side || u64::from(width) * u64::from(height) > limits.max_pixels {
        return Err(PictureError::TooManyPixels { width, height, max_side: limits.max_side, max_pixels: limits.max_pixels });
    }
    Ok(())
}

/// An image written as JPEG or (with transparency) PNG.
fn still(sized: &DynamicImage, name: &'static str) -> Result<Variant, PictureError> {
    let mut bytes = Vec::new();
    let mime = if sized.color().has_alpha() {
        sized.write_with_encoder(PngEncoder::new(&mut bytes)).map_err(unreadable)?;
        "image/png"
    } else {
        sized.to_rgb8().write_with_encoder(JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY)).map_err(unreadable)?;
        "image/jpeg"
    };
    Ok(Variant { name, width: sized.width(), height: sized.height(), mime, bytes })
}

/// A GIF's frames when it has more than one (`None` for a still GIF, read as any image), at most
/// `max_frames` and `max_animation_pixels` in all, at most the projector's size.
fn animation(bytes: &[u8], limits: &Limits) -> Result<Option<Vec<Frame>>, PictureError> {
    let mut decoder = GifDecoder::new(Cursor::new(bytes)).map_err(unreadable)?;
    let (width, height) = decoder.dimensions();
    check_size((width, height), limits)?;
    decoder.set_limits(decoder_limits(limits)).map_err(unreadable)?;
    // Every frame is a whole canvas of RGBA pixels: their sum is bounded.
    let budget = (limits.max_animation_pixels / (u64::from(width) * u64::from(height)).max(1)).max(1) as usize;
    let most = limits.max_frames.min(budget);
    let mut frames = Vec::new();
    for frame in decoder.into_frames() {
        frames.push(frame.map_err(unreadable)?);
        if frames.len() == 2 && width.max(height) > SIZES[1].1 {
            // A larger animation is refused rather than scaled frame by frame.
            return Err(PictureError::AnimationTooLarge { width, height, max_side: SIZES[1].1 });
        }
        if frames.len() > most {
            return Err(PictureError::TooManyFrames { max_frames: most });
        }
    }
    Ok((frames.len() > 1).then_some(frames))
}

/// An animated GIF written again from its frames, the same for every size.
fn animated(frames: Vec<Frame>) -> Result<Picture, PictureError> {
    let (width, height) = frames[0].buffer().dimensions();
    let mut bytes = Vec::new();
    {
        // Speed 10 of 30: NeuQuant's quantising at speed 1 costs seconds on a few large frames.
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, 10);
        encoder.set_repeat(Repeat::Infinite).map_err(unreadable)?;
        encoder.encode_frames(frames).map_err(unreadable)?;
    }
    let variants = SIZES.iter().map(|&(name, _)| Variant { name, width, height, mime: "image/gif", bytes: bytes.clone() }).collect();
    Ok(Picture { width, height, animated: true, variants })
}
