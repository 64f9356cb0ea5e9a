// The session epoch: bumped on sign-out so that loads and saves still in flight for the previous session never
// write into the cleared state (every collection checks it before writing).
let epoch = 0;

export const currentEpoch = (): number => epoch;
export const isCurrent = (e: number): boolean => e === epoch;
export function endEpoch(): void { epoch++; }
