import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { STORAGE_KEYS } from '@strongroom/shared';

type Mode = 'light' | 'dark';
interface ColorModeValue {
  mode: Mode;
  toggle(): void;
}
const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => undefined });

function initialMode(): Mode {
  return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const theme = useMemo(
    () =>
      createTheme({
        palette: {
          mode,
          primary: { main: mode === 'light' ? '#0b3d91' : '#7aa7ff' },
          secondary: { main: '#0f9d76' },
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
