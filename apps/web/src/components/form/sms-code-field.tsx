import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useCountdown } from '../../lib/use-countdown';
import { TextField, type TextFieldProps } from './text-field';

export interface SmsCodeFieldProps extends Omit<TextFieldProps, 'label' | 'trailing' | 'type'> {
  label?: string;
  /**
   * Sends a code (after checking the phone). Resolves with the seconds to wait before offering
   * "resend", or null when nothing was sent (the phone was refused, the call failed).
   */
  onSend: () => Promise<number | null>;
  /** Time a clock for the countdown (tests). */
  now?: () => number;
}

/** The 6-digit SMS code with its "send code" button and the resend countdown (docs/product.md#limits-and-constants). */
export function SmsCodeField({ onSend, label, now, ...input }: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(now);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function send() {
    if (sending || countdown.running) return;
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) {
        setSent(true);
        countdown.start(wait);
      }
    } finally {
      setSending(false);
    }
  }

  const buttonText = sending
    ? t('ui.sms.sending')
    : countdown.running
      ? t('ui.sms.resendIn', { seconds: countdown.secondsLeft })
      : sent
        ? t('ui.sms.resend')
        : t('ui.sms.send');

  return (
    <>
      <TextField
        label={label ?? t('ui.sms.label')}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('ui.sms.placeholder')}
        {...input}
        trailing={
          <button
            type="button"
            onClick={() => void send()}
            disabled={sending || countdown.running}
            className="h-11 shrink-0 rounded-lg border border-brand-strong px-3 text-sm font-medium whitespace-nowrap text-brand-strong tabular-nums disabled:border-line disabled:bg-canvas disabled:text-ink-muted"
          >
            {buttonText}
          </button>
        }
      />
      {/* Announces the send once; the button's changing label is not read out on its own. */}
      <p className="sr-only" aria-live="polite">
        {sent ? t('common.codeSent') : ''}
      </p>
    </>
  );
}
