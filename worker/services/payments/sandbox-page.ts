// The sandbox gateway's hosted checkout page, rendered on the server. Every value is escaped by
// lib/html; there is no inline script or style (CSP): the look is /sandbox-checkout.css.
import { html, type SafeHtml } from '../../lib/html';
import { formatRandFromCents } from '../../shared/money';
import { formatSouthAfricanTime } from '../../shared/sa-time';
import { SANDBOX_SESSION_MINUTES, type CardErrors, type CardField, type CardForm, type SandboxSession } from './sandbox';

type Html = SafeHtml;

export function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en-ZA">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/sandbox-checkout.css" />
  </head>
  <body>
    <main class="sbx-checkout">
      <p class="sbx-badge">Test checkout: no real money is charged</p>
      ${body}
    </main>
  </body>
</html>`;
}

const FIELD_ORDER: CardField[] = ['card_number', 'expiry', 'cvc', 'name'];

function field(
  name: CardField,
  label: string,
  value: string,
  errors: CardErrors,
  attrs: { autocomplete: string; inputmode?: 'numeric'; placeholder?: string; maxlength: number; hint?: string },
): Html {
  const error = errors[name];
  const describedBy = [attrs.hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="sbx-field${error ? ' sbx-field-invalid' : ''}">
        <label for="${name}">${label}</label>
        ${attrs.hint ? html`<p class="sbx-hint" id="${name}-hint">${attrs.hint}</p>` : ''}
        ${error ? html`<p class="sbx-field-error" id="${name}-error">${error}</p>` : ''}
        <input id="${name}" name="${name}" type="text" value="${value}" autocomplete="${attrs.autocomplete}"
          ${attrs.inputmode ? html`inputmode="${attrs.inputmode}"` : ''} ${attrs.placeholder ? html`placeholder="${attrs.placeholder}"` : ''}
          maxlength="${attrs.maxlength}" required ${describedBy ? html`aria-describedby="${describedBy}"` : ''} ${error ? html`aria-invalid="true"` : ''} />
      </div>`;
}

function expiryTime(session: SandboxSession): string {
  return formatSouthAfricanTime(Date.parse(session.expiresAt));
}

/** The checkout: merchant, order reference, amount, the card form, and the test cards. */
export function sandboxCheckoutPage(session: SandboxSession, form: Partial<CardForm> = {}, errors: CardErrors = {}): Html {
  const amount = formatRandFromCents(session.amountCents);
  const errorFields = FIELD_ORDER.filter((name) => errors[name]);
  return layout(
    `${errorFields.length ? 'Error: ' : ''}Pay ${amount} to ${session.merchantName} (test checkout)`,
    html`<header class="sbx-header">
        <p class="sbx-merchant">${session.merchantName}</p>
        <h1>Pay ${amount}</h1>
        <dl class="sbx-summary">
          <div><dt>Order reference</dt><dd>${session.reference}</dd></div>
          <div><dt>Amount</dt><dd>${amount}</dd></div>
        </dl>
      </header>
      ${
        errorFields.length
          ? html`<div class="sbx-error-summary" role="alert" tabindex="-1" autofocus>
            <h2>There is a problem</h2>
            <ul>
              ${errorFields.map((name) => html`<li><a href="#${name}">${errors[name]}</a></li>`)}
            </ul>
          </div>`
          : ''
      }
      <form class="sbx-form" method="post" action="/pay/sandbox/${session.id}" novalidate>
        ${field('card_number', 'Card number', form.card_number ?? '', errors, { autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23, placeholder: '4242 4242 4242 4242' })}
        <div class="sbx-row">
          ${field('expiry', 'Expiry date', form.expiry ?? '', errors, { autocomplete: 'cc-exp', inputmode: 'numeric', maxlength: 7, placeholder: 'MM/YY', hint: 'MM/YY' })}
          ${field('cvc', 'Security code (CVC)', '', errors, { autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4, placeholder: '123' })}
        </div>
        ${field('name', 'Name on card', form.name ?? '', errors, { autocomplete: 'cc-name', maxlength: 100 })}
        <div class="sbx-actions">
          <button type="submit" name="action" value="pay" class="sbx-pay">Pay ${amount}</button>
          <button type="submit" name="action" value="cancel" class="sbx-cancel" formnovalidate>Cancel</button>
        </div>
      </form>
      <section class="sbx-test-cards" aria-labelledby="sbx-test-cards-title">
        <h2 id="sbx-test-cards-title">Test cards</h2>
        <ul>
          <li><code>4242 4242 4242 4242</code> succeeds</li>
          <li><code>4000 0000 0000 0002</code> is declined</li>
          <li><strong>Cancel</strong> cancels the payment and returns to the shop</li>
        </ul>
        <p>Use any future expiry date, any 3-digit CVC and any name.</p>
      </section>
      <p class="sbx-expiry">This checkout is open for ${SANDBOX_SESSION_MINUTES} minutes, until ${expiryTime(session)} (South African time).</p>`,
  );
}

/** Expired, unknown or unavailable checkouts: a page that says so and leads back to the shop. */
export function sandboxMessagePage(title: string, message: string, link: { href: string; label: string }): Html {
  return layout(
    title,
    html`<h1>${title}</h1>
      <p class="sbx-message">${message}</p>
      <p><a class="sbx-link" href="${link.href}">${link.label}</a></p>`,
  );
}
