// The one normal form of a contact identifier (DESIGN.md section 7, data requests): two spellings of
// the same e-mail address or phone number compare equal only after passing through these functions.
// The leads page's wa.me and tel: links keep their own display forms (leads-api.ts).

/** Trimmed and lower-cased; null for anything that is not an address. */
export function normalEmail(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim().toLowerCase();
  return value.includes('@') ? value : null;
}

/**
 * International form with '+', South African numbers as '+27' and nine digits:
 * '+27 (82) 555-0101', '082 555 0101', '27825550101', '+27 (0)82 555 0101' and '0027 82 555 0101'
 * all become '+27825550101'. Null when fewer than 8 digits are left (no phone number).
 */
export function normalPhone(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  let digits = text.replace(/\D/g, '');
  if (digits.startsWith('00'))
    digits = digits.slice(2); // international dialling prefix
  else if (digits.startsWith('0') && digits.length === 10)
    digits = `27${digits.slice(1)}`; // national trunk '0'
  else if (digits.length === 9 && !text.startsWith('+')) digits = `27${digits}`; // the trunk '0' left off
  if (digits.startsWith('270') && digits.length === 12) digits = `27${digits.slice(3)}`; // '+27 (0)82 ...'
  if (digits.length < 8 || digits.length > 15) return null;
  return `+${digits}`;
}

/** The address inside 'Name <address>' (EMAIL_FROM's form), or the text itself. */
export function addressOf(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  const angled = /<([^<>]+)>\s*$/.exec(text);
  return normalEmail(angled ? angled[1] : text);
}

/**
 * What staff search orders by (orders.customer_phone_key): the number's last 9 digits, so every
 * spelling of a South African number ('082 555 0166', '+27 82 555 0166', '27825550166') is one key.
 * Null when fewer than 7 digits are left.
 */
export function phoneKey(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits.length < 7 ? null : digits.slice(-9);
}
