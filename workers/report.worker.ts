// Report classification worker (docs/product.md#report-rules): the API of ./reportApi.ts off the main thread.
import * as Comlink from 'comlink';
import { reportApi } from './reportApi';

export type { ReportWorkerApi } from './reportApi';
Comlink.expose(reportApi);
