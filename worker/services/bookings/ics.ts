// The calendar invitation sent with a booked site visit (RFC 5545, with RFC 5546's METHOD): UID,
// DTSTAMP, DTSTART/DTEND in UTC (South Africa keeps UTC+2 all year, so no VTIMEZONE is needed),
// SUMMARY, LOCATION, SEQUENCE raised on each move; lines end in CRLF and are folded at 75 octets.
import { SAST_OFFSET_MS } from '../../shared/sa-time';

export interface CalendarEvent {
  /** Stable for the booking, so a move or cancel replaces the same calendar entry. */
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  /** YYYY-MM-DD and HH:MM, South African time. */
  visitDate: string;
  startTime: string;
  endTime: string;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string } | null;
  attendee: { name: string; email: string };
  now: Date;
}

const encoder = new TextEncoder();

/** South African date and time to the UTC form 20261201T070000Z. */
export function utcStamp(visitDate: string, time: string): string {
  const ms = Date.parse(`${visitDate}T${time}:00Z`) - SAST_OFFSET_MS;
  return basicUtc(new Date(ms));
}

function basicUtc(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT values (RFC 5545 section 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=...): quoted, without the characters a quoted value may not hold. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

/**
 * Section 3.1: a line longer than 75 octets is split, each continuation starting with a space.
 * Splits fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarInvitation(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Custom Blinds//Site visits//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${basicUtc(event.now)}`,
    `DTSTART:${utcStamp(event.visitDate, event.startTime)}`,
    `DTEND:${utcStamp(event.visitDate, event.endTime)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(event.organizer ? [`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`] : []),
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
