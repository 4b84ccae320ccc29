import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's own rules for the page's outline: one main landmark, an h1, headings that do not skip levels. */
const STRUCTURE_RULES = new Set(['landmark-one-main', 'landmark-no-duplicate-main', 'page-has-heading-one', 'heading-order']);

interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Waits (up to 3 s) for the transitions under way to end, so that axe judges what the user reads once things stop
 * moving, not a toast or dialog half faded in (its colours then mid-way between page and toast). Endless animations
 * (spinners) are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}

/**
 * Runs axe-core on the page as it is now and fails when it finds a serious or critical violation, or a break in
 * the page's outline (no or several <main>, no or several <h1>, headings out of order). `label` names the page and
 * state in the failure ('dashboard dark', 'transfers: code dialog'). While a modal (dialog, drawer, menu) is open the
 * page behind it is hidden from assistive technology, so its outline is not judged then; contrast, names and roles are.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  let findings = await findingsNow(page);
  if (findings.length > 0) {
    // A toast that began to fade out while axe ran is judged mid-way between its colours and the page's. What is
    // wrong as the user reads it stays wrong a moment later, so only what a second look finds again is reported.
    const again = await findingsNow(page);
    const targetOf = (node: string) => node.split('\n')[0];
    const foundAgain = new Set(again.flatMap((f) => [f.rule, ...f.nodes.map((node) => `${f.rule} ${targetOf(node)}`)]));
    findings = findings.flatMap((f) => {
      if (!foundAgain.has(f.rule)) return [];
      if (f.nodes.length === 0) return [f];
      const nodes = f.nodes.filter((node) => foundAgain.has(`${f.rule} ${targetOf(node)}`));
      return nodes.length > 0 ? [{ ...f, nodes }] : [];
    });
  }
  if (findings.length === 0) return;
  const text = findings.map((f) => `  [${f.impact}] ${f.rule}: ${f.help}\n${f.nodes.map((n) => `      at ${n}`).join('\n')}`).join('\n');
  throw new Error(`Accessibility violations on "${label}" (${page.url()}):\n${text}`);
}

async function findingsNow(page: Page): Promise<Finding[]> {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page }).analyze();
  // A modal (dialog, drawer, menu) hides the page behind it, its <main> and <h1> included.
  const dialogOpen = await page.evaluate(() => {
    const main = document.querySelector('main, [role="main"]');
    return !!document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') || !!main?.closest('[aria-hidden="true"]');
  });
  const findings: Finding[] = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || (!dialogOpen && STRUCTURE_RULES.has(v.id)))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`),
    }));
  if (!dialogOpen) {
    const headingOnes = await page
      .locator('h1, [role="heading"][aria-level="1"]')
      .evaluateAll((all) => all.filter((e) => (e as HTMLElement).offsetParent !== null || e.getClientRects().length > 0).length);
    if (headingOnes > 1) findings.push({ rule: 'one-h1', impact: 'structure', help: `the page has ${headingOnes} visible <h1>, not one`, nodes: [] });
  }
  return findings;
}
