// Types of findChromium.mjs for TypeScript callers.
export function findChromium(): string | null;
export const CHROMIUM_ARGS: string[];
/** --disable-features with Playwright's list and the browser UI pop-ups Chromium renders for every window. */
export declare const DISABLE_FEATURES_ARG: string;
