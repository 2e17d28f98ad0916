import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { usePublicConfig } from '../../lib/public-config';
import { RETENTION_SCHEDULE } from './privacy-schedule';

/** POPIA privacy notice, linked from every form that collects personal information. */
export function PrivacyPage() {
  const config = usePublicConfig();
  return (
    <div className="page">
      <SiteHeader />
      <main className="prose" id="main">
        <h1>Privacy notice</h1>
        <p>
          {config.businessName} processes personal information under the Protection of Personal Information Act (POPIA). This notice says
          what we collect, why, and what you can ask of us.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>Contact details you give us: name, e-mail, phone or WhatsApp number, and your area.</li>
          <li>What you ask about: products, sizes, colours, photos of your windows and your messages to our consultant.</li>
          <li>
            Orders and payments: what you ordered, delivery details and the payment status (card details stay with the payment provider; we
            never see or store them).
          </li>
        </ul>
        <h2>Why</h2>
        <p>
          To answer your enquiry, prepare quotes, make and deliver your order, and follow up when you asked us to. We do not sell your
          information or use it for unrelated marketing.
        </p>
        <h2>How long we keep it</h2>
        <p>
          We keep each kind of information only as long as we need it. The table says for how long, and how it is deleted when that time is
          up:
        </p>
        <div className="table-scroll" role="region" aria-label="How long we keep each kind of information" tabIndex={0}>
          <table className="prose-table">
            <thead>
              <tr>
                <th scope="col">Information</th>
                <th scope="col">Kept for</th>
                <th scope="col">Why</th>
                <th scope="col">Deleted</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION_SCHEDULE.map(({ what, period, why, deleted }) => (
                <tr key={what}>
                  <td>{what}</td>
                  <td>{period}</td>
                  <td>{why}</td>
                  <td>{deleted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h2>Your rights</h2>
        <p>
          You may ask to see, correct or delete your information, or withdraw consent to be contacted, at any time
          {config.email ? (
            <>
              : e-mail <a href={`mailto:${config.email}`}>{config.email}</a>
            </>
          ) : null}
          . You may also complain to the Information Regulator of South Africa.
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
