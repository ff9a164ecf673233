/**
 * The picture on an option or an item (option-picture.tsx), loaded the first time an option with
 * one shows, so neither it nor its checks weigh on the first load; an option without a picture
 * loads nothing.
 */
import { lazy, Suspense } from 'react'
import { hasPicture } from './has-picture'
import type { OptionPictureProps } from './option-picture'

const OptionPicture = lazy(() => import('./option-picture'))

export function LazyOptionPicture(props: OptionPictureProps) {
  if (!hasPicture(props.pictures, props.index)) return null
  return (
    <Suspense fallback={null}>
      <OptionPicture {...props} />
    </Suspense>
  )
}
