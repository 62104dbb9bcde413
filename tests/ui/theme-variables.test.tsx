import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/ui/AppProviders';
import { appTheme } from '../../src/ui/theme';

/** Each rule of a stylesheet as its selector and declarations, whatever the spacing and comments. */
function rules(css: string) {
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('}')
    .filter((rule) => rule.trim() !== '')
    .map((rule) => {
      const [selector = '', body = ''] = rule.split('{');
      const declarations = body
        .split(';')
        .map(words)
        .filter((declaration) => declaration !== '');
      return { selector: words(selector), declarations };
    });
}

describe("the theme's CSS variables, written at build time", () => {
  it('are the ones MantineProvider computes for the app theme at a first render', () => {
    const markup = renderToStaticMarkup(<MantineProvider theme={appTheme} />);
    const computed = /<style data-mantine-styles="true">([^<]*)<\/style>/.exec(markup)?.[1] ?? '';
    const written = readFileSync(path.resolve('src/ui/styles/theme-variables.css'), 'utf8');
    // On a change of the theme, src/ui/styles/theme-variables.css takes these rules.
    expect(rules(written), computed).toEqual(rules(computed));
  });
});

describe('the app providers', () => {
  it('leave the theme variables to the build-time stylesheet: none are written into the page at render', () => {
    const { container } = render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(container).toHaveTextContent('page');
    expect(document.querySelector('style[data-mantine-styles="true"]')).toBeNull();
  });
});
