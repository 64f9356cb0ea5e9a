// Reading times of index pages ('YYYY-MM-DDTHH:MI:SS.ffffffZ', compared as text; null: none).

/** The earlier of two reading times (null only when both are): pages read at several times hold every change before it. */
export const earliest = (a: string | null, b: string | null): string | null => (a && (!b || a < b) ? a : b);
