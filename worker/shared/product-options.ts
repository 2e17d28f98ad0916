// Priced options of shutters and awnings (the calculator, orders, quotes, the consultant and MCP):
// the option groups are the catalogue's vocabulary; the choices and their charges are data in D1
// (product_options), seeded with sample figures and replaced by staff uploads.
import { z } from 'zod';

export const OPTION_GROUPS = ['louvre', 'frame', 'panels', 'operation'] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

/** The customer-facing name of each group (the calculator's field labels, lines on documents). */
export const OPTION_GROUP_LABELS: Record<OptionGroup, string> = {
  louvre: 'Louvre size',
  frame: 'Frame',
  panels: 'Panels',
  operation: 'Operation',
};

export const CHARGE_PER = ['item', 'panel'] as const;
export type ChargePer = (typeof CHARGE_PER)[number];

/** An option chosen on a priced line, as stored on order lines and quote lines. */
export interface LineOptionDto {
  group: OptionGroup;
  group_label: string;
  code: string;
  label: string;
  /** What the option adds to one item, integer cents incl. VAT (a per-panel charge times the panels). */
  charge_cents: number;
}

/** One choice as the calculator offers it. */
export interface OptionChoiceDto {
  code: string;
  label: string;
  charge_cents: number;
  charge_per: ChargePer;
  min_width_mm: number | null;
  max_width_mm: number | null;
  is_default: boolean;
}

export interface OptionGroupDto {
  group: OptionGroup;
  label: string;
  choices: OptionChoiceDto[];
}

/** GET /api/products/options/{product_type}. */
export interface ProductOptionsResponse {
  success: true;
  product_type: string;
  product_name: string;
  /** What the grid's second axis measures: 'Height' (shutters), 'Projection' (awnings) or 'Drop'. */
  drop_label: string;
  groups: OptionGroupDto[];
  /** Some charge is a seeded sample figure (labelled as the sample grids are). */
  sample_prices: boolean;
}

/**
 * The options a request names, by group: `{louvre: '89mm', frame: 'l-frame', panels: '3'}`. A group
 * left out takes the product's default for the width.
 */
export const lineOptionsSchema = z
  .object({
    louvre: z.string().trim().min(1).max(40).optional(),
    frame: z.string().trim().min(1).max(40).optional(),
    panels: z.union([z.string().trim().min(1).max(40), z.number().int().min(1).max(20).transform(String)]).optional(),
    operation: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
export type LineOptionsRequest = z.input<typeof lineOptionsSchema>;
export type LineOptions = z.output<typeof lineOptionsSchema>;

/** What the grid's second axis measures for a catalogue section. */
export function dropLabelFor(section: string): string {
  if (section.endsWith('_awnings')) return 'Projection';
  if (section.endsWith('_shutters')) return 'Height';
  return 'Drop';
}

/** 'Louvre size: 89 mm; Frame: L-frame; Panels: 3 panels' for documents, e-mails and answers. */
export function describeOptions(options: readonly Pick<LineOptionDto, 'group_label' | 'label'>[] | null | undefined): string {
  return (options ?? []).map((o) => `${o.group_label}: ${o.label}`).join('; ');
}

/** The codes of a priced line's options, as a request names them (the basket sends them with the line). */
export function optionCodes(options: readonly Pick<LineOptionDto, 'group' | 'code'>[] | null | undefined): LineOptions | undefined {
  if (!options?.length) return undefined;
  return Object.fromEntries(options.map((o) => [o.group, o.code])) as LineOptions;
}
