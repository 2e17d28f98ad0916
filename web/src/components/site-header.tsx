import { Link } from 'react-router';
import { telLink, usePublicConfig, whatsappLink } from '../lib/public-config';

export function SiteHeader() {
  const config = usePublicConfig();
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={`${config.businessName} home`}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{config.businessName}</span>
      </Link>
      <nav className="site-header__actions" aria-label="Contact us">
        {config.phone.national && (
          <a className="button button--ghost" href={telLink(config.phone.national)}>
            <span aria-hidden="true">☎</span> Call <span className="hide-small">{config.phone.national}</span>
          </a>
        )}
        {config.whatsapp.national && (
          <a className="button button--whatsapp" href={whatsappLink(config.whatsapp.national, config.whatsappGreeting.national)} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        )}
      </nav>
    </header>
  );
}
