import { describe, expect, it } from 'vitest';
import {
  DEVTOOLS_CHECK_INTERVAL_MS,
  DEVTOOLS_THRESHOLD,
  INITIAL_PROBE_STATE,
  nextProbeState,
  type ProbeEvent,
  type ProbeState,
} from '../../web/src/components/devtools-guard';

// Storefront spec (section 9): the developer-tools guard checks every 1 s with a 100 ms threshold and
// blurs the page until the tools close. The decision is a pure function of the probe worker's
// messages and the page's clock; these are the sequences the page sees.

const I = DEVTOOLS_CHECK_INTERVAL_MS;

/** Feeds events in order and returns the state after each one. */
function run(events: ProbeEvent[], from: ProbeState = INITIAL_PROBE_STATE): ProbeState[] {
  const states: ProbeState[] = [];
  let state = from;
  for (const event of events) {
    state = nextProbeState(state, event);
    states.push(state);
  }
  return states;
}

const tick = (at: number, visible = true): ProbeEvent => ({ type: 'tick', at, visible });
const sent: ProbeEvent = { type: 'sent' };
const before: ProbeEvent = { type: 'before' };
const after = (elapsed: number): ProbeEvent => ({ type: 'after', elapsed });

/** What a page with no debugger sees: each probe answers at once, every check. */
function quietChecks(fromAt: number, count: number, elapsed = 0.1): ProbeEvent[] {
  return Array.from({ length: count }, (_, i) => [tick(fromAt + i * I), sent, before, after(elapsed)]).flat();
}

describe('developer-tools guard decision (spec section 9: every 1 s, 100 ms threshold)', () => {
  it('keeps the 1 s check and the 100 ms threshold', () => {
    expect(DEVTOOLS_CHECK_INTERVAL_MS).toBe(1000);
    expect(DEVTOOLS_THRESHOLD).toBe(100);
  });

  it('never blurs while every probe runs through its debugger statement at once (no developer tools)', () => {
    const states = run([sent, before, after(0.2), ...quietChecks(I, 120)]);
    expect(states.every((s) => !s.open)).toBe(true);
  });

  it('never blurs when the probe worker never starts (no signal: quiet)', () => {
    const states = run([sent, ...Array.from({ length: 30 }, (_, i) => tick((i + 1) * I))]);
    expect(states.every((s) => !s.open)).toBe(true);
  });

  it('blurs once a probe has stayed paused at its debugger statement for more than one check interval', () => {
    const quiet = run([sent, before, after(0.1), tick(I), sent, before]).at(-1)!;
    const [first, second, third] = run([tick(2 * I), tick(3 * I), tick(4 * I)], quiet);
    expect(first!.open).toBe(false); // paused for under one interval so far
    expect(second!.open).toBe(true);
    expect(third!.open).toBe(true); // stays blurred while the tools keep it paused
  });

  it('un-blurs when the tools close: the paused probe answers, and the next one is fast', () => {
    const blurred = run([tick(0), sent, before, tick(I), tick(2 * I), tick(3 * I)]).at(-1)!;
    expect(blurred.open).toBe(true);
    // Closing the tools lets the paused probe go: it reports the whole pause.
    const released = nextProbeState(blurred, after(3 * I));
    expect(released.open).toBe(true);
    const states = run([tick(4 * I), sent, before, after(0.1)], released);
    expect(states.at(-1)!.open).toBe(false);
  });

  it('stays blurred when the developer resumes the paused probe but keeps the tools open', () => {
    const blurred = run([tick(0), sent, before, tick(I), tick(2 * I)]).at(-1)!;
    expect(blurred.open).toBe(true);
    const states = run([after(2500), tick(3 * I), sent, before, tick(4 * I), tick(5 * I)], blurred);
    expect(states.every((s) => s.open)).toBe(true);
  });

  it('after a probe that was paused, blurs as soon as the next probe is paused again for one check', () => {
    // Tools opened and the first pause was let go before two checks saw it.
    const states = run([tick(0), sent, before, after(700), tick(I), sent, before, tick(2 * I)]);
    expect(states.at(-1)!.open).toBe(true);
  });

  it('does not blur for one slow probe (a busy machine) when the next probe is fast', () => {
    const states = run([tick(0), sent, before, after(DEVTOOLS_THRESHOLD + 50), ...quietChecks(I, 10)]);
    expect(states.every((s) => !s.open)).toBe(true);
  });

  it('treats exactly the threshold as fast and anything above it as paused', () => {
    expect(nextProbeState(INITIAL_PROBE_STATE, after(DEVTOOLS_THRESHOLD)).lastSlow).toBe(false);
    expect(nextProbeState(INITIAL_PROBE_STATE, after(DEVTOOLS_THRESHOLD + 1)).lastSlow).toBe(true);
  });

  it('does not count a late check (page frozen, machine asleep, main thread busy) as time paused', () => {
    // The 'before' arrived just before the machine slept; the first check after waking is 30 s late,
    // and the probe answers right after it.
    const states = run([tick(0), sent, before, tick(30_000), after(30_000), tick(31_000), sent, before, after(0.1)]);
    expect(states.every((s) => !s.open)).toBe(true);
    // Late checks in a row never add up either.
    const late = run([tick(0), sent, before, tick(5_000), tick(10_000), tick(15_000)]);
    expect(late.every((s) => !s.open)).toBe(true);
  });

  it('does not count checks while the page is hidden', () => {
    const states = run([tick(0), sent, before, tick(I, false), tick(2 * I, false), tick(3 * I, false)]);
    expect(states.every((s) => !s.open)).toBe(true);
    // Visible again with the probe still paused: two visible checks blur it.
    const visible = run([tick(4 * I), tick(5 * I)], states.at(-1)!);
    expect(visible.map((s) => s.open)).toEqual([false, true]);
  });

  it('sends one probe at a time', () => {
    const [afterSent, afterAnswer] = run([sent, after(0.1)]);
    expect(afterSent!.inFlight).toBe(true);
    expect(afterAnswer!.inFlight).toBe(false);
  });
});
