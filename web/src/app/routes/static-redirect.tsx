import { useEffect } from 'react';

/** /mobile-ruler is a static page outside the app (public/camera-ruler.html): leave the app to load it. */
export function MobileRulerRedirect() {
  useEffect(() => {
    window.location.replace('/camera-ruler');
  }, []);
  return <p className="page-loading">Opening the camera ruler…</p>;
}
