/** The look of every text input of the app's forms (44 px tall: a comfortable touch target). */
export function inputClass(invalid: boolean, extra = ''): string {
  return `h-11 w-full min-w-0 rounded-lg border bg-surface px-3 text-[0.9375rem] text-ink placeholder:text-ink-subtle disabled:bg-canvas disabled:text-ink-muted read-only:bg-canvas ${
    invalid ? 'border-danger' : 'border-line'
  } ${extra}`;
}

export const labelClass = 'mb-1.5 block text-sm font-medium text-ink';
