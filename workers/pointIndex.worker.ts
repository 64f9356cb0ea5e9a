// Point-index worker: the API of ./pointIndexApi.ts off the main thread (pages fetched and decoded, a line's index
// built, sorted and written to the replica here; the main thread receives finished typed arrays).
import * as Comlink from 'comlink';
import { createPointIndexApi } from './pointIndexApi';

Comlink.expose(createPointIndexApi());
