// The accessibility check of the e2e specs: axe-core (through @axe-core/playwright) with the WCAG 2.0/2.1 A and AA
// rules on the page as it is, failing on any violation with a readable list (rule, impact, help, each element's
// selector and axe's summary of what to fix; also written beside the test's results as axe-<label>.txt). Any spec may
// call it on a screen or dialog state it has reached.
// Axe runs in the page itself (legacy mode: axe.run, frames reached by axe's own messages) and returns only the
// violations: the default runPartial mode opens a blank page per call to merge the frames' results, and the passes
// carry every element checked, which costs more than the rules themselves. The app has no cross-origin frame,
// the one case legacy mode leaves out.
import { expect, test, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable paragraph per violated rule, one line per element. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => [
    `• ${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.helpUrl}`,
    ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
  ].join('\n')).join('\n');
}

/** Axe's violations on the whole page, or on the part `include` selects. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS).setLegacyMode(true); // options() first: it replaces the tags
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}

/** Runs axe on the whole page (or the part `include` selects) and fails on any violation, naming the state `label`. */
export async function expectNoAxeViolations(page: Page, label: string, include?: string): Promise<void> {
  const violations = await axeViolations(page, include);
  if (violations.length) writeFileSync(test.info().outputPath(`axe-${label.replace(/[^\w-]+/g, '_')}.txt`), describeViolations(violations));
  const count = violations.reduce((n, v) => n + v.nodes.length, 0);
  expect.soft(violations, `${label}: ${count} axe violation(s)\n${describeViolations(violations)}`).toEqual([]);
}
