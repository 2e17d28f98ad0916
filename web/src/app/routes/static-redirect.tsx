import { useEffect } from 'react';

/** /mobile-ruler is a static page outside the app: leave the app to load it. */
export function MobileRulerRedirect() {
  useEffect(() => {
    window.location.replace('/mobile-ruler.html');
  }, []);
  return <p className="page-loading">Opening the camera ruler…</p>;
}
