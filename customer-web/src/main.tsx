import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SnackbarProvider } from 'notistack';
import { TOAST } from '@strongroom/shared';
import { App } from './App';
import { loadRuntimeConfig } from './api/runtime-config';
import { AuthProvider } from './auth/AuthContext';
import { ColorModeProvider } from './theme/ColorModeContext';

// The API's address comes from config.json before the first request.
void loadRuntimeConfig().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ColorModeProvider>
        <SnackbarProvider maxSnack={TOAST.maxSnack} autoHideDuration={TOAST.autoHideDurationMs} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          <BrowserRouter>
            <AuthProvider>
              <App />
            </AuthProvider>
          </BrowserRouter>
        </SnackbarProvider>
      </ColorModeProvider>
    </StrictMode>,
  ),
);
