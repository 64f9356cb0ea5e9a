// Density strip worker: thin Comlink wrapper over src/core/densityStrip/service; arrays in and out are transferred.
import * as Comlink from 'comlink';
import { createDensityService } from '../src/core/densityStrip/service';

Comlink.expose(createDensityService({ transfer: Comlink.transfer }));
