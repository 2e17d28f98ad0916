import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { measurePolygon, type Corners } from '../../web/src/features/measurement/polygon-measure';
import { PHOTO_KEY_PATTERN } from '../../worker/shared/photo-keys';
import { HEADLESS_CHROME_PATH, openStartedLanding, screenshot, useBrowser, watchErrors } from './browser';
import { CAMERA_SCENE, UPLOAD_SCENE, scenePng, writeSceneY4m } from './fixtures/window-video';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let cameraBrowser: Browser;
let tmp: string;
let pngPath: string;
let context: BrowserContext | undefined;

// The flags of browser.ts, plus Chromium's fake camera filming a generated window.
const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'measurement-e2e-'));
  const y4m = path.join(tmp, 'window.y4m');
  writeSceneY4m(y4m, CAMERA_SCENE, 5);
  pngPath = path.join(tmp, 'window.png');
  writeFileSync(pngPath, scenePng(UPLOAD_SCENE));
  cameraBrowser = await chromium.launch({
    executablePath: HEADLESS_CHROME_PATH,
    headless: true,
    args: [
      ...BASE_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
    ],
  });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await cameraBrowser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function openPage(from: Browser, width = 1280): Promise<{ page: Page; errors: string[] }> {
  context = await from.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

function storedJson(page: Page, key: string) {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), key);
}

const within = (actual: number, expected: number, tolerance: number) => Math.abs(actual - expected) / expected <= tolerance;

describe('/measurement', () => {
  it('shows the chooser, the How It Works guide, tips and help; Precision Polygon goes to /working-polygon', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl + '/measurement');
    await page.getByRole('heading', { level: 1, name: 'Measure Your Windows' }).waitFor();
    await page.getByRole('button', { name: 'Quick AI Scan' }).waitFor();
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    await expect.poll(() => page.locator('.measure-steps li').count()).toBe(4);
    await expect.poll(() => page.locator('.measure-tips').innerText()).toMatch(/A4 sheet flat against the glass/);
    await page.getByRole('heading', { name: 'Need help measuring?' }).waitFor();
    const help = page.locator('.measure-help');
    await help.getByRole('link', { name: /WhatsApp/ }).waitFor();
    await help.getByRole('link', { name: /^E-mail/ }).waitFor();
    await help.getByRole('link', { name: /^Call/ }).waitFor();
    await screenshot(page, 'measurement-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'measurement-360');
    await page.getByRole('button', { name: 'Precision Polygon' }).click();
    await page.getByRole('heading', { level: 1, name: 'Window Photo Positioning' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/working-polygon');
    expect(errors).toEqual([]);
  });

  it('links to the shutter visualiser and the room walk-through from the chooser', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl + '/measurement');
    const more = page.getByRole('region', { name: 'More tools for your windows' });
    await expect.poll(() => more.getByRole('link', { name: /Room Walk-Through/ }).getAttribute('href')).toBe('/room-walkthrough-rebuilt');
    await more.getByRole('link', { name: /Shutter Visualiser/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Plantation Shutter Visualiser' }).waitFor();
    await page.goBack();
    await page
      .getByRole('region', { name: 'More tools for your windows' })
      .getByRole('link', { name: /Room Walk-Through/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Walk through your room, window by window' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/room-walkthrough-rebuilt');
    expect(errors).toEqual([]);
  });

  it('quick scan with a camera: capture, analysing, results measured against the A4 sheet, then the calculator', async () => {
    const { page, errors } = await openPage(cameraBrowser);
    // Keep every stream the page opens, to check the camera is stopped when leaving it.
    await page.addInitScript(() => {
      const w = window as unknown as { __streams: MediaStream[] };
      w.__streams = [];
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (c) => {
        const s = await original(c);
        w.__streams.push(s);
        return s;
      };
    });
    await page.goto(baseUrl + '/measurement');
    await page.getByRole('button', { name: 'Quick AI Scan' }).click();
    await page.getByText('Camera ready').waitFor({ timeout: 15_000 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/ar/analyze-window'));
    await page.getByRole('button', { name: 'Capture' }).click();
    await page.getByText('Scanning… hold still').waitFor();
    const response = await answer;
    expect(response.status()).toBe(200);
    const scan = await response.json();
    await page.getByRole('button', { name: 'Use These Measurements' }).waitFor();
    await expect.poll(() => page.getByTestId('scan-width').innerText()).toBe(`${scan.width_mm} mm`);
    await expect.poll(() => page.getByTestId('scan-drop').innerText()).toBe(`${scan.drop_mm} mm`);
    // A rating with the server's reasons, not the heuristic 'confidence' as a percentage.
    expect(scan.quality.reasons).toContain('A4 sheet found');
    await expect
      .poll(() => page.getByTestId('scan-quality').innerText())
      .toBe({ good: 'Good', fair: 'Fair', poor: 'Poor' }[scan.quality.rating as string]);
    await expect
      .poll(() => page.getByTestId('scan-quality-reasons').innerText())
      .toMatch(/^A4 sheet found, perspective corrected from the sheet, /);
    await expect.poll(() => page.locator('.scan-results').innerText()).not.toMatch(/%|Confidence/);
    // It says the size is the outer frame's and links the guide that says how it is converted.
    await expect.poll(() => page.getByTestId('scan-outer-frame').innerText()).toMatch(/outer window frame/);
    await expect
      .poll(() => page.getByTestId('scan-outer-frame').getByRole('link', { name: 'tape-measure guide' }).getAttribute('href'))
      .toBe('/measuring-guide');
    expect(scan.scaleSource).toBe('a4-reference');
    expect(within(scan.width_mm, CAMERA_SCENE.windowMm[0], 0.05), `width ${scan.width_mm}`).toBe(true);
    expect(within(scan.drop_mm, CAMERA_SCENE.windowMm[1], 0.05), `drop ${scan.drop_mm}`).toBe(true);
    await page.locator('.scan-results__box--a4').waitFor();
    const size = await page.locator('.scan-results__image img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([CAMERA_SCENE.imageW, CAMERA_SCENE.imageH]);
    // The camera is off on the results screen.
    const live = await page.evaluate(
      () =>
        (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live')
          .length,
    );
    expect(live).toBe(0);
    await screenshot(page, 'measurement-scan-results-1280');
    await page.getByRole('button', { name: 'Use These Measurements' }).click();
    await page.waitForURL((url) => url.pathname === '/quote-calculator');
    expect(await storedJson(page, 'auto-measurements')).toEqual({
      width_mm: scan.width_mm,
      drop_mm: scan.drop_mm,
      size_source: 'scan-a4',
      measured: 'outer-frame',
      // The photo goes with its size onto the line and the order, for staff to check.
      photo_key: scan.photo_key,
    });
    expect(scan.photo_key).toMatch(PHOTO_KEY_PATTERN);
    // The calculator says what was measured, converts it for the default inside-recess mount and shows the change.
    const note = page.getByTestId('qc-measured');
    await note.getByText(`Measured by the quick scan: outer frame ${scan.width_mm} x ${scan.drop_mm} mm.`).waitFor();
    await expect.poll(() => page.getByLabel('Mount type').inputValue()).toBe('inside-recess');
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe(String(scan.width_mm - 10));
    await expect.poll(() => page.getByLabel('Drop (mm)').inputValue()).toBe(String(scan.drop_mm - 10));
    await expect
      .poll(() => page.getByTestId('qc-measured-change').innerText())
      .toBe(
        `Changed: width ${scan.width_mm} → ${scan.width_mm - 10} mm, drop ${scan.drop_mm} → ${scan.drop_mm - 10} mm, so the size is ${scan.width_mm - 10} x ${scan.drop_mm - 10} mm (the recess).`,
      );
    // Face fix: the overlap is added to the frame instead.
    await page.getByLabel('Mount type').selectOption('outside-facefix');
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe(String(scan.width_mm + 100));
    await expect.poll(() => page.getByLabel('Drop (mm)').inputValue()).toBe(String(scan.drop_mm + 100));
    await page
      .getByTestId('qc-measured-change')
      .getByText(`width ${scan.width_mm} → ${scan.width_mm + 100} mm`)
      .waitFor();
    await screenshot(page, 'quote-calculator-scan-hand-off-1280');
    // A size the customer types is theirs: the mount type no longer changes it.
    await page.getByLabel('Width (mm)').fill('1111');
    await page.getByLabel('Mount type').selectOption('inside-recess');
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe('1111');
    await page.getByTestId('qc-measured-change').getByText('You typed your own size').waitFor();
    expect(errors).toEqual([]);
  });

  it('Retake returns to the camera', async () => {
    const { page, errors } = await openPage(cameraBrowser, 360);
    await page.goto(baseUrl + '/measurement');
    await page.getByRole('button', { name: 'Quick AI Scan' }).click();
    await page.getByText('Camera ready').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Capture' }).click();
    await page.getByRole('button', { name: 'Retake' }).waitFor();
    await screenshot(page, 'measurement-scan-results-360');
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByText('Camera ready').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  it('upload path without a camera: a photo goes through the same analysis', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl + '/measurement');
    await page.getByRole('button', { name: 'Quick AI Scan' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /camera/i })
      .waitFor({ timeout: 15_000 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/ar/analyze-window'));
    await page.getByLabel('Upload a photo instead').setInputFiles(pngPath);
    const scan = await (await answer).json();
    await page.getByRole('button', { name: 'Use These Measurements' }).waitFor();
    expect(scan.scaleSource).toBe('a4-reference');
    expect(within(scan.width_mm, UPLOAD_SCENE.windowMm[0], 0.05)).toBe(true);
    expect(within(scan.drop_mm, UPLOAD_SCENE.windowMm[1], 0.05)).toBe(true);
    await expect.poll(() => page.getByTestId('scan-width').innerText()).toBe(`${scan.width_mm} mm`);
    await expect.poll(() => page.getByText(/^Measured against the A4 sheet/).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("a photo without an A4 sheet is an estimate: the calculator marks it 'Estimate', to be confirmed before production", async () => {
    const { page, errors } = await openPage(browser, 360);
    const noSheet = path.join(tmp, 'window-no-a4.png');
    writeFileSync(noSheet, scenePng({ ...UPLOAD_SCENE, a4: undefined }));
    await page.goto(baseUrl + '/measurement');
    await page.getByRole('button', { name: 'Quick AI Scan' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /camera/i })
      .waitFor({ timeout: 15_000 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/ar/analyze-window'));
    await page.getByLabel('Upload a photo instead').setInputFiles(noSheet);
    const scan = await (await answer).json();
    expect(scan.scaleSource).toBe('estimate');
    await page.getByText('This is an estimate.').waitFor();
    await page.getByRole('button', { name: 'Use These Measurements' }).click();
    await page.waitForURL((url) => url.pathname === '/quote-calculator');
    expect(await storedJson(page, 'auto-measurements')).toEqual({
      width_mm: scan.width_mm,
      drop_mm: scan.drop_mm,
      measured: 'outer-frame',
      estimated: true,
      size_source: 'scan-estimate',
      photo_key: scan.photo_key,
    });
    await page.getByTestId('qc-form-estimate').getByText('Estimate', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('qc-form-estimate').innerText()).toContain('photo scan without an A4 sheet');
    // The estimated frame is converted for the inside-recess default like a measured one.
    await expect.poll(() => page.getByLabel('Width (mm)').inputValue()).toBe(String(scan.width_mm - 10));
    await screenshot(page, 'quote-calculator-estimate-from-scan-360');
    // A measured width typed over it makes the size the customer's own.
    await page.getByLabel('Width (mm)').fill(String(scan.width_mm + 5));
    await expect.poll(() => page.getByTestId('qc-form-estimate').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("camera permission denied: advice and a working upload; a file that is no photo shows 'Analysis Failed'", async () => {
    const { page, errors } = await openPage(browser);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(baseUrl + '/measurement');
    await page.getByRole('button', { name: 'Quick AI Scan' }).click();
    await page.getByRole('heading', { name: 'Camera permission denied' }).waitFor();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Camera permission denied' }).innerText())
      .toMatch(/Allow camera access/);
    await screenshot(page, 'measurement-camera-denied-1280');

    // Not a photo: the server answers 4xx, the toast says so, and the camera screen is back.
    const notPhoto = path.join(tmp, 'notes.png');
    writeFileSync(notPhoto, 'not a photo at all');
    await page.getByLabel('Upload a photo instead').setInputFiles(notPhoto);
    const toast = page.getByTestId('toast');
    await toast.getByText('Analysis Failed').waitFor();
    expect((await toast.innerText()).length).toBeGreaterThan('Analysis Failed'.length + 10);
    await page.getByRole('heading', { name: 'Camera permission denied' }).waitFor();

    await page.getByLabel('Upload a photo instead').setInputFiles(pngPath);
    await page.getByRole('button', { name: 'Use These Measurements' }).click();
    await page.waitForURL((url) => url.pathname === '/quote-calculator');
    const stored = await storedJson(page, 'auto-measurements');
    expect(within(stored.width_mm, 1200, 0.05) && within(stored.drop_mm, 1500, 0.05)).toBe(true);
    // The browser itself logs the refused upload's status; nothing else may be an error.
    expect(errors.filter((e) => !/status of 415/.test(e))).toEqual([]);
  });
});

describe('/working-polygon', () => {
  it('measures from four corners: mouse drag, keyboard moves, a known size, then the calculator', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl + '/working-polygon');
    await page.getByRole('heading', { level: 1, name: 'Window Photo Positioning' }).waitFor();
    await page.getByLabel('Upload a photo of your window').setInputFiles(pngPath);
    const corner2 = page.getByRole('button', { name: 'Corner 2, top right' });
    await corner2.waitFor();
    // Default corners: 20% of the 1000 px side inset, a 600 x 600 px square.
    await expect.poll(() => page.getByTestId('polygon-width').innerText()).toBe('1200 mm');
    await expect.poll(() => page.getByTestId('polygon-drop').innerText()).toBe('1200 mm');
    await expect.poll(() => page.getByTestId('polygon-area').innerText()).toBe('1.44 m²');
    await expect.poll(() => page.getByTestId('polygon-basis').innerText()).toMatch(/1200 mm assumption/);
    let saved = await storedJson(page, 'window-polygon-data');
    expect(saved.corners).toEqual([
      { x: 200, y: 200 },
      { x: 800, y: 200 },
      { x: 800, y: 800 },
      { x: 200, y: 800 },
    ]);
    expect(saved.image).toMatch(/^data:image\/jpeg;base64,/);

    // Corner 2 dragged with the mouse, up and to the right.
    const box = (await corner2.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 - 30, { steps: 5 });
    await page.mouse.up();
    saved = await storedJson(page, 'window-polygon-data');
    expect(saved.corners[1].x).toBeGreaterThan(800);
    expect(saved.corners[1].y).toBeLessThan(200);
    const afterDrag = measurePolygon(saved.corners as Corners);
    expect(saved.measurements).toEqual(afterDrag);
    await expect.poll(() => page.getByTestId('polygon-drop').innerText()).toBe(`${afterDrag.drop_mm} mm`);
    expect(afterDrag.drop_mm).not.toBe(1200);

    // Corner 3 with the keyboard: Shift+Down twice (20 px), Right once (1 px).
    await page.getByRole('button', { name: 'Corner 3, bottom right' }).focus();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('ArrowRight');
    const before = saved.corners;
    saved = await storedJson(page, 'window-polygon-data');
    expect(saved.corners[2]).toEqual({ x: before[2].x + 1, y: before[2].y + 20 });
    const afterKeys = measurePolygon(saved.corners as Corners);
    await expect.poll(() => page.getByTestId('polygon-drop').innerText()).toBe(`${afterKeys.drop_mm} mm`);
    await expect.poll(() => page.getByTestId('polygon-area').innerText()).toBe(`${afterKeys.area_m2.toFixed(2)} m²`);
    expect(afterKeys.drop_mm).not.toBe(afterDrag.drop_mm);
    await screenshot(page, 'working-polygon-1280');

    // A real width replaces the 1200 mm assumption.
    await page.getByLabel('Real size in mm').fill('900');
    const known = measurePolygon(saved.corners as Corners, { dimension: 'width', mm: 900 });
    await page.getByText('Scaled from your real width of 900 mm.').waitFor();
    await expect.poll(() => page.getByTestId('polygon-width').innerText()).toBe('900 mm');
    await expect.poll(() => page.getByTestId('polygon-drop').innerText()).toBe(`${known.drop_mm} mm`);
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'working-polygon-360');

    await page.getByRole('button', { name: 'Continue to Products' }).click();
    await page.waitForURL((url) => url.pathname === '/quote-calculator');
    // From one real size: its own source, still an estimate, with the photo kept on the server so the
    // team can confirm the size from it (the fit guarantee).
    const handed = await storedJson(page, 'auto-measurements');
    expect(handed).toEqual({
      width_mm: 900,
      drop_mm: known.drop_mm,
      estimated: true,
      size_source: 'polygon-known',
      photo_key: expect.stringMatching(PHOTO_KEY_PATTERN),
    });
    expect((await storedJson(page, 'window-polygon-data')).measurements).toEqual(known);
    expect(errors).toEqual([]);
  });

  it('takes the photo handed over by the AR flow, and Back goes to /measurement', async () => {
    const { page, errors } = await openPage(browser, 360);
    const dataUrl = `data:image/png;base64,${scenePng(UPLOAD_SCENE).toString('base64')}`;
    await openStartedLanding(page, baseUrl);
    await page.evaluate((url) => localStorage.setItem('polygon-image', url), dataUrl);
    await page.goto(baseUrl + '/working-polygon');
    await page.getByRole('button', { name: 'Corner 1, top left' }).waitFor();
    expect((await storedJson(page, 'window-polygon-data')).image).toBe(dataUrl);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Measure Your Windows' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('/camera-ruler', () => {
  it('shows the card calibration and falls back to text without a camera', async () => {
    const { page, errors } = await openPage(browser, 360);
    await page.goto(baseUrl + '/camera-ruler');
    await page.getByRole('heading', { name: 'Camera ruler' }).waitFor();
    await page.locator('#fallback').waitFor();
    await page.getByRole('button', { name: 'Set scale' }).click();
    await page.getByText(/px per mm/).waitFor();
    await expect.poll(() => page.locator('#ruler').isVisible()).toBe(true);
    await screenshot(page, 'camera-ruler-360');
    expect(errors).toEqual([]);
  });

  it('calibrates over the live (fake) camera image', async () => {
    const { page, errors } = await openPage(cameraBrowser, 1280);
    await page.goto(baseUrl + '/camera-ruler');
    await page.waitForFunction(() => (document.getElementById('video') as HTMLVideoElement).videoWidth > 0);
    const card = page.locator('#card');
    const before = (await card.boundingBox())!;
    await page.getByRole('button', { name: 'Make the card outline larger' }).click();
    expect((await card.boundingBox())!.width).toBeCloseTo(before.width + 4, 0);
    await page.getByRole('button', { name: 'Set scale' }).click();
    const pxPerMm = Number(await page.evaluate(() => localStorage.getItem('camera-ruler-px-per-mm')));
    expect(pxPerMm).toBeCloseTo((before.width + 4) / 85.6, 2);
    await screenshot(page, 'camera-ruler-1280');
    expect(errors).toEqual([]);
  });
});
