// Every pointer into the repository's markdown docs resolves: `docs/product.md#anchor` (also `#a, #b` lists) and
// `CONTRIBUTING.md#anchor` in code comments, and markdown links `[..](path.md#anchor)` / `[..](#anchor)` in the docs,
// must name an existing file and one of its headings (GitHub slugs) or `<a id>` anchors. Renaming a heading breaks this test until
// every comment that points to it follows.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCAN = ['src', 'server', 'workers', 'supabase', 'e2e', 'bench', 'scripts', 'docs', 'tools/lint/eslint.config.js', 'README.md', 'CONTRIBUTING.md'];
const SKIP = new Set(['node_modules', 'results', 'dist']);
const EXT = new Set(['.ts', '.tsx', '.js', '.mjs', '.css', '.md', '.sql']);

/** GitHub's anchor for a heading text. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> | null {
  if (!existsSync(file)) return null;
  let set = anchorCache.get(file);
  if (!set) {
    set = new Set();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (m) set.add(slug(m[1]));
      if (!fenced) for (const a of line.matchAll(/<a id="([\w-]+)"><\/a>/g)) set.add(a[1]); // an anchor inside a paragraph
    }
    anchorCache.set(file, set);
  }
  return set;
}

function files(path: string, out: string[] = []): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return out;
  if (statSync(full).isFile()) {
    if (EXT.has(extname(full))) out.push(full);
    return out;
  }
  for (const name of readdirSync(full)) {
    if (SKIP.has(name)) continue;
    files(join(path, name), out);
  }
  return out;
}

interface Ref { from: string; target: string; anchor: string }

/** The doc pointers of one file: plain `docs/x.md#a` / `CONTRIBUTING.md#a` (root-relative) and markdown links. */
export function refsIn(file: string, text: string): Ref[] {
  const refs: Ref[] = [];
  const from = relative(root, file);
  const plain = /(?<![\w/.-])(?<!\]\()((?:docs\/[\w.-]+|CONTRIBUTING|README)\.md)#([\w-]+)((?:,\s*#[\w-]+)*)/g;
  for (const m of text.matchAll(plain)) {
    const target = join(root, m[1]);
    refs.push({ from, target, anchor: m[2] });
    for (const extra of m[3].matchAll(/#([\w-]+)/g)) refs.push({ from, target, anchor: extra[1] });
  }
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/\]\(([^)\s#]*)#([\w-]+)\)/g)) {
      if (/^[a-z]+:/.test(m[1])) continue; // external URL
      refs.push({ from, target: m[1] ? join(dirname(file), m[1]) : file, anchor: m[2] });
    }
  }
  return refs;
}

describe('links into the docs', () => {
  it('computes GitHub heading slugs', () => {
    expect(slug('Sign-in rules')).toBe('sign-in-rules');
    expect(slug('PK')).toBe('pk');
    expect(slug('Where things go')).toBe('where-things-go');
  });

  it('finds plain, listed and markdown pointers', () => {
    const refs = refsIn(join(root, 'docs/x.md'), 'see docs/product.md#teams, #statuses (docs/product.md#pk) and [a](../CONTRIBUTING.md#lint) or [b](#here)');
    expect(refs.map((r) => `${relative(root, r.target)}#${r.anchor}`)).toEqual([
      'docs/product.md#teams', 'docs/product.md#statuses', 'docs/product.md#pk', 'CONTRIBUTING.md#lint', 'docs/x.md#here',
    ]);
  });

  it('every pointer names an existing doc and heading', () => {
    const broken: string[] = [];
    let count = 0;
    const self = fileURLToPath(import.meta.url); // its own examples are not links
    for (const file of SCAN.flatMap((p) => files(p)).filter((f) => f !== self)) {
      for (const ref of refsIn(file, readFileSync(file, 'utf8'))) {
        count++;
        const anchors = anchorsOf(ref.target);
        if (!anchors) broken.push(`${ref.from}: ${relative(root, ref.target)} does not exist`);
        else if (!anchors.has(ref.anchor)) broken.push(`${ref.from}: no heading '#${ref.anchor}' in ${relative(root, ref.target)}`);
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(20); // the docs link to each other; the scan must see those links
  });
});
