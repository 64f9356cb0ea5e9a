// Types of e2eShards.mjs for TypeScript callers.
export const SPEC_WEIGHT: Record<string, number>;
export function splitSpecs(files: string[], count: number, weight?: Record<string, number>): string[][];
