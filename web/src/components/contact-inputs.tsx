// The contact and address inputs of the customer forms that post or visit (/samples,
// /book-site-visit): one labelled input each, required ones starred, and the look of their POPIA
// consent box (contact-inputs.css, class contact-consent).
import './contact-inputs.css';

export interface ContactInput<K extends string> {
  key: K;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  max: number;
  /** Required unless false; an optional one says '(optional)'. */
  required?: boolean;
  inputMode?: 'numeric';
}

interface Props<K extends string> {
  /** Each input's id is `${idPrefix}-${key}`. */
  idPrefix: string;
  inputs: readonly ContactInput<K>[];
  values: Record<K, string>;
  onChange: (key: K, value: string) => void;
}

/** The labels (lower case) of the required inputs left empty, for 'Please fill in ...'. */
export function missingInputs<K extends string>(inputs: readonly ContactInput<K>[], values: Record<K, string>): string[] {
  return inputs.filter((f) => (f.required ?? true) && !values[f.key].trim()).map((f) => f.label.toLowerCase());
}

export function ContactInputs<K extends string>({ idPrefix, inputs, values, onChange }: Props<K>) {
  return inputs.map((f) => {
    const required = f.required ?? true;
    return (
      <div className="field" key={f.key}>
        <label htmlFor={`${idPrefix}-${f.key}`}>
          {f.label} {required ? <span aria-hidden="true">*</span> : <span className="muted">(optional)</span>}
        </label>
        <input
          id={`${idPrefix}-${f.key}`}
          name={f.key}
          type={f.type}
          autoComplete={f.autoComplete}
          maxLength={f.max}
          inputMode={f.inputMode}
          required={required}
          aria-required={required}
          value={values[f.key]}
          onChange={(e) => onChange(f.key, e.target.value)}
        />
      </div>
    );
  });
}
