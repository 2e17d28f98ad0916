import type { Env } from '../../env';
import { toBase64 } from '../../lib/base64';
import { acceptedImageType } from '../../lib/image/sniff';
import { answerBuiltIn } from './built-in-consultant';
import type { ChatTurn, ConsultantContact, ConsultantMemory } from './types';
import { answerWithClaude, ClaudeUnavailableError } from './claude';
import { modelUnavailableReason } from './claude-model';
import { describePhotoColours } from './photo-colours';
import type { LeadSink } from '../leads';

export interface TurnInput {
  message: string;
  photos: Uint8Array[];
  history: ChatTurn[];
  memory: ConsultantMemory;
  contact: ConsultantContact;
  /** Where a lead captured in this turn goes (D1 and the business's notice). */
  leads?: LeadSink;
}

export interface RoutedAnswer {
  response: string;
  aiProvider: 'claude' | 'gpt' | 'other';
  routingReason: string;
  features: string[];
  memory: ConsultantMemory;
}

type RoutingEnv = Pick<Env, 'DB' | 'ANTHROPIC_API_KEY' | 'ANTHROPIC_BASE_URL' | 'ANTHROPIC_MODEL'>;

/**
 * Who answers, said honestly in aiProvider and routingReason: Claude when a key is configured,
 * the built-in consultant otherwise and whenever Claude fails.
 */
export async function answerTurn(env: RoutingEnv, input: TurnInput): Promise<RoutedAnswer> {
  if (env.ANTHROPIC_API_KEY) {
    try {
      const answer = await answerWithClaude({
        apiKey: env.ANTHROPIC_API_KEY,
        baseUrl: env.ANTHROPIC_BASE_URL || undefined,
        model: env.ANTHROPIC_MODEL || undefined,
        message: input.message,
        images: input.photos.flatMap((bytes) => {
          const type = acceptedImageType(bytes);
          return type ? [{ mime: type.mime, base64: toBase64(bytes) }] : [];
        }),
        history: input.history,
        memory: input.memory,
        deps: { db: env.DB, contact: input.contact, leads: input.leads },
      });
      return {
        ...withPhotoNote(answer.response, [...answer.features], input.photos.length),
        aiProvider: 'claude',
        routingReason: 'Answered by Claude, using our catalogue, colour and price tools.',
        memory: answer.memory,
      };
    } catch (err) {
      if (!(err instanceof ClaudeUnavailableError)) throw err;
      const fallback = await answerBuiltInTurn(env, input);
      // A refused model is a configuration fault (logged once by the adapter): name the model, not the setting.
      const why = err.reason === 'model_unavailable' && err.model ? modelUnavailableReason(err.model) : err.reason;
      return {
        ...fallback,
        routingReason: `Claude was unavailable (${why}): answered by the built-in consultant from our catalogue and price lists.`,
      };
    }
  }
  const builtIn = await answerBuiltInTurn(env, input);
  return {
    ...builtIn,
    routingReason: 'No cloud AI key is configured: answered by the built-in consultant from our catalogue and price lists.',
  };
}

async function answerBuiltInTurn(env: RoutingEnv, input: TurnInput): Promise<Omit<RoutedAnswer, 'routingReason'>> {
  // A photo on its own needs no text answer; the colour description is the answer.
  const answer =
    input.message.trim() || input.photos.length === 0
      ? await answerBuiltIn({
          message: input.message,
          history: input.history,
          memory: input.memory,
          deps: { db: env.DB, contact: input.contact, leads: input.leads },
        })
      : { response: '', features: [], memory: input.memory };
  const features: string[] = [...answer.features];
  const parts = answer.response ? [answer.response] : [];
  if (input.photos.length > 0) {
    const description = await describePhotoColours(env.DB, input.photos, answer.memory.productId);
    if (description) {
      parts.push(description);
      features.push('image-analysis');
    }
  }
  return { ...withPhotoNote(parts.join('\n\n'), features, input.photos.length), aiProvider: 'other', memory: answer.memory };
}

function withPhotoNote(response: string, features: string[], photoCount: number): { response: string; features: string[] } {
  if (photoCount === 0) return { response, features };
  const note = `I've saved the ${photoCount === 1 ? 'photo' : 'photos'} with this conversation for our team.`;
  return { response: response ? `${response}\n\n${note}` : note, features };
}
