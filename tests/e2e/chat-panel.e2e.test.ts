import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';
import { rgbPng } from './png';

// The consultant chat panel (spec section 2). The chat API is fulfilled with page.route so these
// tests pin the panel's states whatever the back end answers.

const baseUrl = inject('baseUrl');
const PLACEHOLDER = 'Ask about blinds, upload photos, or request consultation...';
const APOLOGY = 'I apologize, but I encountered an issue processing your message. Please try again.';
const SESSION_ID = /^session_\d+_[a-z0-9]{9}$/;

const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];
let sessionCalls: Array<{ sessionId?: string }>;

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page);
  sessionCalls = [];
  await page.route('**/api/chat/session', async (route) => {
    sessionCalls.push(route.request().postDataJSON());
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true }) });
  });
});
afterEach(async () => {
  await context.close();
});

/** A valid 1x1 PNG of one colour, built here so the test needs no fixture files. */
const tinyPng = (r: number, g: number, b: number) => rgbPng(1, 1, () => [r, g, b]);

interface ChatBody {
  message: string;
  sessionId: string;
  images: string[];
  userContext: Record<string, unknown>;
}

type Reply = { status?: number; json?: unknown };
const DEFAULT_REPLY = {
  response: 'Roller blockout blinds are a great choice for bedrooms.\nSee https://example.co.za/rollers for the range.',
  aiProvider: 'claude',
  routingReason: 'product question',
  features: ['product_info', 'pricing', 'colours'],
};

/** Fulfils enhanced-chat for the assistant; records each body; `hold` keeps the answer back until released. */
function routeChat(assistant: string, reply: Reply = {}, hold?: Promise<void>): ChatBody[] {
  const bodies: ChatBody[] = [];
  void page.route(`**/api/${assistant.toLowerCase()}/enhanced-chat`, async (route: Route) => {
    bodies.push(route.request().postDataJSON() as ChatBody);
    if (hold) await hold;
    await route.fulfill({
      status: reply.status ?? 200,
      contentType: 'application/json',
      body: JSON.stringify(reply.json ?? DEFAULT_REPLY),
    });
  });
  return bodies;
}

/** Opens the landing page and waits for the chat panel's input. */
async function openPanel(p: Page = page): Promise<void> {
  await p.goto(baseUrl + '/');
  await p.getByPlaceholder(PLACEHOLDER).waitFor();
}

const panel = () => page.locator('section.chat-panel');
const input = () => page.getByPlaceholder(PLACEHOLDER);
const sendButton = () => panel().getByRole('button', { name: 'Send', exact: true });
const imagesButton = () => panel().getByRole('button', { name: 'Images' });
const log = () => panel().getByRole('log');
const withoutResourceErrors = (list: string[]) => list.filter((e) => !e.includes('Failed to load resource'));

describe('consultant chat panel', () => {
  it('shows the title, badge and welcome message, starts a chat session and blocks a blank send', async () => {
    await openPanel();
    await expect.poll(() => panel().getByRole('heading', { name: 'Melvin AI', level: 2 }).isVisible()).toBe(true);
    await expect.poll(() => panel().getByText('Custom Blinds Assistant', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => log().getAttribute('aria-live')).toBe('polite');
    const welcome = await log().innerText();
    expect(welcome).toMatch(/price/i);
    expect(welcome).toMatch(/measur/i);
    expect(welcome).toMatch(/Garden Route/);

    await expect.poll(() => sessionCalls.length).toBeGreaterThan(0);
    expect(sessionCalls[0]!.sessionId).toMatch(SESSION_ID);

    await expect.poll(() => sendButton().isDisabled()).toBe(true);
    await input().fill('   ');
    await expect.poll(() => sendButton().isDisabled()).toBe(true);
    await input().fill('Hello');
    await expect.poll(() => sendButton().isDisabled()).toBe(false);

    const card = await panel().locator('.chat-panel__card').boundingBox();
    expect(Math.round(card!.height)).toBe(600);
    expect(card!.width).toBeLessThanOrEqual(56 * 16 + 1);
    await screenshot(page, 'chat-panel-desktop');
    expect(errors).toEqual([]);
  });

  it("'Back to Custom Blinds' opens the main website in a new tab", async () => {
    await openPanel();
    const config = (await (await page.request.get(baseUrl + '/api/config')).json()) as { mainWebsiteUrl: string };
    const back = panel().getByRole('button', { name: 'Back to Custom Blinds' });
    await expect.poll(() => back.isVisible()).toBe(true);
    if (!config.mainWebsiteUrl) {
      await expect.poll(() => back.isDisabled()).toBe(true);
      return;
    }
    await page.evaluate(() => {
      (window as unknown as { __opened: unknown[] }).__opened = [];
      window.open = (...args: unknown[]) => {
        (window as unknown as { __opened: unknown[] }).__opened.push(args);
        return null;
      };
    });
    await back.click();
    const opened = await page.evaluate(() => (window as unknown as { __opened: unknown[] }).__opened);
    expect(opened).toEqual([[config.mainWebsiteUrl, '_blank', 'noopener']]);
    expect(errors).toEqual([]);
  });

  it('Enter sends the message with the contract body and shows the answer; Shift+Enter adds a line', async () => {
    const bodies = routeChat('Melvin');
    await openPanel();

    await input().click();
    await page.keyboard.type('Do you have blockout blinds?');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('For a bedroom.');
    await expect.poll(() => input().inputValue()).toBe('Do you have blockout blinds?\nFor a bedroom.');
    expect(bodies).toHaveLength(0);

    await page.keyboard.press('Enter');
    await log().getByText('Roller blockout blinds are a great choice for bedrooms.', { exact: false }).waitFor();
    expect(bodies).toHaveLength(1);
    const body = bodies[0]!;
    expect(body.message).toBe('Do you have blockout blinds?\nFor a bedroom.');
    expect(body.sessionId).toMatch(SESSION_ID);
    expect(body.sessionId).toBe(sessionCalls[0]?.sessionId);
    expect(body.images).toEqual([]);
    expect(body.userContext).toMatchObject({ location: 'national', isMelvin: false });

    await expect.poll(() => input().inputValue()).toBe('');
    await expect.poll(() => log().getByText('Do you have blockout blinds?', { exact: false }).isVisible()).toBe(true);
    const link = log().getByRole('link', { name: 'https://example.co.za/rollers' });
    await expect.poll(() => link.getAttribute('href')).toBe('https://example.co.za/rollers');
    await expect.poll(() => link.getAttribute('target')).toBe('_blank');
    await expect.poll(() => link.getAttribute('rel')).toContain('noopener');
    // Line breaks of the answer are kept.
    const answer = log().locator('.chat-message--assistant').last();
    await expect.poll(() => answer.innerText()).toContain('bedrooms.\nSee');
    expect(errors).toEqual([]);
  });

  it("shows 'Processing...' and disables the input and Send while the answer is pending, then scrolls to it", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n');
    routeChat('Melvin', { json: { response: long, aiProvider: 'built-in', routingReason: 'test', features: [] } }, held);
    await openPanel();

    await input().fill('Tell me everything');
    await sendButton().click();
    const processing = panel().getByRole('status').filter({ hasText: 'Processing...' });
    await processing.waitFor();
    await expect.poll(() => input().isDisabled()).toBe(true);
    await expect.poll(() => sendButton().isDisabled()).toBe(true);
    release();
    await log().getByText('Line 40 of a long answer.', { exact: false }).waitFor();
    await processing.waitFor({ state: 'detached' });
    await expect.poll(() => input().isDisabled()).toBe(false);
    await expect.poll(() => log().evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  it("Details shows the 'Melvin Response' badge and at most two feature tags", async () => {
    routeChat('Melvin');
    await openPanel();
    await input().fill('Prices please');
    await input().press('Enter');
    await log().getByText('Roller blockout blinds', { exact: false }).waitFor();
    await expect.poll(() => log().getByText('Melvin Response').count()).toBe(0);

    const details = panel().getByRole('button', { name: 'Details' });
    await expect.poll(() => details.getAttribute('aria-pressed')).toBe('false');
    await details.click();
    await expect.poll(() => details.getAttribute('aria-pressed')).toBe('true');
    const answer = log().locator('.chat-message--assistant').last();
    await expect.poll(() => answer.getByText('Melvin Response').isVisible()).toBe(true);
    await expect.poll(() => answer.getByText('product_info').isVisible()).toBe(true);
    await expect.poll(() => answer.getByText('pricing', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => answer.getByText('colours', { exact: true }).count()).toBe(0);
    await expect.poll(() => answer.locator('.chat-message__feature').count()).toBeLessThanOrEqual(2);

    await details.click();
    await expect.poll(() => log().getByText('Melvin Response').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a failed call answers with the apology message', async () => {
    routeChat('Melvin', { status: 500, json: { success: false, message: 'boom' } });
    await openPanel();
    await input().fill('Hello?');
    await input().press('Enter');
    await log().getByText(APOLOGY).waitFor();
    await expect.poll(() => input().isDisabled()).toBe(false);
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    // The browser itself logs the 500 response; nothing else may fail.
    expect(withoutResourceErrors(errors)).toEqual([]);
  });

  it('attachments: at most 3 images, the Images button disables at 3, images are sent as bare base64', async () => {
    const bodies = routeChat('Melvin');
    await openPanel();
    const pngs = [tinyPng(255, 0, 0), tinyPng(0, 255, 0), tinyPng(0, 0, 255), tinyPng(9, 9, 9)];
    const fileInput = panel().locator('input[type="file"]');
    await expect.poll(() => fileInput.getAttribute('accept')).toBe('image/*');
    await fileInput.setInputFiles(pngs.map((buffer, i) => ({ name: `window-${i + 1}.png`, mimeType: 'image/png', buffer })));

    const thumbs = panel().locator('.chat-panel__attachments img');
    await expect.poll(() => thumbs.count()).toBe(3);
    await expect.poll(() => imagesButton().isDisabled()).toBe(true);
    await expect.poll(() => sendButton().isDisabled()).toBe(false); // images alone may be sent

    // Remove one and the button comes back; add it again.
    await panel().getByRole('button', { name: 'Remove window-3.png' }).click();
    await expect.poll(() => thumbs.count()).toBe(2);
    await expect.poll(() => imagesButton().isDisabled()).toBe(false);
    await fileInput.setInputFiles([{ name: 'window-3.png', mimeType: 'image/png', buffer: pngs[2]! }]);
    await expect.poll(() => thumbs.count()).toBe(3);

    await input().fill('What would suit these windows?');
    await sendButton().click();
    await log().getByText('Roller blockout blinds', { exact: false }).waitFor();
    const images = bodies[0]!.images;
    expect(images).toHaveLength(3);
    for (const image of images) expect(image.startsWith('data:')).toBe(false);
    expect(images).toEqual(pngs.slice(0, 3).map((b) => b.toString('base64')));

    // Sending clears the attachment row; the user message lists the file names.
    await expect.poll(() => thumbs.count()).toBe(0);
    await expect.poll(() => imagesButton().isDisabled()).toBe(false);
    const userMessage = log().locator('.chat-message--user').last();
    await expect.poll(() => userMessage.innerText()).toContain('window-1.png');
    expect(errors).toEqual([]);
  });

  it('refuses non-image files and images over 5 MB with a toast', async () => {
    await openPanel();
    const fileInput = panel().locator('input[type="file"]');
    await fileInput.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Only image files');
    await expect.poll(() => panel().locator('.chat-panel__attachments img').count()).toBe(0);

    await fileInput.setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) }]);
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('5 MB');
    await expect.poll(() => panel().locator('.chat-panel__attachments img').count()).toBe(0);
    await expect.poll(() => sendButton().isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('consultant chat panel on a phone', () => {
  it("fits 360 px and labels the back button 'Home'", async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    const phoneErrors = watchErrors(p);
    await p.route('**/api/chat/session', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }),
    );
    try {
      await openPanel(p);
      const chat = p.locator('section.chat-panel');
      await expect.poll(() => chat.getByRole('button', { name: 'Home' }).isVisible()).toBe(true);
      await expect.poll(() => chat.getByText('Back to Custom Blinds').isVisible()).toBe(false);
      await chat.scrollIntoViewIfNeeded();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(p, 'chat-panel-phone');
      expect(phoneErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
