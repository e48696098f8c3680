import { errorMessageId, isApiError } from '../../../lib/api-error';
import { translateIfKnown } from '../../../lib/i18n';

/** The catalogue text of a refusal (examNotStarted, examAnsweringRepeatOver…), else the server's own. */
export function refusalText(error: unknown): string {
  const known = (id: string) => translateIfKnown(id) !== undefined;
  if (!isApiError(error)) return translateIfKnown('status.default') ?? '';
  const id = errorMessageId(error, known);
  if (id === 'status.default' && error.message && !error.message.startsWith('HTTP ')) return error.message;
  return translateIfKnown(id) ?? id;
}
