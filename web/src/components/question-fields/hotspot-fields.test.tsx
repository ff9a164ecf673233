import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { servedImage, servedSound } from '@/testing/media-fixtures'
import { renderFields } from '@/testing/render-fields'
import { dragShape } from './hotspot-drawing'
import { NAME_IN_QUESTION, NO_PICTURE } from './hotspot-fields'
import { questionProblem } from './question-checks'
import { blankForm, toForm } from './question-form'

/** The picture's box at 0,0, 300 × 400 pixels (the fixture's picture is 3:4). */
function placeBox() {
  const box = screen.getByTestId('hotspot-box')
  vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 300, height: 400, right: 300, bottom: 400, x: 0, y: 0, toJSON: () => ({}) })
  return box
}

/** A drag on the drawing from one point to another, in pixels of the box. */
function drag(from: [number, number], to: [number, number]) {
  const canvas = screen.getByTestId('hotspot-canvas')
  fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, clientX: from[0], clientY: from[1] })
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2 })
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: to[0], clientY: to[1] })
  fireEvent.pointerUp(canvas, { pointerId: 1, button: 0, clientX: to[0], clientY: to[1] })
}

/** The warning of a region named as in the question's text, as its name's description (the ⚠ is not read). */
const warning = (n: number) => expect.stringMatching(new RegExp(`^Region ${n}: ?${NAME_IN_QUESTION}$`))

const tap = (at: [number, number]) => fireEvent.pointerUp(screen.getByTestId('hotspot-canvas'), { pointerId: 1, button: 0, clientX: at[0], clientY: at[1] })

describe('a hotspot’s fields', () => {
  it('given no picture, then it asks for one first and draws nothing; regions can still be typed', async () => {
    const { definition } = renderFields(blankForm('hotspot'), { media: servedSound })
    expect(screen.getByText(NO_PICTURE)).toBeInTheDocument()
    expect(screen.queryByTestId('hotspot-canvas')).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add region' }))
    expect(definition()).toMatchObject({ regions: [{ name: '', shape: { kind: 'circle', x: 0.5, y: 0.5, r: 0.1 } }] })
  })

  it('draws a rectangle and a circle with the pointer, then names them and marks the right one', async () => {
    const { definition } = renderFields(blankForm('hotspot'), { media: servedImage })
    const user = userEvent.setup()
    expect(screen.queryByText(NO_PICTURE)).toBeNull()
    expect(screen.getByRole('img', { name: servedImage.alt })).toBeInTheDocument()
    placeBox()

    await user.click(screen.getByRole('radio', { name: 'Rectangle' }))
    drag([30, 40], [120, 200])
    const name1 = screen.getByLabelText('Name of region 1')
    expect(name1).toHaveFocus()
    await user.keyboard('Lyon')
    expect(screen.getByLabelText('Region 1: Left edge (%)')).toHaveValue(10)
    expect(screen.getByLabelText('Region 1: Width (%)')).toHaveValue(30)

    await user.click(screen.getByRole('radio', { name: 'Circle' }))
    // From the middle out a tenth of the width (30 px) to the right.
    drag([150, 200], [180, 200])
    expect(screen.getByLabelText('Name of region 2')).toHaveFocus()
    await user.keyboard('Paris')
    await user.click(screen.getByRole('checkbox', { name: 'Region 2: Right' }))

    expect(definition()).toEqual({
      type: 'hotspot',
      regions: [
        { name: 'Lyon', right: false, shape: { kind: 'rect', x: 0.1, y: 0.1, w: 0.3, h: 0.4 } },
        { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.5, y: 0.5, r: 0.1 } },
      ],
    })
    // Both drawn on the picture, the right one as right.
    const drawn = screen.getByTestId('hotspot-canvas').querySelectorAll('.hotspot-region')
    expect([...drawn].map((g) => g.getAttribute('data-tone'))).toEqual(['other', 'right'])
    expect(drawn[1].querySelector('ellipse')).toHaveAttribute('ry', String(0.1 / (1600 / 1200)))
    expect(questionProblem(1, { text: 'Where is Paris?', explanation: '', form: toForm(definition() as never), media: servedImage })).toBeNull()
  })

  it('draws a polygon corner by corner, closed on its first corner or by Finish polygon', async () => {
    const { definition } = renderFields(blankForm('hotspot'), { media: servedImage })
    const user = userEvent.setup()
    placeBox()
    await user.click(screen.getByRole('radio', { name: 'Polygon' }))
    const finish = screen.getByRole('button', { name: 'Finish polygon' })
    expect(finish).toBeDisabled()
    tap([30, 40])
    tap([150, 40])
    expect(screen.getByText('2 corners so far: click the first corner or Finish polygon to close it.')).toBeInTheDocument()
    tap([90, 200])
    tap([32, 42])
    expect(definition()).toMatchObject({ regions: [{ shape: { kind: 'polygon', points: [[0.1, 0.1], [0.5, 0.1], [0.3, 0.5]] } }] })
    expect(screen.getByLabelText('Corners of region 1 (% across and down)')).toHaveValue('10 10, 50 10, 30 50')

    tap([0, 0])
    tap([300, 0])
    tap([300, 400])
    tap([0, 400])
    await user.click(finish)
    expect(definition()).toMatchObject({ regions: [{}, { shape: { points: [[0, 0], [1, 0], [1, 1], [0, 1]] } }] })
  })

  it('edits a region by keyboard: its numbers in percent, and Delete with focus on the next one', async () => {
    const { definition } = renderFields(
      toForm({
        type: 'hotspot',
        regions: [
          { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.3, y: 0.3, r: 0.05 } },
          { name: 'Lyon', shape: { kind: 'rect', x: 0.1, y: 0.2, w: 0.3, h: 0.4 } },
          { name: 'Nice', shape: { kind: 'polygon', points: [[0.6, 0.7], [0.8, 0.7], [0.7, 0.9]] } },
        ],
      }),
      { media: servedImage, invalid: ['regions'] },
    )
    const user = userEvent.setup()
    const regions = screen.getByRole('group', { name: 'Regions' })
    expect(regions).toHaveAttribute('aria-describedby', 'q-regions-hint q-errors')
    const radius = within(regions).getByLabelText('Region 1: Radius (% of the width)')
    await user.clear(radius)
    await user.type(radius, '12.5')
    await user.click(screen.getByRole('button', { name: 'Delete region 2' }))
    expect(screen.getByLabelText('Name of region 2')).toHaveValue('Nice')
    expect(screen.getByLabelText('Name of region 2')).toHaveFocus()
    expect(definition()).toEqual({
      type: 'hotspot',
      regions: [
        { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.3, y: 0.3, r: 0.125 } },
        { name: 'Nice', right: false, shape: { kind: 'polygon', points: [[0.6, 0.7], [0.8, 0.7], [0.7, 0.9]] } },
      ],
    })
  })

  it('warns under a region whose name is in the question’s text, without stopping the save', async () => {
    const regions = [
      { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.3, y: 0.3, r: 0.05 } },
      { name: 'Lyon', shape: { kind: 'circle', x: 0.6, y: 0.6, r: 0.05 } },
    ] as const
    const { definition } = renderFields(toForm({ type: 'hotspot', regions: [...regions] }), { media: servedImage, questionText: 'Where is PARIS, the capital?' })
    const paris = screen.getByLabelText('Name of region 1')
    expect(paris).toHaveAccessibleDescription(warning(1))
    const warnings = screen.getAllByRole('status').filter((status) => status.textContent !== '')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toHaveTextContent(NAME_IN_QUESTION)
    const lyon = screen.getByLabelText('Name of region 2')
    expect(lyon).not.toHaveAttribute('aria-describedby')

    // Named by the question's words, the other region is warned of as it is typed.
    const user = userEvent.setup()
    await user.clear(lyon)
    await user.type(lyon, 'the Capital')
    expect(lyon).toHaveAccessibleDescription(warning(2))
    await user.type(lyon, 's')
    expect(lyon).not.toHaveAttribute('aria-describedby')
    expect(screen.getAllByText(NAME_IN_QUESTION)).toHaveLength(1)
    expect(questionProblem(1, { text: 'Where is PARIS, the capital?', explanation: '', form: toForm(definition() as never), media: servedImage })).toBeNull()
  })

  it('warns of nothing without a question text', () => {
    renderFields(toForm({ type: 'hotspot', regions: [{ name: 'Paris', shape: { kind: 'circle', x: 0.3, y: 0.3, r: 0.05 } }] }), { media: servedImage })
    expect(screen.queryByText(NAME_IN_QUESTION)).toBeNull()
  })

  it('makes a small shape of a click without a drag, and a circle round on a tall picture', () => {
    expect(dragShape('rect', [0.5, 0.5], [0.5, 0.5], 1)).toEqual({ kind: 'rect', x: 0.45, y: 0.45, w: 0.1, h: 0.1 })
    expect(dragShape('rect', [0.99, 0.99], [0.99, 0.99], 1)).toEqual({ kind: 'rect', x: 0.9, y: 0.9, w: 0.1, h: 0.1 })
    expect(dragShape('circle', [0.5, 0.5], [0.5, 0.5], 1)).toEqual({ kind: 'circle', x: 0.5, y: 0.5, r: 0.05 })
    // A tenth of the height down a picture twice as high as wide is a fifth of its width.
    expect(dragShape('circle', [0.5, 0.5], [0.5, 0.6], 2)).toEqual({ kind: 'circle', x: 0.5, y: 0.5, r: 0.2 })
  })
})
