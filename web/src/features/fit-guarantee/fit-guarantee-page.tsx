// /fit-guarantee: the terms of the fit guarantee (shared/fit-guarantee.ts). Every line here is what
// the code does: which lines are covered is computed from the order line (measured from the photo
// against a real size, and confirmed by staff from that photo); the order page, receipt and e-mails
// say so per blind; staff record a claim as a remake against the blind, with its cost to the shop.
import { Link } from 'react-router';
import { FIT_GUARANTEE_PROMISE } from '@shared/fit-guarantee';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { telLink, usePublicConfig, whatsappLink } from '../../lib/public-config';

export function FitGuaranteePage() {
  const config = usePublicConfig();
  const phone = config.phone.national || config.phone.gardenRoute;
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main className="prose" id="main">
        <h1>Fit guarantee</h1>
        <p className="lead">{FIT_GUARANTEE_PROMISE}</p>

        <h2>Which blinds are covered</h2>
        <p>A blind is covered when both of these are true:</p>
        <ol>
          <li>
            Its size was measured from your photo against a real size: with the <Link to="/measurement">Quick AI Scan</Link> and an A4 sheet
            of paper in the photo, or on the <Link to="/working-polygon">Window Photo Positioning</Link> page with one real size you
            measured (the width or the drop).
          </li>
          <li>Our team checked that size against your photo and confirmed it before we made the blind.</li>
        </ol>
        <p>
          Your order page, your receipt and our e-mails say for each blind whether it is covered. A blind measured this way that our team
          has not yet confirmed from your photo says it will be covered once we confirm it.
        </p>

        <h2>What is not covered</h2>
        <ul>
          <li>Sizes you typed in yourself, for example from a tape measure (the blind is made to the size you gave us).</li>
          <li>
            Estimates: a photo scan without the A4 sheet, a photo measured from the assumed width, the room walk-through, or a typical size
            for the opening.
          </li>
          <li>Sizes our team confirmed another way than from your photo, for example by phone.</li>
          <li>A blind fitted to a different window from the one in the photo.</li>
          <li>Damage after delivery, including damage while the blind is being fitted.</li>
          <li>A change of mind about the colour, the product or the mount type.</li>
        </ul>

        <h2>How to claim</h2>
        <p>
          Contact us with your order reference and the number of the blind (as on your receipt), and tell us how it does not fit. Our team
          checks the blind against the size we confirmed (and against your photo while we still keep it: see the{' '}
          <Link to="/privacy">privacy notice</Link>), and records your claim against that blind on your order.
        </p>
        <ul>
          {phone && (
            <li>
              Call <a href={telLink(phone)}>{phone}</a>
            </li>
          )}
          {config.whatsapp.national && (
            <li>
              <a href={whatsappLink(config.whatsapp.national, config.whatsappGreeting.national)} target="_blank" rel="noopener noreferrer">
                WhatsApp {config.whatsapp.national}
              </a>
            </li>
          )}
          {config.email && (
            <li>
              E-mail <a href={`mailto:${config.email}`}>{config.email}</a>
            </li>
          )}
          <li>
            Or find your order first: <Link to="/track">Track an order</Link>
          </li>
        </ul>
        <p>This guarantee is in addition to your rights under the Consumer Protection Act; it does not take any of them away.</p>
      </main>
      <SiteFooter />
    </div>
  );
}
