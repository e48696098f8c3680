/** The speeds offered (the preference accepts 0.75–2 in quarter steps). */
export const playbackRates = [0.75, 1, 1.25, 1.5, 2] as const;

/** The offered speed closest to a stored one (the lesson answer allows 0.5–3). */
export function nearestRate(rate: number): number {
  return playbackRates.reduce((best, option) => (Math.abs(option - rate) < Math.abs(best - rate) ? option : best), 1);
}
