import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadLandingPage } from './App';
import { loadRuntimeConfig } from '@strongroom/shared';
import { AuthProvider } from './auth/AuthContext';
import { ColorModeProvider } from './theme/ColorModeContext';

const container = document.getElementById('root')!;
// The landing page's HTML is drawn at build time (vite-prerender.ts) so that it paints before any script
// runs; React adopts that HTML (hydration) instead of drawing the page again. Every other path starts empty.
const prerendered = container.dataset.prerendered === window.location.pathname;

// The API's address comes from config.json before the first request; the landing page's code before React adopts it.
void Promise.all([loadRuntimeConfig(import.meta.env.BASE_URL), prerendered ? preloadLandingPage() : undefined]).then(() => {
  const app = (
    <StrictMode>
      <ColorModeProvider prerendered={prerendered}>
        <BrowserRouter>
          <AuthProvider>
            <App />
          </AuthProvider>
        </BrowserRouter>
      </ColorModeProvider>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
