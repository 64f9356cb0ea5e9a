// The export's API, run by workers/export.worker.ts or, where it cannot start, on the main thread: reads
// point pages from the REST API with the caller's token, turns them into CSV or GeoJSON with src/core/export and hands ~1 MB UTF-8 chunks (transferred, not copied) to the main thread, which
// writes them to the file. Each page's photos are read with it (every photo's URL). Progress and cancellation through Comlink.
import * as Comlink from 'comlink';
import { runExport, type ExportJob } from '../src/core/export/run';
import { restPageReader, withCreatorEmails, type RestAuth } from '../src/core/export/source';
import { withPhotoUrls } from '../src/core/export/photos';

export type ExportWrite = (chunk: Uint8Array) => Promise<void>;
export type ExportProgress = (rowsRead: number, rowsWritten: number) => void;

/** A fresh API (its own cancel flag): one per worker, or one per run on the main thread. */
export function createExportApi() {
  let cancelled = false;
  const api = {
    async run(job: ExportJob, auth: RestAuth, write: ExportWrite, progress?: ExportProgress) {
      cancelled = false;
      const encoder = new TextEncoder();
      return runExport(job, {
        fetchPage: withPhotoUrls(withCreatorEmails(restPageReader(auth, job.filter), auth, job.lookups.emails), auth),
        write: async (text) => { const bytes = encoder.encode(text); await write(Comlink.transfer(bytes, [bytes.buffer])); },
        onProgress: progress,
        cancelled: () => cancelled,
      });
    },
    cancel() { cancelled = true; },
  };
  return api;
}
export type ExportWorkerApi = ReturnType<typeof createExportApi>;
