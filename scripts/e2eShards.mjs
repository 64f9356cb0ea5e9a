// Splits the end-to-end spec files between the Playwright servers (playwright.config.ts): each server gets its own
// embedded server and data, and runs its files one at a time in name order, as a single server runs them all. The
// split balances the specs' cost: a spec counts 1, those listed in SPEC_WEIGHT count as many typical specs.

/** Cost of the specs that take several times a typical spec's time, in typical specs. */
export const SPEC_WEIGHT = {
  'a11y-screens.spec.ts': 10,
  'offline.spec.ts': 6,
  'onlineOutbox.spec.ts': 5.5,
  'photoGallery.spec.ts': 4.5,
  'a11y-followup.spec.ts': 4,
  'report-scale.spec.ts': 3.5,
  'findShare.spec.ts': 3,
  'followUp.spec.ts': 3,
  'session-leak.spec.ts': 2.5,
  'points.spec.ts': 2.5,
  'report.spec.ts': 2.2,
  'conflicts.spec.ts': 2.2,
  'mapMarks.spec.ts': 2,
  'linesNetwork.spec.ts': 2,
};

/**
 * `files` in `count` groups of about equal cost: the costliest first, each to the group with the least so far (ties
 * by name, so the split is the same on every machine); each group in name order. Never an empty group while
 * there are files enough.
 */
export function splitSpecs(files, count, weight = SPEC_WEIGHT) {
  const n = Math.max(1, Math.min(count, files.length || 1));
  const groups = Array.from({ length: n }, () => ({ cost: 0, files: [] }));
  const cost = (f) => weight[f] ?? 1;
  const byCost = [...new Set(files)].sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const f of byCost) {
    const g = groups.reduce((best, g) => (g.cost < best.cost ? g : best));
    g.cost += cost(f);
    g.files.push(f);
  }
  return groups.map((g) => g.files.sort());
}
