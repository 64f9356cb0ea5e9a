// Point-index worker: the API of ./pointIndexApi.ts off the main thread.
import * as Comlink from 'comlink';
import { createPointIndexApi } from './pointIndexApi';

Comlink.expose(createPointIndexApi());
