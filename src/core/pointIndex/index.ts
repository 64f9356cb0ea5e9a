// The compact point index: types, page decoding, the store's mutators and read-only queries.
export * from './types';
export * from './decode';
export * from './ids';
export * from './store';
export * from './queries';
export * from './view';
export * from './fromPoints';
export * from './restored';
