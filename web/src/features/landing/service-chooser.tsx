import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { payPhrase, telLink, usePublicConfig, whatsappLink } from '../../lib/public-config';
import type { LaunchFeature } from './quick-details-dialog';
import { PRODUCTION_SHORT } from '@shared/shop-policies';

export type ServicePath = 'none' | 'online' | 'garden-route';

interface Props {
  path: ServicePath;
  onChoose: (path: ServicePath) => void;
  onLaunch: (feature: LaunchFeature) => void;
}

// Loaded when a customer asks for a site visit, so the landing page's first load does not pay for it.
const LeadForm = lazy(async () => ({ default: (await import('../../components/lead-form')).LeadForm }));

/** 'Choose Your Service': choosing a path highlights its card and shows its extra panel. */
export function ServiceChooser({ path, onChoose, onLaunch }: Props) {
  const config = usePublicConfig();
  // 'Site Visits' asks for a visit (the lead form with the visit ticked); the staff workspace at
  // /site-visits, behind its access phrase, is for our consultants.
  const [visitRequests, setVisitRequests] = useState(0);
  const requestVisit = () => {
    onChoose('garden-route');
    setVisitRequests((n) => n + 1);
  };
  return (
    <section className="services" id="services" aria-labelledby="services-title">
      <h2 id="services-title">Choose Your Service</h2>
      <p className="section-lead">Do it yourself online from anywhere in South Africa, or let us come to you on the Garden Route.</p>
      <div className="services__grid">
        <ServiceCard
          selected={path === 'online'}
          onChoose={() => onChoose('online')}
          kicker="National"
          title="Online Tools"
          description={`Measure, visualise and price your blinds yourself, then order and ${payPhrase(config.payment)}. Delivered by courier.`}
        >
          <button type="button" className="button" onClick={() => onLaunch('visualizer')}>
            AR Visualiser
          </button>
          <Link className="button button--ghost-dark" to="/measurement">
            Measure Windows
          </Link>
          <Link className="button button--ghost-dark" to="/quote-calculator">
            Get a Quote
          </Link>
        </ServiceCard>
        <ServiceCard
          selected={path === 'garden-route'}
          onChoose={() => onChoose('garden-route')}
          kicker="Mossel Bay to Plettenberg Bay"
          title="Garden Route Service"
          description="We visit, measure, advise on site and install. Free site visits across the Garden Route."
        >
          {config.email && (
            <a
              className="button button--ghost-dark"
              href={`mailto:${config.email}?subject=${encodeURIComponent('Garden Route site visit')}`}
            >
              Contact
            </a>
          )}
          {config.phone.gardenRoute && (
            <a className="button button--ghost-dark" href={telLink(config.phone.gardenRoute)}>
              Call
            </a>
          )}
          {config.whatsapp.gardenRoute && (
            <a
              className="button button--whatsapp"
              href={whatsappLink(config.whatsapp.gardenRoute, config.whatsappGreeting.gardenRoute)}
              target="_blank"
              rel="noopener noreferrer"
            >
              WhatsApp
            </a>
          )}
          <Link className="button button--accent" to="/book-site-visit">
            Book a Visit
          </Link>
          <button type="button" className="button" onClick={requestVisit}>
            Site Visits
          </button>
        </ServiceCard>
      </div>
      {path === 'online' && (
        <div className="service-panel" role="region" aria-labelledby="online-panel-title">
          <h3 id="online-panel-title">How online ordering works</h3>
          <ol>
            <li>Measure each window (camera, photo or tape measure).</li>
            <li>See the blind on a photo of your window in the AR Visualiser.</li>
            <li>Price every blind by width and drop; prices include 15% VAT.</li>
            <li>
              Order and {payPhrase(config.payment)}. {PRODUCTION_SHORT}, then courier delivery.
            </li>
          </ol>
          <button type="button" className="button button--ghost-dark" onClick={() => onLaunch('walkthrough')}>
            Room Walk-Through
          </button>
        </div>
      )}
      {path === 'garden-route' && (
        <div className="service-panel" role="region" aria-labelledby="garden-panel-title">
          <h3 id="garden-panel-title">Our Garden Route team</h3>
          <p>
            Mossel Bay, George, Wilderness, Sedgefield, Knysna and Plettenberg Bay. We measure every window, quote on the spot and install.{' '}
            <Link to="/book-site-visit">Book a visit online</Link> at an open time, call or WhatsApp us, or ask for one below; we reply
            within 24 hours. To see colours first, <Link to="/samples">ask for free samples</Link>.
          </p>
          {visitRequests > 0 && <SiteVisitRequest scrollKey={visitRequests} />}
        </div>
      )}
    </section>
  );
}

interface ServiceCardProps {
  selected: boolean;
  onChoose: () => void;
  kicker: string;
  title: string;
  description: string;
  /** The card's action buttons. */
  children: ReactNode;
}

/** A service path: the card itself chooses the path (highlighted when chosen); its buttons act at once. */
function ServiceCard({ selected, onChoose, kicker, title, description, children }: ServiceCardProps) {
  return (
    <article className={`service-card ${selected ? 'service-card--selected' : ''}`} aria-current={selected ? 'true' : undefined}>
      <button type="button" className="service-card__choose" onClick={onChoose} aria-pressed={selected}>
        <span className="service-card__kicker">{kicker}</span>
        <h3>{title}</h3>
        <p>{description}</p>
      </button>
      <div className="service-card__actions">{children}</div>
    </article>
  );
}

/** The lead form with a site visit ticked, brought into view each time 'Site Visits' is pressed. */
function SiteVisitRequest({ scrollKey }: { scrollKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [scrollKey]);
  return (
    <div ref={ref} id="site-visit-request" className="service-panel__visit">
      <Suspense fallback={<p role="status">Loading the form…</p>}>
        <LeadForm source="other" productInterest="Garden Route service" sessionData={{}} offerSiteVisit />
      </Suspense>
    </div>
  );
}
