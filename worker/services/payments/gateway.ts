// Which card gateway PAYMENT_PROVIDER names and whether it can take a payment: read by the checkout,
// the public configuration and the order e-mails (which offer 'Pay by card' only when it can).
import type { Env } from '../../env';
import { payfastConfig, payfastProvider } from './payfast';
import { sandboxProvider, sandboxSecret } from './sandbox';
import { PROVIDER_NAMES, type PaymentProvider } from './types';
import { yocoConfig, yocoProvider } from './yoco';

/** The configured gateway's name as written (trimmed, lower case); 'sandbox' when unset. */
export function configuredProviderName(env: Env): string {
  return env.PAYMENT_PROVIDER?.trim().toLowerCase() || 'sandbox';
}

/** The sandbox gateway's pages and notification exist only while it is the configured provider. */
export function isSandboxGateway(env: Env): boolean {
  return configuredProviderName(env) === 'sandbox';
}

/** What stops the configured gateway from taking a card payment: for the log, never the customer. */
export type GatewayProblem = { problem: string; fields?: Record<string, unknown> };

/** The gateway PAYMENT_PROVIDER names, 'none' when card payments are switched off, or what is missing. Logs nothing. */
export function resolveGateway(env: Env): PaymentProvider | 'none' | GatewayProblem {
  const name = configuredProviderName(env);
  switch (name) {
    case 'none':
      return 'none';
    case 'sandbox':
      if (!sandboxSecret(env)) {
        return {
          problem:
            'the sandbox gateway needs SANDBOX_PAYMENT_SECRET outside APP_ENV=development (or set PAYMENT_PROVIDER to yoco or payfast)',
          fields: { missing: ['SANDBOX_PAYMENT_SECRET'] },
        };
      }
      return sandboxProvider(env);
    case 'yoco': {
      const config = yocoConfig(env);
      if ('missing' in config) return { problem: 'Yoco is missing settings', fields: { missing: config.missing } };
      return yocoProvider(config);
    }
    case 'payfast': {
      const config = payfastConfig(env);
      if ('missing' in config) return { problem: 'PayFast is missing settings', fields: { missing: config.missing } };
      return payfastProvider(config);
    }
    default:
      return { problem: `PAYMENT_PROVIDER '${name}' is not one of ${PROVIDER_NAMES.join(', ')} or none` };
  }
}

/** Whether a card checkout can start: the web app offers 'Pay by card' only then (public configuration). */
export function cardPaymentsAvailable(env: Env): boolean {
  const gateway = resolveGateway(env);
  return gateway !== 'none' && 'createCheckout' in gateway;
}
