// What an inspection record's document says (docs/product.md#inspection-records), apart from the library that writes
// it: its fields, its French texts (the Word file and the printed page share them) and the Word file's name. Kept out
// of ./docx so that the first bundle does not carry the docx library.
import type { InspectionFinding, NotInspected } from './record';

import type { ReportImage } from '../report/docxDocument';

export interface InspectionDoc {
  lineName: string; inspector: string; inspectedAt: string; createdAt: string; kmFrom: number | null; kmTo: number | null;
  findings: readonly InspectionFinding[]; remarks: Readonly<Record<string, string>>; notInspected: readonly NotInspected[];
  zoneNames: ReadonlyMap<string, string>; levelNames: ReadonlyMap<string, string>;
  annotations: readonly { author: string; at: string; body: string }[];
  comparison: string | null;
  /** The findings' photo thumbnails by URL; a photo missing here is written as its URL. */
  images?: ReadonlyMap<string, ReportImage>;
}

export const INSPECTION_DOC_TEXT = {
  title: "Compte rendu de tournée d'inspection",
  line: 'Ligne', inspector: 'Inspecteur', date: 'Date de la tournée', saved: 'Enregistrée le', range: 'Tronçon',
  notInspected: 'Tronçons non inspectés', none: 'Aucun', found: 'Anomalies constatées', noFinding: 'Aucune anomalie constatée.',
  outside: 'Hors zone', remarks: 'Remarques', annotations: 'Annotations', today: "Comparaison avec la ligne aujourd'hui",
  cols: ['PK', 'Libellé', 'Statut', 'Criticité', 'Équipe', 'N° OT'], photo: 'Photo',
  signature: 'Signatures', signer: ['Inspecteur', 'Responsable de la maintenance'], signLines: ['Nom :', 'Date :', 'Signature :'],
} as const;

/** 'tournee_<line>_<yyyy-mm-dd>.docx'. */
export function inspectionFileName(lineCode: string, inspectedAt: string): string {
  const safe = lineCode.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'ligne';
  return `tournee_${safe}_${inspectedAt.slice(0, 10)}.docx`;
}
