// The Word document of an inspection record (docs/product.md#inspection-records): who, when, line, PK range, the
// stretches not inspected, the anomalies as found (per zone, in the saved order), remarks per zone, annotations, and
// a signature block. Pure (docx escapes all text), so it runs in a worker or in Node tests. The library is big (a third
// of the first bundle when imported statically): the page loads this module when a record is exported.
import { AlignmentType, BorderStyle, Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { STATUS_LABELS, WORD_FONT, WORD_THUMB_BOX } from '../constants';
import type { ReportImage } from '../report/docxDocument';
import { fitInBox } from '../report/imageInfo';
import { formatDateTimeFr, formatKm } from '../format';
import { OUTSIDE_ZONE_KEY, type InspectionFinding } from './record';
import { INSPECTION_DOC_TEXT, type InspectionDoc } from './docText';

const T = INSPECTION_DOC_TEXT;
const run = (text: string, bold = false) => new TextRun({ text, bold, font: WORD_FONT });
const para = (text: string, bold = false) => new Paragraph({ children: [run(text, bold)] });
const cell = (text: string, bold = false) => new TableCell({ children: [para(text, bold)] });
const full = { size: 100, type: WidthType.PERCENTAGE } as const;

/** The row under a finding with its photos' thumbnails side by side (160×120 at most), each missing one as its URL. */
function photosRow(f: InspectionFinding, images: ReadonlyMap<string, ReportImage>): TableRow | null {
  if (!f.photos?.length) return null;
  const runs = f.photos.flatMap((url, k) => {
    const img = images.get(url);
    const gap = k ? [run(' ')] : [];
    if (!img) return [...gap, run(`${T.photo} : ${url}`)];
    return [...gap, new ImageRun({ type: img.type, data: img.data, transformation: fitInBox(img.width, img.height, WORD_THUMB_BOX),
      altText: { name: `photo-${f.id}-${k}`, title: f.name, description: f.name } })];
  });
  return new TableRow({ cantSplit: true, children: [new TableCell({ columnSpan: T.cols.length, children: [new Paragraph({ children: runs })] })] });
}

function findingsTable(rows: readonly InspectionFinding[], levelNames: ReadonlyMap<string, string>, images: ReadonlyMap<string, ReportImage>): Table {
  return new Table({
    width: full,
    rows: [
      new TableRow({ tableHeader: true, children: T.cols.map((c) => cell(c, true)) }),
      ...rows.flatMap((f) => {
        const row = new TableRow({ cantSplit: true, children: [
          cell(formatKm(f.km)), cell(f.name || '—'), cell(STATUS_LABELS[f.status] ?? f.status), cell(levelNames.get(f.criticality) ?? f.criticality),
          cell(f.team_name ?? '—'), cell(f.ticket ?? '—'),
        ] });
        const photos = photosRow(f, images);
        return photos ? [row, photos] : [row];
      }),
    ],
  });
}

function signatureBlock(): Table {
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  return new Table({
    width: full,
    borders: { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none },
    rows: [new TableRow({ children: T.signer.map((who) => new TableCell({
      children: [para(who, true), ...T.signLines.map((l) => new Paragraph({ spacing: { before: 240 }, children: [run(`${l} ______________________`)] }))],
    })) })],
  });
}

export function inspectionDocument(d: InspectionDoc): Document {
  const zoneOrder: string[] = [];
  const byZone = new Map<string, InspectionFinding[]>();
  for (const f of d.findings) {
    const key = f.zone_id ?? OUTSIDE_ZONE_KEY;
    if (!byZone.has(key)) { byZone.set(key, []); zoneOrder.push(key); }
    byZone.get(key)!.push(f);
  }
  for (const key of Object.keys(d.remarks)) if (!byZone.has(key)) { byZone.set(key, []); zoneOrder.push(key); }
  const zoneName = (key: string) => (key === OUTSIDE_ZONE_KEY ? T.outside : d.zoneNames.get(key) ?? key);
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [run(T.title, true)] }),
    para(`${T.line} : ${d.lineName}`), para(`${T.inspector} : ${d.inspector}`),
    para(`${T.date} : ${formatDateTimeFr(d.inspectedAt)}`), para(`${T.saved} : ${formatDateTimeFr(d.createdAt)}`),
    para(`${T.range} : PK ${formatKm(d.kmFrom)} → PK ${formatKm(d.kmTo)}`),
  ];
  if (d.comparison) children.push(para(`${T.today} : ${d.comparison}`));
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run(T.notInspected, true)] }));
  if (!d.notInspected.length) children.push(para(T.none));
  for (const s of d.notInspected) children.push(para(`PK ${formatKm(s.km_from)} → PK ${formatKm(s.km_to)} : ${s.reason}`));
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run(T.found, true)] }));
  if (!d.findings.length) children.push(para(T.noFinding));
  for (const key of zoneOrder) {
    const rows = byZone.get(key)!;
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [run(`${zoneName(key)} (${rows.length})`, true)] }));
    if (d.remarks[key]) children.push(para(`${T.remarks} : ${d.remarks[key]}`));
    if (rows.length) children.push(findingsTable(rows, d.levelNames, d.images ?? new Map()));
  }
  if (d.annotations.length) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run(T.annotations, true)] }));
    for (const a of d.annotations) children.push(para(`${formatDateTimeFr(a.at)} — ${a.author} : ${a.body}`));
  }
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run(T.signature, true)] }), signatureBlock());
  return new Document({ creator: 'Signalements ferroviaires', title: T.title, sections: [{ children }] });
}

export const inspectionDocxBlob = (d: InspectionDoc): Promise<Blob> => Packer.toBlob(inspectionDocument(d));
export const inspectionDocxBuffer = (d: InspectionDoc): Promise<Buffer> => Packer.toBuffer(inspectionDocument(d));
