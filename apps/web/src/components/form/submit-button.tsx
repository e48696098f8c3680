import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useInteractive } from '../../lib/use-interactive';

interface SubmitButtonProps {
  /** The form is being sent: the button spins and takes no second tap. */
  pending: boolean;
  /** What the button says while pending; its label stays when absent. */
  loadingText?: string;
  children: ReactNode;
}

/**
 * A form's main button, across the screen's width. On a page the server rendered it cannot be
 * pressed before the code has taken the form over: the browser would send the form itself, as a
 * GET with the fields (a password, a code) in the address (decision 028).
 */
export function SubmitButton({ pending, loadingText, children }: SubmitButtonProps) {
  const interactive = useInteractive();
  return (
    <Button
      block
      type="submit"
      color="primary"
      shape="rounded"
      size="large"
      disabled={!interactive}
      loading={pending}
      {...(loadingText === undefined ? {} : { loadingText })}
    >
      {children}
    </Button>
  );
}
