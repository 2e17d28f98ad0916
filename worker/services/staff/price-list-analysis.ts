// The price-list analyser (staff spec 2.5, 3 'Price list analysis'; '/admin/pricing').
// analysePriceListText is the built-in reader: pure, it takes the text that text recognition read from a
// supplier's price list (tesseract in the browser) and finds the width header row, the drop column, the
// price cells, the product words and the pricing notes. With ANTHROPIC_API_KEY, analyseWithClaude asks
// Claude to read the image itself and answer in the same shape; any failure there falls back to the parser.
import type { AnalyzePriceListResponse } from '../../shared/price-list-analysis-api';
import { analyseWithClaude, CLAUDE_MAX_IMAGE_BYTES, PriceListClaudeError } from './price-list-claude';
import { analysePriceListText } from './price-list-parser';

export interface AnalyseInput {
  image: { mime: 'image/jpeg' | 'image/png' | 'image/webp'; bytes: Uint8Array };
  recognisedText: string;
  claude?: { apiKey: string; baseUrl?: string; model?: string; fetch?: typeof fetch } | null;
}

/** Claude when configured, the parser otherwise or when Claude fails (the reason is passed on). */
export async function analysePriceList(input: AnalyseInput): Promise<Omit<AnalyzePriceListResponse, 'success'>> {
  if (input.claude) {
    if (input.image.bytes.length > CLAUDE_MAX_IMAGE_BYTES) {
      return { analysis: analysePriceListText(input.recognisedText), source: 'parser', fallback_reason: 'image_too_large_for_claude' };
    }
    try {
      const analysis = await analyseWithClaude({ ...input.claude, image: input.image, recognisedText: input.recognisedText });
      return { analysis, source: 'claude' };
    } catch (err) {
      const reason = err instanceof PriceListClaudeError ? err.reason : 'unexpected_error';
      console.error(
        JSON.stringify({
          level: 'warn',
          where: 'price-list analysis',
          message: 'Claude failed; the parser answers',
          reason,
          error: String(err),
        }),
      );
      return { analysis: analysePriceListText(input.recognisedText), source: 'parser', fallback_reason: reason };
    }
  }
  return { analysis: analysePriceListText(input.recognisedText), source: 'parser' };
}
