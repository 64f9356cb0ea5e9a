// The Word route report (docs/product.md#word-document, #constants) as a docx Document: pure, from the report data and already-fetched image
// bytes, so it runs in the docx worker and in Node tests. docx escapes all text; no raw XML and no fields are built.
import {
  AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, ShadingType, Table, TableCell, TableRow,
  TextRun, WidthType,
} from 'docx';
import type { CriticalityLevel, Point, ReportResult } from '../types';
import { STATUS_LABELS, TRACK_LABELS, WORD_FONT, WORD_IMAGE_BOX, WORD_THUMB_BOX } from '../constants';
import { rowPhotos, type ListedPhoto } from '../photos/listed';
import { formatDateTimeFr, formatKm } from '../format';
import { reportStats, isEmptyReport } from './assemble';
import { fitInBox, type DocxImageType } from './imageInfo';
import { dueCell } from '../followUp/deadline';
import { UNKNOWN_MEMBER } from '../followUp/assignees';
import { REPORT_TEXT, reportTitle } from './strings';

/** Image bytes fetched for an anomaly's imageUrl, with their format and pixel size. */
export interface ReportImage { data: Uint8Array; type: DocxImageType; width: number; height: number }

export interface ReportDocumentInput {
  report: ReportResult;
  levels: readonly CriticalityLevel[];
  /** By URL; a photo whose URL is missing here gets the URL text instead of a picture. */
  images: ReadonlyMap<string, ReportImage>;
  /** Each point's first photos (image shown, thumbnail) by point id; a point not in it has its imageUrl alone. */
  photos?: ReadonlyMap<string, readonly ListedPhoto[]>;
  generatedAt: Date;
  /** The assignees' e-mails by member id; an assignee missing here is 'Membre inconnu'. */
  assigneeNames?: ReadonlyMap<string, string>;
}

export const BODY_SIZE = 20; // half-points: 10 pt
export const TABLE_SIZE = 18; // half-points: 9 pt
export const HEADER_FILL = 'E5E7EB';
export const COLUMNS = [
  { title: REPORT_TEXT.colPk, width: 7 },
  { title: REPORT_TEXT.colLabel, width: 13 },
  { title: REPORT_TEXT.colDescription, width: 20 },
  { title: REPORT_TEXT.colStatus, width: 8 },
  { title: REPORT_TEXT.colCriticality, width: 11 },
  { title: REPORT_TEXT.colTeam, width: 11 },
  { title: REPORT_TEXT.colAssignee, width: 11 },
  { title: REPORT_TEXT.colDue, width: 9 },
  { title: REPORT_TEXT.colTicket, width: 10 },
]; // widths in % of the table

export const safeColor = (c: string | undefined) => (c && /^#?[0-9a-f]{6}$/i.test(c) ? c.replace('#', '').toUpperCase() : '6B7280');

function text(value: string, opts: { bold?: boolean; size?: number; color?: string } = {}): TextRun {
  return new TextRun({ text: value, bold: opts.bold, size: opts.size, color: opts.color });
}

function cell(value: string, opts: { bold?: boolean; fill?: string; span?: number; width?: number } = {}): TableCell {
  return new TableCell({
    children: value.split(/\r?\n/).map((line) => new Paragraph({ children: [text(line, { bold: opts.bold, size: TABLE_SIZE })] })),
    shading: opts.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: opts.fill } : undefined,
    columnSpan: opts.span,
    width: opts.width ? { size: opts.width, type: WidthType.PERCENTAGE } : undefined,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
  });
}

/** The photo row under an anomaly: the first photo fitted in 400×300, the next ones' thumbnails in 160×120 beside
 * one another, each replaced by its URL as text when it could not be fetched. */
function photoRow(p: Point, images: ReadonlyMap<string, ReportImage>, photos: readonly ListedPhoto[] | undefined): TableRow | null {
  const [first, ...more] = rowPhotos(photos, p.imageUrl);
  if (!first) return null;
  const span = COLUMNS.length;
  const picture = (url: string, box: { width: number; height: number }, k: number) => {
    const img = images.get(url);
    return img ? new ImageRun({
      type: img.type, data: img.data, transformation: fitInBox(img.width, img.height, box),
      altText: { name: `photo-${p.id}-${k}`, title: p.name, description: p.name },
    }) : null;
  };
  const paras: Paragraph[] = [];
  const main = picture(first.shown, WORD_IMAGE_BOX, 0);
  paras.push(main ? new Paragraph({ alignment: AlignmentType.CENTER, children: [main] })
    : new Paragraph({ children: [text(`${REPORT_TEXT.colPhoto} : ${first.shown}`, { size: TABLE_SIZE })] }));
  const small = more.map((f, k) => picture(f.thumb, WORD_THUMB_BOX, k + 1));
  const runs = small.flatMap((r, k) => (r ? (k ? [text(' '), r] : [r]) : []));
  if (runs.length) paras.push(new Paragraph({ alignment: AlignmentType.CENTER, children: runs }));
  more.forEach((f, k) => { if (!small[k]) paras.push(new Paragraph({ children: [text(`${REPORT_TEXT.colPhoto} : ${f.thumb}`, { size: TABLE_SIZE })] })); });
  return new TableRow({ cantSplit: true, children: [new TableCell({ columnSpan: span, children: paras })] });
}

/** What the 'Assigné à' and 'Échéance' cells say of a point (lateness as of `now`, the report's time). */
function followUpCells(p: Point, names: ReadonlyMap<string, string>, now: number): [string, string] {
  const assignee = p.assigneeId ? names.get(p.assigneeId) ?? UNKNOWN_MEMBER : REPORT_TEXT.none;
  return [assignee, dueCell({ dueAt: p.dueAt, status: p.status }, now)];
}

function anomalyTable(points: readonly Point[], levels: readonly CriticalityLevel[], images: ReadonlyMap<string, ReportImage>,
  names: ReadonlyMap<string, string>, now: number, photos?: ReadonlyMap<string, readonly ListedPhoto[]>): Table {
  const levelName = (id: string) => levels.find((l) => l.id === id)?.name ?? id;
  const header = new TableRow({ tableHeader: true, children: COLUMNS.map((c) => cell(c.title, { bold: true, fill: HEADER_FILL, width: c.width })) });
  const rows: TableRow[] = [header];
  for (const p of points) {
    rows.push(new TableRow({
      cantSplit: true,
      children: [
        cell(formatKm(p.kmValue)), cell(p.name), cell(p.description), cell(STATUS_LABELS[p.status] ?? p.status),
        cell(levelName(p.criticality)), cell(p.teamName ?? REPORT_TEXT.noTeam), ...followUpCells(p, names, now).map((v) => cell(v)),
        cell(p.ticketNumber || REPORT_TEXT.none),
      ],
    }));
    const photo = photoRow(p, images, photos?.get(p.id));
    if (photo) rows.push(photo);
  }
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows });
}

function labelled(label: string, value: string): Paragraph {
  return new Paragraph({ spacing: { after: 60 }, children: [text(`${label} : `, { bold: true }), text(value)] });
}

/** What the document's first part says: range, tracks, date, zone count and the three stats. */
export interface ReportDocumentMeta {
  request: ReportResult['request'];
  tracks: ReportResult['tracks'];
  stats: { unresolved: number; zonesWithAnomalies: number; dangers: number };
  generatedAt: Date;
  /** The line of a network's report ('L2 · Ligne B'), in the title; absent for a one-line installation. */
  lineLabel?: string | null;
}

/** Title, information lines and the summary table. */
function headerChildren({ request, tracks, stats, generatedAt, lineLabel }: ReportDocumentMeta): (Paragraph | Table)[] {
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [text(reportTitle(lineLabel))] }),
    labelled(REPORT_TEXT.range, `PK ${formatKm(request.displayStartPoint)} → PK ${formatKm(request.displayEndPoint)}`),
    labelled(REPORT_TEXT.tracks, tracks.map((t) => TRACK_LABELS[t]).join(', ')),
    labelled(REPORT_TEXT.generatedOn, formatDateTimeFr(generatedAt)),
    labelled('Zones', REPORT_TEXT.zonesSelected(request.selectedZones.length)),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text('Synthèse')] }),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({ children: [REPORT_TEXT.statUnresolved, REPORT_TEXT.statZones, REPORT_TEXT.statDangers].map((t) => cell(t, { bold: true, fill: HEADER_FILL })) }),
        new TableRow({ children: [stats.unresolved, stats.zonesWithAnomalies, stats.dangers].map((n) => cell(String(n))) }),
      ],
    }),
  ];
}

/** The marker paragraph of a skeleton: the streaming writer puts the sections in its place (see docxStream.ts). */
export const SKELETON_MARKER = '@@REPORT_SECTIONS@@';

/** The document without its sections: header, summary, the empty message if so, and the marker paragraph. */
export function buildReportSkeleton(meta: ReportDocumentMeta): Document {
  const children = headerChildren(meta);
  if (meta.stats.unresolved === 0) children.push(new Paragraph({ spacing: { before: 240 }, children: [text(REPORT_TEXT.empty, { bold: true })] }));
  // A level-2 heading so that the style exists for the streamed section headings.
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [text(SKELETON_MARKER)] }));
  return wrapDocument(children);
}

/** Builds the Word document (A4 portrait, Calibri). */
export function buildReportDocument({ report, levels, images, photos, generatedAt, assigneeNames = new Map() }: ReportDocumentInput): Document {
  const children = headerChildren({ request: report.request, tracks: report.tracks, stats: reportStats(report), generatedAt });
  if (isEmptyReport(report)) {
    children.push(new Paragraph({ spacing: { before: 240 }, children: [text(REPORT_TEXT.empty, { bold: true })] }));
  }
  for (const s of report.pointsInZones) {
    const z = s.zone;
    children.push(new Paragraph({
      heading: HeadingLevel.HEADING_2, keepNext: true, spacing: { before: 240 },
      children: [text('■ ', { color: safeColor(z.color) }), text(z.name)],
    }));
    children.push(new Paragraph({
      keepNext: true, spacing: { after: 80 },
      children: [text([TRACK_LABELS[z.track ?? 'none'], `PK ${formatKm(z.kmStart)} → PK ${formatKm(z.kmEnd)}`, REPORT_TEXT.anomalies(s.points.length)].join(' · '), { color: '4B5563' })],
    }));
    children.push(anomalyTable(s.points, levels, images, assigneeNames, generatedAt.getTime(), photos));
  }
  if (report.pointsOutsideZones.length > 0) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, spacing: { before: 240 }, children: [text(REPORT_TEXT.outsideZones)] }));
    children.push(new Paragraph({ keepNext: true, spacing: { after: 80 }, children: [text(REPORT_TEXT.anomalies(report.pointsOutsideZones.length), { color: '4B5563' })] }));
    children.push(anomalyTable(report.pointsOutsideZones, levels, images, assigneeNames, generatedAt.getTime(), photos));
  }
  return wrapDocument(children);
}

function wrapDocument(children: (Paragraph | Table)[]): Document {
  const font = { run: { font: WORD_FONT } };
  return new Document({
    creator: 'Signalements ferroviaires',
    title: REPORT_TEXT.viewTitle,
    styles: {
      default: {
        document: { run: { font: WORD_FONT, size: BODY_SIZE } },
        title: { run: { font: WORD_FONT, size: 40, bold: true } },
        heading1: { run: { font: WORD_FONT, size: 28, bold: true } },
        heading2: { run: { font: WORD_FONT, size: 24, bold: true } },
        heading3: font,
      },
    },
    sections: [{
      properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } }, // twips: 2 cm
      children,
    }],
  });
}

/** Packs the document into .docx bytes (synchronous zip inside: call it in a worker). */
export function packReportDocument(doc: Document): Promise<Uint8Array> {
  return Packer.pack(doc, 'uint8array');
}
