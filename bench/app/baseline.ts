// Today's path for the app bench: the SPA built from a git ref (default: the commit this session's branches started
// from, before the scale work), into a cached directory under the bench's work dir.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DEFAULT_BASELINE_REF = 'd1615d3'; // "Row versions…": main before the product-level bench

export function baselineDist(workDir: string, ref = process.env.APP_BENCH_BASELINE_REF ?? DEFAULT_BASELINE_REF): string {
  const sha = execFileSync('git', ['rev-parse', '--short', ref]).toString().trim();
  const dist = join(workDir, `dist-${sha}`);
  if (existsSync(join(dist, 'index.html'))) return dist;
  const src = join(workDir, `src-${sha}`);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  console.log(`building the baseline SPA from ${ref} (${sha}) into ${dist}...`);
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C ${src}`], { stdio: 'inherit' });
  symlinkSync(resolve('node_modules'), join(src, 'node_modules'));
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: src, stdio: 'inherit' });
  rmSync(src, { recursive: true, force: true });
  return dist;
}
