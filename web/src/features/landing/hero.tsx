import { usePublicConfig } from '../../lib/public-config';

/** The hero video is served by this site (small WebM/MP4 with a poster), never hosted elsewhere. */
export function Hero({ onChooseOnline, onChooseGardenRoute }: { onChooseOnline: () => void; onChooseGardenRoute: () => void }) {
  const config = usePublicConfig();
  const reduceMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <video
        className="hero__video"
        autoPlay={!reduceMotion}
        muted
        loop
        playsInline
        preload="metadata"
        poster="/media/hero-poster.jpg"
        aria-hidden="true"
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <div className="hero__content">
        <p className="eyebrow eyebrow--light">Made to measure in South Africa</p>
        <h1 id="hero-title">Blinds, shutters and awnings made for your windows</h1>
        <p className="hero__lead">
          Talk to {config.assistantName}, our shade consultant, measure from a photo, see your blind on your own window and
          get a price in seconds. Garden Route site visits from Mossel Bay to Plettenberg Bay; courier delivery nationwide.
        </p>
        <div className="button-row">
          <button type="button" className="button button--accent" onClick={onChooseOnline}>
            Online Tools and Quotes
          </button>
          <button type="button" className="button button--light" onClick={onChooseGardenRoute}>
            Garden Route Service
          </button>
        </div>
      </div>
    </section>
  );
}
