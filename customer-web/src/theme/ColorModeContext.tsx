import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { STORAGE_KEYS } from '@strongroom/shared';

type Mode = 'light' | 'dark';

/** Status colours (chips, alerts, money) deep enough for white text and for text on white: each >= 4.5:1. */
const LIGHT_STATUS_COLOURS = {
  success: { main: '#2e7d32' },
  warning: { main: '#b45309' },
  error: { main: '#c62828' },
  info: { main: '#0277bd' },
};
interface ColorModeValue {
  mode: Mode;
  toggle(): void;
}
const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => undefined });

function storedMode(): Mode {
  return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

/**
 * `prerendered`: the page's HTML was drawn at build time (the landing page, customer-web/vite-prerender.ts),
 * in light mode. React must first draw exactly that to adopt it, so the visitor's own mode follows right after.
 */
export function ColorModeProvider({ children, prerendered = false }: { children: ReactNode; prerendered?: boolean }) {
  const [mode, setMode] = useState<Mode>(() => (prerendered ? 'light' : storedMode()));
  useEffect(() => {
    if (prerendered) setMode(storedMode());
  }, [prerendered]);
  const theme = useMemo(
    () =>
      createTheme({
        palette: {
          mode,
          // Text on a filled colour must reach 4.5:1 (WCAG AA): MUI picks white or dark text by this threshold, and
          // the light palette uses deeper shades so white stays on them (white on #0f9d76 was 3.4:1).
          contrastThreshold: 4.5,
          primary: { main: mode === 'light' ? '#0b3d91' : '#7aa7ff' },
          secondary: { main: mode === 'light' ? '#0b7a5c' : '#0f9d76' },
          ...(mode === 'light' ? LIGHT_STATUS_COLOURS : {}),
          background: mode === 'light' ? { default: '#f5f7fb', paper: '#ffffff' } : {},
        },
        shape: { borderRadius: 10 },
        typography: { fontFamily: '"Inter", "Segoe UI", Roboto, Helvetica, Arial, sans-serif', button: { textTransform: 'none', fontWeight: 600 } },
      }),
    [mode],
  );
  const value = useMemo(
    () => ({
      mode,
      toggle: () =>
        setMode((m) => {
          const next = m === 'light' ? 'dark' : 'light';
          localStorage.setItem(STORAGE_KEYS.theme, next);
          return next;
        }),
    }),
    [mode],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export const useColorMode = () => useContext(ColorModeContext);
