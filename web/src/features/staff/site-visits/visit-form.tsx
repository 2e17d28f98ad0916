import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { MISSING_INFORMATION, localDate, missingFields, type SiteVisitDraft } from './site-visit-storage';

export const BLIND_TYPES = ['Roller', 'Venetian', 'Vertical', 'Honeycomb', 'Double roller (zebra)', 'Shutters', 'Outdoor'] as const;

export const emptyDraft = (): SiteVisitDraft => ({
  clientName: '',
  address: '',
  mobile: '',
  measurements: '',
  blindTypes: [],
  notes: '',
  visitDate: localDate(),
});

interface VisitFormProps {
  title: string;
  submitLabel: string;
  initial?: SiteVisitDraft;
  /** False when the draft was not stored (the form keeps it). */
  onSave: (draft: SiteVisitDraft) => boolean;
  onCancel?: () => void;
  /** Headings inside a card are one level lower than the page's form. */
  headingLevel?: 2 | 4;
}

/** Staff spec 2.11 and 5: the site-visit form, for a new visit and for editing one. */
export function VisitForm({ title, submitLabel, initial, onSave, onCancel, headingLevel = 2 }: VisitFormProps) {
  const [draft, setDraft] = useState<SiteVisitDraft>(() => initial ?? emptyDraft());
  const [invalid, setInvalid] = useState<string[]>([]);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  const field = (name: keyof Omit<SiteVisitDraft, 'blindTypes'>) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft((d) => ({ ...d, [name]: e.target.value })),
    'aria-invalid': invalid.includes(name) ? true : undefined,
  });

  function toggleType(type: string) {
    setDraft((d) => ({ ...d, blindTypes: d.blindTypes.includes(type) ? d.blindTypes.filter((t) => t !== type) : [...d.blindTypes, type] }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = missingFields(draft);
    setInvalid(missing);
    if (missing.length > 0) {
      toast({ ...MISSING_INFORMATION, variant: 'destructive' });
      document.getElementById(`${id}-${missing[0]}`)?.focus();
      return;
    }
    if (onSave(draft) && !initial) setDraft(emptyDraft());
  }

  // Types recorded before (or on another device) stay choosable even when not in today's list.
  const types = [...BLIND_TYPES, ...draft.blindTypes.filter((t) => !(BLIND_TYPES as readonly string[]).includes(t))];
  return (
    <form className="site-visits__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{title}</Heading>
      <div className="site-visits__grid">
        <label htmlFor={`${id}-clientName`}>
          Client name <abbr title="required">*</abbr>
        </label>
        <input {...field('clientName')} autoComplete="off" maxLength={120} />
        <label htmlFor={`${id}-address`}>
          Address <abbr title="required">*</abbr>
        </label>
        <input {...field('address')} autoComplete="off" maxLength={300} />
        <label htmlFor={`${id}-mobile`}>
          Mobile <abbr title="required">*</abbr>
        </label>
        <input {...field('mobile')} type="tel" autoComplete="off" maxLength={40} />
        <label htmlFor={`${id}-visitDate`}>Visit date</label>
        <input {...field('visitDate')} type="date" />
        <label htmlFor={`${id}-measurements`}>Measurements</label>
        <textarea {...field('measurements')} rows={3} maxLength={4000} placeholder="e.g. Lounge 1800 x 1500 mm, inside recess" />
      </div>
      <fieldset className="site-visits__types">
        <legend>Blind types</legend>
        {types.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={draft.blindTypes.includes(type)} onChange={() => toggleType(type)} /> {type}
          </label>
        ))}
      </fieldset>
      <div className="site-visits__grid">
        <label htmlFor={`${id}-notes`}>Notes</label>
        <textarea {...field('notes')} rows={3} maxLength={4000} />
      </div>
      <div className="site-visit__actions">
        <button type="submit" className="button button--accent">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost-dark" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
