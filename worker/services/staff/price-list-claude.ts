// With ANTHROPIC_API_KEY, Claude reads the price-list image itself and answers in the parser's shape
// (staff spec 2.5, 3 'Price list analysis'); any failure is a PriceListClaudeError with a reason.
import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { toBase64 } from '../../lib/base64';
import { priceListAnalysisSchema, type PriceListAnalysis } from '../../shared/price-list-analysis-api';
import { DEFAULT_CLAUDE_MODEL } from '../consultant/claude';

// ---------------------------------------------------------------------------
// Claude reads the image (ANTHROPIC_API_KEY set)
// ---------------------------------------------------------------------------

export const CLAUDE_ANALYSIS_TIMEOUT_MS = 45_000;
const CLAUDE_MAX_TOKENS = 4096;
/** Claude's own limit on one image. */
export const CLAUDE_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export class PriceListClaudeError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Claude could not analyse the price list: ${reason}`, options);
    this.name = 'PriceListClaudeError';
  }
}

export const CLAUDE_ANALYSIS_PROMPT = [
  "You read photos and scans of South African suppliers' price lists for blinds, shutters and awnings.",
  'Answer with ONE JSON object and nothing else (no markdown), in exactly this shape:',
  '{"categories":[{"name":string,"subcategories":[{"name":string,"products":[string]}]}],',
  ' "dimensions":{"widths_mm":[integer],"drops_mm":[integer]},',
  ' "pricing_notes":[string], "csv_recommendations":[string],',
  ' "price_grid":{"widths_mm":[integer],"drops_mm":[integer],"prices_cents":[[integer|null]],"vat":"inclusive"|"exclusive"|"unknown"} | null}',
  'Rules: convert every size to millimetres (60cm = 600, 0.6m = 600); widths and drops go up; prices_cents has one row per drop',
  'and one column per width, in cents of rand (R 1 234,56 = 123456), null where a cell cannot be read; vat says what the list states.',
  'Categories are e.g. Indoor Blinds, Indoor Shutters, Outdoor Blinds, Outdoor Shutters, Outdoor Awnings. Never invent prices or sizes.',
].join('\n');

export interface ClaudeAnalysisInput {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  image: { mime: 'image/jpeg' | 'image/png' | 'image/webp'; bytes: Uint8Array };
  /** The text the browser read, as a hint. */
  recognisedText: string;
  /** For tests: a fetch that speaks the Messages API. */
  fetch?: typeof fetch;
}

/** The JSON object in Claude's text (it may wrap it in a code fence despite the prompt). */
function jsonIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new PriceListClaudeError('no_json');
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch (err) {
    throw new PriceListClaudeError('invalid_json', { cause: err });
  }
}

export async function analyseWithClaude(input: ClaudeAnalysisInput): Promise<PriceListAnalysis> {
  const client = new Anthropic({
    apiKey: input.apiKey,
    baseURL: input.baseUrl || 'https://api.anthropic.com',
    maxRetries: 0,
    timeout: CLAUDE_ANALYSIS_TIMEOUT_MS,
    ...(input.fetch ? { fetch: input.fetch } : {}),
  });
  let reply;
  try {
    reply = await client.messages.create({
      model: input.model || DEFAULT_CLAUDE_MODEL,
      max_tokens: CLAUDE_MAX_TOKENS,
      system: CLAUDE_ANALYSIS_PROMPT,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: input.image.mime, data: toBase64(input.image.bytes) } },
            {
              type: 'text',
              text: `Analyse this price list.${input.recognisedText.trim() ? `\nText recognition in the browser read (may contain errors):\n${input.recognisedText.slice(0, 20_000)}` : ''}`,
            },
          ],
        },
      ],
    });
  } catch (err) {
    const reason =
      err instanceof Anthropic.APIConnectionTimeoutError
        ? 'timeout'
        : err instanceof Anthropic.APIConnectionError
          ? 'network'
          : err instanceof Anthropic.APIError
            ? `http_${err.status ?? 'error'}`
            : 'unexpected_error';
    throw new PriceListClaudeError(reason, { cause: err });
  }
  if (!reply || !Array.isArray(reply.content)) throw new PriceListClaudeError('malformed_response');
  const text = reply.content
    .filter((b) => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
  const parsed = priceListAnalysisSchema.safeParse(jsonIn(text));
  if (!parsed.success) throw new PriceListClaudeError('invalid_shape', { cause: z.prettifyError(parsed.error) });
  const analysis = parsed.data;
  const grid = analysis.price_grid;
  if (grid && (grid.prices_cents.length !== grid.drops_mm.length || grid.prices_cents.some((r) => r.length !== grid.widths_mm.length))) {
    throw new PriceListClaudeError('invalid_shape');
  }
  return analysis;
}
