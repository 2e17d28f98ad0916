import type { ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

interface SelectFieldProps<V extends string> {
  label: ReactNode;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}

/** A labelled native select: keyboard and screen-reader behaviour come from the platform. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  className = 'ar-field',
  children,
}: SelectFieldProps<V>) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as V)} disabled={disabled}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {children}
    </label>
  );
}
