import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Disclaimer } from '../../components/disclaimer';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { HelpBlock } from './help-block';
import { QuickScan } from './quick-scan';
import './measurement.css';

const STEPS = [
  { title: 'Choose a method', text: 'Quick AI Scan with your camera, or Precision Polygon on a photo of your window.' },
  { title: 'Frame your window', text: 'Stand square-on with the whole frame in view, an A4 sheet flat against the glass.' },
  { title: 'Check the result', text: 'See the width and drop we measured, and retake or adjust until it looks right.' },
  { title: 'Get your quote', text: 'Send the measurements to the calculator and price your blinds.' },
];

const TIPS = [
  'Hold an A4 sheet flat against the glass: it gives the photo a real scale (without it the size is an estimate).',
  'Stand square-on to the window, not at an angle.',
  'Keep the whole frame in view, corners included.',
  'Use good, even light: open the curtains and avoid strong glare.',
];

// The other online tools that start from a photo of the window (reachable from here).
const MORE_TOOLS = [
  {
    to: '/shutters',
    title: 'Shutter Visualiser',
    text: 'See made-to-measure plantation shutters fitted in perspective on a photo of your window.',
  },
  {
    to: '/room-walkthrough-rebuilt',
    title: 'Room Walk-Through',
    text: 'Go through a room window by window: photo, size, blind and colour, then one quote for the room.',
  },
];

type ChooserState = 'choose' | 'quick';

/** /measurement: Quick AI Scan or Precision Polygon (storefront spec section 2). */
export function MeasurementPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<ChooserState>('choose');

  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="measure-page">
        <header className="measure-intro">
          <p className="eyebrow">Measure your windows</p>
          <h1>Measure Your Windows</h1>
          <p className="lead">Measure a window with your camera in seconds, or place four corners on a photo for more control.</p>
        </header>

        {mode === 'choose' ? (
          <section className="measure-choices" aria-label="Choose how to measure">
            <article className="measure-card measure-choice">
              <h2>Quick AI Scan</h2>
              <p>Point your camera at the window and we measure it for you. Most accurate with an A4 sheet on the glass.</p>
              <button type="button" className="button button--accent" onClick={() => setMode('quick')}>
                Quick AI Scan
              </button>
            </article>
            <article className="measure-card measure-choice">
              <h2>Precision Polygon</h2>
              <p>Upload a photo and drag four corners onto the window frame. Enter one real size for a precise result.</p>
              <button type="button" className="button" onClick={() => navigate('/working-polygon')}>
                Precision Polygon
              </button>
            </article>
          </section>
        ) : (
          <QuickScan onCancel={() => setMode('choose')} />
        )}

        {mode === 'choose' && (
          <section className="measure-more" aria-labelledby="measure-more-title">
            <h2 id="measure-more-title">More tools for your windows</h2>
            <ul className="info-cards__grid">
              {MORE_TOOLS.map((tool) => (
                <li key={tool.to}>
                  <Link to={tool.to} className="info-card">
                    <h3>{tool.title}</h3>
                    <p>{tool.text}</p>
                    <span className="info-card__more" aria-hidden="true">
                      Open →
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="measure-card" aria-labelledby="how-it-works">
          <h2 id="how-it-works">How It Works</h2>
          <ol className="measure-steps">
            {STEPS.map((step, i) => (
              <li key={step.title}>
                <span className="measure-steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className="measure-card" aria-labelledby="measure-tips">
          <h2 id="measure-tips">Tips for an accurate measurement</h2>
          <ul className="measure-tips">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>

        <HelpBlock />
        <Disclaimer />
      </main>
      <SiteFooter />
    </div>
  );
}
