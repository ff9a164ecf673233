/**
 * The fields of the questions about items (issue 29): an ordering (items in their right order,
 * moved with Move up / Move down), a matching (pairs, and wrong matches offered too) and a
 * categorize (groups, and each item with its group chosen from a select). An ordering's items, a
 * matching's items (the left of each pair) and a categorize's items may each have a picture
 * (issue 30), which stays with its row as rows are added, removed or moved.
 */
import { CheckField, type FieldsProps } from './field-parts'
import { PictureField } from './picture-field'
import { pairRow, textRow, type ItemRow, type PairRow, type TextRow } from './question-form'
import { RowList, TextRowInput } from './row-list'

type RowPictureProps = Pick<FieldsProps<'ordering'>, 'disabled' | 'invalid' | 'errorId' | 'onPicture'> & {
  row: TextRow | PairRow
  index: number
  rowId: string
}

/** The picture of the item of row `index` (counted from 1 in the names and in a save's messages). */
function RowPicture({ row, index, rowId, disabled, invalid, errorId, onPicture }: RowPictureProps) {
  return (
    <PictureField
      picture={row.picture ?? null}
      onChange={(picture) => onPicture(row.key, picture)}
      id={rowId}
      of={`item ${index + 1}`}
      disabled={disabled}
      invalid={(field) => invalid(`picture ${index + 1}: ${field}`)}
      errorId={errorId}
    />
  )
}

export function OrderingFields({ form, onChange, id, disabled, invalid, errorId, onPicture }: FieldsProps<'ordering'>) {
  const pictures = { disabled, invalid, errorId, onPicture }
  return (
    <>
      <RowList
        id={`${id}-items`}
        legend="Items in the right order"
        noun="item"
        hint="First at the top; players see them shuffled."
        rows={form.items}
        least={3}
        most={8}
        make={textRow}
        movable
        onChange={(items) => onChange({ ...form, items })}
        disabled={disabled}
        describedBy={invalid('items') || invalid('pictures') ? errorId : undefined}
      >
        {(row, index, update, rowId) => (
          <>
            <TextRowInput rowId={rowId} label={`Item ${index + 1}`} value={row.text} disabled={disabled} onChange={(text) => update({ ...row, text })} />
            <RowPicture row={row} index={index} rowId={rowId} {...pictures} />
          </>
        )}
      </RowList>
      <CheckField
        id={`${id}-partial`}
        label="Part marks for each item in its right place"
        checked={form.partial}
        disabled={disabled}
        onChange={(partial) => onChange({ ...form, partial })}
      />
    </>
  )
}

export function MatchingFields({ form, onChange, id, disabled, invalid, errorId, onPicture }: FieldsProps<'matching'>) {
  const pictures = { disabled, invalid, errorId, onPicture }
  return (
    <>
      <RowList
        id={`${id}-pairs`}
        legend="Pairs"
        noun="pair"
        hint="Each item with its match; players see the matches shuffled."
        rows={form.pairs}
        least={2}
        most={8}
        make={() => pairRow()}
        onChange={(pairs) => onChange({ ...form, pairs })}
        disabled={disabled}
        describedBy={invalid('pairs') || invalid('pictures') ? errorId : undefined}
      >
        {(pair, index, update, rowId) => (
          <>
            <TextRowInput rowId={rowId} label={`Item ${index + 1}`} value={pair.left} disabled={disabled} onChange={(left) => update({ ...pair, left })} />
            <div className="field">
              <label className="field-label" htmlFor={`${rowId}-match`}>
                Match for item {index + 1}
              </label>
              <input
                id={`${rowId}-match`}
                className="field-input"
                value={pair.right}
                maxLength={300}
                disabled={disabled}
                onChange={(event) => update({ ...pair, right: event.target.value })}
              />
            </div>
            <RowPicture row={pair} index={index} rowId={rowId} {...pictures} />
          </>
        )}
      </RowList>
      <RowList
        id={`${id}-distractors`}
        legend="Wrong matches"
        noun="wrong match"
        plural="wrong matches"
        hint="Offered with the matches; they belong to no item."
        rows={form.distractors}
        least={0}
        most={4}
        make={textRow}
        onChange={(distractors) => onChange({ ...form, distractors })}
        disabled={disabled}
        describedBy={invalid('distractors') ? errorId : undefined}
      >
        {(row, index, update, rowId) => (
          <TextRowInput rowId={rowId} label={`Wrong match ${index + 1}`} value={row.text} disabled={disabled} onChange={(text) => update({ ...row, text })} />
        )}
      </RowList>
    </>
  )
}

export function CategorizeFields({ form, onChange, id, disabled, invalid, errorId, onPicture }: FieldsProps<'categorize'>) {
  const pictures = { disabled, invalid, errorId, onPicture }
  const { groups } = form
  const newItem = (): ItemRow => ({ ...textRow(), group: groups[0]?.key ?? '' })
  return (
    <>
      <RowList
        id={`${id}-groups`}
        legend="Groups"
        noun="group"
        rows={groups}
        least={2}
        most={4}
        make={textRow}
        onChange={(next) =>
          onChange({ ...form, groups: next, items: form.items.map((item) => (next.some((group) => group.key === item.group) ? item : { ...item, group: '' })) })
        }
        disabled={disabled}
        describedBy={invalid('groups') ? errorId : undefined}
      >
        {(row, index, update, rowId) => (
          <TextRowInput rowId={rowId} label={`Group ${index + 1}`} value={row.text} disabled={disabled} onChange={(text) => update({ ...row, text })} />
        )}
      </RowList>
      <RowList
        id={`${id}-items`}
        legend="Items"
        noun="item"
        hint="Each in the group it belongs to."
        rows={form.items}
        least={1}
        most={20}
        make={newItem}
        onChange={(items) => onChange({ ...form, items })}
        disabled={disabled}
        describedBy={invalid('items') || invalid('pictures') ? errorId : undefined}
      >
        {(item, index, update, rowId) => (
          <>
            <TextRowInput rowId={rowId} label={`Item ${index + 1}`} value={item.text} disabled={disabled} onChange={(text) => update({ ...item, text })} />
            <div className="field">
              <label className="field-label" htmlFor={`${rowId}-group`}>
                Group of item {index + 1}
              </label>
              <select
                id={`${rowId}-group`}
                className="field-input"
                value={item.group}
                disabled={disabled}
                onChange={(event) => update({ ...item, group: event.target.value })}
              >
                <option value="">Choose a group</option>
                {groups.map((group, g) => (
                  <option key={group.key} value={group.key}>
                    {group.text.trim() || `Group ${g + 1}`}
                  </option>
                ))}
              </select>
            </div>
            <RowPicture row={item} index={index} rowId={rowId} {...pictures} />
          </>
        )}
      </RowList>
    </>
  )
}
