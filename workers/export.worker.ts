// Export worker: the API of ./exportApi.ts off the main thread.
import * as Comlink from 'comlink';
import { createExportApi } from './exportApi';

export type { ExportWorkerApi, ExportWrite, ExportProgress } from './exportApi';
Comlink.expose(createExportApi());
