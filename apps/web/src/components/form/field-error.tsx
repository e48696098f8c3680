import { isMessageId, useTranslation } from '../../lib/i18n';

/**
 * A field's error under it. `message` is a message id (a contract rule or an error text) that
 * the form library holds as a string; a text that is no id shows as it is. role="alert" makes
 * screen readers announce it when it appears.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-danger">
      {isMessageId(message) ? t(message) : message}
    </p>
  );
}
