// 'Add a free sample' beside a colour list (calculator, visualiser, catalogue; storefront spec
// 'Free samples'): puts the colour in the sample basket and links to /samples, where the customer
// gives the address and asks for them. The server takes at most MAX_SAMPLES a request.
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_SAMPLES, TOO_MANY_SAMPLES_MESSAGE } from '@shared/samples-api';
import { addSample, removeSample, sameSwatch, SAMPLES_PATH, useSampleBasket, type BasketSwatch } from '../lib/sample-basket';
import './free-sample-button.css';

export function FreeSampleButton({ swatch }: { swatch: BasketSwatch | null }) {
  const basket = useSampleBasket();
  const [said, setSaid] = useState('');
  const inBasket = swatch !== null && basket.some((s) => sameSwatch(s, swatch));
  const full = basket.length >= MAX_SAMPLES;

  function toggle() {
    if (!swatch) return;
    if (inBasket) {
      removeSample(swatch);
      setSaid(`${swatch.colour} taken out of your free samples.`);
      return;
    }
    const result = addSample(swatch);
    setSaid(
      result === 'full'
        ? TOO_MANY_SAMPLES_MESSAGE
        : `${swatch.colour} added to your free samples (${basket.length + 1} of ${MAX_SAMPLES}).`,
    );
  }

  return (
    <div className="free-sample">
      {swatch && (
        <button
          type="button"
          className="button button--small button--ghost-dark"
          onClick={toggle}
          disabled={!inBasket && full}
          data-testid="free-sample-toggle"
        >
          {inBasket ? `Remove the free sample of ${swatch.colour}` : `Add a free sample of ${swatch.colour}`}
        </button>
      )}
      {basket.length > 0 && (
        <Link className="free-sample__link" to={SAMPLES_PATH} data-testid="free-samples-link">
          Ask for your free samples ({basket.length} of {MAX_SAMPLES})
        </Link>
      )}
      {!inBasket && full && swatch && <p className="free-sample__note">{TOO_MANY_SAMPLES_MESSAGE}</p>}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}
