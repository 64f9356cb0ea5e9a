// Word report worker (docs/product.md#word-document): the API of ./docxApi.ts off the main thread (the main thread
// never builds or packs the document).
import * as Comlink from 'comlink';
import { createDocxApi } from './docxApi';

export type { DocxWorkerApi, DocxStage, DocxProgress } from './docxApi';
export { DOCX_MIME, WORD_MAX_PHOTOS, WORD_MAX_PHOTO_BYTES } from './docxApi';
Comlink.expose(createDocxApi());
