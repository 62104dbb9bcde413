import { createTheme } from '@mantine/core';

export const appTheme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white-on-indigo buttons and indigo text above WCAG AA's 4.5:1 (shade 6 is 4.3:1).
  primaryShade: 7,
  defaultRadius: 'md',
  // System fonts: no web-font download on the landing page's first load.
  components: {
    // A plain entry, not Modal.extend(): importing Modal here would pull it into the landing page's first load.
    Modal: { styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
