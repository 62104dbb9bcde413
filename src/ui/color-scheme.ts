import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * The signed-in user's theme [product: SET-26, SET-34]: light, dark, or auto (the system's choice, followed live by
 * Mantine). The user's settings decide (./shell/ThemeFromSettings.tsx); this browser remembers the last choice so the
 * next visit paints in it before the settings have loaded. Only the manager is here, in the first load: the hook
 * that applies the settings (Mantine's useMantineColorScheme and its media query) loads with the signed-in pages.
 */

export const COLOR_SCHEME_KEY = 'beacon.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
