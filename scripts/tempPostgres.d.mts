// Types of tempPostgres.mjs for TypeScript callers.
export function findPostgresBin(): string | null;
export function startTempPostgres(): Promise<{ url: string; stop(): void; dir: string }>;
