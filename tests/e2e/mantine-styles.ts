import type { Page } from '@playwright/test';

/**
 * The app imports Mantine's styles per component, and a component whose parts need another component's stylesheet
 * (SegmentedControl's mark needs FloatingIndicator's) renders unstyled parts when that import is missing, with no
 * error. Answers every Mantine part on the page whose class (`m_` and 8 hex digits) no loaded stylesheet mentions,
 * named by its static class (`mantine-<Component>-<part>`).
 */
export function unstyledMantineParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        for (const name of rule.cssText.match(/m_[0-9a-f]{8}/g) ?? []) styled.add(name);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const unstyled = new Set<string>();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      const names = [...element.classList];
      for (const name of names) {
        if (!/^m_[0-9a-f]{8}$/.test(name) || styled.has(name)) continue;
        unstyled.add(
          `${names.find((other) => other.startsWith('mantine-')) ?? element.tagName.toLowerCase()} (${name})`,
        );
      }
    }
    return [...unstyled].sort();
  });
}
