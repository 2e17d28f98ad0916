// robots.txt as RFC 9309 reads it: groups of user-agent lines with their allow/disallow rules; the
// crawler obeys the group naming its token, else the '*' group; the longest matching path wins and
// an allow wins a tie. '*' matches any run of characters and a final '$' anchors the end.

export interface RobotsRule {
  allow: boolean;
  /** The path pattern as written (percent-encoding kept). */
  pattern: string;
}

export interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
}

export interface RobotsRules {
  groups: RobotsGroup[];
  /** Set when the file could not be read for a reason that means 'crawl nothing' (RFC 9309 2.3.1.4). */
  disallowAll?: boolean;
}

/** A robots.txt that allows everything (the file is missing: 4xx). */
export const ALLOW_ALL: RobotsRules = { groups: [] };

/** Parses the text of a robots.txt; unknown lines and comments are ignored. */
export function parseRobotsTxt(text: string): RobotsRules {
  const groups: RobotsGroup[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      // An empty Disallow allows everything: it adds no rule.
      if (value === '') continue;
      current.rules.push({ allow: key === 'allow', pattern: value });
    }
  }
  return { groups };
}

/** The rules that apply to a crawler whose product token is `token` (e.g. 'CustomBlindsBot'). */
function rulesFor(robots: RobotsRules, token: string): RobotsRule[] {
  const wanted = token.toLowerCase();
  const named = robots.groups.filter((g) => g.agents.some((agent) => agent !== '*' && agent === wanted));
  if (named.length > 0) return named.flatMap((g) => g.rules);
  return robots.groups.filter((g) => g.agents.includes('*')).flatMap((g) => g.rules);
}

function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
}

/** Normalises percent-encoding so '/a%2fb' and '/a%2Fb' compare equal, leaving reserved characters encoded. */
function normalisePath(path: string): string {
  return path.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

/** Whether `pathWithQuery` (path plus '?query') may be fetched by `token`. */
export function robotsAllows(robots: RobotsRules, token: string, pathWithQuery: string): boolean {
  if (robots.disallowAll) return false;
  const path = normalisePath(pathWithQuery || '/');
  if (path === '/robots.txt') return true;
  let best: RobotsRule | null = null;
  for (const rule of rulesFor(robots, token)) {
    if (!patternMatches(normalisePath(rule.pattern), path)) continue;
    const length = rule.pattern.replace(/\*/g, '').length;
    const bestLength = best ? best.pattern.replace(/\*/g, '').length : -1;
    if (length > bestLength || (length === bestLength && rule.allow && !best!.allow)) best = rule;
  }
  return best ? best.allow : true;
}
