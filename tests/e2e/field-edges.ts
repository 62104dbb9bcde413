import type { Page } from '@playwright/test';

/**
 * WCAG 2.2's non-text contrast (1.4.11), which axe does not check: a text field whose edge is all that shows where it
 * is needs 3:1 between that edge and the colour around it, or between its own fill and that colour. Answers, for
 * every visible text field on the page, what fails, as "<field>: edge <ratio>:1, fill <ratio>:1".
 */
export function fieldEdgeFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (colour: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return { rgb: [r, g, b], alpha: a };
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value = 0) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    /** The first opaque background at or above `element`: what the field is drawn on. */
    const backdrop = (element: Element | null): number[] => {
      for (let node = element; node; node = node.parentElement) {
        const { rgb, alpha } = parse(getComputedStyle(node).backgroundColor);
        if (alpha === 1) return rgb;
      }
      return [255, 255, 255];
    };
    const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, select',
    );
    const failures: string[] = [];
    for (const field of fields) {
      const box = field.getBoundingClientRect();
      const style = getComputedStyle(field);
      if (box.width === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const around = backdrop(field.parentElement);
      const edge = parse(style.borderTopColor);
      const fill = parse(style.backgroundColor);
      const edgeRatio =
        edge.alpha === 1 && Number.parseFloat(style.borderTopWidth) > 0 ? ratio(edge.rgb, around) : 1;
      const fillRatio = fill.alpha === 1 ? ratio(fill.rgb, around) : 1;
      if (edgeRatio < 3 && fillRatio < 3) {
        const name = field.getAttribute('aria-label') ?? field.labels?.[0]?.textContent ?? field.id;
        failures.push(`${name}: edge ${edgeRatio.toFixed(2)}:1, fill ${fillRatio.toFixed(2)}:1`);
      }
    }
    return failures;
  });
}
