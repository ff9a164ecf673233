import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FeedbackList } from '@/components/feedback/feedback-list'
import { servedImage } from '@/testing/media-fixtures'
import type { TypedFeedbackItem } from '@/types/api'
import HotspotReview, { HotspotFigure, pointedWords } from './hotspot-review'

const definition = {
  type: 'hotspot' as const,
  regions: [
    { name: 'Lyon', right: false, shape: { kind: 'rect' as const, x: 0.5, y: 0.5, w: 0.2, h: 0.2 } },
    { name: 'Paris', right: true, shape: { kind: 'circle' as const, x: 0.3, y: 0.25, r: 0.05 } },
    { name: 'Nice', shape: { kind: 'polygon' as const, points: [[0.7, 0.8], [0.9, 0.8], [0.8, 0.95]] as Array<[number, number]> } },
  ],
  aspect: 4 / 3,
}

const item = (response: TypedFeedbackItem['response'], f: number, media: TypedFeedbackItem['media'] = servedImage): TypedFeedbackItem => ({
  id: 9,
  questionText: 'Where is Paris?',
  type: 'hotspot',
  definition,
  response,
  f,
  isCorrect: f === 1,
  media,
})

const tones = (container: HTMLElement) => [...container.querySelectorAll('.hotspot-region')].map((g) => g.getAttribute('data-tone'))

describe('a hotspot once judged', () => {
  it('draws the regions on the picture, the right one as right and round, with the player’s point', () => {
    const { container } = render(<HotspotFigure definition={definition} media={servedImage} response={{ point: [0.31, 0.26] }} />)
    expect(screen.getByRole('img', { name: servedImage.alt })).toBeInTheDocument()
    expect(tones(container)).toEqual(['other', 'right', 'other'])
    const svg = container.querySelector('svg.hotspot-overlay') as SVGElement
    expect(svg).toHaveAttribute('viewBox', '0 0 1 1')
    expect(svg).toHaveAttribute('preserveAspectRatio', 'none')
    expect(svg).toHaveAttribute('aria-hidden', 'true')
    const ellipse = container.querySelector('[data-tone="right"] ellipse') as SVGElement
    expect(ellipse).toHaveAttribute('rx', '0.05')
    expect(Number(ellipse.getAttribute('ry'))).toBeCloseTo(0.0375)
    expect(container.querySelector('[data-tone="other"] rect')).toHaveAttribute('width', '0.2')
    expect(container.querySelector('polygon')).toHaveAttribute('points', '0.7,0.8 0.9,0.8 0.8,0.95')
    expect(screen.getByTestId('hotspot-point')).toHaveStyle({ left: '31%', top: '26%' })
  })

  it('marks a wrong region chosen by name, and words what was pointed at', () => {
    const { container } = render(<HotspotReview item={item({ region: 0 }, 0)} chosenLabel="Your answer" />)
    expect(tones(container)).toEqual(['chosen', 'right', 'other'])
    expect(screen.getByText('You chose: Lyon')).toBeInTheDocument()
    expect(screen.queryByTestId('hotspot-point')).toBeNull()
    expect(pointedWords(definition, { point: [0.31, 0.26] })).toBe('Your point: in Paris')
    expect(pointedWords(definition, { point: [0.05, 0.9] })).toBe('Your point: outside every region')
    expect(pointedWords(definition, { point: [0.6, 0.6] }, true)).toBe('Their point: in Lyon')
    expect(pointedWords(definition, { region: 1 }, true)).toBe('They chose: Paris')
    expect(pointedWords(definition, null)).toBeNull()
  })

  it('given no picture (feedback without it), then the regions are drawn on a plain box of its shape', () => {
    const { container } = render(<HotspotFigure definition={definition} media={null} />)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByTestId('hotspot-box')).toHaveClass('is-blank')
    expect(screen.getByTestId('hotspot-box').style.aspectRatio).toBe(`1 / ${4 / 3}`)
    expect(tones(container)).toEqual(['other', 'right', 'other'])
  })

  it('shows in the feedback list the right answer in words, the picture and the player’s point', async () => {
    render(<FeedbackList items={[item({ point: [0.05, 0.9] }, 0)]} chosenLabel="Your answer" />)
    const question = screen.getByText('Where is Paris?').closest('li') as HTMLElement
    expect(question).toHaveTextContent('Right answer: Paris')
    expect(within(question).getByText('Incorrect')).toBeInTheDocument()
    expect(await within(question).findByText('Your point: outside every region')).toBeInTheDocument()
    expect(within(question).getByRole('img', { name: servedImage.alt })).toBeInTheDocument()
    expect(within(question).getByTestId('hotspot-point')).toHaveStyle({ left: '5%', top: '90%' })
  })

  it('says the host’s words in the host’s feedback', async () => {
    render(<FeedbackList items={[item({ region: 1 }, 1, null)]} chosenLabel="Their answer" />)
    expect(await screen.findByText('They chose: Paris')).toBeInTheDocument()
    expect(screen.getByText('Correct')).toBeInTheDocument()
  })
})
