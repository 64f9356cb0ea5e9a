// Re-export: the seeded PRNG lives in src/core/prng.ts (also used by the demo seed).
export * from '../../src/core/prng';
