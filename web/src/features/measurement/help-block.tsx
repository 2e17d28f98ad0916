import { Suspense } from 'react';
import { telLink, usePublicConfig, whatsappLink } from '../../lib/public-config';

function HelpButtons() {
  const config = usePublicConfig();
  return (
    <div className="button-row">
      {config.phone.national && (
        <a className="button" href={telLink(config.phone.national)}>
          Call {config.phone.national}
        </a>
      )}
      {config.email && (
        <a className="button button--ghost-dark" href={`mailto:${config.email}?subject=${encodeURIComponent('Help measuring my windows')}`}>
          E-mail {config.email}
        </a>
      )}
      {config.whatsapp.national && (
        <a
          className="button button--whatsapp"
          href={whatsappLink(config.whatsapp.national, config.whatsappGreeting.national)}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp us
        </a>
      )}
    </div>
  );
}

/** Call, e-mail and WhatsApp support (the buttons appear once /api/config answers). */
export function HelpBlock() {
  return (
    <section className="measure-card measure-help" aria-labelledby="measure-help-title">
      <h2 id="measure-help-title">Need help measuring?</h2>
      <p>Our team can talk you through it, check a photo for you, or book a site visit on the Garden Route.</p>
      <Suspense fallback={<p className="muted">Loading contact options…</p>}>
        <HelpButtons />
      </Suspense>
    </section>
  );
}
