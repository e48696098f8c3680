import { useTranslation } from '../../lib/i18n';

/**
 * A field's error under it. `message` is a message id (a contract rule or an error text);
 * role="alert" makes screen readers announce it when it appears.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-danger">
      {t(message as never)}
    </p>
  );
}
