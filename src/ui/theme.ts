import { type CSSVariablesResolver, createTheme } from '@mantine/core';

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

/**
 * 'dimmed' text (empty states, hints) and error text in the light scheme: Mantine's gray 6 is 3.3:1 on white, under WCAG AA's 4.5:1;
 * gray 7 is above it. The dark scheme's dimmed is readable as it is.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors and error texts: red 6 is 3.3:1 on white; red 9 is 5.4:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
