'use client';

/**
 * The form's two kinds of field, each a label around its control so the label is the control's
 * accessible name: a choice among labelled options, and a typed value (a whole number, a decimal
 * or one value a line).
 */
export function ChoiceField<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TypedField({ label, shape, value, onChange }: { label: string; shape: 'whole' | 'decimal' | 'lines' | 'text'; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      {shape === 'lines' ? (
        <textarea rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : shape === 'text' ? (
        <input required maxLength={100} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input inputMode={shape === 'whole' ? 'numeric' : 'decimal'} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </label>
  );
}
