// The worker running workers/photoShrinkApi.ts (a photo's EXIF read and the photo shrunk off the main thread).
import * as Comlink from 'comlink';
import { photoShrinkApi } from './photoShrinkApi';

Comlink.expose(photoShrinkApi);
