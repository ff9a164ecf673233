import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { servedImage } from '@/testing/media-fixtures'
import { HotspotAnswer, PICTURE_LABEL } from './hotspot-answer'

const question = { id: 7, type: 'hotspot' as const, text: 'Where is Paris?', regions: ['Lyon', 'Paris', 'Nice'], media: servedImage }

/** The picture's box drawn at 100,50, 300 × 400 pixels. */
function placeBox() {
  const box = screen.getByTestId('hotspot-box')
  vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({ left: 100, top: 50, width: 300, height: 400, right: 400, bottom: 450, x: 100, y: 50, toJSON: () => ({}) })
  return box
}

describe('HotspotAnswer', () => {
  it('shows the picture with its alt text, srcset and a focusable target, and no point yet', () => {
    renderAnswerView(HotspotAnswer, question)
    const img = screen.getByRole('img', { name: servedImage.alt })
    expect(img).toHaveAttribute('src', servedImage.phone.url)
    expect(img).toHaveAttribute('srcset', `${servedImage.phone.url} 768w, ${servedImage.projector.url} 1200w`)
    const target = screen.getByRole('group', { name: PICTURE_LABEL })
    expect(target).toHaveAttribute('tabindex', '0')
    expect(target).not.toHaveAttribute('role', 'application')
    expect(target).toHaveAccessibleDescription('No point yet.')
    expect(screen.queryByTestId('hotspot-marker')).toBeNull()
  })

  it('given a click on the picture, then the point is where it fell in units of the picture, marked; a second click moves it', () => {
    const { changes } = renderAnswerView(HotspotAnswer, question)
    placeBox()
    fireEvent.click(screen.getByRole('img', { name: servedImage.alt }), { clientX: 175, clientY: 150 })
    expect(changes.at(-1)).toEqual({ response: { point: [0.25, 0.25] }, typing: false })
    const marker = screen.getByTestId('hotspot-marker')
    expect(marker).toHaveStyle({ left: '25%', top: '25%' })
    expect(screen.getByText('Your point: 25% across, 25% down.')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('img', { name: servedImage.alt }), { clientX: 400, clientY: 450 })
    expect(changes.at(-1)?.response).toEqual({ point: [1, 1] })
    expect(screen.getAllByTestId('hotspot-marker')).toHaveLength(1)
  })

  it('given a place chosen by name, then it is sent by its position served and the point goes; a point clears the name', async () => {
    const { changes } = renderAnswerView(HotspotAnswer, question, { point: [0.5, 0.5] })
    const user = userEvent.setup()
    const names = screen.getByRole('group', { name: 'Or choose a place by name' })
    expect(names).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Paris' }))
    expect(changes.at(-1)?.response).toEqual({ region: 1 })
    expect(screen.getByRole('radio', { name: 'Paris' })).toBeChecked()
    expect(screen.queryByTestId('hotspot-marker')).toBeNull()
    expect(screen.getByText('Chosen by name: Paris.')).toBeInTheDocument()

    placeBox()
    fireEvent.click(screen.getByRole('img', { name: servedImage.alt }), { clientX: 250, clientY: 250 })
    expect(changes.at(-1)?.response).toEqual({ point: [0.5, 0.5] })
    expect(screen.getByRole('radio', { name: 'Paris' })).not.toBeChecked()
  })

  it('given the keyboard on the picture, then Enter places the point in the middle and the arrows move it by 2%', async () => {
    const { changes } = renderAnswerView(HotspotAnswer, question)
    const user = userEvent.setup()
    await user.tab()
    const target = screen.getByRole('group', { name: PICTURE_LABEL })
    expect(target).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(changes.at(-1)?.response).toEqual({ point: [0.5, 0.5] })
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}')
    expect(changes.at(-1)?.response).toEqual({ point: [0.54, 0.48] })
    expect(target).toHaveAccessibleDescription('Your point: 54% across, 48% down.')
    // Enter again keeps the point; Tab goes on to the names (no trap).
    await user.keyboard('{Enter}')
    expect(changes.at(-1)?.response).toEqual({ point: [0.54, 0.48] })
    await user.tab()
    expect(screen.getByRole('radio', { name: 'Lyon' })).toHaveFocus()
  })

  it('keeps the point on the picture at its edge', async () => {
    const { changes } = renderAnswerView(HotspotAnswer, question, { point: [0.99, 0] })
    const user = userEvent.setup()
    await user.tab()
    await user.keyboard('{ArrowRight}{ArrowUp}')
    expect(changes.at(-1)?.response).toEqual({ point: [1, 0] })
  })

  it('given an arrow with no point yet, then the point starts from the middle', async () => {
    const { changes } = renderAnswerView(HotspotAnswer, question)
    const user = userEvent.setup()
    await user.tab()
    await user.keyboard('{ArrowLeft}')
    expect(changes.at(-1)?.response).toEqual({ point: [0.48, 0.5] })
  })

  it('given the view disabled (a live game between questions), then a click places nothing', () => {
    const onChange = vi.fn()
    render(
      <fieldset disabled>
        <HotspotAnswer question={question} response={undefined} onChange={onChange} />
      </fieldset>,
    )
    placeBox()
    fireEvent.click(screen.getByRole('img', { name: servedImage.alt }), { clientX: 175, clientY: 150 })
    fireEvent.keyDown(screen.getByRole('group', { name: PICTURE_LABEL }), { key: 'Enter' })
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByRole('radio', { name: 'Paris' })).toBeDisabled()
  })
})
