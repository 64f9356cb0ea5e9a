// Bounds on embedded resources, checked before any SQL runs: embeds nested back and forth multiply
// rows at each level, so one request could hold the database and the process for seconds and gigabytes.
// docs/product.md#server-limits. Refusals are PostgREST-shaped 400s that name the limit.
import { restError } from '../http/errors';

/** Deepest embed below the root (`points?select=*,teams(*,points(*))` is depth 2). */
export const MAX_EMBED_DEPTH = 3;
/** Most rows a one-to-many embed returns per parent row (an explicit `<path>.limit` above it is refused). */
export const MAX_EMBED_ROWS = 1000;
/** Most rows a whole read may produce at worst: root rows plus, for each embed, its rows per parent times its parents. */
export const MAX_EMBED_TOTAL_ROWS = 5_000;

export const embedLimitError = (message: string, details: string) => restError(400, 'PGRST100', message, details,
  'Narrow the select or add a limit on the embedded resource (e.g. teams.points.limit=10).');

export function checkEmbedDepth(depth: number, path: string): void {
  if (depth > MAX_EMBED_DEPTH) {
    throw embedLimitError(`Embedding deeper than ${MAX_EMBED_DEPTH} levels is not allowed`, `'${path}' is embedded ${depth} levels deep; the limit is MAX_EMBED_DEPTH = ${MAX_EMBED_DEPTH}`);
  }
}

/** Rows a one-to-many embed may return per parent: its own limit, at most MAX_EMBED_ROWS. */
export function embedRowsPerParent(path: string, limit: number | null): number {
  if (limit != null && limit > MAX_EMBED_ROWS) {
    throw embedLimitError(`An embedded resource returns at most ${MAX_EMBED_ROWS} rows per parent row`, `'${path}.limit=${limit}' is above MAX_EMBED_ROWS = ${MAX_EMBED_ROWS}`);
  }
  return limit ?? MAX_EMBED_ROWS;
}

/** Running worst-case row count of one read; throws once it passes MAX_EMBED_TOTAL_ROWS. */
export class RowBudget {
  total: number;
  constructor(rootRows: number) { this.total = rootRows; }
  add(path: string, rows: number): void {
    this.total += rows;
    if (this.total > MAX_EMBED_TOTAL_ROWS) {
      throw embedLimitError(`This select could return more than ${MAX_EMBED_TOTAL_ROWS} rows with its embedded resources`,
        `at '${path}' the worst case reaches ${this.total} rows; the limit is MAX_EMBED_TOTAL_ROWS = ${MAX_EMBED_TOTAL_ROWS} (one-to-many embeds count up to ${MAX_EMBED_ROWS} rows per parent unless limited)`);
    }
  }
}
