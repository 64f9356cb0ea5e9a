// Fits the header to its width: when its content is wider than the screen it takes the next fitting step
// (classes `header-fit-1` … `header-fit-N` on the header, read by layout.css), until nothing is off-screen.
// Steps, cumulative: 1 the short title, the user's email in the menu; 2 'Laisser un Avis' an icon; 3 it, 'Actualiser'
// and 'Tableau de bord' move to 'Plus d'actions'; 4 a narrower search; 5 the title and the mode buttons' labels go
// (icons stay, named for screen readers); 6 the line's code only, the counter an icon; 7 'Rapport' and 'Sélection'
// move to the menu; 8 'Administration' and 'Déconnexion' move to the menu.
// Each trial forces a layout, so a fit starts from the step already set (at mount, the step last found on this
// device) and moves one step at a time: a refit whose content still fits takes two trials. Steps are cumulative, so
// the step found is the first that fits, wherever the search starts.
// Set on the DOM, not in React state: a step changes no size of the header itself, so the observers cannot loop.
import { useLayoutEffect, type RefObject } from 'react';

export const HEADER_FIT_STEPS = 8;
const LAST_STEP_KEY = 'rail:header-fit-step';

const setStep = (header: HTMLElement, step: number) => {
  for (let s = 1; s <= HEADER_FIT_STEPS; s++) header.classList.toggle(`header-fit-${s}`, s <= step);
};

/** The step set on the header (0: none). */
function currentStep(header: HTMLElement): number {
  let step = 0;
  while (step < HEADER_FIT_STEPS && header.classList.contains(`header-fit-${step + 1}`)) step++;
  return step;
}

/** Sets the first step at which the header fits (the last when none does), searching from `from`; returns it. */
export function fitHeader(header: HTMLElement, from = currentStep(header)): number {
  let step = Math.max(0, Math.min(HEADER_FIT_STEPS, from));
  setStep(header, step);
  if (fits(header)) {
    while (step > 0) {
      setStep(header, step - 1);
      if (!fits(header)) { setStep(header, step); return step; }
      step--;
    }
    return 0;
  }
  while (step < HEADER_FIT_STEPS) {
    setStep(header, ++step);
    if (fits(header)) return step;
  }
  return step;
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

function lastStep(): number {
  try { return Math.min(HEADER_FIT_STEPS, Math.max(0, Math.floor(Number(localStorage.getItem(LAST_STEP_KEY)) || 0))); } catch { return 0; }
}

let remembered: number | null = null;
/** Fits from the step set, and keeps the step found for the next mount (written only when it changes). */
function fitAndRemember(header: HTMLElement): void {
  const step = fitHeader(header);
  if (step === remembered) return;
  remembered = step;
  try { localStorage.setItem(LAST_STEP_KEY, String(step)); } catch { /* storage refused: the next mount starts at 0 */ }
}

/**
 * Fits once the header is first laid out (the resize observer's first report comes after the browser's own layout and
 * before the first paint, so the mount's commit forces no layout), then refits on a change of width or of content
 * (a counter appearing, a mode button changing its label).
 */
export function useHeaderFit(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    let frame = 0;
    let fitted = false;
    const refit = () => { cancelAnimationFrame(frame); frame = requestAnimationFrame(() => fitAndRemember(header)); };
    setStep(header, lastStep());
    const size = new ResizeObserver(() => {
      if (fitted) refit();
      else { fitted = true; fitAndRemember(header); }
    });
    size.observe(header);
    const content = new MutationObserver(refit);
    content.observe(header, { childList: true, subtree: true, characterData: true });
    return () => { cancelAnimationFrame(frame); size.disconnect(); content.disconnect(); };
  }, [ref]);
}
