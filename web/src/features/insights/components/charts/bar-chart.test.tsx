import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BarChart, type BarItem } from './bar-chart'

const items: BarItem[] = [
  { key: 'A', label: 'A. Venus', value: 3, valueText: '3', note: '(most chosen)', tone: 'warn' },
  { key: 'B', label: 'B. Jupiter', value: 0, valueText: '0' },
  { key: 'C', label: 'C. Mars', value: 1, valueText: '1', note: '(key)', icon: '✓', tone: 'key' },
  { key: 'D', label: 'D. A very long option text that cannot fit beside its bar', value: 2, valueText: '2' },
]

function renderChart() {
  return render(<BarChart title="How many chose each option" items={items} labelHeader="Option" valueHeader="Chosen by" />)
}

const widths = (container: HTMLElement) => Array.from(container.querySelectorAll('.chart-bar')).map((bar) => Number(bar.getAttribute('width')))

describe('BarChart', () => {
  it('draws a bar per item, as long as its share of the largest', () => {
    const { container } = renderChart()
    const [a, b, c, d] = widths(container)
    expect(a).toBe(210)
    expect(b).toBe(0)
    expect(c).toBe(70)
    expect(d).toBe(140)
    expect(container.querySelectorAll('.chart-row')).toHaveLength(4)
  })

  it('scales to a given full bar', () => {
    const { container } = render(
      <BarChart title="Accuracy" items={[{ key: 's', label: 'Science', value: 70, valueText: '70%' }]} max={100} labelHeader="Category" valueHeader="Accuracy" />,
    )
    expect(widths(container)).toEqual([147])
  })

  it('is an image named by every value, the key and the most chosen option in words', () => {
    renderChart()
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'How many chose each option: A. Venus (most chosen) 3, B. Jupiter 0, C. Mars (key) 1, D. A very long option text that cannot fit beside its bar 2',
    )
  })

  it('writes the notes and icons beside the labels, and cuts long labels', () => {
    const { container } = renderChart()
    const labels = Array.from(container.querySelectorAll('.chart-label')).map((label) => label.textContent)
    expect(labels[0]).toBe('A. Venus (most chosen)')
    expect(labels[2]).toBe('✓ C. Mars (key)')
    expect(labels[3]).toMatch(/^D\. A very long option text.*…$/)
    expect(labels[3]!.length).toBeLessThanOrEqual(28)
    expect(container.querySelector('.chart-row.tone-key')).toHaveTextContent('C. Mars')
  })

  it('holds the same figures in a table, hidden until "Show as table"', async () => {
    renderChart()
    const table = screen.getByRole('table', { name: 'How many chose each option' })
    expect(table.parentElement).toHaveClass('visually-hidden')
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children).map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Option', 'Chosen by'],
      ['A. Venus (most chosen)', '3'],
      ['B. Jupiter', '0'],
      ['C. Mars (key)', '1'],
      ['D. A very long option text that cannot fit beside its bar', '2'],
    ])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show as table: How many chose each option' }))
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.getByRole('table').parentElement).not.toHaveClass('visually-hidden')
    await userEvent.setup().click(screen.getByRole('button', { name: /^Show as chart/ }))
    expect(screen.getByRole('img')).toBeInTheDocument()
  })
})
