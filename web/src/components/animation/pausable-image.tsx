/**
 * A picture that may move (a GIF, issue 30) shown still when paused (WCAG 2.2.2): a canvas of the
 * same size and class shows its still frame (a canvas draws an animation's first frame, as the
 * HTML standard says `drawImage` does), and the image stays, visually hidden, for screen readers:
 * its alt text is read once, by the image, paused or not, and an option that points at its id
 * for a description still finds it (the canvas is hidden from them). Playing again shows the
 * image, which never stopped loading meanwhile.
 */
import { useLayoutEffect, useRef, useState, type ImgHTMLAttributes } from 'react'

type PausableImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  /** Show the still frame in its place. */
  paused: boolean
  'data-testid'?: string
}

/** Draws the image's still frame on the canvas, once the image has loaded; sized as the image when no size is written. */
function drawStill(image: HTMLImageElement, canvas: HTMLCanvasElement) {
  if (image.naturalWidth === 0) return
  if (!canvas.hasAttribute('width')) {
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
  }
  const context = canvas.getContext('2d')
  if (!context) return
  context.clearRect(0, 0, canvas.width, canvas.height)
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
}

export function PausableImage({ paused, className, alt = '', width, height, onLoad, ...image }: PausableImageProps) {
  const imageRef = useRef<HTMLImageElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  // Each load draws again (a picture paused before it arrived).
  const [loads, setLoads] = useState(0)
  useLayoutEffect(() => {
    if (paused && imageRef.current && canvasRef.current) drawStill(imageRef.current, canvasRef.current)
  }, [paused, loads])
  return (
    <>
      <img
        ref={imageRef}
        {...image}
        // While paused, only its class of visually hidden (its own would size it).
        className={paused ? 'visually-hidden' : className}
        alt={alt}
        width={width}
        height={height}
        onLoad={(event) => {
          setLoads((n) => n + 1)
          onLoad?.(event)
        }}
      />
      {paused ? (
        <canvas ref={canvasRef} className={className} width={width} height={height} aria-hidden="true" data-testid="still-frame" />
      ) : null}
    </>
  )
}
