import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import type { Settings } from '../../../contract/settings';

/** Applies the user's theme [product: SET-26, SET-34] whenever it is known or changes; renders nothing. */
export function ThemeFromSettings({ theme }: { theme: Settings['theme'] | null }) {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (theme) setColorScheme(theme);
  }, [theme, setColorScheme]);
  return null;
}
