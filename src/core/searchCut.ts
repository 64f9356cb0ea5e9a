// Search results cut to a maximum: the database is asked for one row more than is shown, so the
// list can say that it shows only the first ones instead of silently dropping the rest.

/** The first `max` hits, and whether at least one more was found. */
export function cutSearchHits<T>(hits: readonly T[], max: number): { hits: T[]; more: boolean } {
  return { hits: hits.slice(0, max), more: hits.length > max };
}

/** The note under a cut list ('Les 20 premiers résultats…'), or '' when nothing was cut. */
export function searchCutNote(shown: number, more: boolean): string {
  return more ? `Les ${shown} premiers résultats sont affichés : précisez la recherche pour trouver les autres.` : '';
}
