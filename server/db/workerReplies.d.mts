// Types of workerReplies.mjs (plain JavaScript, shared by the database worker threads), for the TypeScript callers.
export function errorOf(e: unknown): { message: string } & Record<string, string>;
export function answerCalls(run: (m: Record<string, unknown>) => Promise<unknown>): void;
export function transferred<T>(value: T, buffers: ArrayBuffer[]): unknown;
export function bytesFromBase64(rows: object[], columns: string[]): ArrayBuffer[];
export function ready(error?: unknown): void;
