/** A white section of an order screen, with the space between sections. */
export const sectionClass = 'mt-2 bg-surface px-4 py-3';
export const sectionTitleClass = 'mb-2 text-base font-semibold text-ink';

/** The main call to action (Pay, Submit); taller when a large text size wraps its label. */
export const primaryButtonClass =
  'flex min-h-11 items-center justify-center rounded-full bg-brand-strong px-6 py-1 text-center text-[0.9375rem] leading-tight font-semibold text-on-brand active:opacity-80 disabled:opacity-60';
/** An outlined action beside it (Cancel order). */
export const secondaryButtonClass =
  'flex min-h-11 shrink-0 items-center justify-center rounded-full border border-line px-4 text-[0.9375rem] font-medium text-ink active:bg-canvas disabled:opacity-60';

/** A choice of a radio list: the whole row is the label; the chosen one is outlined. */
export const choiceClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 has-[:checked]:border-brand-strong has-[:checked]:bg-brand-soft/40 border-line';
export const radioClass = 'size-5 shrink-0 accent-brand-strong';

/** The way on from an empty or refused state (a link that looks like a button). */
export const stateActionClass =
  'inline-block rounded-full bg-brand-strong px-6 py-2 text-sm font-medium text-on-brand active:opacity-80';

/** The bottom bar's height, kept free at the end of the page so nothing hides under it. */
export const barSpaceClass = 'pb-[calc(4.5rem+env(safe-area-inset-bottom))]';
