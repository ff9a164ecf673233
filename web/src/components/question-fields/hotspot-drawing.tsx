/**
 * Where the host draws a hotspot's regions on the question's picture (issue 30): the regions so
 * far (the right ones green, each numbered as its row), and a new one drawn with the pointer — a
 * circle dragged from its centre out to its edge, a rectangle from corner to corner (a click
 * without a drag makes one of a tenth of the picture), a polygon clicked corner by corner and
 * closed by "Finish polygon" or a click on its first corner. The picture takes no scrolling
 * swipe (it draws); keyboard users add a region with "Add region" and type its numbers instead
 * (hotspot-fields.tsx).
 */
import { useRef, useState, type PointerEvent } from 'react'
import { HotspotPicture, RegionShapes, type RegionTone } from '@/components/hotspot/hotspot-picture'
import { clamp01, pointIn, type PicturePoint } from '@/lib/hotspot'
import type { HotspotShape, ServedMedia } from '@/types/api'
import { drawnShape, type RegionRow, type ShapeKind } from './hotspot-form'

/** At most this many corners: the polygon closes by itself at the last. */
const MOST_CORNERS = 50
/** A click this close to the first corner (in pixels) closes the polygon. */
const CLOSE_PX = 12
/** A drag shorter than this (a share of the picture) is a click. */
const CLICK = 0.01

const tidy3 = (value: number) => Math.round(value * 1000) / 1000

/** The shape a drag from `start` to `end` draws (a click: a small one where it was). */
export function dragShape(kind: Exclude<ShapeKind, 'polygon'>, start: PicturePoint, end: PicturePoint, aspect: number): HotspotShape {
  const [x0, y0] = start
  const [x1, y1] = end
  if (kind === 'circle') {
    const r = Math.hypot(x1 - x0, (y1 - y0) * aspect)
    return { kind, x: tidy3(x0), y: tidy3(y0), r: tidy3(Math.min(1, r < CLICK ? 0.05 : r)) }
  }
  if (Math.abs(x1 - x0) < CLICK && Math.abs(y1 - y0) < CLICK) {
    return { kind, x: tidy3(clamp01(Math.min(x0 - 0.05, 0.9))), y: tidy3(clamp01(Math.min(y0 - 0.05, 0.9))), w: 0.1, h: 0.1 }
  }
  // Rounded, a rectangle stays on the picture (the server refuses one past its edge).
  const x = tidy3(Math.min(x0, x1))
  const y = tidy3(Math.min(y0, y1))
  return {
    kind,
    x,
    y,
    w: tidy3(Math.min(1 - x, Math.max(CLICK, Math.abs(x1 - x0)))),
    h: tidy3(Math.min(1 - y, Math.max(CLICK, Math.abs(y1 - y0)))),
  }
}

/** The middle of a shape's bounds, where its number is shown. */
function middleOf(shape: HotspotShape): PicturePoint {
  switch (shape.kind) {
    case 'circle':
      return [shape.x, shape.y]
    case 'rect':
      return [shape.x + shape.w / 2, shape.y + shape.h / 2]
    case 'polygon': {
      const xs = shape.points.map(([x]) => x)
      const ys = shape.points.map(([, y]) => y)
      return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]
    }
  }
}

type HotspotDrawingProps = {
  /** The start of the ids (the question's key). */
  id: string
  picture: Extract<ServedMedia, { kind: 'image' }>
  aspect: number
  regions: RegionRow[]
  kind: ShapeKind
  disabled: boolean
  /** A region just drawn. */
  onDraw: (shape: HotspotShape) => void
}

type Drag = { pointerId: number; start: PicturePoint; now: PicturePoint }

export function HotspotDrawing({ id, picture, aspect, regions, kind, disabled, onDraw }: HotspotDrawingProps) {
  const boxRef = useRef<HTMLDivElement>(null)
  const [drag, setDrag] = useState<Drag | null>(null)
  const [corners, setCorners] = useState<PicturePoint[]>([])
  // Another shape chosen forgets a polygon left unfinished.
  const [cornersKind, setCornersKind] = useState(kind)
  if (cornersKind !== kind) {
    setCornersKind(kind)
    setCorners([])
  }

  const measure = (event: PointerEvent) => {
    const box = boxRef.current
    return box ? pointIn(box.getBoundingClientRect(), event.clientX, event.clientY) : null
  }

  const finish = (points: PicturePoint[]) => {
    setCorners([])
    onDraw({ kind: 'polygon', points: points.map(([x, y]) => [tidy3(x), tidy3(y)]) })
  }

  const addCorner = (point: PicturePoint) => {
    const box = boxRef.current?.getBoundingClientRect()
    const first = corners[0]
    const nearFirst =
      first !== undefined && box !== undefined && Math.abs(point[0] - first[0]) * box.width <= CLOSE_PX && Math.abs(point[1] - first[1]) * box.height <= CLOSE_PX
    if (nearFirst && corners.length >= 3) return finish(corners)
    const next = [...corners, point]
    if (next.length >= MOST_CORNERS) return finish(next)
    setCorners(next)
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0 || kind === 'polygon') return
    const start = measure(event)
    if (!start) return
    event.preventDefault()
    const target = event.currentTarget
    if (typeof target.setPointerCapture === 'function') target.setPointerCapture(event.pointerId)
    setDrag({ pointerId: event.pointerId, start, now: start })
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return
    const now = measure(event)
    if (now) setDrag({ ...drag, now })
  }

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const end = measure(event)
    if (kind === 'polygon') {
      if (!disabled && event.button === 0 && end) addCorner(end)
      return
    }
    if (!drag || event.pointerId !== drag.pointerId) return
    setDrag(null)
    onDraw(dragShape(kind, drag.start, end ?? drag.now, aspect))
  }

  const drawn = regions.flatMap((row, i) => {
    const shape = drawnShape(row.shape)
    return shape ? [{ shape, tone: (row.right ? 'right' : 'other') as RegionTone, key: row.key, n: i + 1 }] : []
  })
  const draft: HotspotShape | null =
    drag && kind !== 'polygon'
      ? dragShape(kind, drag.start, drag.now, aspect)
      : corners.length > 0
        ? { kind: 'polygon', points: corners }
        : null
  const statusId = `${id}-drawing-status`

  return (
    <div className="hotspot-drawing">
      <div
        className="hotspot-canvas"
        data-testid="hotspot-canvas"
        aria-describedby={statusId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
      >
        <HotspotPicture media={picture} aspect={aspect} boxRef={boxRef}>
          <RegionShapes regions={[...drawn, ...(draft ? [{ shape: draft, tone: 'draft' as const, key: 'draft' }] : [])]} aspect={aspect} />
          {drawn.map((region) => {
            const [x, y] = middleOf(region.shape)
            return (
              <span key={region.key} className="hotspot-label" style={{ left: `${x * 100}%`, top: `${y * 100}%` }} aria-hidden="true">
                {region.n}
              </span>
            )
          })}
          {corners.map(([x, y], i) => (
            <span key={i} className={`hotspot-corner${i === 0 ? ' is-first' : ''}`} style={{ left: `${x * 100}%`, top: `${y * 100}%` }} aria-hidden="true" />
          ))}
        </HotspotPicture>
      </div>
      <p id={statusId} className="field-hint" aria-live="polite">
        {kind === 'polygon'
          ? corners.length === 0
            ? 'Click each corner of the polygon on the picture.'
            : `${corners.length} ${corners.length === 1 ? 'corner' : 'corners'} so far: click the first corner or Finish polygon to close it.`
          : kind === 'circle'
            ? 'Drag from the middle of the place out to its edge.'
            : 'Drag from one corner of the place to the other.'}
      </p>
      {kind === 'polygon' ? (
        <div className="hotspot-polygon-actions">
          <button type="button" className="btn btn-secondary btn-small" disabled={disabled || corners.length < 3} onClick={() => finish(corners)}>
            Finish polygon
          </button>
          <button type="button" className="btn btn-ghost btn-small" disabled={disabled || corners.length === 0} onClick={() => setCorners([])}>
            Cancel polygon
          </button>
        </div>
      ) : null}
    </div>
  )
}
