// The Word route report at any size with bounded memory: the docx library builds a small skeleton
// (styles, header, summary); the sections and rows are then written as WordprocessingML text straight into a
// streaming zip (fflate), page after page, so neither a document object model nor the whole XML ever exists in
// memory: only the compressed output grows. Every text is escaped here (no raw user text, no fields).
import { Packer } from 'docx';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { formatKm } from '../format';
import { buildReportSkeleton, COLUMNS, HEADER_FILL, safeColor, SKELETON_MARKER, TABLE_SIZE, type ReportDocumentMeta, type ReportImage } from './docxDocument';
import { fitInBox } from './imageInfo';
import { WORD_IMAGE_BOX, WORD_THUMB_BOX } from '../constants';
import { REPORT_TEXT } from './strings';

/** One anomaly as written (labels already resolved). */
export interface DocxRow {
  id: string; km: number; name: string; description: string; status: string; criticality: string; team: string;
  ticket: string;
  /** 'Assigné à' (the e-mail, or '—') and 'Échéance' ('03/12 14:00', 'En retard de 2 j' or '—'). */
  assignee: string; due: string;
  /** The first photo (its image shown), fitted in 400×300. */
  imageUrl: string | null;
  /** The thumbnails of the next photos (at most 3), written smaller beside one another under the first. */
  thumbUrls?: string[];
  /** 'Constaté le … · reçu le …', written under the description; absent in older callers. */
  observed?: string;
  /** Written in place of a photo that could not be included (offline report). */
  photoNote?: string;
}
export interface DocxSectionHead { name: string | null; color: string; track: string | null; kmStart: number | null; kmEnd: number | null; count: number }

const TEXT_WIDTH_TWIPS = 11906 - 2 * 1134; // A4 minus the 2 cm margins of the skeleton
const EMU_PER_PX = 9525;
const FLUSH_CHARS = 1 << 16; // XML text pushed to the deflater in chunks of about 64 KB

/** XML text: the five entities escaped, characters XML 1.0 forbids dropped. */
export function xmlText(s: string): string {
  // eslint-disable-next-line no-control-regex -- dropping the control characters XML 1.0 forbids is the point
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const run = (t: string, opts: { bold?: boolean; size?: number; color?: string } = {}) =>
  `<w:r><w:rPr>${opts.bold ? '<w:b/>' : ''}${opts.color ? `<w:color w:val="${opts.color}"/>` : ''}${opts.size ? `<w:sz w:val="${opts.size}"/><w:szCs w:val="${opts.size}"/>` : ''}</w:rPr><w:t xml:space="preserve">${xmlText(t)}</w:t></w:r>`;

const widths = COLUMNS.map((c) => Math.round((TEXT_WIDTH_TWIPS * c.width) / 100));
const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="auto"/>`;
const TABLE_OPEN = `<w:tbl><w:tblPr><w:tblW w:w="${TEXT_WIDTH_TWIPS}" w:type="dxa"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders><w:tblLayout w:type="fixed"/><w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="80" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar></w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>`;

function cellXml(value: string, width: number, opts: { bold?: boolean; fill?: string; span?: number } = {}): string {
  const paras = value.split(/\r?\n/).map((line) => `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${run(line, { bold: opts.bold, size: TABLE_SIZE })}</w:p>`).join('');
  return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${opts.span ? `<w:gridSpan w:val="${opts.span}"/>` : ''}${opts.fill ? `<w:shd w:val="clear" w:color="auto" w:fill="${opts.fill}"/>` : ''}</w:tcPr>${paras}</w:tc>`;
}
const HEADER_ROW = `<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>${COLUMNS.map((c, k) => cellXml(c.title, widths[k], { bold: true, fill: HEADER_FILL })).join('')}</w:tr>`;

function drawingRun(n: number, rid: string, img: ReportImage, name: string, box: { width: number; height: number }): string {
  const { width, height } = fitInBox(img.width, img.height, box);
  const cx = width * EMU_PER_PX, cy = height * EMU_PER_PX;
  return `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:docPr id="${n}" name="photo-${n}" descr="${xmlText(name)}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${n}" name="photo-${n}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
}
const centered = (runs: string) => `<w:p><w:pPr><w:spacing w:after="0"/><w:jc w:val="center"/></w:pPr>${runs}</w:p>`;
const textPara = (t: string) => `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${run(t, { size: TABLE_SIZE })}</w:p>`;
const spanRow = (paras: string) =>
  `<w:tr><w:trPr><w:cantSplit/></w:trPr><w:tc><w:tcPr><w:tcW w:w="${TEXT_WIDTH_TWIPS}" w:type="dxa"/><w:gridSpan w:val="${COLUMNS.length}"/></w:tcPr>${paras}</w:tc></w:tr>`;

export interface StreamingReportDocx {
  section(head: DocxSectionHead): void;
  /** One anomaly; `image` when its first photo was fetched, `thumbs[k]` when r.thumbUrls[k] was (else the URL is
   * written instead). */
  row(r: DocxRow, image?: ReportImage | null, thumbs?: readonly (ReportImage | null)[]): void;
  /** Closes the document; returns the .docx bytes as parts (for a Blob, without one big copy). */
  finish(): Uint8Array[];
  /** Compressed bytes so far (the memory this writer holds, besides the photos). */
  bytesOut(): number;
}

/** Starts a streamed report: the skeleton is built and split around its marker, the document part opened. */
export async function startStreamingReport(meta: ReportDocumentMeta): Promise<StreamingReportDocx> {
  const skeleton = unzipSync(await Packer.pack(buildReportSkeleton(meta), 'uint8array'));
  const docXml = strFromU8(skeleton['word/document.xml']);
  const at = docXml.indexOf(SKELETON_MARKER);
  const pStart = docXml.lastIndexOf('<w:p>', at);
  const pEnd = docXml.indexOf('</w:p>', at) + '</w:p>'.length;
  if (at < 0 || pStart < 0) throw new Error('docx skeleton marker not found');
  const head = docXml.slice(0, pStart);
  const tail = docXml.slice(pEnd);

  const out: Uint8Array[] = [];
  let outBytes = 0;
  let zipError: Error | null = null;
  const zip = new Zip((err, data) => { if (err) zipError = err; else { out.push(data); outBytes += data.length; } });
  const doc = new ZipDeflate('word/document.xml', { level: 6 });
  zip.add(doc);
  let buf = head;
  const write = (s: string) => { buf += s; if (buf.length >= FLUSH_CHARS) { doc.push(strToU8(buf)); buf = ''; } };
  let inTable = false;
  const media: { name: string; rid: string; data: Uint8Array }[] = [];
  const closeTable = () => { if (inTable) { write('</w:tbl>'); inTable = false; } };

  return {
    section(h) {
      closeTable();
      const title = h.name ?? REPORT_TEXT.outsideZones;
      write(`<w:p><w:pPr><w:pStyle w:val="Heading2"/><w:keepNext/><w:spacing w:before="240"/></w:pPr>${h.name !== null ? run('■ ', { color: safeColor(h.color) }) : ''}${run(title)}</w:p>`);
      const meta = h.name !== null
        ? [h.track ?? '', `PK ${formatKm(h.kmStart)} → PK ${formatKm(h.kmEnd)}`, REPORT_TEXT.anomalies(h.count)].filter(Boolean).join(' · ')
        : REPORT_TEXT.anomalies(h.count);
      write(`<w:p><w:pPr><w:keepNext/><w:spacing w:after="80"/></w:pPr>${run(meta, { color: '4B5563' })}</w:p>`);
      write(TABLE_OPEN + HEADER_ROW);
      inTable = true;
    },
    row(r, image, thumbs = []) {
      const values = [formatKm(r.km), r.name, r.observed ? `${r.description}\n${r.observed}` : r.description, r.status, r.criticality, r.team, r.assignee, r.due, r.ticket];
      write(`<w:tr><w:trPr><w:cantSplit/></w:trPr>${values.map((v, k) => cellXml(v, widths[k])).join('')}</w:tr>`);
      if (r.photoNote) { write(`<w:tr><w:trPr><w:cantSplit/></w:trPr>${cellXml(r.photoNote, TEXT_WIDTH_TWIPS, { span: COLUMNS.length })}</w:tr>`); return; }
      const more = r.thumbUrls ?? [];
      if (!r.imageUrl && !more.length) return;
      const embed = (img: ReportImage, box: { width: number; height: number }) => {
        const n = media.length + 1;
        const rid = `rIdPhoto${n}`;
        media.push({ name: `media/photo${n}.${img.type}`, rid, data: img.data });
        return drawingRun(n, rid, img, r.name, box);
      };
      let paras = '';
      if (r.imageUrl) paras += image ? centered(embed(image, WORD_IMAGE_BOX)) : textPara(`${REPORT_TEXT.colPhoto} : ${r.imageUrl}`);
      const small = more.map((_u, k) => (thumbs[k] ? embed(thumbs[k]!, WORD_THUMB_BOX) : null));
      const runs = small.filter((x): x is string => !!x);
      if (runs.length) paras += centered(runs.join(run(' ')));
      more.forEach((u, k) => { if (!small[k]) paras += textPara(`${REPORT_TEXT.colPhoto} : ${u}`); });
      write(spanRow(paras));
    },
    finish() {
      closeTable();
      write('<w:p/>'); // Word wants a paragraph between a last table and the section properties
      doc.push(strToU8(buf + tail), true);
      buf = '';
      for (const [name, bytes] of Object.entries(skeleton)) {
        if (name === 'word/document.xml') continue;
        let data = bytes;
        if (name === 'word/_rels/document.xml.rels' && media.length) {
          const rels = media.map((m) => `<Relationship Id="${m.rid}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${m.name}"/>`).join('');
          data = strToU8(strFromU8(bytes).replace('</Relationships>', `${rels}</Relationships>`));
        }
        const f = new ZipDeflate(name, { level: 6 });
        zip.add(f);
        f.push(data, true);
      }
      for (const m of media) {
        const f = new ZipPassThrough(`word/${m.name}`); // photos are compressed already
        zip.add(f);
        f.push(m.data, true);
      }
      zip.end();
      if (zipError) throw zipError;
      return out;
    },
    bytesOut: () => outBytes + media.reduce((n, m) => n + m.data.length, 0),
  };
}
