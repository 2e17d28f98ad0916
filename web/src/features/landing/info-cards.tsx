import { Link } from 'react-router';
import { PRODUCTION_SHORT } from '@shared/shop-policies';

interface Card {
  to: string;
  title: string;
  text: string;
  /** Words of `text` that link somewhere else (the card's own link covers the rest of the card). */
  inline?: { to: string; label: string };
}

const CARDS: Card[] = [
  {
    to: '/measurement',
    title: 'Measure your windows',
    text: 'Use your camera or a photo with an A4 sheet for scale, or follow our tape-measure guide.',
    inline: { to: '/measuring-guide', label: 'follow our tape-measure guide' },
  },
  {
    to: '/quote-calculator',
    title: 'Instant online quote',
    text: 'Price several blinds by width and drop in rand, VAT included, and e-mail or save the quote.',
  },
  {
    to: '/shutters',
    title: 'Shutter visualiser',
    text: 'See made-to-measure plantation shutters fitted in perspective on a photo of your own window.',
  },
  {
    to: '/room-walkthrough-rebuilt',
    title: 'Room walk-through',
    text: 'Photograph each window of a room, choose its blind and colour, and take the whole room to one quote.',
  },
  { to: '/order-confirmation', title: 'Your order', text: `See your receipt and payment status; ${PRODUCTION_SHORT.toLowerCase()}.` },
];

export function InfoCards() {
  return (
    <section className="info-cards" aria-labelledby="info-title">
      <h2 id="info-title">Online tools</h2>
      <ul className="info-cards__grid">
        {CARDS.map((card) =>
          card.inline ? (
            // Links cannot nest: the title's link stretches over the card and the guide link sits above it.
            <li key={card.to}>
              <div className="info-card info-card--links">
                <h3>
                  <Link to={card.to} className="info-card__stretch">
                    {card.title}
                  </Link>
                </h3>
                <p>
                  {card.text.slice(0, card.text.indexOf(card.inline.label))}
                  <Link to={card.inline.to} className="info-card__inline">
                    {card.inline.label}
                  </Link>
                  {card.text.slice(card.text.indexOf(card.inline.label) + card.inline.label.length)}
                </p>
                <span className="info-card__more" aria-hidden="true">
                  Open →
                </span>
              </div>
            </li>
          ) : (
            <li key={card.to}>
              <Link to={card.to} className="info-card">
                <h3>{card.title}</h3>
                <p>{card.text}</p>
                <span className="info-card__more" aria-hidden="true">
                  Open →
                </span>
              </Link>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
