// Contact details (e-mail, South African phone number, name) read from a chat message.

const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const PHONE_RE = /(?:\+27[\s-]?\(?0?\)?|(?<![\d+])0)(\d{2})[\s-]?(\d{3})[\s-]?(\d{4})(?!\d)/;
const NOT_NAMES = new Set(
  'looking interested after not just trying wanting keen here in at from on the a an so very sorry fine good ok okay happy thinking busy based living moving renovating building hoping wondering still also back planning and my me email e-mail number phone cell i you we it on at'.split(
    ' ',
  ),
);

export interface ContactDetails {
  name?: string;
  email?: string;
  phone?: string;
}

/** A capitalised name word, double-barrelled ones included: 'Anna', "O'Neill", 'Smith-Jones'. */
const CAPITALISED_NAME = "[A-Z](?:[a-z]+|(?=['-]))(?:['-][A-Z]?[a-z]+)*";
/** One or two of them after "I'm", "this is" and the like, or before "here" ('Johan here'). */
const INTRODUCED_NAME = new RegExp(
  `\\b(?:I'm|I’m|I am|[Tt]his is|[Ii]t's|[Ii]t’s|[Mm]y name is)\\s+(${CAPITALISED_NAME}(?:\\s+${CAPITALISED_NAME})?)`,
);
const NAME_HERE = new RegExp(`(?:^|[.!,]\\s*)(${CAPITALISED_NAME}(?:\\s+${CAPITALISED_NAME})?)\\s+here\\b`);

/** 'Ayesha Patel, ayesha@example.com': a message that opens with a name and then gives a way to reach them. */
const NAME_FIRST = new RegExp(`^\\s*(${CAPITALISED_NAME}(?:\\s+${CAPITALISED_NAME})?)(?=\\s*[,;:-]|\\s+[+\\d]|\\s*$)`);
/** '... jane@example.com, Jane Smith': the name last, after the way to reach them. */
const NAME_LAST = new RegExp(`[,;]\\s*(${CAPITALISED_NAME}(?:\\s+${CAPITALISED_NAME})?)\\s*[.!]?\\s*$`);

function cleanName(raw: string): string | undefined {
  const words = raw.trim().split(/\s+/).slice(0, 3);
  const kept: string[] = [];
  for (const word of words) {
    // A name never ends in a hyphen or apostrophe ('Phone-' was kept from 'Phone-Trial' before).
    const w = word.replace(/['-]+$/, '');
    if (NOT_NAMES.has(w.toLowerCase()) || !/^[A-Za-z][A-Za-z'-]*$/.test(w)) break;
    kept.push(w.charAt(0).toUpperCase() + w.slice(1));
  }
  return kept.length ? kept.join(' ') : undefined;
}

/** E-mail, South African phone number and name from a chat message. */
export function parseContactDetails(message: string): ContactDetails {
  const details: ContactDetails = {};
  const email = EMAIL_RE.exec(message);
  if (email) details.email = email[0];
  const phone = PHONE_RE.exec(message);
  if (phone) details.phone = `0${phone[1]} ${phone[2]} ${phone[3]}`;
  const text = message.replace(EMAIL_RE, ' ');
  const explicit = /\b(?:my name is|my name's|name is|name:|call me)\s+([A-Za-z][A-Za-z'-]*(?:\s+[A-Z][A-Za-z'-]*)?)/i.exec(text);
  // Without 'my name is', only a capitalised word counts, so "I'm looking for" is not a name.
  const casual =
    INTRODUCED_NAME.exec(text) ??
    NAME_HERE.exec(text) ??
    (details.email || details.phone ? (NAME_FIRST.exec(text) ?? NAME_LAST.exec(text)) : null);
  const name = (explicit?.[1] ? cleanName(explicit[1]) : undefined) ?? (casual?.[1] ? cleanName(casual[1]) : undefined);
  if (name && !/^(Hi|Hello|Hey|Howzit|Good|Thanks|Thank|Please|Yes|No)$/i.test(name.split(' ')[0]!)) details.name = name;
  return details;
}
