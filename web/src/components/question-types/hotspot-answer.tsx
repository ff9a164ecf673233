/**
 * Point at the picture (issue 30, a hotspot): a tap or a click on the picture places the point,
 * marked with a ring and a crosshair; another tap moves it. The picture takes focus as one stop:
 * the arrow keys move the point by 2% of the picture (from its middle when there is none yet),
 * Enter or Space places it in the middle. For a screen reader or a keyboard, the places the host
 * named are also offered as radios ("Or choose a place by name"): choosing one sends the region
 * by its position served, and clears the point; a point clears the name. Only a tap or a click on
 * the picture itself is taken (a swipe that scrolls the page is not a tap), and nothing while the
 * view is disabled (a live game's answers not open).
 */
import { useId, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { aspectFromPicture, HotspotPicture, pictureOf, PointMarker } from '@/components/hotspot/hotspot-picture'
import { clamp01, pointIn, pointWords, tidy, type PicturePoint } from '@/lib/hotspot'
import type { AnswerProps } from './answer-props'
import './question-types.css'

/** How far an arrow key moves the point: 2% of the picture. */
export const ARROW_STEP = 0.02

export const PICTURE_LABEL = 'Picture: tap or click a point; or choose a place by name below'

const MOVES: Record<string, PicturePoint> = {
  ArrowLeft: [-ARROW_STEP, 0],
  ArrowRight: [ARROW_STEP, 0],
  ArrowUp: [0, -ARROW_STEP],
  ArrowDown: [0, ARROW_STEP],
}

const MIDDLE: PicturePoint = [0.5, 0.5]

export function HotspotAnswer({ question, response, onChange }: AnswerProps<'hotspot'>) {
  const id = useId()
  const targetRef = useRef<HTMLDivElement>(null)
  const boxRef = useRef<HTMLDivElement>(null)
  const picture = pictureOf(question.media)
  const point = response && 'point' in response ? response.point : null
  const chosen = response && 'region' in response ? response.region : null
  const statusId = `${id}-status`

  // Inside a disabled fieldset (a live game between questions) the picture takes nothing.
  const inactive = () => Boolean(targetRef.current?.closest('fieldset[disabled]'))
  const place = (next: PicturePoint) => onChange({ point: next })

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = boxRef.current
    if (!box || inactive() || !(event.target instanceof Node) || !box.contains(event.target)) return
    event.preventDefault()
    place(pointIn(box.getBoundingClientRect(), event.clientX, event.clientY))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey || inactive()) return
    const move = MOVES[event.key]
    if (move) {
      event.preventDefault()
      const [x, y] = point ?? MIDDLE
      place([tidy(clamp01(x + move[0])), tidy(clamp01(y + move[1]))])
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      if (!point) place(MIDDLE)
    }
  }

  const status =
    point !== null
      ? `Your point: ${pointWords(point)}.`
      : chosen !== null
        ? `Chosen by name: ${question.regions[chosen] ?? '?'}.`
        : 'No point yet.'

  return (
    <div className="hotspot-answer">
      {/* One focus stop: a tap or a click places the point, the arrow keys move it. A group, so
          the picture's alt text is still read inside it (a button's would not be). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a tap places the point, the arrow keys move it */}
      <div
        ref={targetRef}
        className="hotspot-target"
        role="group"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the arrow keys move the point
        tabIndex={0}
        aria-label={PICTURE_LABEL}
        aria-describedby={statusId}
        data-testid="hotspot-picture"
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <HotspotPicture media={picture} aspect={aspectFromPicture(picture, 1)} boxRef={boxRef}>
          {point ? <PointMarker point={point} /> : null}
        </HotspotPicture>
      </div>
      <p id={statusId} className="hotspot-status" aria-live="polite">
        {status}
      </p>
      <fieldset className="answer-fieldset">
        <legend className="answer-legend">Or choose a place by name</legend>
        <div className="options">
          {question.regions.map((name, index) => (
            <label key={index} className={`option option-check${chosen === index ? ' option-chosen' : ''}`}>
              <input
                type="radio"
                name={`${id}-region`}
                checked={chosen === index}
                onChange={() => onChange({ region: index })}
              />
              <span className="option-text">{name}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
