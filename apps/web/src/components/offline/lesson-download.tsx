import type { LessonDetail } from '@school/contract/lessons';
import { useEffect, useRef, useState } from 'react';
import { confirmDialog } from '../../lib/confirm-dialog';
import { formatFileSize } from '../../lib/file-size';
import { addMessages, useTranslation, type MessageLoader } from '../../lib/i18n';
import {
  askToKeepDownloads,
  downloadLesson,
  findDownload,
  removeDownload,
  type DownloadRecord,
} from '../../lib/lesson-downloads';
import { showToast } from '../../lib/toast';
import { ProgressBar } from '../ui/progress-bar';
import { DownloadIcon, TrashIcon } from '../ui/icons';

/*
 * "Download for offline" under a lesson the learner studies (issue 27): its files go into the
 * phone with a progress bar, and it then plays with no connection (lib/lesson-downloads.ts).
 * Loaded by the lesson screen only where a download is possible (a member, a lesson of files,
 * the offline worker in control).
 */

/** Its texts, which the Downloads screen shares for removing. */
export const downloadMessages: MessageLoader = (locale) =>
  locale === 'cn'
    ? import('../messages/lesson-download-cn').then((m) => m.cn)
    : import('../messages/lesson-download-en').then((m) => m.en);

export async function withTexts() {
  await addMessages(downloadMessages);
  return { default: LessonDownload };
}

type State =
  | { kind: 'checking' }
  | { kind: 'none' }
  | { kind: 'downloading'; share: number }
  | { kind: 'done'; record: DownloadRecord }
  | { kind: 'failed'; noSpace: boolean };

const buttonClass =
  'flex min-h-11 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm text-ink active:bg-canvas';

export function LessonDownload({ lesson, learnerId }: { lesson: LessonDetail; learnerId: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    let current = true;
    findDownload(learnerId, lesson.id).then(
      (record) => current && setState(record ? { kind: 'done', record } : { kind: 'none' }),
      () => current && setState({ kind: 'none' }),
    );
    return () => {
      current = false;
      abort.current?.abort();
    };
  }, [learnerId, lesson.id]);

  const start = async () => {
    askToKeepDownloads();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'downloading', share: 0 });
    try {
      const record = await downloadLesson(
        learnerId,
        lesson,
        ({ share }) => setState({ kind: 'downloading', share }),
        controller.signal,
      );
      setState({ kind: 'done', record });
      showToast(t('download.saved'), 'success');
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: 'none' });
      else setState({ kind: 'failed', noSpace: error instanceof DOMException && error.name === 'QuotaExceededError' });
    }
  };

  const remove = async () => {
    const confirmed = await confirmDialog({
      title: t('download.removeTitle'),
      content: t('download.removeContent'),
      confirmText: t('download.removeConfirm'),
      cancelText: t('download.removeCancel'),
    });
    if (!confirmed) return;
    await removeDownload(learnerId, lesson.id);
    setState({ kind: 'none' });
    showToast(t('download.removed'), 'success');
  };

  switch (state.kind) {
    case 'checking':
      return null;
    case 'none':
      return (
        <button type="button" className={buttonClass} onClick={() => void start()}>
          <DownloadIcon />
          {t('download.start')}
        </button>
      );
    case 'downloading': {
      const percent = Math.floor(state.share * 100);
      return (
        <div className="flex min-h-11 w-full items-center gap-3" data-testid="lesson-download-progress">
          <div className="min-w-0 flex-1">
            <p className="text-sm text-ink-muted" aria-live="polite">
              {t('download.progress', { percent })}
            </p>
            <ProgressBar label={t('download.progressLabel')} percent={percent} className="mt-1" />
          </div>
          <button type="button" className={buttonClass} onClick={() => abort.current?.abort()}>
            {t('download.cancel')}
          </button>
        </div>
      );
    }
    case 'done':
      return (
        <div className="flex min-h-11 items-center gap-2" data-testid="lesson-downloaded">
          <span className="text-sm text-success">
            {t('download.done', { size: formatFileSize(state.record.bytes) })}
          </span>
          <button type="button" className={buttonClass} onClick={() => void remove()}>
            <TrashIcon />
            {t('download.remove')}
          </button>
        </div>
      );
    case 'failed':
      return (
        <div className="flex w-full flex-col items-start gap-2" role="alert">
          <p className="text-sm text-danger">{t(state.noSpace ? 'download.noSpace' : 'download.failed')}</p>
          <button type="button" className={buttonClass} onClick={() => void start()}>
            {t('download.retry')}
          </button>
        </div>
      );
  }
}
