/**
 * A QR code of a text (a join link), drawn in the browser by the `qrcode` package as SVG
 * and shown as an <img> from a data URL: nothing is fetched from elsewhere. The package is
 * loaded on first use (its own small chunk of the app), so pages without a QR code skip it.
 * Shared by My Quizzes (a quiz's join link) and a live game's lobby (its PIN link); each
 * sizes it in its own sheet.
 */
import { useEffect, useState } from 'react'
import './qr-code.css'

async function qrToSvg(value: string): Promise<string> {
  const { toString } = await import('qrcode')
  return toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

export function QrCode({ value, label, size = 128 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    qrToSvg(value)
      .then((svg) => {
        if (!cancelled) setSrc(svgDataUrl(svg))
      })
      .catch((error: unknown) => console.error('Failed to draw the QR code', error))
    return () => {
      cancelled = true
    }
  }, [value])

  if (!src) return <span className="qr-placeholder" style={{ width: size, height: size }} aria-hidden="true" />
  return <img className="qr-code" src={src} alt={label} width={size} height={size} />
}
