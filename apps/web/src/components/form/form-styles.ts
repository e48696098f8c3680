/**
 * The full-width call to action of a form or a panel (submit a rating, save a note, open a lab):
 * a button or a link, hence the flex centring.
 */
export const primaryButtonClass =
  'flex h-11 w-full items-center justify-center rounded-full bg-brand-strong px-6 text-[0.9375rem] font-medium text-on-brand active:opacity-80 disabled:opacity-70';

/** A rounded call to action that is a link (ask a question, open the lesson). */
export const actionLinkClass =
  'inline-flex h-10 items-center justify-center rounded-full bg-brand-strong px-5 text-sm font-medium text-on-brand active:opacity-80';
