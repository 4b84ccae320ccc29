import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// The bank's navy (the same as the sign-in page) in place of react-admin's default light blue.
const NAVY = { light: '#3d63b5', main: '#0b3d91', dark: '#072a66', contrastText: '#fff' };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: NAVY, secondary: NAVY },
};

export const darkTheme: RaThemeOptions = defaultDarkTheme;
