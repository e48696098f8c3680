/** The full-width submit button of the course forms (rating, question, answer). */
export const submitButtonClass =
  'h-11 w-full rounded-full bg-brand-strong text-[0.9375rem] font-medium text-white active:opacity-80 disabled:opacity-70';

/** A rounded call to action that is a link (ask a question, open the lesson). */
export const actionLinkClass =
  'inline-flex h-10 items-center justify-center rounded-full bg-brand-strong px-5 text-sm font-medium text-white active:opacity-80';
