// The consultant on Claude (when ANTHROPIC_API_KEY is set). Claude writes the words; every
// product, colour and price comes from the tools in claude-tools.ts. Any failure throws
// ClaudeUnavailableError quickly (no retries, a short timeout) so the caller can answer with the
// built-in consultant instead.
import Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_BUSINESS_NAME } from '../../shared/public-config';
import { SAMPLE_PRICES_NOTE } from '../../shared/sample-prices';
import {
  CONTACT_PROMISE,
  COURIER_TIME,
  DELIVERY_POLICY,
  INSTALLATION_POLICY,
  paymentPolicy,
  PRODUCTION_POLICY,
  QUOTE_POLICY,
  termsAnswer,
} from '../../shared/shop-policies';
import { transcript } from './contact-flow';
import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { ChatTurn, ConsultantContact, ConsultantDeps, ConsultantMemory } from './types';
import { CLAUDE_TOOLS, type ClaudeFeature, runTool, type ToolContext } from './claude-tools';
import { productCatalogue } from '../product-catalog';
import { FACE_FIX_RULE, INSIDE_RECESS_RULE, MEASURING_GUIDE_PATH } from '../../shared/measuring-rules';
import { BOOK_VISIT_SENTENCE } from '../../shared/visit-bookings-api';
import { DEFAULT_CLAUDE_MODEL, isModelRefusal, logModelRefusal } from './claude-model';

export { DEFAULT_CLAUDE_MODEL };

/** Tool rounds per reply; one more request is allowed for the final text. */
export const MAX_TOOL_ROUNDS = 5;
export const CLAUDE_TIMEOUT_MS = 20_000;
const MAX_TOKENS = 1024;
/** Earlier turns sent with each request (the Durable Object keeps the whole conversation). */
const HISTORY_TURNS = 20;

export class ClaudeUnavailableError extends Error {
  constructor(
    /** Short machine-readable reason, e.g. 'http_500', 'timeout', 'network', 'no_text', 'too_many_tool_rounds', 'model_unavailable'. */
    readonly reason: string,
    options?: { cause?: unknown; model?: string },
  ) {
    super(`Claude is unavailable: ${reason}${options?.model ? ` (${options.model})` : ''}`, options);
    this.name = 'ClaudeUnavailableError';
    this.model = options?.model;
  }

  /** With reason 'model_unavailable': the model id the API refused. */
  readonly model?: string;
}

export interface ClaudeImage {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  base64: string;
}

export interface ClaudeInput {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  message: string;
  images: ClaudeImage[];
  history: ChatTurn[];
  memory: ConsultantMemory;
  deps: ConsultantDeps;
}

export interface ClaudeAnswer {
  response: string;
  /** Assignable to ConsultantFeature[] | string[]. */
  features: ClaudeFeature[];
  memory: ConsultantMemory;
}

/** The business facts and house rules. Exported for tests. */
/** `productName` of the product under discussion, as the catalogue in D1 names it. */
export function systemPrompt(contact: ConsultantContact, memory: ConsultantMemory, productName?: string): string {
  const business = contact.businessName || DEFAULT_BUSINESS_NAME;
  const lines = [
    `You are ${contact.assistantName || 'Melvin'}, the shade consultant of ${business}, a South African business that makes blinds, shutters and awnings to measure.`,
    '',
    'Business facts (state them exactly like this when relevant):',
    '- All prices are in South African rand and include 15% VAT.',
    `- ${PRODUCTION_POLICY} ${DELIVERY_POLICY} ${COURIER_TIME}`,
    `- ${INSTALLATION_POLICY}`,
    `- Payment: ${paymentPolicy(contact.payment ?? { card: false, bankTransfer: false })} Name no other way to pay.`,
    `- ${QUOTE_POLICY}`,
    `- Guarantee: ${termsAnswer('guarantee')}`,
    `- Returns: ${termsAnswer('returns')}`,
    `- The team contacts a customer who left details ${CONTACT_PROMISE}.`,
    '- Garden Route: a local service from Mossel Bay to Plettenberg Bay, including site visits to measure and advise.',
    `- Booking a site visit: ${BOOK_VISIT_SENTENCE}`,
    '- Elsewhere in South Africa: a national online service: the customer measures, gets a quote and orders on the website.',
    `- Contact: phone ${contact.phoneNational || 'see the website'} (Garden Route: ${contact.phoneGardenRoute || 'see the website'}), WhatsApp ${contact.whatsappNational || 'see the website'}, e-mail ${contact.email || 'see the website'}.`,
    '',
    'Rules:',
    '- Never invent products, colours, prices, sizes or delivery dates. Use the tools: price_blind for every price, list_colours for colours, product_facts for what a product is and which product suits a need.',
    '- Write prices as the tools give them: rand with two decimals (e.g. R 1 624,00), and say they include VAT.',
    `- When price_blind answers sample_prices true, say so in these words: '${SAMPLE_PRICES_NOTE}'`,
    '- Measurements are in millimetres, width first, then drop.',
    `- How to measure (the shop's rules): ${INSIDE_RECESS_RULE} ${FACE_FIX_RULE} For measuring questions give these rules and the tape-measure guide's address, ${MEASURING_GUIDE_PATH}, which has the drawings and the factory's deductions per product.`,
    "- Consent before keeping details: when the customer gives a name and an e-mail address or phone number, first say what will be kept (their name, number or e-mail and what they asked about) and why (so the team can contact them about this enquiry), with the privacy notice /privacy, and ask them to reply 'yes'. Call capture_lead (customer_agreed true) only after they agree; if they say no, keep nothing.",
    '- Complaints, damage, and anything you cannot answer after one clarifying question go to a person: apologise, ask for (and get consent for) their details, and call capture_lead with needs_person; tell them when they will hear back.',
    '- Answer yes or no first when asked whether a product comes in a colour (list_colours), then the nearest alternatives.',
    '- Several windows in one message: price each size with price_blind, give each line, the quantity and the total.',
    "- Reply in the customer's language (English or Afrikaans).",
    '- For an order status, call track_order.',
    '- When the customer sends photos, describe what you see that matters for blinds (window type, room, light, existing colours) and suggest products from the catalogue; do not guess exact sizes from a photo.',
    '- If you cannot help, offer the team by phone, WhatsApp or e-mail.',
    '- Reply in short, friendly South African English (or Afrikaans to an Afrikaans customer): two to five sentences, plain text, no markdown headings.',
  ];
  const known: string[] = [];
  if (memory.productId) known.push(`product ${productName ?? memory.productId}`);
  if (memory.widthMm !== undefined && memory.dropMm !== undefined) known.push(`size ${memory.widthMm} x ${memory.dropMm} mm`);
  if (memory.name) known.push(`name ${memory.name}`);
  if (memory.leadId) known.push('contact details already passed to the team');
  if (known.length) lines.push('', `Known from this conversation: ${known.join('; ')}.`);
  return lines.join('\n');
}

/** Earlier turns as alternating user/assistant messages that start with the user. */
function historyMessages(history: ChatTurn[]): MessageParam[] {
  const out: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of history.slice(-HISTORY_TURNS)) {
    const content = turn.content.trim();
    if (!content) continue;
    if (out.length === 0 && turn.role === 'assistant') continue;
    const last = out.at(-1);
    if (last && last.role === turn.role) last.content += `\n\n${content}`;
    else out.push({ role: turn.role, content });
  }
  // The new message is a user turn: the history must end with the assistant.
  if (out.at(-1)?.role === 'user') out.push({ role: 'assistant', content: '(no reply)' });
  return out;
}

function userMessage(message: string, images: ClaudeImage[]): MessageParam {
  const content: ContentBlockParam[] = images.map((image) => ({
    type: 'image',
    source: { type: 'base64', media_type: image.mime, data: image.base64 },
  }));
  content.push({ type: 'text', text: message.trim() || (images.length ? 'Here is a photo of my window.' : '...') });
  return { role: 'user', content };
}

/** The assistant's turn as request blocks (response blocks carry fields requests do not take). */
function assistantTurn(reply: Message): MessageParam {
  const content: ContentBlockParam[] = [];
  for (const block of reply.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_use') content.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
  }
  return { role: 'assistant', content };
}

function reasonFor(err: unknown): string {
  if (err instanceof ClaudeUnavailableError) return err.reason;
  if (err instanceof Anthropic.APIConnectionTimeoutError) return 'timeout';
  if (err instanceof Anthropic.APIConnectionError) return 'network';
  if (err instanceof Anthropic.APIError) return err.status ? `http_${err.status}` : 'api_error';
  if (err instanceof SyntaxError) return 'malformed_response';
  return 'unexpected_error';
}

async function create(client: Anthropic, params: MessageCreateParamsNonStreaming): Promise<Message> {
  try {
    const reply = await client.messages.create(params);
    if (!reply || typeof reply !== 'object' || !Array.isArray((reply as Message).content)) {
      throw new ClaudeUnavailableError('malformed_response');
    }
    return reply as Message;
  } catch (err) {
    if (err instanceof ClaudeUnavailableError) throw err;
    if (isModelRefusal(err)) {
      logModelRefusal(params.model, err instanceof Error ? err.message : String(err));
      throw new ClaudeUnavailableError('model_unavailable', { cause: err, model: params.model });
    }
    throw new ClaudeUnavailableError(reasonFor(err), { cause: err });
  }
}

export async function answerWithClaude(input: ClaudeInput): Promise<ClaudeAnswer> {
  const memory: ConsultantMemory = { ...input.memory };
  const features = new Set<ClaudeFeature>();
  if (input.images.length) features.add('image-analysis');
  const ctx: ToolContext = {
    db: input.deps.db,
    memory,
    features,
    leads: input.deps.leads,
    customerMessage: input.message,
    transcript: transcript(input.history, input.message, input.deps.contact.assistantName || 'Melvin'),
  };

  let client: Anthropic;
  try {
    client = new Anthropic({
      apiKey: input.apiKey,
      baseURL: input.baseUrl || 'https://api.anthropic.com',
      maxRetries: 0,
      timeout: CLAUDE_TIMEOUT_MS,
    });
  } catch (err) {
    throw new ClaudeUnavailableError('client_setup_failed', { cause: err });
  }

  const productName = memory.productId ? (await productCatalogue(input.deps.db)).byKey(memory.productId)?.name : undefined;
  const system = systemPrompt(input.deps.contact, memory, productName);
  const messages: MessageParam[] = [...historyMessages(input.history), userMessage(input.message, input.images)];

  for (let round = 0; ; round++) {
    const reply = await create(client, {
      model: input.model || DEFAULT_CLAUDE_MODEL,
      max_tokens: MAX_TOKENS,
      system,
      tools: CLAUDE_TOOLS,
      messages,
    });
    const toolUses = reply.content.filter((b) => b.type === 'tool_use');
    if (reply.stop_reason === 'tool_use' && toolUses.length > 0) {
      if (round >= MAX_TOOL_ROUNDS) throw new ClaudeUnavailableError('too_many_tool_rounds');
      const results: ToolResultBlockParam[] = [];
      for (const use of toolUses) {
        let outcome;
        try {
          outcome = await runTool(ctx, use.name, use.input);
        } catch (err) {
          console.error(JSON.stringify({ level: 'error', message: 'consultant tool failed', tool: use.name, error: String(err) }));
          outcome = { content: JSON.stringify({ error: 'This lookup failed. Offer the team instead.' }), isError: true };
        }
        results.push({
          type: 'tool_result',
          tool_use_id: use.id,
          content: outcome.content,
          ...(outcome.isError ? { is_error: true } : {}),
        });
      }
      messages.push(assistantTurn(reply), { role: 'user', content: results });
      continue;
    }
    if (reply.stop_reason === 'refusal') throw new ClaudeUnavailableError('refusal');
    const text = reply.content
      .filter((b) => b.type === 'text')
      .map((b) => b.text)
      .join('\n\n')
      .trim();
    if (!text) throw new ClaudeUnavailableError('no_text');
    // A price from a sample grid is never shown as a real one (DESIGN.md 6), whatever the model wrote.
    const response = ctx.samplePrices && !/sample price/i.test(text) ? `${text}\n\n${SAMPLE_PRICES_NOTE}` : text;
    return { response, features: [...features], memory };
  }
}
