// The shop's measuring rules, in one place: the tape-measure guide (/measuring-guide) prints them,
// the calculator converts a scanned outer-frame size by them, and the consultant quotes them.
// No imports: the web bundle includes this file.

export const MEASURING_GUIDE_PATH = '/measuring-guide';

export type MountKind = 'inside-recess' | 'outside-facefix';

/**
 * Face fix: the blind is made at the size given, so the customer adds the overlap to the opening:
 * this much on each side (left and right) and above and below. Overlap blocks light at the edges.
 */
export const FACE_FIX_OVERLAP_MM = 50;

/**
 * What the factory takes off an inside-recess size (the smallest width and drop of the recess) so
 * the blind clears the recess walls and sill. Face-fixed products are made at the size ordered.
 */
export interface FamilyRule {
  /** Matches calculator and catalogue product ids (e.g. 'roller-blockout', 'shutter-pvc'). */
  family: string;
  label: string;
  /** Millimetres taken off the recess width and drop for an inside-recess fit; null: not fitted inside a recess. */
  insideWidthMm: number | null;
  insideDropMm: number | null;
  note: string;
}

export const FAMILY_RULES: readonly FamilyRule[] = [
  {
    family: 'roller',
    label: 'Roller blinds (blockout and sheer)',
    insideWidthMm: 10,
    insideDropMm: 0,
    note: 'The brackets and tube need 5 mm each side; the fabric is cut long enough to reach the sill.',
  },
  {
    family: 'double-roller',
    label: 'Double roller (zebra) blinds',
    insideWidthMm: 10,
    insideDropMm: 0,
    note: 'As a roller: 5 mm each side for the brackets, full drop to the sill.',
  },
  {
    family: 'venetian',
    label: 'Venetian blinds (aluminium, aluwood, plaswood and wood)',
    insideWidthMm: 10,
    insideDropMm: 10,
    note: 'The head rail clears the recess walls by 5 mm each side and the bottom rail stops 10 mm above the sill.',
  },
  {
    family: 'vertical',
    label: 'Vertical blinds',
    insideWidthMm: 10,
    insideDropMm: 10,
    note: 'The track clears the walls by 5 mm each side and the vanes stop 10 mm above the sill or floor.',
  },
  {
    family: 'honeycomb',
    label: 'Honeycomb blinds (blockout and duotone)',
    insideWidthMm: 10,
    insideDropMm: 0,
    note: 'The head rail clears the walls by 5 mm each side; the cells stack down to the sill.',
  },
  {
    family: 'shutter',
    label: 'Plantation and security shutters',
    insideWidthMm: 6,
    insideDropMm: 6,
    note: 'The shutter frame fits the recess with 3 mm all round for fixing and paint.',
  },
  {
    family: 'outdoor-blind',
    label: 'Outdoor blinds',
    insideWidthMm: 20,
    insideDropMm: 0,
    note: 'Between pillars or walls the side channels need 10 mm each side; the blind drops to the floor or wall you give.',
  },
  {
    family: 'awning',
    label: 'Awnings',
    insideWidthMm: null,
    insideDropMm: null,
    note: 'Always fixed to the wall above the opening: give the width to cover; the projection is chosen with the product, and our team confirms the fixing.',
  },
];

/** The rule for a product id (calculator or catalogue), or null when the id is not a known family. */
export function familyRuleFor(productId: string): FamilyRule | null {
  const id = productId.toLowerCase();
  const family = /^(double-?roller|doubleroller)/.test(id)
    ? 'double-roller'
    : id.startsWith('roller')
      ? 'roller'
      : id.startsWith('venetian')
        ? 'venetian'
        : id.startsWith('vertical')
          ? 'vertical'
          : id.startsWith('honeycomb')
            ? 'honeycomb'
            : id.includes('shutter')
              ? 'shutter'
              : id.startsWith('outdoor-blind')
                ? 'outdoor-blind'
                : id.startsWith('awning')
                  ? 'awning'
                  : null;
  return FAMILY_RULES.find((rule) => rule.family === family) ?? null;
}

/**
 * A scan measures the window's outer frame, not the recess in front of it. Plaster and the sill
 * often cover the frame's edge by a few millimetres, so the recess can be a little smaller: a
 * blind made 10 mm narrow still fits, one 10 mm too wide does not. The recess is taken as the
 * frame less this much each way.
 */
export const FRAME_TO_RECESS_MM = 10;

export interface ConvertedSize {
  widthMm: number;
  dropMm: number;
  /** What the size now means, e.g. 'the recess' or 'the blind, with the overlap added'. */
  meaning: string;
  /** The rule in words, as the guide says it. */
  rule: string;
}

/** The size to order for a mount type from a measured outer frame, by the guide's rule. */
export function sizeFromOuterFrame(frame: { widthMm: number; dropMm: number }, mount: MountKind): ConvertedSize {
  if (mount === 'outside-facefix') {
    const add = 2 * FACE_FIX_OVERLAP_MM;
    return {
      widthMm: frame.widthMm + add,
      dropMm: frame.dropMm + add,
      meaning: 'the face-fixed blind, with the overlap added',
      rule: `A face-fixed blind overlaps the frame by ${FACE_FIX_OVERLAP_MM} mm on each side, above and below, so we add ${add} mm to the width and ${add} mm to the drop.`,
    };
  }
  return {
    widthMm: Math.max(1, frame.widthMm - FRAME_TO_RECESS_MM),
    dropMm: Math.max(1, frame.dropMm - FRAME_TO_RECESS_MM),
    meaning: 'the recess',
    rule: `An inside-recess blind must fit the recess, which can be a little smaller than the outer frame where plaster or the sill covers its edge, so we take ${FRAME_TO_RECESS_MM} mm off the width and the drop. Please check the recess with a tape measure.`,
  };
}

/** The consultant's and the guide's one-sentence rules. */
export const INSIDE_RECESS_RULE =
  'Inside recess: measure the width inside the recess at the top, middle and bottom and use the smallest; measure the drop from the top of the recess to the sill at the left, centre and right and use the smallest. Give us that exact recess size: the factory takes off what the blind needs to fit.';
export const FACE_FIX_RULE = `Outside (face-fix): measure the opening, then add ${FACE_FIX_OVERLAP_MM} mm on each side and ${FACE_FIX_OVERLAP_MM} mm above and below (${2 * FACE_FIX_OVERLAP_MM} mm to the width and ${2 * FACE_FIX_OVERLAP_MM} mm to the drop) so the blind overlaps the frame; we make it at exactly that size.`;
