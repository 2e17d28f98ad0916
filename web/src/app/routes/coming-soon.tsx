import { Link } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { telLink, usePublicConfig, whatsappLink } from '../../lib/public-config';
import type { PlannedRoute } from '../route-table';

/** An honest placeholder for a screen that is not built yet: it says so and offers real help. */
export function ComingSoonPage({ route }: { route: PlannedRoute }) {
  const config = usePublicConfig();
  return (
    <div className="page">
      <SiteHeader />
      <main className="coming-soon" id="main">
        <p className="eyebrow">Coming soon</p>
        <h1>{route.title}</h1>
        <p className="lead">{route.summary}</p>
        <p>This part of the shop is still being built. In the meantime our team is happy to help you directly.</p>
        <div className="button-row">
          {config.phone.national && <a className="button" href={telLink(config.phone.national)}>Call us</a>}
          {config.whatsapp.national && (
            <a className="button button--whatsapp" href={whatsappLink(config.whatsapp.national, config.whatsappGreeting.national)} target="_blank" rel="noopener noreferrer">
              WhatsApp us
            </a>
          )}
          <Link className="button button--ghost-dark" to="/">Back to home</Link>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
