import { useTranslation } from '../../../../lib/i18n';
import { DownloadIcon } from '../../../../components/ui/icons';
import { fileExtension, fileKind, formatFileSize } from '../../logic/file-kind';
import type { ViewerProgress } from '../../logic/use-lesson-progress';
import { primaryButtonClass } from '../../../../components/form/form-styles';
import { FactList } from './fact-list';

interface FileDownloadProps {
  url: string;
  fileName: string;
  contentType: string;
  size: number;
  progress: ViewerProgress;
}

/** An OTHER lesson: the file's facts and a download, which counts as studying it (position 1). */
export function FileDownload({ url, fileName, contentType, size, progress }: FileDownloadProps) {
  const { t } = useTranslation();
  const kind = fileKind(contentType, fileName);
  const extension = fileExtension(fileName);
  // A kind nobody named still reads as its extension ("KEY file"), never as a MIME type.
  const kindName = kind
    ? t(`lessons.file.kind.${kind}`)
    : extension
      ? t('lessons.file.kind.other', { extension })
      : t('lessons.file.kind.unknown');
  return (
    <div className="bg-surface px-4 py-5" data-testid="file-download">
      <FactList
        facts={[
          { id: 'name', label: t('lessons.file.name'), value: fileName },
          {
            id: 'type',
            label: t('lessons.file.type'),
            value: t('lessons.file.summary', { kind: kindName, size: formatFileSize(size) }),
          },
        ]}
      />
      <a
        href={url}
        download={fileName}
        onClick={() => progress.report(1)}
        className={`mt-5 gap-2 ${primaryButtonClass}`}
      >
        <DownloadIcon />
        {t('lessons.file.download')}
      </a>
    </div>
  );
}
