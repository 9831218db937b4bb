import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core on the page as it is (WCAG 2.x A/AA rules plus axe's best practices): its serious and critical violations,
 * each with its rule, impact and up to five offending nodes. Run in axe's legacy mode — axe.run inside the page —
 * which takes half the time of the default (each analysis there finishes in a new page it opens): 1.0–1.5 s instead of
 * 2.0–3.3 s a page on a 2-core host. Its limit, frames from another origin, does not apply: the app has no frames.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${page.url()} ${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n')}`,
    );
}
