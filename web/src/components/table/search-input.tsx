/** A labelled search box for lists and tables. */
import './table.css'

type SearchInputProps = {
  id: string
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
}

export function SearchInput({ id, label, placeholder, value, onChange }: SearchInputProps) {
  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        id={id}
        type="search"
        className="field-input search-input"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
