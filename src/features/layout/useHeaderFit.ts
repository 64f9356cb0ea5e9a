// Fits the header to its width: when its content is wider than the screen it takes the next fitting step
// (classes `header-fit-1` … `header-fit-N` on the header, read by layout.css), until nothing is off-screen.
// Steps, cumulative: 1 the short title, the user's email in the menu; 2 'Laisser un Avis' an icon; 3 it, 'Actualiser'
// and 'Tableau de bord' move to 'Plus d'actions'; 4 a narrower search; 5 the title and the mode buttons' labels go
// (icons stay, named for screen readers); 6 the line's code only, the counter an icon; 7 'Rapport' and 'Sélection'
// move to the menu; 8 'Administration' and 'Déconnexion' move to the menu.
// Set on the DOM, not in React state: a step changes no size of the header itself, so the observers cannot loop.
import { useLayoutEffect, type RefObject } from 'react';

export const HEADER_FIT_STEPS = 8;

export function fitHeader(header: HTMLElement): number {
  for (let step = 0; step <= HEADER_FIT_STEPS; step++) {
    for (let s = 1; s <= HEADER_FIT_STEPS; s++) header.classList.toggle(`header-fit-${s}`, s <= step);
    if (fits(header)) return step;
  }
  return HEADER_FIT_STEPS;
}

/** Whether every part of the header ends inside it (its popups, positioned over the page, do not count). */
function fits(header: HTMLElement): boolean {
  const box = header.getBoundingClientRect();
  for (const child of header.children) {
    const r = child.getBoundingClientRect();
    if (r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) return false;
  }
  return true;
}

/** Refits on a change of width or of content (a counter appearing, a mode button changing its label). */
export function useHeaderFit(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    let frame = 0;
    const refit = () => { cancelAnimationFrame(frame); frame = requestAnimationFrame(() => fitHeader(header)); };
    fitHeader(header);
    const size = new ResizeObserver(refit);
    size.observe(header);
    const content = new MutationObserver(refit);
    content.observe(header, { childList: true, subtree: true, characterData: true });
    return () => { cancelAnimationFrame(frame); size.disconnect(); content.disconnect(); };
  }, [ref]);
}
