import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every route change scrolls smoothly to the top. The page the app starts on keeps where the browser put it: the
 * landing page is read (a `#faq` link, a visitor already scrolling) before React adopts it (main.tsx).
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const location = `${pathname}${search}`;
  // The location last scrolled for; a ref rather than a first-run flag, since StrictMode runs effects twice.
  const scrolledFor = useRef(location);
  useEffect(() => {
    if (scrolledFor.current === location) return;
    scrolledFor.current = location;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location]);
  return null;
}
