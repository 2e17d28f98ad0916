import { Hono, type Context } from 'hono';
import type { AppBindings } from '../env';
import { bodyLimit } from 'hono/body-limit';
import { rateLimit } from '../middleware/rate-limit';
import {
  isExpired,
  loadSandboxSession,
  resultUrl,
  sandboxSecret,
  submitSandboxCheckout,
  type CardForm,
} from '../services/payments/sandbox';
import { isSandboxEft, sandboxEftPage, submitSandboxEft } from '../services/payments/sandbox-eft';
import { sandboxCheckoutPage, sandboxMessagePage } from '../services/payments/sandbox-page';

const FORM_LIMIT_BYTES = 8 * 1024;

type PageStatus = 200 | 404 | 410 | 413 | 415 | 422;

async function page(c: Context<AppBindings>, body: ReturnType<typeof sandboxCheckoutPage>, status: PageStatus): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  return c.html(body.toString(), status);
}

function notFound(c: Context<AppBindings>): Promise<Response> {
  return page(
    c,
    sandboxMessagePage(
      'Checkout not found',
      'This checkout does not exist or is no longer available. Start the payment again from your order.',
      { href: '/', label: 'Return to the shop' },
    ),
    404,
  );
}

function expired(c: Context<AppBindings>, cancelUrl: string): Promise<Response> {
  return page(
    c,
    sandboxMessagePage('This checkout has expired', 'Nothing was charged. Start the payment again from your order to get a new checkout.', {
      href: cancelUrl,
      label: 'Return to the shop',
    }),
    410,
  );
}

function formText(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 200) : '';
}

function cardForm(body: Record<string, string | File>): CardForm {
  return {
    card_number: formText(body.card_number),
    expiry: formText(body.expiry),
    cvc: formText(body.cvc),
    name: formText(body.name),
  };
}

/** The sandbox gateway's hosted checkout: GET shows it (the card form, or the instant EFT test page), POST (a form post, like a gateway's) pays or cancels. */
export const sandboxCheckoutRoutes = new Hono<AppBindings>()
  .get('/:checkoutId', async (c) => {
    if (!sandboxSecret(c.env)) return notFound(c);
    const session = await loadSandboxSession(c.env, c.req.param('checkoutId'));
    if (!session) return notFound(c);
    if (session.status !== 'open') return c.redirect(resultUrl(session, session.status), 303);
    if (isExpired(session)) return expired(c, session.urls.cancel);
    return page(c, isSandboxEft(session) ? sandboxEftPage(session) : sandboxCheckoutPage(session), 200);
  })
  .post('/:checkoutId', rateLimit({ name: 'sandbox-checkout', limit: 30, windowSeconds: 600 }), async (c) => {
    if (!sandboxSecret(c.env)) return notFound(c);
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded' && mediaType !== 'multipart/form-data') {
      return page(
        c,
        sandboxMessagePage('Unsupported request', 'Submit the checkout form to pay.', { href: c.req.path, label: 'Back to the checkout' }),
        415,
      );
    }
    // Counted as it streams in (a chunked body has no Content-Length to check), stopping at the cap.
    const tooLarge = () =>
      page(
        c,
        sandboxMessagePage('Request too large', 'Submit the checkout form to pay.', { href: c.req.path, label: 'Back to the checkout' }),
        413,
      );
    let body: Record<string, string | File> = {};
    const refused = await bodyLimit({ maxSize: FORM_LIMIT_BYTES, onError: tooLarge })(c, async () => {
      body = await c.req.parseBody();
    });
    if (refused) return refused;
    const id = c.req.param('checkoutId');
    const session = await loadSandboxSession(c.env, id);
    const result =
      session && isSandboxEft(session)
        ? await submitSandboxEft(c.env, id, body.action === 'cancel' || body.action === 'fail' ? body.action : 'pay')
        : await submitSandboxCheckout(c.env, id, body.action === 'cancel' ? 'cancel' : 'pay', cardForm(body));
    switch (result.kind) {
      case 'not_found':
        return notFound(c);
      case 'expired':
        return expired(c, result.session.urls.cancel);
      case 'form':
        return page(c, sandboxCheckoutPage(result.session, result.form, result.errors), 422);
      case 'redirect':
        c.header('Cache-Control', 'no-store');
        return c.redirect(result.url, 303);
    }
  });
