// One lead in the /leads table (a card on a phone): contact, source, interest and sizes, status,
// dates and the actions.
import { Link } from 'react-router';
import {
  FOLLOW_UP_STATUSES,
  LEAD_SOURCE_LABELS,
  leadSizes,
  SIZE_SOURCE_NOTES,
  whatsappDigits,
  type FollowUpStatus,
  type LeadDto,
} from '@shared/leads-api';
import { SIZES_TO_BE_CONFIRMED } from '@shared/size-sources';
import { formatDate, STATUS_LABELS } from './leads-helpers';

interface LeadRowProps {
  lead: LeadDto;
  onStatus: (status: FollowUpStatus) => void;
  onNotes: () => void;
  onView: () => void;
  onExport: () => void;
  onDelete: () => void;
}

export function LeadRow({ lead, onStatus, onNotes, onView, onExport, onDelete }: LeadRowProps) {
  const wa = whatsappDigits(lead.whatsapp ?? lead.phone);
  const phone = lead.phone ?? lead.whatsapp;
  return (
    <tr data-testid="lead-row" data-lead-id={lead.id}>
      <td data-label="Contact">
        <div>
          <strong className="leads-table__name">{lead.name}</strong>
          {lead.email && <span className="leads-table__detail">{lead.email}</span>}
          {phone && <span className="leads-table__detail">{phone}</span>}
          {lead.location && <span className="leads-table__detail leads-table__muted">{lead.location}</span>}
          {lead.notes && <span className="leads-table__notes">Notes: {lead.notes}</span>}
        </div>
      </td>
      <td data-label="Source">{LEAD_SOURCE_LABELS[lead.source] ?? lead.source}</td>
      <td data-label="Product interest">
        <div>
          {lead.productInterest || 'Not specified'}
          <LeadSizeList lead={lead} />
        </div>
      </td>
      <td data-label="Status">
        <select
          className={`status-badge status-badge--${lead.followUpStatus}`}
          aria-label={`Status of ${lead.name}`}
          value={lead.followUpStatus}
          onChange={(e) => onStatus(e.target.value as FollowUpStatus)}
        >
          {FOLLOW_UP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Created">{formatDate(lead.createdAt)}</td>
      <td data-label="Last contacted">{formatDate(lead.lastContactedAt)}</td>
      <td data-label="Actions">
        <div className="leads-table__actions">
          {lead.email && (
            <a className="button button--small button--ghost-dark" href={`mailto:${lead.email}`} aria-label={`E-mail ${lead.name}`}>
              E-mail
            </a>
          )}
          {phone && (
            <a
              className="button button--small button--ghost-dark"
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
              aria-label={`Phone ${lead.name}`}
            >
              Phone
            </a>
          )}
          {wa && (
            <a
              className="button button--small button--whatsapp"
              href={`https://wa.me/${wa}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp ${lead.name}`}
            >
              WhatsApp
            </a>
          )}
          <button type="button" className="button button--small button--ghost-dark" onClick={onView} aria-label={`Details of ${lead.name}`}>
            Details
          </button>
          <LeadOrderLink lead={lead} />
          <button type="button" className="button button--small" onClick={onNotes} aria-label={`Add Notes for ${lead.name}`}>
            Add Notes
          </button>
          <button
            type="button"
            className="button button--small button--ghost-dark"
            onClick={onExport}
            aria-label={`Export data of ${lead.name}`}
          >
            Export data
          </button>
          <button
            type="button"
            className="button button--small leads-table__danger"
            onClick={onDelete}
            aria-label={`Delete data of ${lead.name}`}
          >
            Delete data
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * The lead's order: 'Order CB-...' once one was recorded from it (the server sets orderReference),
 * else 'Create order', the staff order form filled from the lead.
 */
function LeadOrderLink({ lead }: { lead: LeadDto }) {
  const reference = lead.orderReference;
  if (reference)
    return (
      <Link className="button button--small button--ghost-dark" to={`/admin/orders/${encodeURIComponent(reference)}`}>
        Order {reference}
      </Link>
    );
  return (
    <Link
      className="button button--small"
      to={`/admin/orders/new?lead=${encodeURIComponent(lead.id)}`}
      aria-label={`Create order for ${lead.name}`}
    >
      Create order
    </Link>
  );
}

/** The sizes the lead sent, each with where it came from; a typical or estimated size is flagged as not measured. */
export function LeadSizeList({ lead }: { lead: LeadDto }) {
  const sizes = leadSizes(lead.sessionData);
  if (sizes.length === 0) return null;
  const toConfirm = sizes.some((s) => s.sizeSource === 'typical' || s.sizeSource === 'estimated');
  return (
    <span className="leads-table__detail leads-table__sizes" data-testid="lead-size">
      {toConfirm && (
        <span className="badge badge--warning" data-testid="lead-sizes-to-confirm">
          {SIZES_TO_BE_CONFIRMED}
        </span>
      )}
      {sizes.map((size, i) => (
        <span key={i} className="leads-table__size">
          {size.widthMm} x {size.dropMm ?? '?'} mm
          {size.sizeSource && (
            <>
              <span className="visually-hidden">, </span>
              <span
                className={size.sizeSource === 'typical' || size.sizeSource === 'estimated' ? 'badge badge--warning' : 'leads-table__muted'}
              >
                {SIZE_SOURCE_NOTES[size.sizeSource]}
              </span>
            </>
          )}
        </span>
      ))}
    </span>
  );
}
