// Cluster engine entry point: build one 26-level index over image-px points and query it per zoom level.
export type { ClusterFrame, ClusterIndex, ClusterInput, ClusterStats } from './types';
export { buildClusterIndex, emptyFrame } from './clusterIndex';
export { clusterRadiusImagePx, LEVEL_COUNT, levelForZoom, MAX_LEVEL, zoomForLevel } from './levels';
