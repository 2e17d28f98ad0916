// SAMPLE production lead times in working days per catalogue section, seeded (and back-filled by
// migration 0015) until staff set each product's own in the catalogue editor; products keep
// lead_time_is_sample = true until then, and the dates shown say they come from sample lead times.
// Blinds follow the storefront spec's 'Production takes 7-10 business days'.
export const SAMPLE_LEAD_TIMES: Readonly<Record<string, number>> = {
  indoor_blinds: 7,
  outdoor_blinds: 10,
  indoor_shutters: 15,
  outdoor_shutters: 15,
  outdoor_awnings: 12,
};

/** A section not listed: the spec's longest production time. */
export const DEFAULT_SAMPLE_LEAD_TIME = 10;

export function sampleLeadTime(section: string): number {
  return SAMPLE_LEAD_TIMES[section] ?? DEFAULT_SAMPLE_LEAD_TIME;
}
