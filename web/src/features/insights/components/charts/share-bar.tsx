/**
 * A share as one bar with its percent written beside it ("50% right"): how many answered a
 * question right. The bar is an image named by the same words.
 */
import { round1, scaled } from './chart-scale'
import '../../insights.css'

const WIDTH = 160
const HEIGHT = 12

export function ShareBar({ share, text }: { share: number; text: string }) {
  const length = round1(scaled(share, 1, WIDTH))
  return (
    <span className="share-bar">
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
