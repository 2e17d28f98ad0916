import { useId, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { contactErrors, trimContact, type ContactErrors, type QuoteCustomerInfo } from './stored-quote-model';

/** The draft and errors of a contact form; submit hands on the trimmed details once name and e-mail are valid. */
export function useContactDraft(initial: QuoteCustomerInfo, onValid: (info: QuoteCustomerInfo) => void) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ContactErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = contactErrors(draft);
    setErrors(found);
    if (found.name || found.email) return;
    onValid(trimContact(draft));
  };

  /** Starts again from the given details, without errors. */
  const reset = (info: QuoteCustomerInfo) => {
    setDraft(info);
    setErrors({});
  };

  return { draft, setDraft, errors, submit, reset };
}

export interface ContactFieldsProps {
  value: QuoteCustomerInfo;
  errors: ContactErrors;
  onChange: (value: QuoteCustomerInfo) => void;
  /** The first field, for moving the focus into the form. */
  nameRef?: RefObject<HTMLInputElement | null>;
}

/** Staff spec 2.1: Full Name*, Email Address*, Phone Number, Location/City. */
export function ContactFields({ value, errors, onChange, nameRef }: ContactFieldsProps) {
  const id = useId();
  const set = (field: keyof QuoteCustomerInfo) => (e: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [field]: e.target.value });
  return (
    <>
      <div className="orders-form__pair">
        <div className="orders-field">
          <label htmlFor={`${id}-name`}>
            Full Name <abbr title="required">*</abbr>
          </label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            value={value.name}
            onChange={set('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          {errors.name && (
            <span id={`${id}-name-error`} className="orders-field__error">
              {errors.name}
            </span>
          )}
        </div>
        <div className="orders-field">
          <label htmlFor={`${id}-email`}>
            Email Address <abbr title="required">*</abbr>
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.co.za"
            required
            value={value.email}
            onChange={set('email')}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
          />
          {errors.email && (
            <span id={`${id}-email-error`} className="orders-field__error">
              {errors.email}
            </span>
          )}
        </div>
      </div>
      <div className="orders-form__pair">
        <div className="orders-field">
          <label htmlFor={`${id}-phone`}>Phone Number</label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="082 123 4567"
            value={value.phone}
            onChange={set('phone')}
          />
        </div>
        <div className="orders-field">
          <label htmlFor={`${id}-location`}>Location/City</label>
          <input
            id={`${id}-location`}
            name="location"
            autoComplete="address-level2"
            placeholder="e.g. George"
            value={value.location}
            onChange={set('location')}
          />
        </div>
      </div>
    </>
  );
}
