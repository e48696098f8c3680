import { apiPaths } from '@school/contract/paths';
import type { LessonDetail } from '@school/contract/lessons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { DownloadIcon, TrashIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/router-link';
import { SkeletonBlock, LoadingRegion } from '../../../components/ui/skeleton';
import { ErrorState, StateMessage } from '../../../components/ui/state-message';
import { actionLinkClass } from '../../../components/form/form-styles';
import { href } from '../../../config/route-paths';
import { apiClient } from '../../../lib/api-client';
import { confirmDialog } from '../../../lib/confirm-dialog';
import { formatFileSize } from '../../../lib/file-size';
import { addMessages, useTranslation, type MessageId } from '../../../lib/i18n';
import { accessEnded, listDownloads, removeDownload, type DownloadRecord } from '../../../lib/lesson-downloads';
import { showToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session-user';
import { downloadMessages } from '../../../components/offline/lesson-download';
import { offlineMessages } from '../offline-messages';

/*
 * The lessons downloaded to this phone (issue 27, decision 026): what each takes, what the phone
 * has left, removing one or all. Opened online, it asks the server about each lesson: one whose
 * course the learner no longer holds is removed at once.
 */

export async function withTexts() {
  await Promise.all([addMessages(offlineMessages), addMessages(downloadMessages)]);
  return { default: DownloadsScreen };
}

const downloadKeys = { all: (learnerId: number) => ['offline', 'downloads', learnerId] as const };

/** Removes the downloads whose course the learner no longer holds; how many went. */
async function dropEnded(learnerId: number, records: DownloadRecord[]): Promise<number> {
  let dropped = 0;
  for (const record of records) {
    const lesson = await apiClient
      .get<LessonDetail>(apiPaths.lesson(record.lessonId), { silent: true })
      .catch(() => null);
    if (lesson && accessEnded(lesson)) {
      await removeDownload(learnerId, record.lessonId);
      dropped += 1;
    }
  }
  return dropped;
}

function useDownloads(learnerId: number) {
  return useQuery({
    queryKey: downloadKeys.all(learnerId),
    queryFn: async () => {
      const [records, estimate] = await Promise.all([
        listDownloads(learnerId),
        navigator.storage?.estimate?.().catch(() => null) ?? Promise.resolve(null),
      ]);
      return {
        records,
        free: estimate?.quota != null && estimate.usage != null ? estimate.quota - estimate.usage : null,
      };
    },
    // Read from this phone: nothing to wait for, and nothing changes it but this screen.
    networkMode: 'always',
    staleTime: Infinity,
  });
}

function DownloadRow({ record, date, onRemove }: { record: DownloadRecord; date: string; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-2 border-b border-line last:border-b-0" data-testid="download-row">
      <Link
        to={href('lessonLearn', { id: record.lessonId })}
        aria-label={t('offline.downloads.open', { title: record.title })}
        className="flex min-h-14 min-w-0 flex-1 flex-col justify-center px-4 py-2 active:bg-canvas"
      >
        <span className="truncate text-sm font-medium text-ink">{record.title}</span>
        <span className="line-clamp-2 text-xs text-ink-muted">
          {t(`offline.downloads.kind.${record.kind}` as MessageId)} ·{' '}
          {t('offline.downloads.item', { course: record.courseTitle, size: formatFileSize(record.bytes), date })}
        </span>
      </Link>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('offline.downloads.remove', { title: record.title })}
        className="flex size-11 shrink-0 items-center justify-center text-lg text-ink-muted active:bg-canvas"
      >
        <TrashIcon />
      </button>
    </li>
  );
}

function DownloadsList({ learnerId }: { learnerId: number }) {
  const { t, locale } = useTranslation();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(locale === 'cn' ? 'zh-CN' : 'en', { month: 'short', day: 'numeric' }),
    [locale],
  );
  const client = useQueryClient();
  const downloads = useDownloads(learnerId);
  const refresh = () => client.invalidateQueries({ queryKey: downloadKeys.all(learnerId) });

  // Online, each lesson is asked about once per visit: a course no longer held takes its downloads.
  const records = downloads.data?.records;
  const hasRecords = (records?.length ?? 0) > 0;
  useEffect(() => {
    if (!hasRecords || !navigator.onLine || !records) return;
    let current = true;
    void dropEnded(learnerId, records).then((count) => {
      if (!current || count === 0) return;
      showToast(t('offline.downloads.ended', { count }));
      void refresh();
    });
    return () => {
      current = false;
    };
    // Once per list read from the phone; `t` and `refresh` do not change what is asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasRecords, learnerId]);

  // The lesson's own Remove asks in the same words (components/offline/lesson-download.tsx).
  const confirmRemoval = (title: MessageId, content: MessageId) =>
    confirmDialog({
      title: t(title),
      content: t(content),
      confirmText: t('download.removeConfirm'),
      cancelText: t('download.removeCancel'),
    });

  const removeOne = async (record: DownloadRecord) => {
    if (!(await confirmRemoval('download.removeTitle', 'download.removeContent'))) return;
    await removeDownload(learnerId, record.lessonId);
    showToast(t('download.removed'), 'success');
    await refresh();
  };
  const removeAll = async () => {
    if (!(await confirmRemoval('offline.downloads.removeAllTitle', 'offline.downloads.removeAllContent'))) return;
    for (const record of records ?? []) await removeDownload(learnerId, record.lessonId);
    showToast(t('download.removed'), 'success');
    await refresh();
  };

  if (downloads.isPending) {
    return (
      <LoadingRegion>
        <div className="space-y-2 p-3">
          <SkeletonBlock className="h-4 w-2/3" />
          <SkeletonBlock className="h-40 rounded-card" />
        </div>
      </LoadingRegion>
    );
  }
  if (downloads.isError) return <ErrorState onRetry={() => void downloads.refetch()} />;
  const { free } = downloads.data;
  const used = formatFileSize((records ?? []).reduce((sum, record) => sum + record.bytes, 0));
  if (!hasRecords) {
    return (
      <StateMessage
        icon={<DownloadIcon />}
        title={t('offline.downloads.empty')}
        description={t('offline.downloads.emptyHint')}
        action={
          <Link to={href('MyCourseList')} className={actionLinkClass}>
            {t('offline.downloads.toLearning')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <p className="px-4 pt-3 text-xs text-ink-muted" data-testid="downloads-storage">
        {free === null
          ? t('offline.downloads.storageUnknown', { used })
          : t('offline.downloads.storage', { used, free: formatFileSize(free) })}
      </p>
      <ul className="mx-3 mt-2 overflow-hidden rounded-card bg-surface shadow-card">
        {records!.map((record) => (
          <DownloadRow
            key={record.lessonId}
            record={record}
            date={dates.format(record.downloadedAt)}
            onRemove={() => void removeOne(record)}
          />
        ))}
      </ul>
      <div className="mx-3 mt-4 mb-6">
        <button
          type="button"
          onClick={() => void removeAll()}
          className="flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-line bg-surface text-sm text-danger active:bg-canvas"
        >
          <TrashIcon />
          {t('offline.downloads.removeAll')}
        </button>
      </div>
    </>
  );
}

export default function DownloadsScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <ScreenLayout title={t('route.learningDownloads')} back>
      {user === null ? null : typeof caches !== 'undefined' ? (
        <DownloadsList learnerId={user.id} />
      ) : (
        <StateMessage
          icon={<DownloadIcon />}
          title={t('offline.downloads.empty')}
          description={t('offline.downloads.unavailable')}
        />
      )}
    </ScreenLayout>
  );
}
