import { Link } from 'react-router';

const CARDS = [
  { to: '/measurement', title: 'Measure your windows', text: 'Use your camera or a photo with an A4 sheet for scale, or follow our tape-measure guide.' },
  { to: '/quote-calculator', title: 'Instant online quote', text: 'Price several blinds by width and drop in rand, VAT included, and e-mail or save the quote.' },
  { to: '/shutters', title: 'Shutter visualiser', text: 'See made-to-measure plantation shutters fitted in perspective on a photo of your own window.' },
  { to: '/room-walkthrough-rebuilt', title: 'Room walk-through', text: 'Photograph each window of a room, choose its blind and colour, and take the whole room to one quote.' },
  { to: '/order-confirmation', title: 'Your order', text: 'See your receipt and payment status; production takes 7-10 business days.' },
];

export function InfoCards() {
  return (
    <section className="info-cards" aria-labelledby="info-title">
      <h2 id="info-title">Online tools</h2>
      <ul className="info-cards__grid">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="info-card">
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <span className="info-card__more" aria-hidden="true">Open →</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
