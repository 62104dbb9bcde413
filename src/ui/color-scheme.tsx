import { localStorageColorSchemeManager, useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import type { Settings } from '../../contract/settings';

/**
 * The signed-in user's theme [product: SET-26, SET-34]: light, dark, or auto (the system's choice, followed live by
 * Mantine). The user's settings decide; this browser remembers the last choice so the next visit paints in it before
 * the settings have loaded.
 */

export const COLOR_SCHEME_KEY = 'beacon.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** Applies the user's theme whenever it is known or changes; renders nothing. */
export function ThemeFromSettings({ theme }: { theme: Settings['theme'] | null }) {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (theme) setColorScheme(theme);
  }, [theme, setColorScheme]);
  return null;
}
