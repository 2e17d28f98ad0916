// 'Swatch text that implies photographs': every swatch is drawn from the supplier's colour
// value (services/swatch-texture.ts), and the consultant says so when it lists colours.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { SWATCH_NOTE } from '../../worker/shared/swatch-note';

const contact = {
  phoneGardenRoute: '+27 44 000 0000',
  phoneNational: '+27 21 000 0000',
  whatsappNational: '+27 82 000 0001',
  email: 'info@example.co.za',
  businessName: 'Custom Blinds',
  assistantName: 'Melvin',
};

describe('swatch wording', () => {
  it("says the swatches are drawn from the supplier's colour values, not photographs", () => {
    expect(SWATCH_NOTE).toMatch(/drawn from the supplier's colour values, not photographs/);
  });

  it('the built-in consultant says so when it lists colours', async () => {
    const answer = await answerBuiltIn({
      message: 'What colours does the roller blockout come in?',
      history: [],
      memory: {},
      deps: { db: env.DB, contact },
    });
    expect(answer.features).toContain('colours');
    expect(answer.response).toContain(SWATCH_NOTE);
  });
});
