/**
 * A hotspot question's picture (issue 30) and what is drawn on it, shared by the player's answer
 * view, the feedback, the live reveal and the host's editor: the picture in a box of its own
 * proportions (so a place in units of the picture is the same share of the box), its alt text
 * kept, the phone file with the projector file in its `srcset` as QuestionMedia shows it; without
 * a picture (feedback, which may not carry it) a plain box of the same shape. On it, the regions
 * as an SVG in units of the picture (`preserveAspectRatio="none"`, a circle drawn as an ellipse
 * of rx = r and ry = r / aspect, so it is round on screen), the right ones in the right colour,
 * and a point's marker: a ring and a crosshair, dark under light, seen on any picture. The
 * drawings are hidden from screen readers: the screens say the same in words.
 */
import { useState, type ReactNode, type Ref } from 'react'
import { LoadFailed, pictureSizes, pictureSrcSet } from '@/components/question-media/question-media'
import { readMedia } from '@/lib/served-media'
import type { HotspotRegion, HotspotShape, ServedMedia } from '@/types/api'
import './hotspot.css'

type Image = Extract<ServedMedia, { kind: 'image' }>

/** The picture of `media` when it is one (a hotspot needs a picture), else null. */
export function pictureOf(media: unknown): Image | null {
  const read = readMedia(media)
  return read?.kind === 'image' ? read : null
}

/** Height per width of the picture as served (its projector size), or `fallback`. */
export function aspectFromPicture(picture: Image | null, fallback: number): number {
  const file = picture?.projector
  return file?.width && file.height ? file.height / file.width : fallback
}

type HotspotPictureProps = {
  media: Image | null
  /** Height per width: the box's shape. */
  aspect: number
  /** The projector: its large file, and a little less of the screen's height. */
  large?: boolean
  /** The box's element (where clicks are measured). */
  boxRef?: Ref<HTMLDivElement>
  /** Drawn over the picture. */
  children?: ReactNode
}

export function HotspotPicture({ media, aspect, large = false, boxRef, children }: HotspotPictureProps) {
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // A picture served without its size takes its shape once loaded.
  const [natural, setNatural] = useState<number | null>(null)
  const file = media ? (large ? media.projector : media.phone) : null
  const shape = (file?.width && file.height ? file.height / file.width : null) ?? natural ?? aspect
  // Never taller than most of the screen, never wider than the column; its own proportions kept.
  const most = large ? 55 : 60
  const style = { width: `min(100%, ${(most / shape).toFixed(2)}vh)`, aspectRatio: `1 / ${shape}` }
  return (
    <div className="hotspot-frame">
      <div ref={boxRef} className={`hotspot-box${file ? '' : ' is-blank'}`} style={style} data-testid="hotspot-box">
        {media && file && !failed ? (
          <img
            key={attempt}
            className="hotspot-image"
            src={file.url}
            srcSet={pictureSrcSet(media)}
            sizes={pictureSizes(large)}
            width={file.width ?? undefined}
            height={file.height ?? undefined}
            alt={media.decorative ? '' : media.alt}
            draggable={false}
            decoding="async"
            onLoad={(event) => {
              const { naturalWidth, naturalHeight } = event.currentTarget
              if (naturalWidth > 0 && naturalHeight > 0) setNatural(naturalHeight / naturalWidth)
            }}
            onError={() => setFailed(true)}
          />
        ) : null}
        {children}
      </div>
      {failed ? (
        <LoadFailed
          noun="picture"
          className="hotspot-failed"
          onRetry={() => {
            setFailed(false)
            setAttempt((n) => n + 1)
          }}
        />
      ) : null}
      {failed && media && !media.decorative && media.alt.trim() !== '' ? <p className="question-media-alt">The picture shows: {media.alt}</p> : null}
    </div>
  )
}

/** How a region is drawn: right, chosen by the player (and wrong), or one of the others. */
export type RegionTone = 'right' | 'chosen' | 'other' | 'draft'

/** One shape in the overlay's units (the box is 1 × 1, stretched to the picture). */
function ShapeOf({ shape, aspect, className }: { shape: HotspotShape; aspect: number; className: string }) {
  switch (shape.kind) {
    case 'circle':
      return <ellipse className={className} cx={shape.x} cy={shape.y} rx={shape.r} ry={shape.r / aspect} vectorEffect="non-scaling-stroke" />
    case 'rect':
      return <rect className={className} x={shape.x} y={shape.y} width={shape.w} height={shape.h} vectorEffect="non-scaling-stroke" />
    case 'polygon':
      return shape.points.length < 3 ? (
        <polyline className={className} points={shape.points.map(([x, y]) => `${x},${y}`).join(' ')} vectorEffect="non-scaling-stroke" />
      ) : (
        <polygon className={className} points={shape.points.map(([x, y]) => `${x},${y}`).join(' ')} vectorEffect="non-scaling-stroke" />
      )
  }
}

type DrawnRegion = { shape: HotspotShape; tone: RegionTone; key?: string | number }

/** Each region drawn twice, a dark edge under a light or coloured one, so it shows on any picture. */
export function RegionShapes({ regions, aspect }: { regions: DrawnRegion[]; aspect: number }) {
  return (
    <svg className="hotspot-overlay" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {regions.map((region, i) => (
        <g key={region.key ?? i} className={`hotspot-region is-${region.tone}`} data-tone={region.tone}>
          <ShapeOf shape={region.shape} aspect={aspect} className="hotspot-under" />
          <ShapeOf shape={region.shape} aspect={aspect} className="hotspot-edge" />
        </g>
      ))}
    </svg>
  )
}

/** The tones of a definition's regions: the right ones, the player's choice, the others. */
export function regionTones(regions: HotspotRegion[], chosen: number | null = null): DrawnRegion[] {
  return regions.map((region, i) => ({ shape: region.shape, tone: region.right ? 'right' : i === chosen ? 'chosen' : 'other', key: i }))
}

/** A point's marker: a ring and a crosshair centred on (x, y), in units of the picture. */
export function PointMarker({ point, testId = 'hotspot-marker' }: { point: [number, number]; testId?: string }) {
  const [x, y] = point
  return (
    <svg
      className="hotspot-marker"
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
      viewBox="-20 -20 40 40"
      aria-hidden="true"
      focusable="false"
      data-testid={testId}
      data-x={x}
      data-y={y}
    >
      <g className="hotspot-marker-under">
        <circle r="11" />
        <path d="M-18 0H-6M6 0H18M0-18V-6M0 6V18" />
      </g>
      <g className="hotspot-marker-edge">
        <circle r="11" />
        <path d="M-18 0H-6M6 0H18M0-18V-6M0 6V18" />
      </g>
    </svg>
  )
}
