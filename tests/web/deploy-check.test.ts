// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseEnv } from 'node:util';
import devVarsExample from '../../.dev.vars.example?raw';
import wranglerToml from '../../wrangler.toml?raw';
import { deployConfigFromToml, deployProblems, parseTomlTables, type DeployConfig } from '../../scripts/deploy-check.mjs';

/** A configuration fit for production; each test breaks one rule. */
function ready(
  overrides: { vars?: Record<string, string | undefined>; secretNames?: string[] | null } & Omit<Partial<DeployConfig>, 'vars'> = {},
) {
  const vars: Record<string, string> = {
    APP_ENV: 'production',
    BUSINESS_NAME: 'Knysna Blinds',
    BUSINESS_PHONE_NATIONAL: '+27 21 555 1234',
    BUSINESS_EMAIL: 'info@knysnablinds.co.za',
    MARKETING_EMAIL: 'marketing@knysnablinds.co.za',
    EMAIL_PROVIDER: 'resend',
    EMAIL_FROM: 'Knysna Blinds <quotes@knysnablinds.co.za>',
    PAYMENT_PROVIDER: 'yoco',
    PUBLIC_BASE_URL: 'https://knysnablinds.co.za',
  };
  for (const [key, value] of Object.entries(overrides.vars ?? {})) {
    if (value === undefined) delete vars[key];
    else vars[key] = value;
  }
  return {
    d1DatabaseIds: ['5f1c2a9e-8d3b-4c7a-9e21-0b6d4f3a2c10'],
    kvNamespaceIds: ['9a8b7c6d5e4f30211a2b3c4d5e6f7081'],
    hasSendEmailBinding: false,
    secretNames: ['ADMIN_PIN', 'BOOKING_LINK_SECRET', 'YOCO_SECRET_KEY', 'YOCO_WEBHOOK_SECRET', 'EMAIL_API_KEY'],
    ...overrides,
    vars,
  };
}

/** A real-looking account (not the sample one). */
const BANK = {
  BANK_ACCOUNT_NAME: 'Knysna Blinds (Pty) Ltd',
  BANK_NAME: 'First National Bank',
  BANK_ACCOUNT_NUMBER: '62812345678',
  BANK_BRANCH_CODE: '250655',
  BANK_ACCOUNT_TYPE: 'Cheque',
};

const problemsFor = (overrides: Parameters<typeof ready>[0]) => deployProblems(ready(overrides));

describe('deploy checks', () => {
  it('passes a configuration fit for production', () => {
    expect(deployProblems(ready())).toEqual([]);
  });

  it('refuses the sample contacts of .dev.vars.example', () => {
    const problems = problemsFor({
      vars: {
        BUSINESS_PHONE_GARDEN_ROUTE: '+27 44 000 0000',
        MARKETING_EMAIL: 'marketing@example.co.za',
        MAIN_WEBSITE_URL: 'https://example.co.za',
      },
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/BUSINESS_PHONE_GARDEN_ROUTE: "\+27 44 000 0000" is a sample value/);
    expect(problems.join('\n')).toMatch(/MARKETING_EMAIL: .*sample value/);
    expect(problems.join('\n')).toMatch(/MAIN_WEBSITE_URL: .*sample value/);
  });

  it('asks for an e-mail address and a number customers can reach', () => {
    expect(problemsFor({ vars: { BUSINESS_EMAIL: undefined } })).toEqual([expect.stringMatching(/^BUSINESS_EMAIL: set/)]);
    expect(problemsFor({ vars: { BUSINESS_PHONE_NATIONAL: undefined } })).toEqual([expect.stringMatching(/at least one number/)]);
    expect(problemsFor({ vars: { BUSINESS_PHONE_NATIONAL: undefined, BUSINESS_WHATSAPP_GARDEN_ROUTE: '+27 82 555 1234' } })).toEqual([]);
  });

  it('asks for MARKETING_EMAIL (the daily report goes nowhere without it); MAIN_WEBSITE_URL may stay unset', () => {
    expect(problemsFor({ vars: { MARKETING_EMAIL: undefined } })).toEqual([
      expect.stringMatching(/^MARKETING_EMAIL: set the address the daily report/),
    ]);
    expect(problemsFor({ vars: { MAIN_WEBSITE_URL: undefined } })).toEqual([]);
  });

  it('refuses EMAIL_PROVIDER unset or local, and asks for what each provider needs', () => {
    for (const EMAIL_PROVIDER of [undefined, 'local', 'LOCAL']) {
      expect(problemsFor({ vars: { EMAIL_PROVIDER } })).toEqual([expect.stringMatching(/^EMAIL_PROVIDER: set "cloudflare" or "resend"/)]);
    }
    expect(problemsFor({ vars: { EMAIL_PROVIDER: 'mailchimp' } })).toEqual([expect.stringMatching(/"mailchimp" is not one of/)]);
    expect(problemsFor({ vars: { EMAIL_FROM: undefined } })).toEqual([expect.stringMatching(/^EMAIL_FROM: set the sender/)]);
    expect(problemsFor({ secretNames: ['ADMIN_PIN', 'BOOKING_LINK_SECRET', 'YOCO_SECRET_KEY', 'YOCO_WEBHOOK_SECRET'] })).toEqual([
      expect.stringMatching(/^EMAIL_API_KEY: EMAIL_PROVIDER is "resend"/),
    ]);
    expect(problemsFor({ vars: { EMAIL_PROVIDER: 'cloudflare' } })).toEqual([
      expect.stringMatching(/uncomment the \[\[send_email\]\] binding/),
    ]);
    expect(problemsFor({ vars: { EMAIL_PROVIDER: 'cloudflare' }, hasSendEmailBinding: true })).toEqual([]);
  });

  it('refuses the sandbox gateway (also when PAYMENT_PROVIDER is unset) and accepts none', () => {
    for (const PAYMENT_PROVIDER of [undefined, 'sandbox']) {
      expect(problemsFor({ vars: { PAYMENT_PROVIDER } })).toEqual([
        expect.stringMatching(/^PAYMENT_PROVIDER: set "yoco" or "payfast" \(or "none"/),
      ]);
    }
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'stripe' } })).toEqual([
      expect.stringMatching(/"stripe" is not one of yoco, payfast, ozow, none/),
    ]);
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'none', ...BANK } })).toEqual([]);
  });

  it('with PAYMENT_PROVIDER "none" refuses to deploy without the bank details customers pay into, naming each missing one', () => {
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'none' } })).toEqual([
      expect.stringMatching(
        /^BANK_ACCOUNT_NAME, BANK_NAME, BANK_ACCOUNT_NUMBER, BANK_BRANCH_CODE, BANK_ACCOUNT_TYPE: PAYMENT_PROVIDER is "none", so customers pay by bank transfer/,
      ),
    ]);
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'none', ...BANK, BANK_BRANCH_CODE: ' ', BANK_ACCOUNT_TYPE: undefined } })).toEqual([
      expect.stringMatching(/^BANK_BRANCH_CODE, BANK_ACCOUNT_TYPE: PAYMENT_PROVIDER is "none"/),
    ]);
    // A card gateway takes the payment: the bank account is then optional.
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'yoco' } })).toEqual([]);
  });

  it('refuses the sample bank account of .dev.vars.example', () => {
    const sample = parseEnv(devVarsExample);
    const vars = Object.fromEntries(Object.entries(sample).filter(([key]) => key.startsWith('BANK_')));
    expect(Object.keys(vars)).toHaveLength(5);
    const problems = problemsFor({ vars: { PAYMENT_PROVIDER: 'none', ...vars } });
    expect(problems).toHaveLength(5);
    for (const key of Object.keys(vars)) expect(problems.join('\n')).toMatch(new RegExp(`^${key}: ".*" is a sample value`, 'm'));
  });

  it('refuses a VAT_NUMBER that is not 10 digits starting with 4, and a VAT number without the address an invoice needs', () => {
    const address = { BUSINESS_ADDRESS: '8 Long Street, Knysna, 6571' };
    for (const VAT_NUMBER of ['412345678', '41234567890', '5123456789', '4123456789X', 'VAT4123456789']) {
      expect(problemsFor({ vars: { VAT_NUMBER, ...address } })).toEqual([
        expect.stringMatching(new RegExp(`^VAT_NUMBER: "${VAT_NUMBER}" is not a South African VAT number \\(10 digits starting with 4\\)`)),
      ]);
    }
    expect(problemsFor({ vars: { VAT_NUMBER: '4123456789', ...address } })).toEqual([]);
    expect(problemsFor({ vars: { VAT_NUMBER: '4123 456 789', ...address } })).toEqual([]);
    expect(problemsFor({ vars: { VAT_NUMBER: '4123456789' } })).toEqual([expect.stringMatching(/^BUSINESS_ADDRESS: VAT_NUMBER is set/)]);
    // Not a VAT vendor: receipts only, nothing to refuse.
    expect(problemsFor({ vars: { VAT_NUMBER: undefined } })).toEqual([]);
  });

  it('refuses the sample VAT number and address of .dev.vars.example', () => {
    const sample = parseEnv(devVarsExample);
    const problems = problemsFor({ vars: { VAT_NUMBER: sample.VAT_NUMBER, BUSINESS_ADDRESS: sample.BUSINESS_ADDRESS } }).join('\n');
    expect(problems).toMatch(/^VAT_NUMBER: ".*" is a sample value/m);
    expect(problems).toMatch(/^BUSINESS_ADDRESS: ".*" is a sample value/m);
  });

  it("asks for the gateway's secrets", () => {
    expect(problemsFor({ secretNames: ['ADMIN_PIN', 'BOOKING_LINK_SECRET', 'YOCO_SECRET_KEY', 'EMAIL_API_KEY'] })).toEqual([
      expect.stringMatching(/^YOCO_WEBHOOK_SECRET: PAYMENT_PROVIDER names "yoco"/),
    ]);
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'payfast' } })).toEqual([
      expect.stringMatching(/^PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY, PAYFAST_PASSPHRASE: PAYMENT_PROVIDER names "payfast"/),
    ]);
    // The merchant id is no secret: [vars] may hold it.
    expect(
      problemsFor({
        vars: { PAYMENT_PROVIDER: 'payfast', PAYFAST_MERCHANT_ID: '10000100' },
        secretNames: ['ADMIN_PIN', 'BOOKING_LINK_SECRET', 'EMAIL_API_KEY', 'PAYFAST_MERCHANT_KEY', 'PAYFAST_PASSPHRASE'],
      }),
    ).toEqual([]);
  });

  it('refuses a configured Ozow without its site code and secrets, or in test mode; accepts it beside a card gateway', () => {
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'yoco,ozow' } })).toEqual([
      expect.stringMatching(
        /^OZOW_SITE_CODE, OZOW_PRIVATE_KEY, OZOW_API_KEY: PAYMENT_PROVIDER names "ozow"; set with `wrangler secret put OZOW_SITE_CODE`/,
      ),
    ]);
    const secrets = ['ADMIN_PIN', 'BOOKING_LINK_SECRET', 'YOCO_SECRET_KEY', 'YOCO_WEBHOOK_SECRET', 'EMAIL_API_KEY', 'OZOW_PRIVATE_KEY'];
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'yoco, ozow', OZOW_SITE_CODE: 'KNY-BLI-001' }, secretNames: secrets })).toEqual([
      expect.stringMatching(/^OZOW_API_KEY: PAYMENT_PROVIDER names "ozow"/),
    ]);
    const all = [...secrets, 'OZOW_API_KEY'];
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'yoco,ozow', OZOW_SITE_CODE: 'KNY-BLI-001' }, secretNames: all })).toEqual([]);
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'ozow', OZOW_SITE_CODE: 'KNY-BLI-001' }, secretNames: all })).toEqual([]);
    expect(
      problemsFor({ vars: { PAYMENT_PROVIDER: 'yoco,ozow', OZOW_SITE_CODE: 'KNY-BLI-001', OZOW_IS_TEST: 'true' }, secretNames: all }),
    ).toEqual([expect.stringMatching(/^OZOW_IS_TEST: "true" sends Ozow test requests/)]);
    expect(problemsFor({ vars: { OZOW_PRIVATE_KEY: 'abc' }, secretNames: all })).toEqual([expect.stringMatching(/^OZOW_PRIVATE_KEY/)]);
  });

  it('refuses a list PAYMENT_PROVIDER cannot mean: two card gateways, none beside a gateway, the sandbox beside ozow', () => {
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'yoco,payfast' } })).toContainEqual(expect.stringMatching(/names two card gateways/));
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'none,ozow', ...BANK } })).toContainEqual(expect.stringMatching(/combines "none"/));
    expect(problemsFor({ vars: { PAYMENT_PROVIDER: 'sandbox,ozow' } })).toContainEqual(
      expect.stringMatching(/^PAYMENT_PROVIDER: set "yoco" or "payfast".*the sandbox takes no money/),
    );
  });

  it('asks for ADMIN_PIN as a secret, and refuses secrets written into [vars]', () => {
    expect(problemsFor({ secretNames: ['BOOKING_LINK_SECRET', 'YOCO_SECRET_KEY', 'YOCO_WEBHOOK_SECRET', 'EMAIL_API_KEY'] })).toEqual([
      expect.stringMatching(/^ADMIN_PIN: .*wrangler secret put ADMIN_PIN/),
    ]);
    expect(problemsFor({ vars: { ADMIN_PIN: '4321' } })).toEqual([
      expect.stringMatching(/^ADMIN_PIN: a secret must not be in wrangler.toml \[vars\]/),
    ]);
  });

  it('refuses the staff enrolment code in [vars], and a STAFF_REQUIRE_PASSKEY the Worker would not read as on or off', () => {
    expect(problemsFor({ vars: { STAFF_ENROLMENT_CODE: 'garden-route-2026' } })).toEqual([
      expect.stringMatching(/^STAFF_ENROLMENT_CODE: a secret must not be in wrangler.toml \[vars\]/),
    ]);
    expect(problemsFor({ vars: { STAFF_REQUIRE_PASSKEY: 'yes' } })).toEqual([
      expect.stringMatching(/^STAFF_REQUIRE_PASSKEY: "yes" is neither "true"/),
    ]);
    for (const ok of ['true', 'TRUE', 'false']) expect(problemsFor({ vars: { STAFF_REQUIRE_PASSKEY: ok } })).toEqual([]);
  });

  it("asks for PUBLIC_BASE_URL, an https origin: unset, e-mail links and robots.txt follow the request's Host header", () => {
    expect(problemsFor({ vars: { PUBLIC_BASE_URL: undefined } })).toEqual([
      expect.stringMatching(/^PUBLIC_BASE_URL: set the site's own origin.*Host header/),
    ]);
    expect(problemsFor({ vars: { PUBLIC_BASE_URL: '  ' } })).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL: set/)]);
    for (const bad of [
      'http://knysnablinds.co.za',
      'https://knysnablinds.co.za/shop',
      'knysnablinds.co.za',
      'https://user:pw@knysnablinds.co.za',
      'https://knysnablinds.co.za/?x=1',
    ]) {
      expect(problemsFor({ vars: { PUBLIC_BASE_URL: bad } }), bad).toEqual([
        expect.stringMatching(/^PUBLIC_BASE_URL: ".*" must be an https origin/),
      ]);
    }
    expect(problemsFor({ vars: { PUBLIC_BASE_URL: 'https://knysnablinds.co.za/' } })).toEqual([]);
  });

  it('refuses the placeholder D1 and KV ids', () => {
    expect(problemsFor({ d1DatabaseIds: ['00000000-0000-0000-0000-000000000000'] })).toEqual([
      expect.stringMatching(/^\[\[d1_databases\]\] database_id/),
    ]);
    expect(problemsFor({ kvNamespaceIds: ['00000000000000000000000000000000'] })).toEqual([
      expect.stringMatching(/^\[\[kv_namespaces\]\] id/),
    ]);
  });

  it('refuses APP_ENV other than production', () => {
    for (const APP_ENV of [undefined, 'development', 'prod']) {
      expect(problemsFor({ vars: { APP_ENV } })).toEqual([expect.stringMatching(/^APP_ENV: set APP_ENV = "production"/)]);
    }
  });

  it('refuses when the secrets cannot be listed, unless DEPLOY_SKIP_SECRET_CHECK says so', () => {
    expect(deployProblems({ ...ready({ secretNames: null }), secretListError: 'not logged in' })).toEqual([
      expect.stringMatching(/^Secrets: could not list the Worker's secrets \(not logged in\).*DEPLOY_SKIP_SECRET_CHECK=1/),
    ]);
    expect(deployProblems({ ...ready({ secretNames: null }), skipSecretCheck: true })).toEqual([]);
  });

  it("refuses this repository's wrangler.toml as it stands, for what the business must set", () => {
    const problems = deployProblems({ ...deployConfigFromToml(wranglerToml), secretNames: [] }).join('\n');
    for (const rule of [
      /^PUBLIC_BASE_URL:/m,
      /^BUSINESS_EMAIL:/m,
      /^MARKETING_EMAIL:/m,
      /at least one number/,
      /^EMAIL_PROVIDER:/m,
      /database_id/,
      /kv_namespaces/,
      /^ADMIN_PIN:/m,
      /^BANK_ACCOUNT_NAME, BANK_NAME, BANK_ACCOUNT_NUMBER, BANK_BRANCH_CODE, BANK_ACCOUNT_TYPE:/m,
    ]) {
      expect(problems).toMatch(rule);
    }
    // Its defaults are no sample values a customer would see, and never the sandbox.
    expect(problems).not.toMatch(/sample value|^PAYMENT_PROVIDER:/m);
  });
});

describe('reading wrangler.toml', () => {
  it('reads [vars], the array tables, strings and comments the way TOML means them', () => {
    const config = deployConfigFromToml(`
name = "custom-blinds"
[[d1_databases]]
binding = "DB"
database_id = "abc-123" # from wrangler d1 create
[[kv_namespaces]]
id = 'kv-1'
[triggers]
crons = [
  "0 4 * * *", # daily
  "*/5 * * * *",
]
[vars]
APP_ENV = "production"
BUSINESS_NAME = "Blinds \\"&\\" Co # not a comment"
MAIN_WEBSITE_URL = 'https://blinds.co.za/#top'
GREETING = """
Hello\\tthere"""
# [[send_email]]
`);
    expect(config).toEqual({
      vars: {
        APP_ENV: 'production',
        BUSINESS_NAME: 'Blinds "&" Co # not a comment',
        MAIN_WEBSITE_URL: 'https://blinds.co.za/#top',
        GREETING: 'Hello\tthere',
      },
      d1DatabaseIds: ['abc-123'],
      kvNamespaceIds: ['kv-1'],
      hasSendEmailBinding: false,
    });
    expect(parseTomlTables('[[send_email]]\nname = "SEND_EMAIL"\n').some((t) => t.name === 'send_email' && t.isArray)).toBe(true);
  });

  it('refuses text it does not understand instead of guessing', () => {
    expect(() => parseTomlTables('[vars]\nAPP_ENV = "production\n')).toThrow(/line 2: unterminated string/);
    expect(() => parseTomlTables('[vars]\nAPP_ENV "production"\n')).toThrow(/expected '='/);
  });
});
