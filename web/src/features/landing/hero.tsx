import { useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { usePublicConfig } from '../../lib/public-config';

const POSTER = '/media/hero-poster.jpg';

/**
 * The hero video is served by this site (small WebM/MP4 with a poster), never hosted elsewhere.
 * It starts once the page has loaded, so on a slow phone connection the poster (the page's largest
 * paint) and the scripts get the bandwidth first.
 */
export function Hero({ onChooseOnline, onChooseGardenRoute }: { onChooseOnline: () => void; onChooseGardenRoute: () => void }) {
  const config = usePublicConfig();
  const video = useRef<HTMLVideoElement>(null);
  // The poster is the page's largest paint: fetch it first, not at a video poster's low priority.
  preload(POSTER, { as: 'image', fetchPriority: 'high' });

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const play = () => {
      const element = video.current;
      if (!element) return;
      element.preload = 'auto';
      element.play().catch(() => undefined); // the poster stays if the browser refuses to play
    };
    if (document.readyState === 'complete') {
      play();
      return;
    }
    window.addEventListener('load', play, { once: true });
    return () => window.removeEventListener('load', play);
  }, []);

  return (
    <section className="hero" aria-labelledby="hero-title">
      <video ref={video} className="hero__video" muted loop playsInline preload="none" poster={POSTER} aria-hidden="true">
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
