import { Link } from 'react-router';
import { telLink, usePublicConfig, whatsappLink } from '../lib/public-config';

export function SiteFooter() {
  const config = usePublicConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <ul className="plain-list">
            {config.phone.gardenRoute && (
              <li>
                Garden Route: <a href={telLink(config.phone.gardenRoute)}>{config.phone.gardenRoute}</a>
              </li>
            )}
            {config.phone.national && (
              <li>
                National: <a href={telLink(config.phone.national)}>{config.phone.national}</a>
              </li>
            )}
            {config.whatsapp.national && (
              <li>
                <a
                  href={whatsappLink(config.whatsapp.national, config.whatsappGreeting.national)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp {config.whatsapp.national}
                </a>
              </li>
            )}
            {config.email && (
              <li>
                <a href={`mailto:${config.email}`}>{config.email}</a>
              </li>
            )}
          </ul>
        </section>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">Where we work</h2>
          <p>Site visits and installation from Mossel Bay to Plettenberg Bay. Online quotes and courier delivery across South Africa.</p>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">More</h2>
          <ul className="plain-list">
            <li>
              <Link to="/measuring-guide">How to measure</Link>
            </li>
            <li>
              <Link to="/fit-guarantee">Fit guarantee</Link>
            </li>
            <li>
              <Link to="/track">Track an order</Link>
            </li>
            <li>
              <Link to="/samples">Free colour samples</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy notice</Link>
            </li>
          </ul>
          <Link to="/admin-dashboard" className="button button--small button--ghost-dark">
            Admin
          </Link>
        </section>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {config.businessName}. Prices include 15% VAT.
      </p>
    </footer>
  );
}
