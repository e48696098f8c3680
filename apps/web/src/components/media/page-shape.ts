/*
 * The room a paged viewer takes before its pages arrive, so nothing below it moves when they do
 * (a lesson's viewer loads after the screen is laid out).
 */

/** A document page whose size is not known yet: A4, portrait. */
export const a4AspectRatio = '1 / 1.414';

/** The Pager's height: its 2.75rem buttons with 0.5rem above and below (pager.tsx). */
export const pagerHeightClass = 'h-15';
