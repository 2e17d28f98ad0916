// /tracking (staff spec section 2.7): a landing page with links to /track, /admin/tracking and home.
import { Link } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import '../../components/tracking.css';

export function TrackingLandingPage() {
  return (
    <div className="page">
      <SiteHeader />
      <main className="tracking-page" id="main">
        <header>
          <p className="eyebrow">Courier tracking</p>
          <h1>Order Tracking</h1>
          <p className="lead">Follow your made-to-measure blinds from our workshop to your door.</p>
        </header>
        <div className="tracking-links">
          <section className="tracking-card" aria-labelledby="customers-title">
            <h2 id="customers-title">Track your order</h2>
            <p>Look up your delivery with the tracking number from your dispatch e-mail or your order ID.</p>
            <Link className="button button--accent" to="/track">
              Track an order
            </Link>
          </section>
          <section className="tracking-card" aria-labelledby="staff-title">
            <h2 id="staff-title">For staff</h2>
            <p>Create and update courier tracking entries. Staff sign in with the PIN.</p>
            <Link className="button button--ghost-dark" to="/admin/tracking">
              Manage tracking
            </Link>
          </section>
        </div>
        <p>
          <Link to="/">Back to home</Link>
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
