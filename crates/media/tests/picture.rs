//! Images made in the tests, friendly and hostile, through `sniff` and `process`.

use std::io::Cursor;

use image::codecs::gif::GifEncoder;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::{Delay, DynamicImage, Frame, ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};
use quizroom_media::{Kind, Limits, PictureError, content_id, is_content_id, process, sniff};

/// A little-endian EXIF block: the orientation, and a GPS latitude reference the test looks for.
fn exif(orientation: u8) -> Vec<u8> {
    let mut exif = b"II\x2a\0\x08\0\0\0\x02\0".to_vec();
    // Orientation (0x0112), SHORT, 1 value.
    exif.extend_from_slice(&[0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0]);
    // ImageDescription (0x010E), ASCII, 8 bytes at offset 38.
    exif.extend_from_slice(&[0x0E, 0x01, 2, 0, 8, 0, 0, 0, 38, 0, 0, 0]);
    exif.extend_from_slice(&[0, 0, 0, 0]);
    exif.extend_from_slice(b"GPS-N51\0");
    exif
}

/// A photo `width` × `height` whose left half is red, right half blue.
fn photo(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, _| if x < width / 2 { Rgb([220, 20, 20]) } else { Rgb([20, 20, 220]) })
}

fn jpeg(image: &RgbImage, orientation: Option<u8>) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut bytes, 90);
    if let Some(o) = orientation {
        encoder.set_exif_metadata(exif(o)).unwrap();
    }
    encoder.write_image(image.as_raw(), image.width(), image.height(), image::ExtendedColorType::Rgb8).unwrap();
    bytes
}

fn png_rgba(image: &RgbaImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    PngEncoder::new(&mut bytes).write_image(image.as_raw(), image.width(), image.height(), image::ExtendedColorType::Rgba8).unwrap();
    bytes
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn decode(bytes: &[u8]) -> DynamicImage {
    image::load_from_memory(bytes).unwrap()
}

#[test]
fn a_phone_photo_turned_sideways_comes_out_upright_in_two_sizes_without_its_exif() {
    // Stored 1600 × 1200 with "rotate 90° clockwise to show": shown 1200 × 1600.
    let bytes = jpeg(&photo(1600, 1200), Some(6));
    assert!(contains(&bytes, b"GPS-N51"));
    assert_eq!(sniff(&bytes), Ok(Kind::Jpeg));
    let picture = process(&bytes, Kind::Jpeg, &Limits::default()).unwrap();
    assert_eq!((picture.width, picture.height, picture.animated), (1200, 1600, false));
    let sizes: Vec<(&str, u32, u32, &str)> = picture.variants.iter().map(|v| (v.name, v.width, v.height, v.mime)).collect();
    assert_eq!(sizes, [("phone", 768, 1024, "image/jpeg"), ("projector", 1200, 1600, "image/jpeg")]);
    for variant in &picture.variants {
        assert!(!contains(&variant.bytes, b"GPS-N51") && !contains(&variant.bytes, b"Exif\0"), "{} keeps EXIF", variant.name);
        // Upright: the photo's left half (red) is now its top half.
        let shown = decode(&variant.bytes).to_rgb8();
        let (top, bottom) = (shown.get_pixel(shown.width() / 2, 10), shown.get_pixel(shown.width() / 2, shown.height() - 10));
        assert!(top[0] > 150 && top[2] < 100, "top {top:?}");
        assert!(bottom[2] > 150 && bottom[0] < 100, "bottom {bottom:?}");
    }
}

#[test]
fn transparency_is_kept_as_png_and_a_small_image_is_never_enlarged() {
    let image = RgbaImage::from_fn(40, 30, |x, _| if x < 20 { Rgba([0, 0, 0, 0]) } else { Rgba([0, 200, 0, 255]) });
    let picture = process(&png_rgba(&image), Kind::Png, &Limits::default()).unwrap();
    for variant in &picture.variants {
        assert_eq!((variant.width, variant.height, variant.mime), (40, 30, "image/png"));
        assert_eq!(decode(&variant.bytes).to_rgba8().get_pixel(5, 5)[3], 0, "still transparent");
    }
}

/// A PNG's chunk with its CRC-32.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

#[test]
fn a_tiny_file_claiming_a_huge_canvas_is_refused_before_its_pixels_are_allocated() {
    for (width, height) in [(100_000u32, 100_000u32), (10_000, 10_000)] {
        let mut ihdr = width.to_be_bytes().to_vec();
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
        let mut bomb = b"\x89PNG\r\n\x1A\n".to_vec();
        bomb.extend(chunk(b"IHDR", &ihdr));
        bomb.extend(chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
        bomb.extend(chunk(b"IEND", &[]));
        assert!(bomb.len() < 100);
        let refused = process(&bomb, Kind::Png, &Limits::default()).unwrap_err();
        assert!(matches!(refused, PictureError::TooManyPixels { .. }), "{width}: {refused:?}");
        assert!(refused.to_string().starts_with(&format!("The image is {width} × {height} pixels")), "{refused}");
    }
}

#[test]
fn a_polyglot_loses_what_follows_its_image_and_a_truncated_file_is_refused() {
    let mut polyglot = png_rgba(&RgbaImage::from_pixel(8, 8, Rgba([9, 9, 9, 255])));
    polyglot.extend_from_slice(b"PK\x03\x04<script>alert('hidden')</script>");
    let picture = process(&polyglot, Kind::Png, &Limits::default()).unwrap();
    assert!(picture.variants.iter().all(|v| !contains(&v.bytes, b"<script>")));

    let whole = png_rgba(&RgbaImage::from_fn(64, 64, |x, y| Rgba([x as u8, y as u8, 7, 255])));
    assert!(matches!(process(&whole[..whole.len() / 2], Kind::Png, &Limits::default()), Err(PictureError::Unreadable(_))));
    // A JPEG cut short (its decoder alone would paint the missing rows grey), with and without
    // an EXIF block in front; anything after its end is no matter.
    for orientation in [None, Some(6)] {
        let whole = jpeg(&photo(64, 64), orientation);
        assert!(process(&whole, Kind::Jpeg, &Limits::default()).is_ok());
        assert!(matches!(process(&whole[..whole.len() * 2 / 3], Kind::Jpeg, &Limits::default()), Err(PictureError::Unreadable(_))));
        let mut appended = whole.clone();
        appended.extend_from_slice(b"<html>after the end</html>");
        assert!(process(&appended, Kind::Jpeg, &Limits::default()).is_ok());
    }
}

#[test]
fn an_animated_gif_keeps_its_frames_within_a_bound() {
    let sized_gif = |frames: usize, width: u32, height: u32| {
        let mut bytes = Vec::new();
        let colours = [Rgba([255, 0, 0, 255]), Rgba([0, 255, 0, 255]), Rgba([0, 0, 255, 255])];
        GifEncoder::new(&mut bytes)
            .encode_frames(
                (0..frames).map(|i| Frame::from_parts(RgbaImage::from_pixel(width, height, colours[i % 3]), 0, 0, Delay::from_numer_denom_ms(100, 1))),
            )
            .unwrap();
        bytes
    };
    let gif = |frames: usize| sized_gif(frames, 4, 4);
    let picture = process(&gif(3), Kind::Gif, &Limits::default()).unwrap();
    assert_eq!((picture.animated, picture.variants[0].mime, picture.width), (true, "image/gif", 4));
    let frames = image::codecs::gif::GifDecoder::new(Cursor::new(&picture.variants[0].bytes)).unwrap();
    assert_eq!(image::AnimationDecoder::into_frames(frames).count(), 3);

    let limits = Limits { max_frames: 50, ..Limits::default() };
    assert_eq!(process(&gif(51), Kind::Gif, &limits), Err(PictureError::TooManyFrames { max_frames: 50 }));
    // One frame: a still image, of any size a still image may have.
    assert!(!process(&gif(1), Kind::Gif, &Limits::default()).unwrap().animated);
    let wide = process(&sized_gif(1, 2500, 8), Kind::Gif, &Limits::default()).unwrap();
    assert_eq!((wide.animated, wide.variants[1].width), (false, 1920));
    // An animation larger than a projector, or of more pixels in all than allowed.
    assert!(matches!(process(&sized_gif(2, 2500, 8), Kind::Gif, &Limits::default()), Err(PictureError::AnimationTooLarge { width: 2500, .. })));
    let limits = Limits { max_animation_pixels: 100, ..Limits::default() };
    assert_eq!(process(&gif(7), Kind::Gif, &limits), Err(PictureError::TooManyFrames { max_frames: 6 }));
}

#[test]
fn an_oversize_file_and_what_is_not_an_image_are_refused_with_their_reason() {
    let bytes = jpeg(&photo(64, 64), None);
    let limits = Limits { max_bytes: 100, ..Limits::default() };
    assert_eq!(process(&bytes, Kind::Jpeg, &limits), Err(PictureError::TooLarge { max_bytes: 100 }));
    assert_eq!(PictureError::TooLarge { max_bytes: 10 * 1024 * 1024 }.to_string(), "The image is larger than 10 MB. Upload a smaller one.");
    assert_eq!(process(&bytes, Kind::Mp3, &Limits::default()), Err(PictureError::NotAnImage));
    // Bytes of one kind read as another are unreadable: the caller passes the kind `sniff` told.
    assert!(matches!(process(&bytes, Kind::Png, &Limits::default()), Err(PictureError::Unreadable(_))));
}

#[test]
fn a_stored_file_is_named_by_the_sha_256_of_its_bytes() {
    let id = content_id(b"abc");
    assert_eq!(id, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assert!(is_content_id(&id));
    for bad in ["", "../etc/passwd", &id.to_uppercase(), &id[..63]] {
        assert!(!is_content_id(bad), "{bad}");
    }
}
