// Contact details and a person, with consent first (DESIGN.md section 7, POPIA): before a name,
// number or e-mail from the chat is kept in a lead, Melvin says what is kept and why with the
// privacy notice's link, and stores them only after the customer agrees; the lead records that
// consent. Complaints, damage and questions Melvin cannot answer after one clarifying question go
// to a person as a lead marked for follow-up, with the conversation attached.
import { captureLead } from '../leads';
import { CONTACT_PROMISE } from '../../shared/shop-policies';
import { addHandoff, productName, type Ctx } from './answers';
import { parseContactDetails, type ContactDetails } from './contact-details';
import type { ChatTurn, ConsultantDeps, PersonReason } from './types';

const YES_RE =
  /^\s*(yes|yep|yeah|ya|ja|jip|sure|ok|okay|i agree|agree[ds]?|i consent|consent|go ahead|that'?s fine|fine|please do|yes please|of course)\b/;
/**
 * The customer's own message agrees: 'I agree' / 'you may keep' anywhere, or a short reply that
 * starts with yes ('yes', 'ok sure'); 'ok, how much is a roller?' is a new question, not consent.
 */
export function agreesInMessage(message: string): boolean {
  const t = message.toLowerCase().replace(/[’`]/g, "'").trim();
  if (/\b(i agree|i consent|you may keep|you can keep|happy for you to keep)\b/.test(t)) return true;
  return YES_RE.test(t) && t.split(/\s+/).length <= 4 && !/\?|\b(how|what|which|price|much)\b/.test(t);
}

const NO_RE = /^\s*(no|nope|nee|don'?t|do not|rather not|i don'?t agree|not now|no thanks)\b/;

const COMPLAINT_RE =
  /\b(complain\w*|complaint|unhappy|not happy|disappoint\w*|terrible service|awful service|poor service|bad service|rude|angry|frustrat\w*|still waiting|never arrived|hasn'?t arrived|not arrived|wrong (size|colou?r|blind|item|product)|faulty|doesn'?t work|does not work|not working|stopped working|defect\w*|problem with my (order|blinds?)|fell (down|off)|not what i ordered)\b/;
const DAMAGE_RE = /\b(damaged?|broken?|broke|cracked|torn|scratched|dented|bent|ripped|snapped)\b/;

/** Complaint or damage in this message, if any (damage wins: it is the more specific). */
export function personReason(t: string): PersonReason | null {
  if (DAMAGE_RE.test(t)) return 'damage';
  if (COMPLAINT_RE.test(t)) return 'complaint';
  return null;
}

/** The details the customer has given in this chat so far, the latest of each kind winning. */
export function detailsInChat(history: ChatTurn[], message: string): ContactDetails {
  const all: ContactDetails = {};
  for (const text of [...history.filter((h) => h.role === 'user').map((h) => h.content), message]) {
    Object.assign(all, parseContactDetails(text));
  }
  return all;
}

const first = (name?: string) => (name ? name.split(' ')[0] : undefined);

function kept(details: ContactDetails): string {
  const items = ['name', details.phone ? 'phone number' : null, details.email ? 'e-mail address' : null].filter(Boolean);
  return `your ${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Asks for consent before anything is kept, saying what and why, with the privacy notice. */
function askConsent(ctx: Ctx, details: ContactDetails): void {
  ctx.memory.consentAsked = true;
  ctx.features.add('consent-request');
  ctx.parts.push(
    `Thanks, ${first(details.name)}! Before I pass anything on: with your agreement I'll keep ${kept(details)}, and what you asked about in this chat, ` +
      `so that our team can contact you about this enquiry and nothing else (our privacy notice: /privacy). ` +
      `Do you agree? Reply 'yes' and I'll pass them on, or 'no' and I won't keep them.`,
  );
}

/** The transcript for the lead's notes: the latest turns that fit, oldest first. */
export function transcript(history: ChatTurn[], message: string, assistantName: string, limit = 3000): string {
  const lines = [...history.map((h) => `${h.role === 'user' ? 'Customer' : assistantName}: ${h.content}`), `Customer: ${message}`];
  const out: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.replace(/\s+/g, ' ').slice(0, 600);
    if (size + line.length > limit) break;
    out.unshift(line);
    size += line.length + 1;
  }
  return out.join('\n');
}

const REASON_NOTE: Record<PersonReason, string> = {
  complaint: 'NEEDS A PERSON: complaint',
  damage: 'NEEDS A PERSON: damaged goods',
  unanswered: 'NEEDS A PERSON: the consultant could not answer after one clarifying question',
};

interface LeadTurn {
  message: string;
  history: ChatTurn[];
  quote: string | null;
  deps: ConsultantDeps;
}

/** The consented lead: details, what was discussed, and for a person the reason and the conversation. */
async function storeLead(ctx: Ctx, details: ContactDetails, turn: LeadTurn): Promise<string> {
  const m = ctx.memory;
  const reason = m.needsPerson;
  const notes = [
    reason ? REASON_NOTE[reason] : null,
    `Chat: asked about ${turn.quote ?? 'blinds (no product or size given yet)'}`,
    reason ? `Conversation:\n${transcript(turn.history, turn.message, ctx.contact.assistantName)}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  return captureLead(turn.deps.leads ?? { db: turn.deps.db, notice: null }, {
    name: details.name!,
    email: details.email ?? null,
    phone: details.phone ?? null,
    whatsapp: null,
    location: null,
    source: 'chat',
    productInterest: m.productId ? productName(ctx, m.productId) : null,
    sessionData: {
      blindType: m.productId ?? null,
      dimensions: m.widthMm !== undefined ? { width_mm: m.widthMm, drop_mm: m.dropMm ?? null, sizeSource: 'customer' } : null,
      channel: 'chat',
      ...(reason ? { needsPerson: reason } : {}),
    },
    notes: notes.slice(0, 4000),
    popiaConsent: true,
  });
}

/**
 * A reply to the consent question, or details offered in this message; true when answered.
 * Nothing reaches D1 until the customer has said yes.
 */
export async function handleContact(ctx: Ctx, t: string, hasDetails: boolean, turn: LeadTurn): Promise<boolean> {
  const m = ctx.memory;
  if (m.consentAsked && agreesInMessage(t)) {
    const details = detailsInChat(turn.history, turn.message);
    m.consentAsked = false;
    if (!details.name || !(details.email || details.phone)) return false;
    m.leadId = await storeLead(ctx, details, turn);
    m.name = details.name;
    m.consentRefused = false;
    const reason = m.needsPerson;
    m.needsPerson = undefined;
    ctx.features.add('lead-capture');
    ctx.parts.push(
      `Thank you, ${first(details.name)}! I've passed ${kept(details)} to our team` +
        (reason ? ', with this conversation, marked for a person to follow up' : '') +
        `. They'll contact you ${CONTACT_PROMISE}.`,
    );
    return true;
  }
  if (m.consentAsked && NO_RE.test(t)) {
    m.consentAsked = false;
    m.consentRefused = true;
    ctx.parts.push(
      "No problem: I haven't kept your details. I'm still happy to help here, and you can contact our team yourself whenever you like.",
    );
    addHandoff(ctx, 'Our team:');
    return true;
  }
  if (!hasDetails) return false;
  const details = detailsInChat(turn.history, turn.message);
  if (m.leadId) {
    // Consent was given for this enquiry already; new details are not added to it without asking.
    ctx.parts.push(`Thanks${m.name ? `, ${first(m.name)}` : ''}! Our team already has your details from this chat and will be in touch.`);
  } else if (details.name && (details.email || details.phone)) {
    askConsent(ctx, details);
  } else if (details.name) {
    ctx.parts.push(
      `Nice to meet you, ${first(details.name)}! If you'd like our team to contact you, leave a phone number or e-mail address.`,
    );
  } else {
    ctx.parts.push('Thanks! May I have your name too, so our team knows who to ask for?');
  }
  return true;
}

/** Hands the chat to a person: with consented details a lead now, else the question for details. */
export async function handToPerson(ctx: Ctx, reason: PersonReason, turn: LeadTurn): Promise<void> {
  const m = ctx.memory;
  m.needsPerson = reason;
  const opening: Record<PersonReason, string> = {
    damage:
      "I'm sorry your blind arrived damaged. A person needs to sort this out, so I'm handing it to our team with this conversation attached.",
    complaint: "I'm sorry about this. A person should look at it, so I'm handing it to our team with this conversation attached.",
    unanswered:
      "I'm sorry, I still can't answer that one myself, so I'm handing it to a person on our team with this conversation attached.",
  };
  ctx.features.add('human-handoff');
  const details = detailsInChat(turn.history, turn.message);
  if (m.leadId && details.name && (details.email || details.phone)) {
    // The customer agreed to be contacted in this chat already: the follow-up goes straight to the team.
    m.leadId = await storeLead(ctx, details, turn);
    m.needsPerson = undefined;
    ctx.features.add('lead-capture');
    ctx.parts.push(`${opening[reason]} It's marked for follow-up, and they'll contact you ${CONTACT_PROMISE}.`);
    return;
  }
  if (details.name && (details.email || details.phone)) {
    ctx.parts.push(opening[reason]);
    askConsent(ctx, details);
    return;
  }
  ctx.parts.push(
    `${opening[reason]} So they can contact you, send me your name and phone number or e-mail address; once you agree, they'll contact you ${CONTACT_PROMISE}.` +
      (reason === 'damage' ? ' A photo of the damage (use the camera button) helps them.' : ''),
  );
  addHandoff(ctx, 'Or reach them directly:');
}
