// A stand-in for Ozow (instant EFT), mounted under /ozow so the worker's OZOW_API_BASE is
// `${STAND_IN_URL}/ozow`. It speaks Ozow's wire format as its developer hub documents it
// (worker/services/payments/ozow.ts says which page says what):
// - POST /PostPaymentRequest, headers ApiKey, Accept and Content-Type: application/json, body the
//   post variables in camelCase with hashCheck: the stand-in checks the API key and recomputes the
//   HashCheck itself (post variables in table order, private key appended, lower-cased, SHA-512),
//   answering {paymentRequestId, url, errorMessage} (errorMessage set, url null, when it refuses);
// - GET /GetTransactionByReference?siteCode=&transactionReference=[&isTest=true] with ApiKey: the
//   transactions of that reference, as JSON (camelCase, an array);
// - GET /pay/{paymentRequestId}: Ozow's hosted page, here a form with 'Pay with my bank' and
//   'Cancel'. POST /pay/{id} (action=pay|cancel) records the transaction, posts the notification
//   (form fields in Ozow's response order and Hash) to the request's NotifyUrl, then sends the
//   browser back to SuccessUrl or CancelUrl with a form post, as Ozow's redirect response does.
// For tests (not Ozow's API):
// - POST /__transactions {paymentRequestId, status, amount?, deliver?, lose?} records a
//   transaction with that status and answers {notification} (the signed form body Ozow would post);
//   deliver: true also posts it to the NotifyUrl; lose: true records it without any notification
//   (a notification lost on the way), so only the status API knows.
// The merchant's keys: STAND_IN_OZOW (site code, private key, API key); 'bad-api-key' is refused.
// Runs in Node (vitest globalSetup, or a browser test's own server) with web-standard Request/Response
// and Web Crypto only, so the worker tests can import its keys.
const randomUUID = () => crypto.randomUUID();

export const STAND_IN_OZOW = {
  siteCode: 'CBS-STD-001',
  privateKey: 'StandInPrivateKey0123456789ABCDEF',
  apiKey: 'StandInApiKey0123456789abcdef',
} as const;

// The hub's post variables table (1-17) and response variables table, written out here again so the
// stand-in checks the adapter against the documentation rather than against the adapter's own list.
const REQUEST_ORDER =
  'SiteCode CountryCode CurrencyCode Amount TransactionReference BankReference Optional1 Optional2 Optional3 Optional4 Optional5 Customer CancelUrl ErrorUrl SuccessUrl NotifyUrl IsTest'.split(
    ' ',
  );
const RESPONSE_ORDER =
  'SiteCode TransactionId TransactionReference Amount Status Optional1 Optional2 Optional3 Optional4 Optional5 CurrencyCode IsTest StatusMessage'.split(
    ' ',
  );

interface PaymentRequest {
  id: string;
  /** The post variables with Ozow's PascalCase names, as strings. */
  fields: Record<string, string>;
}

interface Transaction {
  transactionId: string;
  merchantCode: string;
  siteCode: string;
  transactionReference: string;
  currencyCode: string;
  amount: number;
  status: string;
  statusMessage: string;
  createdDate: string;
  paymentDate: string | null;
  isTest: boolean;
}

const requests = new Map<string, PaymentRequest>();
const transactions: Transaction[] = [];

export async function ozowSha512(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text.toLowerCase()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function ozowKey(headers: Headers): string | null {
  return headers.get('apikey');
}

/** The notification's form body for a transaction, signed as Ozow signs it. */
export async function signedNotification(tx: Transaction, optional: Record<string, string> = {}): Promise<string> {
  const fields: Record<string, string> = {
    SiteCode: tx.siteCode,
    TransactionId: tx.transactionId,
    TransactionReference: tx.transactionReference,
    Amount: tx.amount.toFixed(2),
    Status: tx.status,
    ...optional,
    CurrencyCode: tx.currencyCode,
    IsTest: tx.isTest ? 'true' : 'false',
    StatusMessage: tx.statusMessage,
  };
  const hash = await ozowSha512(RESPONSE_ORDER.map((name) => fields[name] ?? '').join('') + STAND_IN_OZOW.privateKey);
  const body = new URLSearchParams();
  for (const name of RESPONSE_ORDER) if (fields[name] !== undefined) body.set(name, fields[name]!);
  body.set('Hash', hash);
  return body.toString();
}

function record(request: PaymentRequest, status: string, amount?: number): Transaction {
  const tx: Transaction = {
    transactionId: randomUUID(),
    merchantCode: 'STANDIN',
    siteCode: request.fields.SiteCode!,
    transactionReference: request.fields.TransactionReference!,
    currencyCode: request.fields.CurrencyCode!,
    amount: amount ?? Number(request.fields.Amount),
    status,
    statusMessage: status === 'Complete' ? 'Payment complete' : status,
    createdDate: new Date().toISOString(),
    paymentDate: status === 'Complete' ? new Date().toISOString() : null,
    isTest: request.fields.IsTest === 'true',
  };
  transactions.push(tx);
  return tx;
}

async function deliver(request: PaymentRequest, notification: string): Promise<number> {
  const res = await fetch(request.fields.NotifyUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: notification,
  });
  await res.arrayBuffer();
  return res.status;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function payPage(request: PaymentRequest): Response {
  const amount = escapeHtml(request.fields.Amount ?? '');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ozow stand-in: pay by bank</title></head><body><main>
<h1>Ozow stand-in: pay R ${amount} by bank</h1>
<p>A local stand-in for Ozow's hosted page (tests only): no bank is contacted and no money moves.</p>
<form method="post"><button name="action" value="pay">Pay with my bank</button> <button name="action" value="cancel">Cancel</button></form>
</main></body></html>`;
  return new Response(page, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** Ozow's redirect response: the browser posts the response fields to the merchant's page. */
function redirectPost(url: string, notification: string): Response {
  const inputs = [...new URLSearchParams(notification)]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Returning to the shop</title></head><body>
<form id="back" method="post" action="${escapeHtml(url)}">${inputs}<button>Return to the shop</button></form>
<script>document.getElementById('back').submit()</script></body></html>`;
  return new Response(page, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** `path` is the request path without the /ozow prefix; `base` is where /ozow is served. */
export async function handleOzow(req: Request, path: string, base: string): Promise<Response> {
  if (path === '/PostPaymentRequest' && req.method === 'POST') {
    if (ozowKey(req.headers) !== STAND_IN_OZOW.apiKey) return json(401, { message: 'Authorization has been denied for this request.' });
    let body: Record<string, unknown>;
    try {
      body = (await req.json()) as Record<string, unknown>;
    } catch {
      return json(400, { errorMessage: 'Invalid JSON' });
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(body)) if (name !== 'hashCheck' && value !== null) fields[pascal(name)] = String(value);
    const refuse = (errorMessage: string) => json(200, { paymentRequestId: null, url: null, errorMessage });
    if (fields.SiteCode !== STAND_IN_OZOW.siteCode) return refuse('Invalid site code');
    if (fields.CountryCode !== 'ZA' || fields.CurrencyCode !== 'ZAR') return refuse('Only ZA and ZAR are supported');
    if (!/^\d+\.\d{2}$/.test(fields.Amount ?? '')) return refuse('Invalid amount');
    if (!/^[A-Za-z0-9 -]{1,20}$/.test(fields.BankReference ?? '')) return refuse('Invalid bank reference');
    const expected = await ozowSha512(REQUEST_ORDER.map((name) => fields[name] ?? '').join('') + STAND_IN_OZOW.privateKey);
    if (String(body.hashCheck ?? '').toLowerCase() !== expected) return refuse('Hash check failed');
    const id = randomUUID();
    requests.set(id, { id, fields });
    return json(200, { paymentRequestId: id, url: `${base}/pay/${id}`, errorMessage: null });
  }
  if (path === '/GetTransactionByReference' && req.method === 'GET') {
    if (ozowKey(req.headers) !== STAND_IN_OZOW.apiKey) return json(401, { message: 'Authorization has been denied for this request.' });
    const url = new URL(req.url);
    const site = url.searchParams.get('siteCode');
    const reference = url.searchParams.get('transactionReference');
    const isTest = url.searchParams.get('isTest') === 'true';
    return json(
      200,
      transactions.filter((tx) => tx.siteCode === site && tx.transactionReference === reference && tx.isTest === isTest).slice(0, 10),
    );
  }
  const pay = /^\/pay\/([0-9a-f-]{36})$/.exec(path);
  if (pay) {
    const request = requests.get(pay[1]!);
    if (!request) return new Response('No such payment request', { status: 404 });
    if (req.method === 'GET') return payPage(request);
    const action = new URLSearchParams(await req.text()).get('action');
    const tx = record(request, action === 'pay' ? 'Complete' : 'Cancelled');
    const notification = await signedNotification(tx);
    await deliver(request, notification);
    return redirectPost(action === 'pay' ? request.fields.SuccessUrl! : request.fields.CancelUrl!, notification);
  }
  if (path === '/__transactions' && req.method === 'POST') {
    const body = (await req.json()) as {
      paymentRequestId?: string;
      transactionReference?: string;
      status: string;
      amount?: number;
      deliver?: boolean;
      lose?: boolean;
    };
    const request =
      (body.paymentRequestId && requests.get(body.paymentRequestId)) ||
      [...requests.values()].find((r) => r.fields.TransactionReference === body.transactionReference);
    if (!request) return json(404, { error: 'no such payment request' });
    const tx = record(request, body.status, body.amount);
    const notification = await signedNotification(tx);
    const delivered = body.deliver && !body.lose ? await deliver(request, notification) : null;
    return json(200, { transaction: tx, notification: body.lose ? null : notification, delivered });
  }
  return new Response('Not found', { status: 404 });
}
