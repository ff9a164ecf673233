/** A live question's picture, sound or video on the phone and on the projector (issue 30). */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { readGameView } from '@/lib/hub/game-view'
import { servedImage, servedSound, servedVideo } from '@/testing/media-fixtures'
import type { ServedMedia } from '@/types/api'
import { makeQuestion, playerView } from '../testing/fixtures'
import { PlayerQuestion } from './player-question'
import { PresenterQuestion } from './presenter-question'

const clock = { getReadyMs: 5000, remainingMs: 20_000 }
const nothing = () => undefined

function phone(media: ServedMedia) {
  return render(
    <PlayerQuestion
      question={makeQuestion({ media })}
      count={3}
      clock={clock}
      step="getReady"
      choice={null}
      response={null}
      note={null}
      onAnswer={nothing}
      onRespond={nothing}
    />,
  )
}

const projector = (media: ServedMedia) =>
  render(<PresenterQuestion question={makeQuestion({ media })} count={3} clock={clock} answered={0} players={2} counting={false} />)

describe('live media', () => {
  it('reads a question’s media from the view: absent when none, null when it is not an object', () => {
    const view = playerView({ phase: 'question', question: makeQuestion({ media: servedImage }) })
    expect(readGameView(view)?.question?.media).toEqual(servedImage)
    expect(readGameView(playerView({ phase: 'question', question: makeQuestion() }))?.question?.media).toBeUndefined()
    expect(readGameView(playerView({ phase: 'question', question: makeQuestion({ media: 'x' as never }) }))?.question?.media).toBeNull()
  })

  it('a phone shows the picture’s phone file under the text during the get-ready', () => {
    phone(servedImage)
    const img = screen.getByRole('img', { name: 'A map of Europe with France shaded' })
    expect(img).toHaveAttribute('src', servedImage.phone.url)
    expect(screen.getByText('Get ready…')).toBeInTheDocument()
  })

  it('a phone keeps a sound silent until asked (the presenter plays it for the room); the transcript is there', async () => {
    const user = userEvent.setup()
    const { container } = phone(servedSound)
    expect(container.querySelector('audio')).toBeNull()
    expect(screen.getByText('A blackbird sings, then a car passes.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Play sound on this phone' }))
    expect(container.querySelector('audio')).toHaveAttribute('controls')
    expect(container.querySelector('[autoplay]')).toBeNull()
  })

  it('a phone still loading its pictures says so while the answers are open, not before, nor once answered or paused', () => {
    const at = (step: 'getReady' | 'answering' | 'sending' | 'locked' | 'paused', picturesLoading: number) => (
      <PlayerQuestion
        question={makeQuestion({ media: servedImage })}
        count={3}
        clock={clock}
        step={step}
        choice={step === 'sending' || step === 'locked' ? 'A' : null}
        response={null}
        note={null}
        onAnswer={nothing}
        onRespond={nothing}
        picturesLoading={picturesLoading}
      />
    )
    const { rerender } = render(at('getReady', 1))
    expect(screen.queryByText(/still loading/)).toBeNull()
    rerender(at('answering', 1))
    expect(screen.getByText('Answers are open; the picture is still loading.')).toHaveAttribute('role', 'status')
    rerender(at('sending', 3))
    expect(screen.getByText('Answers are open; the pictures are still loading.')).toBeInTheDocument()
    for (const step of ['locked', 'paused'] as const) {
      rerender(at(step, 3))
      expect(screen.queryByText(/still loading/)).toBeNull()
    }
    rerender(at('answering', 0))
    expect(screen.queryByText(/still loading/)).toBeNull()
  })

  it('the projector shows the projector file, and a video with its controls for the host, never playing by itself', () => {
    const { unmount } = projector(servedImage)
    expect(screen.getByRole('img', { name: 'A map of Europe with France shaded' })).toHaveAttribute('src', servedImage.projector.url)
    unmount()
    const { container } = projector(servedVideo)
    expect(container.querySelector('video')).toHaveAttribute('controls')
    expect(container.querySelector('[autoplay]')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Play video on this phone' })).toBeNull()
  })
})
