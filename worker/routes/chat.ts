import { Hono } from 'hono';
import type { AppBindings, Env } from '../env';
import { AppError } from '../lib/errors';
import { businessProfile } from '../lib/business-profile';
import { decodeBase64 } from '../lib/base64';
import { acceptedImageType } from '../lib/image/sniff';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { humanSeconds, rateLimit } from '../middleware/rate-limit';
import { chatSessionSchema, enhancedChatSchema, MAX_CHAT_IMAGE_BYTES } from '../shared/schemas';
import type { ConsultantContact } from '../services/consultant/types';
import { paymentOffer } from '../shared/shop-policies';
import { publicConfig } from './config';
import { chatSession, runChatTurn } from '../services/consultant/chat-turn';
import { trackEvent } from './analytics';

/** Three images of at most 5 MB as base64, plus the text. */
const CHAT_BODY_LIMIT = 21 * 1024 * 1024;

function consultantContact(env: Env): ConsultantContact {
  const business = businessProfile(env);
  return {
    phoneGardenRoute: business.phoneGardenRoute ?? '',
    phoneNational: business.phoneNational ?? '',
    whatsappNational: business.whatsappNational ?? '',
    email: business.email ?? '',
    businessName: business.name,
    assistantName: env.ASSISTANT_NAME || 'Melvin',
    // The ways to pay the site offers (GET /api/config), so the consultant names no other.
    payment: paymentOffer(publicConfig(env).payment),
  };
}

/** POST /api/chat/session: the page starts (or resumes) its chat session on load. */
export const chatSessionRoutes = new Hono<AppBindings>().post(
  '/session',
  rateLimit({ name: 'chat-session', limit: 30, windowSeconds: 60 }),
  jsonBody(1024),
  validate('json', chatSessionSchema),
  async (c) => {
    const { sessionId } = c.req.valid('json');
    const { messageCount } = await chatSession(c.env, sessionId).start();
    trackEvent(c, { kind: 'chat_session', sessionId });
    return c.json({ success: true, sessionId, messageCount });
  },
);

/** POST /api/{name}/enhanced-chat: the consultant answers; photos are kept in R2 for the team. */
export const enhancedChatRoutes = new Hono<AppBindings>().post(
  '/:assistant/enhanced-chat',
  async (c, next) => {
    if (c.req.param('assistant') !== (c.env.ASSISTANT_NAME || 'Melvin').toLowerCase()) {
      throw new AppError('not_found', `There is no API endpoint ${c.req.method} ${c.req.path}.`);
    }
    await next();
  },
  rateLimit({ name: 'chat', limit: 30, windowSeconds: 60 }),
  jsonBody(CHAT_BODY_LIMIT),
  validate('json', enhancedChatSchema),
  async (c) => {
    const body = c.req.valid('json');
    const images = body.images.map((encoded, index) => {
      const decoded = decodeBase64(encoded);
      if (!decoded.ok) throw new AppError('validation_error', `Image ${index + 1} is not valid base64: it ${decoded.problem}.`);
      const bytes = decoded.bytes;
      if (bytes.byteLength > MAX_CHAT_IMAGE_BYTES) throw new AppError('payload_too_large', `Image ${index + 1} is larger than 5 MB.`);
      const type = acceptedImageType(bytes);
      if (!type) throw new AppError('unsupported_media_type', `Image ${index + 1} is not a JPEG, PNG or WebP picture.`);
      return { bytes, type };
    });
    const stamp = Date.now();
    const imageKeys = images.map((image, index) => `chat/${body.sessionId}/${stamp}-${index + 1}.${image.type.ext}`);
    await Promise.all(
      images.map((image, index) => c.env.MEDIA.put(imageKeys[index]!, image.bytes, { httpMetadata: { contentType: image.type.mime } })),
    );
    const result = await runChatTurn(c.env, {
      sessionId: body.sessionId,
      message: body.message,
      photos: images.map((image) => image.bytes),
      imageKeys,
      contact: consultantContact(c.env),
      origin: new URL(c.req.url).origin,
      waitUntil: (p) => c.executionCtx.waitUntil(p),
    });
    if (!result.ok) {
      throw new AppError('rate_limited', `You're sending messages very quickly. Please wait ${humanSeconds(result.retryAfterSeconds)}.`, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    trackEvent(c, { kind: 'chat_message', sessionId: body.sessionId, data: { images: imageKeys.length } });
    return c.json(result.reply);
  },
);
