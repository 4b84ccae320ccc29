import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every route change scrolls smoothly to the top. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, search]);
  return null;
}
