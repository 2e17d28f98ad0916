// What `npm run deploy` checks before it builds or touches anything remote: the production
// configuration (wrangler.toml and the Worker's secrets) must not be the sample or local one.
// Pure functions (text and names in, problems out) so each rule is unit-tested.

/** Keys that are secrets: `wrangler secret put`, never a [vars] value in a committed file. */
export const SECRET_KEYS = [
  'ADMIN_PIN',
  'SITE_VISIT_PHRASE',
  'SITE_VISIT_CODE',
  'ANTHROPIC_API_KEY',
  'ELEVENLABS_API_KEY',
  'YOCO_SECRET_KEY',
  'YOCO_WEBHOOK_SECRET',
  'PAYFAST_MERCHANT_KEY',
  'PAYFAST_PASSPHRASE',
  'OZOW_PRIVATE_KEY',
  'OZOW_API_KEY',
  'EMAIL_API_KEY',
  'SANDBOX_PAYMENT_SECRET',
  'STAFF_ENROLMENT_CODE',
  'BOOKING_LINK_SECRET',
];

/** The business's contacts a customer sees; at least an e-mail address and one number are needed. */
const CONTACT_NUMBERS = [
  'BUSINESS_PHONE_NATIONAL',
  'BUSINESS_PHONE_GARDEN_ROUTE',
  'BUSINESS_WHATSAPP_NATIONAL',
  'BUSINESS_WHATSAPP_GARDEN_ROUTE',
];

/** The sample contacts of .dev.vars.example: '+27 44 000 0000' numbers and example.* addresses. */
const SAMPLE_VALUE = [/000[\s-]?000\d/, /\bexample\.(?:co\.za|com|org|net)\b/i];

/** The shop's bank account (public: customers need it to pay by bank transfer). */
export const BANK_KEYS = ['BANK_ACCOUNT_NAME', 'BANK_NAME', 'BANK_ACCOUNT_NUMBER', 'BANK_BRANCH_CODE', 'BANK_ACCOUNT_TYPE'];

/** The sample account of .dev.vars.example: values saying 'sample', and numbers of zeros. */
const SAMPLE_BANK_VALUE = [/\bsample\b/i, /^(?=.*0)[0\s-]+$/];

const PAYMENT_SECRETS = {
  yoco: ['YOCO_SECRET_KEY', 'YOCO_WEBHOOK_SECRET'],
  payfast: ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY', 'PAYFAST_PASSPHRASE'],
  ozow: ['OZOW_SITE_CODE', 'OZOW_PRIVATE_KEY', 'OZOW_API_KEY'],
};
const CARD_GATEWAYS = ['sandbox', 'yoco', 'payfast'];

/**
 * The tables of a TOML file, enough of the format for wrangler.toml: [table] and [[array]]
 * headers, key = value with basic, literal and multi-line strings (unescaped), other values
 * (numbers, booleans, arrays, inline tables) kept as their raw text.
 * @returns {{ name: string, isArray: boolean, values: Record<string, string> }[]}
 */
export function parseTomlTables(text) {
  const root = { name: '', isArray: false, values: {} };
  const tables = [root];
  let current = root;
  let i = 0;
  const fail = (message) => {
    throw new Error(`wrangler.toml line ${text.slice(0, i).split('\n').length}: ${message}`);
  };
  const skipBlanks = () => {
    while (text[i] === ' ' || text[i] === '\t') i++;
  };
  const skipToLineEnd = () => {
    skipBlanks();
    if (text[i] === '#') while (i < text.length && text[i] !== '\n') i++;
    if (i < text.length && text[i] !== '\n' && text[i] !== '\r') fail('unexpected text after a value');
  };
  const readBasic = (multiline) => {
    const close = multiline ? '"""' : '"';
    let out = '';
    if (multiline && text[i] === '\n') i++;
    else if (multiline && text.startsWith('\r\n', i)) i += 2;
    while (i < text.length && !text.startsWith(close, i)) {
      const c = text[i];
      if (c === '\n' && !multiline) fail('unterminated string');
      if (c !== '\\') {
        out += c;
        i++;
        continue;
      }
      const e = text[i + 1];
      const simple = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b', '"': '"', '\\': '\\' };
      if (e in simple) {
        out += simple[e];
        i += 2;
      } else if (e === 'u' || e === 'U') {
        const len = e === 'u' ? 4 : 8;
        out += String.fromCodePoint(parseInt(text.slice(i + 2, i + 2 + len), 16));
        i += 2 + len;
      } else if (multiline && /\s/.test(e)) {
        // A line-ending backslash trims the whitespace that follows.
        i++;
        while (/\s/.test(text[i] ?? '')) i++;
      } else fail(`unknown escape \\${e}`);
    }
    if (i >= text.length) fail('unterminated string');
    i += close.length;
    return out;
  };
  const readLiteral = (multiline) => {
    const close = multiline ? "'''" : "'";
    if (multiline && text[i] === '\n') i++;
    const end = text.indexOf(close, i);
    if (end < 0 || (!multiline && text.slice(i, end).includes('\n'))) fail('unterminated string');
    const out = text.slice(i, end);
    i = end + close.length;
    return out;
  };
  /** An array or inline table, as raw text: brackets counted outside strings and comments. */
  const readNested = () => {
    const start = i;
    let depth = 0;
    do {
      const c = text[i];
      if (c === '"' || c === "'") {
        const triple = text.startsWith(c.repeat(3), i);
        i += triple ? 3 : 1;
        if (c === '"') readBasic(triple);
        else readLiteral(triple);
        continue;
      }
      if (c === '#') {
        while (i < text.length && text[i] !== '\n') i++;
        continue;
      }
      if (c === '[' || c === '{') depth++;
      if (c === ']' || c === '}') depth--;
      i++;
    } while (depth > 0 && i < text.length);
    if (depth > 0) fail('unterminated array or inline table');
    return text.slice(start, i);
  };
  const readValue = () => {
    if (text.startsWith('"""', i)) return ((i += 3), readBasic(true));
    if (text.startsWith("'''", i)) return ((i += 3), readLiteral(true));
    if (text[i] === '"') return (i++, readBasic(false));
    if (text[i] === "'") return (i++, readLiteral(false));
    if (text[i] === '[' || text[i] === '{') return readNested();
    const start = i;
    while (i < text.length && !/[#\r\n]/.test(text[i])) i++;
    const raw = text.slice(start, i).trim();
    if (!raw) fail('missing value');
    return raw;
  };
  const readKey = () => {
    if (text[i] === '"') return (i++, readBasic(false));
    if (text[i] === "'") return (i++, readLiteral(false));
    const start = i;
    while (i < text.length && /[A-Za-z0-9_.\- ]/.test(text[i]) && text[i] !== '=') i++;
    const key = text.slice(start, i).trim();
    if (!key) fail('expected a key');
    return key;
  };

  while (i < text.length) {
    skipBlanks();
    const c = text[i];
    if (c === undefined) break;
    if (c === '\n' || c === '\r') {
      i++;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '[') {
      const isArray = text[i + 1] === '[';
      const close = isArray ? ']]' : ']';
      const end = text.indexOf(close, i);
      if (end < 0) fail('unterminated table header');
      current = { name: text.slice(i + (isArray ? 2 : 1), end).trim(), isArray, values: {} };
      tables.push(current);
      i = end + close.length;
      skipToLineEnd();
    } else {
      const key = readKey();
      skipBlanks();
      if (text[i] !== '=') fail(`expected '=' after ${key}`);
      i++;
      skipBlanks();
      current.values[key] = readValue();
      skipToLineEnd();
    }
  }
  return tables;
}

/**
 * The parts of wrangler.toml the deploy checks read: [vars], the D1 and KV ids, and whether a
 * [[send_email]] binding is declared.
 */
export function deployConfigFromToml(text) {
  const tables = parseTomlTables(text);
  const vars = Object.assign({}, ...tables.filter((t) => t.name === 'vars' && !t.isArray).map((t) => t.values));
  return {
    vars,
    d1DatabaseIds: tables.filter((t) => t.name === 'd1_databases').map((t) => t.values.database_id ?? ''),
    kvNamespaceIds: tables.filter((t) => t.name === 'kv_namespaces').map((t) => t.values.id ?? ''),
    hasSendEmailBinding: tables.some((t) => t.name === 'send_email'),
  };
}

const isPlaceholderId = (id) => !id || /^[0-]+$/.test(id);

/**
 * Everything that must be set or changed before a production deploy, one line each; empty when
 * the configuration is fit to go live. `secretNames` are the Worker's secrets (`wrangler secret
 * list`), or null when they could not be read: then the secret rules are skipped only with
 * `skipSecretCheck`, and otherwise that is itself a problem.
 * @param {{ vars: Record<string, string>, d1DatabaseIds: string[], kvNamespaceIds: string[], hasSendEmailBinding: boolean,
 *   secretNames: string[] | null, secretListError?: string, skipSecretCheck?: boolean }} config
 * @returns {string[]}
 */
/** 'https://host[:port]' with nothing after it but an optional '/'. */
function isHttpsOrigin(text) {
  try {
    const url = new URL(text);
    return (
      url.protocol === 'https:' &&
      !url.username &&
      !url.password &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      `${url.origin}${text.endsWith('/') ? '/' : ''}` === text
    );
  } catch {
    return false;
  }
}

export function deployProblems(config) {
  const { vars, secretNames } = config;
  const problems = [];
  const value = (key) => (typeof vars[key] === 'string' ? vars[key].trim() : '');
  const secrets = new Set(secretNames ?? []);
  const checkSecrets = secretNames !== null;
  const isSet = (key) => Boolean(value(key)) || secrets.has(key);
  const needSecrets = (keys, why) => {
    if (!checkSecrets) return;
    const missing = keys.filter((key) => !isSet(key));
    if (missing.length)
      problems.push(`${missing.join(', ')}: ${why}; set with \`wrangler secret put ${missing[0]}\`${missing.length > 1 ? ' (each)' : ''}.`);
  };

  // APP_ENV decides whether development conveniences (built-in secrets) exist.
  if (value('APP_ENV') !== 'production') {
    problems.push(
      `APP_ENV: set APP_ENV = "production" in wrangler.toml [vars] (it is ${value('APP_ENV') ? `"${value('APP_ENV')}"` : 'unset'}).`,
    );
  }

  for (const [key, raw] of Object.entries(vars)) {
    const sampleBank = BANK_KEYS.includes(key) && SAMPLE_BANK_VALUE.some((re) => re.test(raw));
    if (typeof raw === 'string' && (sampleBank || SAMPLE_VALUE.some((re) => re.test(raw)))) {
      problems.push(`${key}: "${raw}" is a sample value; set the business's own in wrangler.toml [vars], or remove it.`);
    }
    if (SECRET_KEYS.includes(key)) {
      problems.push(
        `${key}: a secret must not be in wrangler.toml [vars]; remove it there and set it with \`wrangler secret put ${key}\`.`,
      );
    }
  }

  // Without it, links in e-mails, robots.txt and the sitemap follow whatever Host header a request carried.
  const base = value('PUBLIC_BASE_URL');
  if (!base)
    problems.push(
      'PUBLIC_BASE_URL: set the site\'s own origin, e.g. "https://your-domain.co.za", in wrangler.toml [vars]; unset, links in e-mails and robots.txt follow the Host header of whoever asked.',
    );
  else if (!isHttpsOrigin(base))
    problems.push(`PUBLIC_BASE_URL: "${base}" must be an https origin with no path, e.g. "https://your-domain.co.za".`);

  if (!isSet('BUSINESS_EMAIL'))
    problems.push('BUSINESS_EMAIL: set the address customers write to and order notices go to, in wrangler.toml [vars].');
  if (!isSet('MARKETING_EMAIL'))
    problems.push('MARKETING_EMAIL: set the address the daily report goes to every morning at 06:00, in wrangler.toml [vars].');
  // Only a VAT vendor issues tax invoices (services/tax-invoices.ts): a number SARS would not have
  // issued would print on every invoice, and an invoice must carry the business's address too.
  const vatNumber = value('VAT_NUMBER');
  if (vatNumber && !/^4\d{9}$/.test(vatNumber.replace(/[\s-]/g, '')))
    problems.push(
      `VAT_NUMBER: "${vatNumber}" is not a South African VAT number (10 digits starting with 4); correct it, or remove it to issue receipts only.`,
    );
  else if (vatNumber && !isSet('BUSINESS_ADDRESS'))
    problems.push(
      "BUSINESS_ADDRESS: VAT_NUMBER is set, so tax invoices are issued and must carry the business's address; set it in wrangler.toml [vars].",
    );
  if (/\bsample\b/i.test(value('BUSINESS_ADDRESS')))
    problems.push(
      `BUSINESS_ADDRESS: "${value('BUSINESS_ADDRESS')}" is a sample value; set the business's own in wrangler.toml [vars], or remove it.`,
    );
  if (!CONTACT_NUMBERS.some(isSet))
    problems.push(`${CONTACT_NUMBERS.join(' / ')}: set at least one number customers can call or WhatsApp, in wrangler.toml [vars].`);

  const email = value('EMAIL_PROVIDER').toLowerCase();
  if (!email || email === 'local') {
    problems.push(
      'EMAIL_PROVIDER: set "cloudflare" or "resend" in wrangler.toml [vars]; with "local" (the default) no e-mail leaves the outbox.',
    );
  } else if (email === 'cloudflare' || email === 'resend') {
    if (!isSet('EMAIL_FROM'))
      problems.push('EMAIL_FROM: set the sender, e.g. "Custom Blinds <quotes@your-domain.co.za>", on a domain verified with the provider.');
    if (email === 'cloudflare' && !config.hasSendEmailBinding)
      problems.push('[[send_email]]: EMAIL_PROVIDER is "cloudflare": uncomment the [[send_email]] binding in wrangler.toml.');
    if (email === 'resend') needSecrets(['EMAIL_API_KEY'], 'EMAIL_PROVIDER is "resend"');
  } else {
    problems.push(`EMAIL_PROVIDER: "${value('EMAIL_PROVIDER')}" is not one of cloudflare, resend.`);
  }

  // A comma-separated list: at most one card gateway and/or ozow (instant EFT), or 'none' alone.
  const payments = [
    ...new Set(
      value('PAYMENT_PROVIDER')
        .toLowerCase()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = payments.filter((name) => name !== 'none' && name !== 'sandbox' && !(name in PAYMENT_SECRETS));
  if (payments.length === 0 || payments.includes('sandbox')) {
    problems.push(
      `PAYMENT_PROVIDER: set "yoco" or "payfast" (or "none" to take no card payments) in wrangler.toml [vars], with ",ozow" for instant EFT (e.g. "yoco,ozow"); ${payments.length > 0 ? 'the sandbox takes no money' : 'unset, it is the sandbox, which takes no money'}.`,
    );
  } else if (unknown.length > 0) {
    problems.push(
      `PAYMENT_PROVIDER: "${value('PAYMENT_PROVIDER')}" is not one of yoco, payfast, ozow, none (or a card gateway with ozow).`,
    );
  } else if (payments.includes('none') && payments.length > 1) {
    problems.push(
      `PAYMENT_PROVIDER: "${value('PAYMENT_PROVIDER')}" combines "none" with a gateway; "none" means no online payment at all.`,
    );
  } else if (payments.filter((name) => CARD_GATEWAYS.includes(name)).length > 1) {
    problems.push(`PAYMENT_PROVIDER: "${value('PAYMENT_PROVIDER')}" names two card gateways; keep one of yoco, payfast.`);
  }
  for (const name of payments) if (name in PAYMENT_SECRETS) needSecrets(PAYMENT_SECRETS[name], `PAYMENT_PROVIDER names "${name}"`);
  if (payments.includes('ozow') && value('OZOW_IS_TEST').toLowerCase() === 'true') {
    problems.push('OZOW_IS_TEST: "true" sends Ozow test requests, which take no money; remove it (or set "false") for production.');
  }
  if (payments.length === 1 && payments[0] === 'none') {
    // Without a card gateway a bank transfer is the only way to pay: customers must be told where to.
    const missing = BANK_KEYS.filter((key) => !isSet(key));
    if (missing.length) {
      problems.push(
        `${missing.join(', ')}: PAYMENT_PROVIDER is "none", so customers pay by bank transfer; set the shop's bank account in wrangler.toml [vars] (public: customers need it to pay).`,
      );
    }
  }

  if (config.d1DatabaseIds.length === 0 || config.d1DatabaseIds.some(isPlaceholderId)) {
    problems.push('[[d1_databases]] database_id: replace the placeholder with the id from `wrangler d1 create custom-blinds`.');
  }
  if (config.kvNamespaceIds.length === 0 || config.kvNamespaceIds.some(isPlaceholderId)) {
    problems.push('[[kv_namespaces]] id: replace the placeholder with the id from `wrangler kv namespace create SESSIONS`.');
  }

  needSecrets(['ADMIN_PIN'], 'the staff PIN (4 digits) is needed to sign in');
  // The Worker turns passkeys on only for exactly "true": a "yes" or "1" would leave the PIN alone
  // opening the staff area while the owner believes otherwise.
  const requirePasskey = value('STAFF_REQUIRE_PASSKEY').toLowerCase();
  if (requirePasskey && requirePasskey !== 'true' && requirePasskey !== 'false') {
    problems.push(
      `STAFF_REQUIRE_PASSKEY: "${value('STAFF_REQUIRE_PASSKEY')}" is neither "true" (sign-in needs the PIN and a passkey) nor "false"; set one of them in wrangler.toml [vars].`,
    );
  }
  needSecrets(['BOOKING_LINK_SECRET'], 'it signs the move-or-cancel links of booked site visits (any long random text)');
  if (!checkSecrets && !config.skipSecretCheck) {
    problems.push(
      `Secrets: could not list the Worker's secrets${config.secretListError ? ` (${config.secretListError})` : ''}; run \`wrangler login\` or set CLOUDFLARE_API_TOKEN, or set DEPLOY_SKIP_SECRET_CHECK=1 to deploy without checking them.`,
    );
  }
  return problems;
}
