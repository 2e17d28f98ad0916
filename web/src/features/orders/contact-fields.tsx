import { useId, type ChangeEvent, type RefObject } from 'react';
import type { ContactErrors, QuoteCustomerInfo } from './orders-model';

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
          <input id={`${id}-phone`} name="phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="082 123 4567" value={value.phone} onChange={set('phone')} />
        </div>
        <div className="orders-field">
          <label htmlFor={`${id}-location`}>Location/City</label>
          <input id={`${id}-location`} name="location" autoComplete="address-level2" placeholder="e.g. George" value={value.location} onChange={set('location')} />
        </div>
      </div>
    </>
  );
}
