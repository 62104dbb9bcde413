import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The theme's own variables, written at build time instead of computed at the first render (withCssVariables).
import './styles/theme-variables.css';
import '@mantine/core/styles/global.css';
// After Mantine's variables, which it overrides in both schemes.
import './styles/schemes.css';
// Every page has buttons; imported here, in the entry, so Button's rules follow UnstyledButton's in one stylesheet.
import './styles/button';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { colorSchemeManager } from './color-scheme';
import { appTheme } from './theme';
import { isToastHostMounted, subscribeToastHost } from './toasts/toast-host';

const Toasts = lazy(() => import('./toasts/Toasts'));

/** Mantine and the on-demand toast container; every component imports its own Mantine CSS. */
export function AppProviders({
  children,
  theme = appTheme,
}: {
  children: ReactNode;
  /** Default the app theme; tests pass one without transitions. */
  theme?: MantineThemeOverride;
}) {
  const toastsNeeded = useSyncExternalStore(subscribeToastHost, isToastHostMounted, () => false);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      withCssVariables={false}
    >
      {children}
      {toastsNeeded && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </MantineProvider>
  );
}
