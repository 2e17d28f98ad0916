import { Link } from 'react-router';
import { headerContacts } from '@shared/landing-first-screen';
import { usePublicConfig } from '../lib/public-config';

export function SiteHeader() {
  const config = usePublicConfig();
  // The Worker sends this header in the landing page's HTML too (worker/services/first-screen.ts).
  const { call, whatsapp } = headerContacts(config);
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={`${config.businessName} home`}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{config.businessName}</span>
      </Link>
      <nav className="site-header__actions" aria-label="Contact us">
        {call && (
          <a className="button button--ghost" href={call.href}>
            <span aria-hidden="true">☎</span> Call <span className="hide-small">{call.number}</span>
          </a>
        )}
        {whatsapp && (
          <a className="button button--whatsapp" href={whatsapp.href} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        )}
      </nav>
    </header>
  );
}
