/**
 * A stand-in for the browser's `Image` (jsdom loads no picture): records what an image loaded
 * ahead asks for (`src`, `srcset`, `sizes`) and lets a test say it loaded or failed. Install
 * with `installFakeImage()`; the `<img>` elements React renders are not affected.
 */
import { vi } from 'vitest'

export class FakeImage {
  static instances: FakeImage[] = []

  src = ''
  srcset = ''
  sizes = ''
  onload: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null

  constructor() {
    FakeImage.instances.push(this)
  }

  /** Test side: the file arrived. */
  load() {
    this.onload?.(new Event('load'))
  }

  /** Test side: the file did not load. */
  fail() {
    this.onerror?.(new Event('error'))
  }
}

/** The images asked for `src` (every one, in order). */
export const imagesOf = (src: string) => FakeImage.instances.filter((image) => image.src === src)

export function installFakeImage() {
  FakeImage.instances = []
  vi.stubGlobal('Image', FakeImage)
  return FakeImage
}
