import { useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { HERO_COPY, HERO_POSTER as POSTER, HERO_VIDEOS } from '@shared/landing-first-screen';
import { usePublicConfig } from '../../lib/public-config';

/**
 * The hero video is served by this site (small WebM/MP4 with a poster), never hosted elsewhere.
 * It starts once the page has loaded, so on a slow phone connection the poster (the page's largest
 * paint) and the scripts get the bandwidth first. The Worker sends this same markup in the HTML of `/`
 * (worker/services/first-screen.ts), so the hero is painted before the scripts have run.
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
        {HERO_VIDEOS.map((v) => (
          <source key={v.src} src={v.src} type={v.type} />
        ))}
      </video>
      <div className="hero__content">
        <p className="eyebrow eyebrow--light">{HERO_COPY.eyebrow}</p>
        <h1 id="hero-title">{HERO_COPY.title}</h1>
        <p className="hero__lead">{HERO_COPY.lead(config.assistantName)}</p>
        <div className="button-row">
          <button type="button" className="button button--accent" onClick={onChooseOnline}>
            {HERO_COPY.online}
          </button>
          <button type="button" className="button button--light" onClick={onChooseGardenRoute}>
            {HERO_COPY.gardenRoute}
          </button>
        </div>
      </div>
    </section>
  );
}
