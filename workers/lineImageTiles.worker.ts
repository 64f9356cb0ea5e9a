// The worker running workers/lineImageTilesApi.ts (cutting an uploaded line image into tiles off the main thread).
import * as Comlink from 'comlink';
import { lineImageTilesApi } from './lineImageTilesApi';

Comlink.expose(lineImageTilesApi);
