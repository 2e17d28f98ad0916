import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { PopiaConsent } from './popia-consent';
import { apiRequest } from '../lib/api-client';
import './lead-form.css';

export type LeadFormSource = 'ar_visualizer' | 'room_walkthrough' | 'shutter_visualization' | 'other';

export interface LeadSessionData {
  blindType?: string;
  colour?: string;
  openingType?: string;
  mountType?: string;
  dimensions?: unknown;
  /** Set by a form that offers a site visit: whether the customer asked for one. */
  siteVisitRequested?: boolean;
}

export interface LeadFormProps {
  source: LeadFormSource;
  productInterest: string;
  sessionData: LeadSessionData;
  /** Called after the lead is stored (or bypassed), with the server's id (null on bypass). */
  onSubmitted?: (result: { leadId: string | null; bypass: boolean }) => void;
  /**
   * Offer a Garden Route site visit, ticked to begin with (the landing page's 'Site Visits'). A
   * ticked visit is the lead's product interest, so the business's notice and /leads say so.
   */
  offerSiteVisit?: boolean;
}

/** The product interest of a lead that asks for a site visit. */
export const SITE_VISIT_INTEREST = 'Garden Route site visit (measure and quote)';

interface LeadFields {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  location: string;
  notes: string;
}

const EMPTY: LeadFields = { name: '', email: '', phone: '', whatsapp: '', location: '', notes: '' };

export const LEAD_FAILURE_MESSAGE = 'Failed to submit your details. Please try again or contact us directly.';

/** A name of 'blinds' (any case) skips the server call: the demo bypass. */
export function isLeadBypassName(name: string): boolean {
  return name.trim().toLowerCase() === 'blinds';
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** The body of POST /api/leads/capture; empty optional fields are sent as null. */
export function buildLeadBody(fields: LeadFields, source: LeadFormSource, productInterest: string, sessionData: LeadSessionData) {
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    phone: orNull(fields.phone),
    whatsapp: orNull(fields.whatsapp),
    location: orNull(fields.location),
    source,
    productInterest,
    sessionData: sessionData as Record<string, unknown>,
    notes: orNull(fields.notes),
    popiaConsent: true as const,
  };
}

export function LeadForm({ source, productInterest, sessionData, onSubmitted, offerSiteVisit = false }: LeadFormProps) {
  const [fields, setFields] = useState<LeadFields>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [siteVisit, setSiteVisit] = useState(offerSiteVisit);
  const interest = siteVisit ? SITE_VISIT_INTEREST : productInterest;
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const id = useId();
  const headingId = `${id}-heading`;

  const update = (field: keyof LeadFields) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  const bypass = isLeadBypassName(fields.name);
  const canSubmit = !pending && (bypass || (fields.name.trim() !== '' && fields.email.trim() !== '' && consent));
  const submitLabel = source === 'room_walkthrough' ? 'Start Room Consultation' : 'Get My Quote';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit) return;
    setFailed(false);
    if (bypass) {
      setDone(true);
      onSubmitted?.({ leadId: null, bypass: true });
      return;
    }
    setPending(true);
    try {
      const result = await apiRequest<{ success: boolean; leadId?: string }>(
        'POST',
        '/api/leads/capture',
        buildLeadBody(fields, source, interest, offerSiteVisit ? { ...sessionData, siteVisitRequested: siteVisit } : sessionData),
      );
      if (!result?.success) throw new Error('Lead not stored');
      setDone(true);
      onSubmitted?.({ leadId: result.leadId ?? null, bypass: false });
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <section className="lead-form lead-form--done" aria-labelledby={headingId} role="status">
        <div className="lead-form__tick" aria-hidden="true">
          ✓
        </div>
        <h2 id={headingId}>Thank You!</h2>
        {siteVisit ? (
          <p>
            We have received your request for a <strong>site visit</strong>. Our Garden Route team will contact you within 24 hours to
            arrange a time.
          </p>
        ) : (
          <p>
            We have received your details for <strong>{productInterest}</strong>. One of our consultants will contact you within 24 hours
            with your quote.
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="lead-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{offerSiteVisit ? 'Ask for a site visit' : 'Get your free quote'}</h2>
      <p className="lead-form__interest">
        Product interest: <strong>{interest}</strong>
      </p>
      <form onSubmit={submit} noValidate>
        <div className="lead-form__grid">
          <label className="lead-form__field" htmlFor={`${id}-name`}>
            <span>
              Name <abbr title="required">*</abbr>
            </span>
          </label>
          <input id={`${id}-name`} name="name" autoComplete="name" required value={fields.name} onChange={update('name')} />
          <label className="lead-form__field" htmlFor={`${id}-email`}>
            <span>
              Email <abbr title="required">*</abbr>
            </span>
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            placeholder="you@example.co.za"
            value={fields.email}
            onChange={update('email')}
          />
          <label className="lead-form__field" htmlFor={`${id}-phone`}>
            <span>Phone</span>
          </label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={fields.phone}
            onChange={update('phone')}
          />
          <label className="lead-form__field" htmlFor={`${id}-whatsapp`}>
            <span>
              WhatsApp <small>(preferred)</small>
            </span>
          </label>
          <input
            id={`${id}-whatsapp`}
            name="whatsapp"
            type="tel"
            inputMode="tel"
            placeholder="082 123 4567"
            value={fields.whatsapp}
            onChange={update('whatsapp')}
          />
          <label className="lead-form__field" htmlFor={`${id}-location`}>
            <span>Location / Area</span>
          </label>
          <input
            id={`${id}-location`}
            name="location"
            autoComplete="address-level2"
            placeholder="e.g. Durbanville, Cape Town"
            value={fields.location}
            onChange={update('location')}
          />
          <label className="lead-form__field" htmlFor={`${id}-notes`}>
            <span>Additional Requirements</span>
          </label>
          <textarea id={`${id}-notes`} name="notes" rows={3} value={fields.notes} onChange={update('notes')} />
        </div>
        {offerSiteVisit && (
          <div className="lead-form__consent">
            <input
              id={`${id}-visit`}
              name="siteVisit"
              type="checkbox"
              checked={siteVisit}
              onChange={(e) => setSiteVisit(e.target.checked)}
            />
            <label htmlFor={`${id}-visit`}>
              Book a free site visit: we come to you on the Garden Route, measure every window and quote.
            </label>
          </div>
        )}
        <PopiaConsent id={`${id}-consent`} className="lead-form__consent" checked={consent} onChange={setConsent} />
        {failed && (
          <p className="lead-form__error" role="alert">
            {LEAD_FAILURE_MESSAGE}
          </p>
        )}
        <button type="submit" className="button lead-form__submit" disabled={!canSubmit} aria-busy={pending}>
          {pending ? 'Submitting...' : submitLabel}
        </button>
      </form>
    </section>
  );
}
