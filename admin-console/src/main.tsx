import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadRuntimeConfig } from '@strongroom/shared';

// The API's address comes from config.json before the first request.
void loadRuntimeConfig(import.meta.env.BASE_URL).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
