import type { ReactNode } from 'react';
import { useInteractive } from '../../lib/use-interactive';

interface SubmitButtonProps {
  /** The form is being sent: the button says so (busy) and takes no second tap. */
  pending: boolean;
  /** What the button says while pending; its label stays when absent. */
  loadingText?: string;
  children: ReactNode;
}

/**
 * A form's main button, across the screen's width, in the look of the app's other main actions.
 * Our own, not antd-mobile's Button: it is on the login and the sign-up, first screens that fit
 * their 120 KB only without antd's button and its helpers (2.2 KB gzip, decision 030). On a page
 * the server rendered it cannot be pressed before the code has taken the form over: the browser
 * would send the form itself, as a GET with the fields (a password, a code) in the address
 * (decision 028).
 */
export function SubmitButton({ pending, loadingText, children }: SubmitButtonProps) {
  const interactive = useInteractive();
  return (
    <button
      type="submit"
      disabled={!interactive || pending}
      aria-busy={pending || undefined}
      className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand-strong px-4 text-base font-semibold text-on-brand active:opacity-80 disabled:opacity-60"
    >
      {pending && loadingText !== undefined ? loadingText : children}
    </button>
  );
}
