// /samples (storefront spec 'Free samples'): the colours picked from any colour list (calculator,
// visualiser, catalogue) or added here, the delivery address and consent; no payment. The server
// makes the sample order and its lead and e-mails the confirmation; its limits' messages are shown
// as they come (up to 6 a request, one request per address and e-mail address a month, a daily cap).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MAX_SAMPLES, SA_PROVINCES, type SampleRequestResponse, type SaProvince } from '@shared/samples-api';
import { ContactInputs, missingInputs } from '../../components/contact-inputs';
import { PopiaConsent } from '../../components/popia-consent';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { useFocusWhenSet } from '../../lib/focus-when-set';
import { clearSamples, removeSample, useSampleBasket } from '../../lib/sample-basket';
import { SamplePicker } from './sample-picker';
import { messageOf, requestSamples } from './samples-client';
import '../../components/tracking.css';
import './samples.css';

const FIELDS = [
  { key: 'name', label: 'Your name', type: 'text', autoComplete: 'name', max: 60, required: true },
  { key: 'email', label: 'E-mail address', type: 'email', autoComplete: 'email', max: 254, required: true },
  { key: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', max: 40, required: true },
  { key: 'street', label: 'Street address', type: 'text', autoComplete: 'address-line1', max: 160, required: true },
  { key: 'suburb', label: 'Suburb', type: 'text', autoComplete: 'address-line2', max: 80, required: false },
  { key: 'town', label: 'Town or city', type: 'text', autoComplete: 'address-level2', max: 80, required: true },
  { key: 'postalCode', label: 'Postal code', type: 'text', autoComplete: 'postal-code', max: 4, required: true, inputMode: 'numeric' },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'];
const EMPTY_FIELDS: Record<FieldKey, string> = { name: '', email: '', phone: '', street: '', suburb: '', town: '', postalCode: '' };

export function SamplesPage() {
  const [params] = useSearchParams();
  const basket = useSampleBasket();
  const [fields, setFields] = useState(EMPTY_FIELDS);
  const [province, setProvince] = useState<SaProvince | ''>('');
  const [consent, setConsent] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [done, setDone] = useState<SampleRequestResponse | null>(null);
  const errorRef = useFocusWhenSet<HTMLParagraphElement>(error);
  const doneRef = useFocusWhenSet<HTMLHeadingElement>(done);
  const id = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (basket.length === 0) return setError('Add at least one colour to your samples first.');
    const missing = missingInputs(FIELDS, fields);
    if (!province) missing.push('province');
    if (missing.length || !province) return setError(`Please fill in ${missing.join(', ')}.`);
    if (!/^\d{4}$/.test(fields.postalCode.trim())) return setError('The postal code is 4 digits.');
    if (!consent) return setError('Please tick the box to agree that we may contact you about your samples.');
    setPending(true);
    setError(null);
    try {
      const answer = await requestSamples({
        swatches: basket.map((s) => ({ productId: s.productId, colour: s.colour })),
        name: fields.name,
        email: fields.email,
        phone: fields.phone,
        address: { street: fields.street, suburb: fields.suburb, town: fields.town, postalCode: fields.postalCode.trim(), province },
        popiaConsent: true,
      });
      clearSamples();
      setDone(answer);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <SamplesShell>
        <section className="tracking-card" aria-labelledby={`${id}-done`}>
          <h2 id={`${id}-done`} ref={doneRef} tabIndex={-1}>
            Your free samples are on their way
          </h2>
          <p role="status" data-testid="samples-done">
            {done.message}
          </p>
          <ul className="samples-list">
            {done.swatches.map((s) => (
              <li key={`${s.productId}:${s.colour}`}>
                {s.productName}: <strong>{s.colour}</strong>
              </li>
            ))}
          </ul>
          <p>We have e-mailed you the confirmation, and e-mail the courier&apos;s tracking number once they are posted.</p>
          <div className="button-row">
            <Link className="button button--accent" to={`/track?order=${encodeURIComponent(done.reference)}`}>
              Track your samples
            </Link>
            <Link className="button button--ghost-dark" to="/quote-calculator">
              Price your blinds
            </Link>
          </div>
        </section>
      </SamplesShell>
    );
  }

  return (
    <SamplesShell>
      <section className="tracking-card" aria-labelledby={`${id}-chosen`}>
        <h2 id={`${id}-chosen`}>
          Your colours ({basket.length} of {MAX_SAMPLES})
        </h2>
        {basket.length === 0 ? (
          <p className="samples-muted" data-testid="samples-empty">
            No colours yet. Add them below, or with &lsquo;Add a free sample&rsquo; beside the colours in the{' '}
            <Link to="/quote-calculator">quote calculator</Link> or the <Link to="/ar-measurement">visualiser</Link>.
          </p>
        ) : (
          <ul className="samples-list" data-testid="samples-chosen">
            {basket.map((s) => (
              <li key={`${s.productId}:${s.colour}`}>
                <span>
                  {s.productName}: <strong>{s.colour}</strong>
                </span>
                <button
                  type="button"
                  className="button button--small button--ghost-dark"
                  onClick={() => {
                    removeSample(s);
                    setSaid(`${s.productName} ${s.colour} removed.`);
                  }}
                >
                  Remove<span className="visually-hidden"> {`${s.productName} ${s.colour}`}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <SamplePicker initialProduct={params.get('product')} onSaid={setSaid} />
        <p className="visually-hidden" role="status">
          {said}
        </p>
      </section>

      <form className="tracking-card" onSubmit={onSubmit} noValidate aria-label="Where to post your samples">
        <h2>Where to post them</h2>
        <ContactInputs
          idPrefix={id}
          inputs={FIELDS}
          values={fields}
          onChange={(key, value) => setFields((v) => ({ ...v, [key]: value }))}
        />
        <div className="field">
          <label htmlFor={`${id}-province`}>
            Province <span aria-hidden="true">*</span>
          </label>
          <select
            id={`${id}-province`}
            name="province"
            required
            aria-required="true"
            value={province}
            onChange={(e) => setProvince(e.target.value as SaProvince | '')}
          >
            <option value="">Choose your province</option>
            {SA_PROVINCES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <PopiaConsent id={`${id}-consent`} className="contact-consent" checked={consent} onChange={setConsent} />
        {error && (
          <p className="samples-error" role="alert" tabIndex={-1} ref={errorRef}>
            {error}
          </p>
        )}
        <button type="submit" className="button button--accent" disabled={pending}>
          {pending ? 'Sending...' : `Ask for ${basket.length === 1 ? 'my free sample' : 'my free samples'}`}
        </button>
      </form>
    </SamplesShell>
  );
}

function SamplesShell({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <SiteHeader />
      <main className="tracking-page samples-page" id="main">
        <header>
          <p className="eyebrow">Free, posted to you</p>
          <h1>Free Colour Samples</h1>
          <p className="lead">
            See and feel up to {MAX_SAMPLES} colours in your own light before you order. The samples are free and there is nothing to pay.
          </p>
        </header>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
