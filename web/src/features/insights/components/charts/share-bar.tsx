/**
 * A share as one bar with its percent written beside it ("50% right"): how many answered a
 * question (or a part of one) right. The bar is an image named by the same words; a `warn` bar
 * (a part most often wrong) is drawn in the accent colour, and always comes with words too.
 */
import type { BarTone } from './bar-chart'
import { round1, scaled } from './chart-scale'
import '../../insights.css'

const WIDTH = 160
const HEIGHT = 12

export function ShareBar({ share, text, tone = 'plain' }: { share: number; text: string; tone?: BarTone }) {
  const length = round1(scaled(share, 1, WIDTH))
  return (
    <span className={`share-bar tone-${tone}`}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={text}>
        <rect className="chart-track" x={0} y={0} width={WIDTH} height={HEIGHT} rx={6} />
        <rect className="chart-bar" x={0} y={0} width={length} height={HEIGHT} rx={6} data-value={share} />
      </svg>
      <span className="share-bar-text" aria-hidden="true">
        {text}
      </span>
    </span>
  )
}
