// Sample option charges for shutters and awnings (DESIGN.md section 6: sample figures, labelled as
// such until staff upload their own with the options CSV). Rand incl. VAT, stored as cents.
import type { ChargePer, OptionGroup } from '../shared/product-options';

export interface SeedOption {
  group: OptionGroup;
  code: string;
  label: string;
  chargeCents: number;
  chargePer: ChargePer;
  minWidthMm: number | null;
  maxWidthMm: number | null;
  isDefault: boolean;
}

/** A shutter panel is made between these widths: they decide which panel counts a width allows. */
const PANEL_MIN_MM = 250;
const PANEL_MAX_MM = 900;
const MAX_PANELS = 6;

function option(group: OptionGroup, code: string, label: string, chargeRand: number, isDefault = false): SeedOption {
  return { group, code, label, chargeCents: chargeRand * 100, chargePer: 'item', minWidthMm: null, maxWidthMm: null, isDefault };
}

const SHUTTER_OPTIONS: SeedOption[] = [
  option('louvre', '63mm', '63 mm', 0),
  option('louvre', '89mm', '89 mm', 0, true),
  option('louvre', '114mm', '114 mm', 450),
  option('frame', 'direct-fix', 'No frame (direct fix)', 0),
  option('frame', 'l-frame', 'L-frame', 650, true),
  option('frame', 'z-frame', 'Z-frame', 950),
  // Hinges and a hanging strip per panel: a charge per panel.
  ...Array.from({ length: MAX_PANELS }, (_, i): SeedOption => {
    const n = i + 1;
    return {
      group: 'panels',
      code: String(n),
      label: n === 1 ? '1 panel' : `${n} panels`,
      chargeCents: 380_00,
      chargePer: 'panel',
      minWidthMm: PANEL_MIN_MM * n,
      maxWidthMm: PANEL_MAX_MM * n,
      isDefault: n === 2,
    };
  }),
];

const RETRACTABLE_AWNING_OPTIONS: SeedOption[] = [
  option('operation', 'manual', 'Manual (crank handle)', 0, true),
  option('operation', 'motorised', 'Motorised (remote control)', 6500),
];

/** Products priced with options, by server id. A fixed canvas awning has nothing to choose. */
export const PRODUCT_OPTIONS: Record<string, SeedOption[]> = {
  'shutter-basswood': SHUTTER_OPTIONS,
  'shutter-pvc': SHUTTER_OPTIONS,
  'shutter-aluminium-security': SHUTTER_OPTIONS,
  'outdoor-shutter-aluminium': SHUTTER_OPTIONS,
  'outdoor-shutter-pvc': SHUTTER_OPTIONS,
  'awning-folding-arm': RETRACTABLE_AWNING_OPTIONS,
  'awning-drop-arm': RETRACTABLE_AWNING_OPTIONS,
};
