/**
 * The picture on an option or an item (option-picture.tsx), loaded the first time an option with
 * one shows, so neither it nor its checks weigh on the first load; an option without a picture
 * loads nothing. So does "Pause animations" (animations-toggle.tsx), only where one of them is a GIF.
 */
import { lazy, Suspense } from 'react'
import { hasAnimation, hasPicture } from './has-picture'
import type { OptionPictureProps } from './option-picture'

const OptionPicture = lazy(() => import('./option-picture'))
const AnimationsToggle = lazy(() => import('./animations-toggle'))

export function LazyOptionPicture(props: OptionPictureProps) {
  if (!hasPicture(props.pictures, props.index)) return null
  return (
    <Suspense fallback={null}>
      <OptionPicture {...props} />
    </Suspense>
  )
}

export function LazyAnimationsToggle({ pictures }: { pictures: unknown }) {
  if (!hasAnimation(pictures)) return null
  return (
    <Suspense fallback={null}>
      <AnimationsToggle pictures={pictures} />
    </Suspense>
  )
}
