import { createTheme } from '@mantine/core';

export const appTheme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  // System fonts: no web-font download on the landing page's first load.
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
