import type { Ref } from 'react';
import { NavLink } from 'react-router';

/** Every staff screen (router STAFF_PATHS), in the order of the staff spec. */
export const STAFF_NAV_LINKS = [
  { to: '/admin-dashboard', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/outbox', label: 'E-mail outbox' },
  { to: '/marketing-insights', label: 'Marketing insights' },
  { to: '/leads', label: 'Leads' },
  { to: '/site-visits', label: 'Site visits' },
  { to: '/admin/visit-schedule', label: 'Visit schedule' },
  { to: '/admin/tracking', label: 'Tracking' },
  { to: '/admin/scraper', label: 'Price lists & scraping' },
  { to: '/admin/catalog', label: 'Catalogue' },
  { to: '/admin/colours', label: 'Outdoor colours' },
  { to: '/admin/color-screenshots', label: 'Colour extractor' },
  { to: '/admin/pricing', label: 'Price-list analyser' },
] as const;

interface StaffNavProps {
  onLogout: () => void;
  loggingOut: boolean;
  /** Focus lands on the bar's heading after sign-in. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** The staff header bar: the way to every staff screen, and beside Logout this sign-in's passkeys. */
export function StaffNav({ onLogout, loggingOut, headingRef }: StaffNavProps) {
  return (
    <header className="staff-bar">
      <div className="staff-bar__top">
        <h2 className="staff-bar__title" ref={headingRef} tabIndex={-1}>
          Staff area
        </h2>
        <div className="staff-bar__account">
          <NavLink to="/admin/passkeys" className="staff-bar__link">
            Passkeys
          </NavLink>
          <button type="button" className="button button--small" onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? 'Logging out…' : 'Logout'}
          </button>
        </div>
      </div>
      <nav aria-label="Staff">
        <ul className="staff-bar__links">
          {STAFF_NAV_LINKS.map((link) => (
            <li key={link.to}>
              {/* Orders stays current on an order and on the new-order form (/admin/orders/...). */}
              <NavLink to={link.to} end={link.to !== '/admin/orders'} className="staff-bar__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
