//! A hotspot question's regions (issue 30): circles, rectangles and polygons on the question's
//! picture, in units of the picture (x from 0 at its left edge to 1 at its right, y from 0 at its
//! top to 1 at its bottom), so any size shows and judges alike. A circle's radius is in units of
//! the picture's width; the definition keeps the picture's height per width (`aspect`, set by the
//! server from the picture), so a circle stays round on a picture that is not square.

use serde::{Deserialize, Serialize};

use super::check::{DefinitionError, refuse, texts};

/// Regions of a hotspot: at least and at most.
pub const HOTSPOT_REGIONS: (usize, usize) = (2, 10);
/// Corners of a polygon: at least and at most.
pub const POLYGON_POINTS: (usize, usize) = (3, 50);

/// One named region; a point inside a `right` one is right.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Region {
    /// What a keyboard or screen-reader player chooses it by ("Paris", "the left ventricle").
    pub name: String,
    pub shape: Shape,
    #[serde(default)]
    pub right: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    Circle { x: f64, y: f64, r: f64 },
    Rect { x: f64, y: f64, w: f64, h: f64 },
    Polygon { points: Vec<[f64; 2]> },
}

pub(super) fn default_aspect() -> f64 {
    1.0
}

fn on_picture(v: f64) -> bool {
    v.is_finite() && (0.0..=1.0).contains(&v)
}

impl Shape {
    /// Whether the point `(x, y)` lies inside it (its edge included), on a picture `aspect` high
    /// per unit of width.
    pub fn contains(&self, x: f64, y: f64, aspect: f64) -> bool {
        match self {
            Shape::Circle { x: cx, y: cy, r } => {
                let (dx, dy) = (x - cx, (y - cy) * aspect);
                dx * dx + dy * dy <= r * r
            }
            Shape::Rect { x: left, y: top, w, h } => x >= *left && x <= left + w && y >= *top && y <= top + h,
            // Even–odd crossing rule.
            Shape::Polygon { points } => {
                let mut inside = false;
                let mut j = points.len() - 1;
                for i in 0..points.len() {
                    let ([xi, yi], [xj, yj]) = (points[i], points[j]);
                    if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                        inside = !inside;
                    }
                    j = i;
                }
                inside
            }
        }
    }

    fn check(&self, name: &str) -> Result<(), DefinitionError> {
        let off = || refuse("regions", format!("“{name}” lies off the picture: its place is in units of the picture, from 0 to 1"));
        match self {
            Shape::Circle { x, y, r } => {
                if !on_picture(*x) || !on_picture(*y) {
                    return off();
                }
                if !r.is_finite() || *r <= 0.0 || *r > 1.0 {
                    return refuse("regions", format!("“{name}”: a circle's radius is above 0 and at most 1 (the picture's width)"));
                }
            }
            Shape::Rect { x, y, w, h } => {
                if !on_picture(*x) || !on_picture(*y) || !w.is_finite() || !h.is_finite() || *w <= 0.0 || *h <= 0.0 {
                    return refuse("regions", format!("“{name}”: a rectangle needs a place on the picture and a width and height above 0"));
                }
                if x + w > 1.0 + 1e-9 || y + h > 1.0 + 1e-9 {
                    return off();
                }
            }
            Shape::Polygon { points } => {
                let (least, most) = POLYGON_POINTS;
                if points.len() < least || points.len() > most {
                    return refuse("regions", format!("“{name}”: a polygon has {least} to {most} corners, got {}", points.len()));
                }
                if points.iter().any(|[x, y]| !on_picture(*x) || !on_picture(*y)) {
                    return off();
                }
            }
        }
        Ok(())
    }
}

/// The regions as a host may save them.
pub(super) fn check(regions: &[Region], aspect: f64) -> Result<(), DefinitionError> {
    let names: Vec<String> = regions.iter().map(|r| r.name.clone()).collect();
    texts("regions", "a hotspot question", &names, HOTSPOT_REGIONS.0, HOTSPOT_REGIONS.1)?;
    if !regions.iter().any(|r| r.right) {
        return refuse("regions", "mark at least one region right");
    }
    if regions.iter().all(|r| r.right) {
        return refuse("regions", "leave at least one region wrong: a player who chooses by name would always be right");
    }
    if !aspect.is_finite() || aspect <= 0.0 {
        return refuse("aspect", "a picture's height per width is above 0");
    }
    regions.iter().try_for_each(|r| r.shape.check(&r.name))
}

/// A point on the picture judged: 1 inside a right region, 0 elsewhere.
pub(super) fn judge_point(regions: &[Region], aspect: f64, x: f64, y: f64) -> f64 {
    if regions.iter().any(|r| r.right && r.shape.contains(x, y, aspect)) { 1.0 } else { 0.0 }
}

/// The region a point falls in (a right one first), if any.
pub(super) fn region_at(regions: &[Region], aspect: f64, x: f64, y: f64) -> Option<usize> {
    let inside = |r: &Region| r.shape.contains(x, y, aspect);
    regions.iter().position(|r| r.right && inside(r)).or_else(|| regions.iter().position(inside))
}

pub(super) fn is_on_picture(x: f64, y: f64) -> bool {
    on_picture(x) && on_picture(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(name: &str, shape: Shape, right: bool) -> Region {
        Region { name: name.into(), shape, right }
    }

    #[test]
    fn given_each_shape_when_a_point_is_inside_on_the_edge_or_outside_then_it_says_so() {
        let circle = Shape::Circle { x: 0.5, y: 0.5, r: 0.1 };
        assert!(circle.contains(0.5, 0.5, 1.0) && circle.contains(0.6, 0.5, 1.0) && !circle.contains(0.61, 0.5, 1.0));
        // On a picture half as high as wide, a tenth of the width down is a fifth of the height.
        assert!(circle.contains(0.5, 0.69, 0.5) && !circle.contains(0.5, 0.71, 0.5));
        let rect = Shape::Rect { x: 0.1, y: 0.2, w: 0.3, h: 0.4 };
        assert!(rect.contains(0.1, 0.2, 1.0) && rect.contains(0.4, 0.6, 1.0) && !rect.contains(0.41, 0.5, 1.0));
        // An L shape: the notch is outside.
        let l = Shape::Polygon { points: vec![[0.0, 0.0], [0.5, 0.0], [0.5, 0.25], [0.25, 0.25], [0.25, 0.5], [0.0, 0.5]] };
        assert!(l.contains(0.1, 0.1, 1.0) && l.contains(0.1, 0.4, 1.0) && !l.contains(0.4, 0.4, 1.0) && !l.contains(0.6, 0.1, 1.0));
    }

    #[test]
    fn given_overlapping_regions_then_a_point_in_a_right_one_is_right() {
        let regions =
            vec![region("France", Shape::Rect { x: 0.0, y: 0.0, w: 0.6, h: 0.6 }, false), region("Paris", Shape::Circle { x: 0.3, y: 0.3, r: 0.05 }, true)];
        assert_eq!(judge_point(&regions, 1.0, 0.31, 0.3), 1.0);
        assert_eq!(region_at(&regions, 1.0, 0.31, 0.3), Some(1));
        assert_eq!(judge_point(&regions, 1.0, 0.5, 0.5), 0.0);
        assert_eq!(region_at(&regions, 1.0, 0.5, 0.5), Some(0));
        assert_eq!(region_at(&regions, 1.0, 0.9, 0.9), None);
    }

    #[test]
    fn given_regions_that_cannot_be_judged_then_they_are_refused_naming_what() {
        let circle = |x: f64, r: f64| Shape::Circle { x, y: 0.5, r };
        let ok = vec![region("A", circle(0.2, 0.1), true), region("B", circle(0.7, 0.1), false)];
        assert_eq!(check(&ok, 0.75), Ok(()));
        let message = |regions: Vec<Region>| check(&regions, 1.0).unwrap_err().message;
        assert!(message(vec![region("A", circle(0.2, 0.1), true)]).contains("2 to 10"));
        assert!(message(vec![region("A", circle(0.2, 0.1), false), region("B", circle(0.7, 0.1), false)]).contains("at least one region right"));
        assert!(message(vec![region("A", circle(0.2, 0.1), true), region("B", circle(0.7, 0.1), true)]).contains("at least one region wrong"));
        assert!(message(vec![region("A", circle(1.2, 0.1), true), region("B", circle(0.7, 0.1), false)]).contains("off the picture"));
        assert!(message(vec![region("A", circle(0.2, 0.0), true), region("B", circle(0.7, 0.1), false)]).contains("radius"));
        assert!(
            message(vec![region("A", Shape::Rect { x: 0.8, y: 0.0, w: 0.3, h: 0.1 }, true), region("B", circle(0.7, 0.1), false)]).contains("off the picture")
        );
        assert!(
            message(vec![region("A", Shape::Polygon { points: vec![[0.0, 0.0], [1.0, 1.0]] }, true), region("B", circle(0.7, 0.1), false)]).contains("3 to 50")
        );
        assert!(message(vec![region("A", circle(0.2, 0.1), true), region("a ", circle(0.7, 0.1), false)]).contains("given twice"));
        assert!(message(vec![region("A", circle(f64::NAN, 0.1), true), region("B", circle(0.7, 0.1), false)]).contains("off the picture"));
        assert_eq!(check(&ok, 0.0).unwrap_err().field, "aspect");
    }
}
