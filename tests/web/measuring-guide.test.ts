// The tape-measure guide's rules (worker/shared/measuring-rules.ts) and the scan -> calculator
// hand-off that converts a scanned outer frame by them; the scan's quality rating in words; the
// consultant's '/measuring-guide' turned into a link in the chat.
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../worker/seed/catalogue-data';
import {
  FACE_FIX_OVERLAP_MM,
  FAMILY_RULES,
  familyRuleFor,
  FRAME_TO_RECESS_MM,
  MEASURING_GUIDE_PATH,
  sizeFromOuterFrame,
} from '@shared/measuring-rules';
import { pageMetaFor } from '@shared/route-meta';
import { messageParts } from '../../web/src/features/chat/message-links';
import { scanQualityText } from '../../web/src/features/measurement/analyze-api';
import { emptyBlindForm } from '../../web/src/features/quote/calculator-model';
import { handOffText, measuredFrame, withConvertedSize } from '../../web/src/features/quote/measured-size';
import { parseAutoMeasurements } from '../../web/src/lib/quote-storage';

describe('measuring rules', () => {
  it('inside recess: the recess is taken as the outer frame less 10 mm each way', () => {
    expect(FRAME_TO_RECESS_MM).toBe(10);
    expect(sizeFromOuterFrame({ widthMm: 1200, dropMm: 1500 }, 'inside-recess')).toMatchObject({
      widthMm: 1190,
      dropMm: 1490,
      meaning: 'the recess',
    });
  });

  it('face fix: the overlap (50 mm each side, above and below) is added to the opening', () => {
    expect(FACE_FIX_OVERLAP_MM).toBe(50);
    expect(sizeFromOuterFrame({ widthMm: 1200, dropMm: 1500 }, 'outside-facefix')).toMatchObject({ widthMm: 1300, dropMm: 1600 });
  });

  it('every product of the catalogue and the calculator has its family deduction in mm', () => {
    for (const id of PRODUCTS.flatMap((p) => (p.calculatorId ? [p.id, p.calculatorId] : [p.id]))) {
      expect(familyRuleFor(id), id).not.toBeNull();
    }
    expect(familyRuleFor('roller-blockout')).toMatchObject({ family: 'roller', insideWidthMm: 10, insideDropMm: 0 });
    expect(familyRuleFor('venetian-50mm-wood')).toMatchObject({ family: 'venetian', insideWidthMm: 10, insideDropMm: 10 });
    expect(familyRuleFor('double-roller-zebra')?.family).toBe('double-roller');
    expect(familyRuleFor('doubleroller-zebra')?.family).toBe('double-roller');
    expect(familyRuleFor('shutter-basswood')).toMatchObject({ family: 'shutter', insideWidthMm: 6, insideDropMm: 6 });
    expect(familyRuleFor('awning-folding-arm')).toMatchObject({ family: 'awning', insideWidthMm: null });
    expect(new Set(FAMILY_RULES.map((r) => r.family)).size).toBe(FAMILY_RULES.length);
  });

  it('the guide is a public page (title, sitemap)', () => {
    expect(pageMetaFor(MEASURING_GUIDE_PATH, 'Melvin')).toMatchObject({ kind: 'public', page: { title: 'How to Measure Your Windows' } });
  });
});

describe('scan -> calculator hand-off', () => {
  const handed = parseAutoMeasurements(JSON.stringify({ width_mm: 1200, drop_mm: 1500, measured: 'outer-frame' }));

  it('carries what the scan measured', () => {
    expect(handed).toEqual({ width_mm: 1200, drop_mm: 1500, measured: 'outer-frame' });
    expect(parseAutoMeasurements(JSON.stringify({ width_mm: 1200, drop_mm: 1500, measured: 'glass' }))).toEqual({
      width_mm: 1200,
      drop_mm: 1500,
    });
    expect(measuredFrame(parseAutoMeasurements(JSON.stringify({ width_mm: 900, drop_mm: 800 })))).toBeNull();
  });

  it('prefills the size converted for the default mount (inside recess), and again for face fix', () => {
    const frame = measuredFrame(handed)!;
    const form = withConvertedSize(emptyBlindForm(handed), frame);
    expect(form).toMatchObject({ mountType: 'inside-recess', widthText: '1190', dropText: '1490' });
    expect(withConvertedSize({ ...form, mountType: 'outside-facefix' }, frame)).toMatchObject({ widthText: '1300', dropText: '1600' });
  });

  it('tells the customer what was measured, the rule and what changed', () => {
    const inside = handOffText({ widthMm: 1200, dropMm: 1500 }, 'inside-recess');
    expect(inside.measured).toBe('Measured by the quick scan: outer frame 1200 x 1500 mm.');
    expect(inside.rule).toMatch(/^For an inside-recess blind: .*take 10 mm off the width and the drop/);
    expect(inside.changed).toBe('Changed: width 1200 → 1190 mm, drop 1500 → 1490 mm, so the size is 1190 x 1490 mm (the recess).');
    const faceFix = handOffText({ widthMm: 1200, dropMm: 1500 }, 'outside-facefix');
    expect(faceFix.rule).toMatch(/^For a face-fixed blind: .*50 mm on each side, above and below/);
    expect(faceFix.changed).toBe(
      'Changed: width 1200 → 1300 mm, drop 1500 → 1600 mm, so the size is 1300 x 1600 mm (the face-fixed blind, with the overlap added).',
    );
  });
});

describe('scan quality in words', () => {
  it('a rating and the reasons, never a percentage', () => {
    const text = scanQualityText({
      rating: 'good',
      reasons: ['A4 sheet found', 'perspective corrected from the sheet', 'frame edges clear'],
    });
    expect(text).toEqual({ label: 'Good', reasons: 'A4 sheet found, perspective corrected from the sheet, frame edges clear.' });
    expect(scanQualityText({ rating: 'poor', reasons: ['no A4 sheet found'] })).toEqual({ label: 'Poor', reasons: 'No A4 sheet found.' });
    expect(JSON.stringify(text)).not.toMatch(/%/);
  });
});

describe('links in consultant answers', () => {
  it("turns the guide's path into an in-app link and keeps https links external", () => {
    expect(messageParts('Our guide is at /measuring-guide (you can print it).')).toEqual([
      { text: 'Our guide is at ' },
      { href: '/measuring-guide', external: false },
      { text: ' (you can print it).' },
    ]);
    expect(messageParts('See /measuring-guide.')).toEqual([{ text: 'See ' }, { href: '/measuring-guide', external: false }, { text: '.' }]);
    expect(messageParts('Chat on https://wa.me/27821234567?text=Hi.')).toEqual([
      { text: 'Chat on ' },
      { href: 'https://wa.me/27821234567?text=Hi', external: true },
      { text: '.' },
    ]);
    // Not a page of ours, or part of another word or address.
    expect(messageParts('a/measuring-guide and /measuring-guides and /nowhere')).toEqual([
      { text: 'a/measuring-guide and /measuring-guides and /nowhere' },
    ]);
  });
});
