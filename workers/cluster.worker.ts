// Cluster worker: thin Comlink wrapper over src/core/cluster; typed arrays in and out are transferred.
// API: ClusterWorkerApi (src/core/cluster/workerApi.ts). Without Worker support, use createClusterService() directly.
import * as Comlink from 'comlink';
import { createClusterService } from '../src/core/cluster/service';

Comlink.expose(createClusterService({ transfer: Comlink.transfer }));
