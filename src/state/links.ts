// Links to a point or a PK: '/?point=<id>' and '/?pk=17.4'. A link found when the app loads is kept in
// sessionStorage so that signing in first (also through an SSO round trip) still opens it. Opening a point from a
// link or the search puts '?point=<id>' in the address on its own history entry, so the browser's Back closes it.
import { lineOfLink, parseAppLink, withoutLink, type AppLink } from '../core/links';
import { dataLoadingAtom, markersAtom } from './tables';
import { jumpToPk, openPoint } from './search';
import { store } from './store';
import { fail, ok, type Result } from '../core/result';

const PENDING_KEY = 'rail.pendingLink';
const LINK_STATE = 'railLink';
/** A link waits for the markers (a PK link) and the map's first layout: at least MIN, at most MAX ms. */
const STARTUP_MIN_MS = 300;
const STARTUP_MAX_MS = 10_000;

/** Remembers the link of the address the app was loaded with (called once at start, before any sign-in). */
export function rememberLoadLink(): void {
  try {
    if (parseAppLink(window.location.search) || lineOfLink(window.location.search)) sessionStorage.setItem(PENDING_KEY, window.location.search);
  } catch { /* storage unavailable: the address itself still carries the link */ }
}

/** The address kept for after sign-in, without consuming it (its '?line=' picks the session's first line). */
export function pendingLinkSearch(): string | null {
  try { return sessionStorage.getItem(PENDING_KEY); } catch { return null; }
}

function takePendingLink(): AppLink {
  let pending: string | null = null;
  try { pending = sessionStorage.getItem(PENDING_KEY); sessionStorage.removeItem(PENDING_KEY); } catch { /* storage unavailable: the address's own link still applies */ }
  return parseAppLink(window.location.search) ?? parseAppLink(pending ?? '');
}

const isLinkEntry = () => (window.history.state as Record<string, unknown> | null)?.[LINK_STATE] === true;

/** Shows `href` (a link address) on a history entry of its own (replacing a previous link entry). */
export function pushLinkEntry(href: string): void {
  if (isLinkEntry()) window.history.replaceState({ [LINK_STATE]: true }, '', href);
  else window.history.pushState({ [LINK_STATE]: true }, '', href);
}

/** Leaves the link entry when what it opened was closed in the app (Back would otherwise reopen it). */
export function leaveLinkEntry(): void {
  if (!parseAppLink(window.location.search)) return;
  if (isLinkEntry()) window.history.back();
  else window.history.replaceState(null, '', withoutLink(window.location.href));
}

async function waitForFirstLoad(needMarkers: boolean): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    const elapsed = Date.now() - t0;
    const markersIn = store.get(markersAtom).length >= 2;
    const settled = !store.get(dataLoadingAtom) && elapsed >= 1000; // loading over (or never started)
    if (elapsed >= STARTUP_MIN_MS && (!needMarkers || markersIn || settled)) return;
    if (elapsed >= STARTUP_MAX_MS) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A point link to a report deleted or out of reach is `gone`; a PK off the ruler is `invalid`. */
async function apply(link: NonNullable<AppLink>): Promise<Result> {
  if (link.kind === 'point') {
    return openPoint(link.id);
  }
  const err = jumpToPk(link.km);
  return err ? fail('invalid', err) : ok();
}

/** The link the app was opened with, if any: applied once the main screen shows (after sign-in). */
export async function applyStartupLink(): Promise<Result | null> {
  const link = takePendingLink();
  if (!link) return null;
  const href = link.kind === 'point' ? `/?point=${link.id}` : `/?pk=${link.km}`;
  // Two entries: the app without the link, then the link, so that Back closes what the link opened.
  window.history.replaceState(null, '', withoutLink(window.location.href));
  window.history.pushState({ [LINK_STATE]: true }, '', href);
  await waitForFirstLoad(link.kind === 'pk');
  const outcome = await apply(link);
  if (!outcome.ok && link.kind === 'point') leaveLinkEntry(); // nothing opened: Back has nothing to close
  return outcome;
}

/** Back / Forward: the address's link decides what is open. Returns what to do with the point form. */
export function linkOfAddress(): AppLink {
  return parseAppLink(window.location.search);
}

export async function openPointFromSearch(id: string): Promise<Result> {
  pushLinkEntry(`/?point=${id}`);
  const r = await openPoint(id);
  if (!r.ok) leaveLinkEntry();
  return r;
}

rememberLoadLink();
