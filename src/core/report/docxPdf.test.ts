// Renders a generated .docx through LibreOffice to PDF and PNG pages (test-results/report-docx/) for a visual check.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { buildReportDocument, packReportDocument, type ReportImage } from './docxDocument';
import { FIXTURE_LEVELS, fixtureReport } from '../../../test/fixtures/report/reportFixture';
import { gradientPng } from '../../../test/fixtures/report/testPng';
import { reportImageUrls } from './reportImages';

const hasSoffice = spawnSync('sh', ['-c', 'command -v soffice']).status === 0;
const hasPdftoppm = spawnSync('sh', ['-c', 'command -v pdftoppm']).status === 0;
if (!hasSoffice) console.warn('soffice not found: the LibreOffice rendering test is skipped (install libreoffice-writer)');

describe.skipIf(!hasSoffice)('Word report rendered by LibreOffice', () => {
  it('converts to a PDF whose pages render to PNG', async () => {
    const out = resolve('test-results/report-docx');
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const report = fixtureReport(24, 3);
    const sizes: [number, number][] = [[800, 600], [1200, 300], [240, 720], [64, 48]];
    const images = new Map<string, ReportImage>();
    reportImageUrls(report).forEach((url, i) => {
      if (i === 2) return; // one missing photo: its URL is written instead
      const [w, h] = sizes[i % sizes.length];
      images.set(url, { data: gradientPng(w, h), type: 'png', width: w, height: h });
    });
    const bytes = await packReportDocument(buildReportDocument({ report, levels: FIXTURE_LEVELS, images, generatedAt: new Date('2026-11-21T10:30:00Z') }));
    const docx = join(out, 'rapport.docx');
    writeFileSync(docx, bytes);
    const profile = join(tmpdir(), `lo-profile-${process.pid}`);
    execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', out, docx], { timeout: 110_000, stdio: 'pipe' });
    rmSync(profile, { recursive: true, force: true });
    const pdf = join(out, 'rapport.pdf');
    expect(existsSync(pdf)).toBe(true);
    if (!hasPdftoppm) return console.warn('pdftoppm not found: pages not rendered');
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(out, 'page')], { timeout: 60_000 });
    const pages = readdirSync(out).filter((f) => f.startsWith('page') && f.endsWith('.png'));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    console.log(`rendered ${pages.length} page(s) in ${out}`);
  }, 180_000);
});
