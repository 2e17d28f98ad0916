// The online ways to pay PAYMENT_PROVIDER names and whether each can take a payment: read by the
// checkout, the public configuration and the order e-mails (which offer a method only when it can).
// PAYMENT_PROVIDER is a comma-separated list: at most one card gateway (sandbox, yoco or payfast)
// and/or ozow (instant EFT), e.g. 'yoco,ozow'; 'none' alone means no online payment at all. The
// sandbox is a test stand-in for both ways to pay: its card checkout, and its instant EFT page when
// the list names no ozow (so a local `npm start` offers every method offline; no money is taken).
import type { Env } from '../../env';
import { ozowConfig, ozowProvider } from './ozow';
import { payfastConfig, payfastProvider } from './payfast';
import { sandboxProvider, sandboxSecret } from './sandbox';
import { PROVIDER_NAMES, type PaymentProvider, type ProviderName } from './types';
import { yocoConfig, yocoProvider } from './yoco';

/** The online ways to pay a customer can choose between (public configuration, POST /api/payment/create). */
export const PAYMENT_METHODS = ['card', 'instant_eft'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const CARD_GATEWAYS: readonly ProviderName[] = ['sandbox', 'yoco', 'payfast'];
const METHODS_OF: Record<ProviderName, readonly PaymentMethod[]> = {
  sandbox: ['card', 'instant_eft'],
  yoco: ['card'],
  payfast: ['card'],
  ozow: ['instant_eft'],
};

/** The names PAYMENT_PROVIDER lists (trimmed, lower case, no repeats); ['sandbox'] when unset. */
export function configuredProviderNames(env: Env): string[] {
  const names = (env.PAYMENT_PROVIDER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return names.length === 0 ? ['sandbox'] : [...new Set(names)];
}

/** The sandbox gateway's pages and notification exist only while it is a configured provider. */
export function isSandboxGateway(env: Env): boolean {
  return configuredProviderNames(env).includes('sandbox');
}

/** What stops a configured gateway from taking a payment: for the log, never the customer. */
export type GatewayProblem = { problem: string; fields?: Record<string, unknown> };

/** A list PAYMENT_PROVIDER cannot mean: unknown names, two card gateways, 'none' beside a gateway. */
function listProblem(names: string[]): GatewayProblem | null {
  const unknown = names.filter((name) => name !== 'none' && !(PROVIDER_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return { problem: `PAYMENT_PROVIDER '${unknown.join(',')}' is not one of ${PROVIDER_NAMES.join(', ')} or none` };
  }
  if (names.includes('none') && names.length > 1) return { problem: "PAYMENT_PROVIDER 'none' cannot be combined with a gateway" };
  if (names.filter((name) => CARD_GATEWAYS.includes(name as ProviderName)).length > 1) {
    return { problem: 'PAYMENT_PROVIDER names more than one card gateway: keep one of sandbox, yoco, payfast' };
  }
  return null;
}

function providerFor(env: Env, name: ProviderName, method: PaymentMethod): PaymentProvider | GatewayProblem {
  switch (name) {
    case 'sandbox':
      if (!sandboxSecret(env)) {
        return {
          problem:
            'the sandbox gateway needs SANDBOX_PAYMENT_SECRET outside APP_ENV=development (or set PAYMENT_PROVIDER to yoco or payfast)',
          fields: { missing: ['SANDBOX_PAYMENT_SECRET'] },
        };
      }
      return sandboxProvider(env, method);
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
    case 'ozow': {
      const config = ozowConfig(env);
      if ('missing' in config) return { problem: 'Ozow is missing settings', fields: { missing: config.missing } };
      return ozowProvider(config);
    }
  }
}

/**
 * The gateway PAYMENT_PROVIDER names for this way to pay, 'none' when it names none for it (or
 * 'none' itself), or what is wrong. Logs nothing.
 */
export function resolveGateway(env: Env, method: PaymentMethod = 'card'): PaymentProvider | 'none' | GatewayProblem {
  const names = configuredProviderNames(env);
  const problem = listProblem(names);
  if (problem) return problem;
  const serving = names.filter((n): n is ProviderName => n !== 'none' && METHODS_OF[n as ProviderName].includes(method));
  // A real gateway named for the method comes before the sandbox's stand-in ('sandbox,ozow': Ozow's instant EFT).
  const name = serving.find((n) => n !== 'sandbox') ?? serving[0];
  return name ? providerFor(env, name, method) : 'none';
}

/** Whether a checkout of this way to pay can start: the web app offers only those (public configuration). */
export function methodAvailable(env: Env, method: PaymentMethod): boolean {
  const gateway = resolveGateway(env, method);
  return gateway !== 'none' && 'createCheckout' in gateway;
}

/** Whether a card checkout can start: the web app offers 'Pay by card' only then. */
export function cardPaymentsAvailable(env: Env): boolean {
  return methodAvailable(env, 'card');
}

/** Whether an instant EFT (Ozow, or the sandbox's test page) checkout can start. */
export function instantEftAvailable(env: Env): boolean {
  return methodAvailable(env, 'instant_eft');
}

/** Whether instant EFT is the sandbox's test page (no money is taken): the order page says so instead of naming Ozow. */
export function instantEftIsTest(env: Env): boolean {
  const gateway = resolveGateway(env, 'instant_eft');
  return gateway !== 'none' && 'createCheckout' in gateway && gateway.name === 'sandbox';
}

/** Whether any online payment (card or instant EFT) can start: the order page then offers to pay now. */
export function onlinePaymentsAvailable(env: Env): boolean {
  return PAYMENT_METHODS.some((method) => methodAvailable(env, method));
}
