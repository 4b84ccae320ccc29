import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// The bank's navy (the same as the sign-in page) in place of react-admin's default light blue.
const NAVY = { light: '#3d63b5', main: '#0b3d91', dark: '#072a66', contrastText: '#fff' };

// Status chips and buttons: text on each filled colour reaches 4.5:1 (WCAG AA). MUI's own warning (#ed6c02) and
// dark-mode error (#f44336) carry white text at 3.1:1 and 3.7:1; the threshold makes MUI pick dark text instead.
const STATUS_COLOURS = {
  success: { main: '#2e7d32' },
  warning: { main: '#b45309' },
  error: { main: '#c62828' },
  info: { main: '#0277bd' },
};

// Every spinner (react-admin's app-bar loader, a field still loading) is a progressbar, which needs a name to be read out.
const components = (base: RaThemeOptions) => ({
  ...base.components,
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
});

// Wide enough for the longest menu item ("Post an incoming payment") in full, where react-admin's 240 px cut it short.
const sidebar = { width: 272, closedWidth: 50 };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  sidebar,
  components: components(defaultLightTheme),
  palette: { ...defaultLightTheme.palette, primary: NAVY, secondary: NAVY, ...STATUS_COLOURS, contrastThreshold: 4.5 },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  sidebar,
  components: components(defaultDarkTheme),
  palette: { ...defaultDarkTheme.palette, contrastThreshold: 4.5 },
};
