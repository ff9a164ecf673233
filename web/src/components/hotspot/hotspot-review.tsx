/**
 * A hotspot question once judged (issue 30): its picture with the regions drawn (the right ones
 * green, the player's wrong choice red, the others dashed) and the player's point marked, then in
 * words what they pointed at: "You chose: Lyon" (a region chosen by name), "Your point: in Paris"
 * or "Your point: outside every region" ("They chose", "Their point" for the host). The feedback
 * list loads it lazily (the default export) for a hotspot's item, whose right answer it words
 * itself; the live reveal shows the figure alone (`HotspotFigure`), the right answer in words
 * beside it. Without the picture (feedback may not carry it) the regions are drawn on a plain box
 * of its shape.
 */
import { aspectOf, pointedRegion, type HotspotDefinition } from '@/lib/hotspot'
import type { Response, ServedMedia, TypedFeedbackItem } from '@/types/api'
import { HotspotPicture, pictureOf, PointMarker, RegionShapes, regionTones } from './hotspot-picture'
import './hotspot.css'

type HotspotFigureProps = {
  definition: HotspotDefinition
  media: ServedMedia | null | undefined
  /** By the definition's indices; null (or absent) when there is none to show. */
  response?: Response | null
  /** The projector's size. */
  large?: boolean
}

export function HotspotFigure({ definition, media, response = null, large = false }: HotspotFigureProps) {
  const aspect = aspectOf(definition)
  const pointed = pointedRegion(definition, response)
  const chosen = pointed && pointed.region >= 0 ? pointed.region : null
  const wrongChoice = chosen !== null && !definition.regions[chosen]?.right
  return (
    <div className="hotspot-figure" data-testid="hotspot-figure">
      <HotspotPicture media={pictureOf(media)} aspect={aspect} large={large}>
        <RegionShapes regions={regionTones(definition.regions, chosen)} aspect={aspect} />
        {pointed?.point ? <PointMarker point={pointed.point} testId="hotspot-point" /> : null}
      </HotspotPicture>
      {/* The colours' key; the words below and beside say the same for a screen reader. */}
      <ul className="hotspot-key" aria-hidden="true">
        <li>
          <span className="hotspot-swatch is-right" />
          Right
        </li>
        {wrongChoice ? (
          <li>
            <span className="hotspot-swatch is-chosen" />
            {pointed?.point ? 'Where the point fell' : 'Chosen'}
          </li>
        ) : null}
        {definition.regions.some((region, i) => !region.right && i !== chosen) ? (
          <li>
            <span className="hotspot-swatch is-other" />
            Other places
          </li>
        ) : null}
      </ul>
    </div>
  )
}

/** What the player pointed at, in words; null without an answer. */
export function pointedWords(definition: HotspotDefinition, response: Response | null, theirs = false): string | null {
  const pointed = pointedRegion(definition, response)
  if (!pointed) return null
  const name = definition.regions[pointed.region]?.name ?? '?'
  if (!pointed.point) return `${theirs ? 'They chose' : 'You chose'}: ${name}`
  return `${theirs ? 'Their point' : 'Your point'}: ${pointed.region >= 0 ? `in ${name}` : 'outside every region'}`
}

type HotspotReviewProps = {
  item: TypedFeedbackItem
  /** 'Your answer' for the player, 'Their answer' for the host. */
  chosenLabel: string
}

export default function HotspotReview({ item, chosenLabel }: HotspotReviewProps) {
  const { definition, response } = item
  if (definition.type !== 'hotspot') return null
  const words = pointedWords(definition, response, chosenLabel === 'Their answer')
  return (
    <div className="hotspot-review">
      <HotspotFigure definition={definition} media={item.media} response={response} />
      {words ? <p className="feedback-answer hotspot-words">{words}</p> : null}
    </div>
  )
}
