import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startI18n } from '../../../lib/i18n';
import { allMessages } from '../../../app/messages/registry/all-messages';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { ViewerProgress } from '../logic/use-lesson-progress';
import { FileDownload } from './viewers/file-download';

const progress: ViewerProgress = { at: vi.fn(), report: vi.fn(), reportSoon: vi.fn(), position: () => null };

function typeFact() {
  return screen.getByTestId('fact-type').querySelector('dd')!.textContent;
}

describe('FileDownload', () => {
  it('names the file kind and its size instead of the MIME type', async () => {
    await renderWithProviders(
      <FileDownload
        url="/f/notes.zip"
        fileName="notes.zip"
        contentType="application/zip"
        size={Math.round(2.3 * 1024 * 1024)}
        progress={progress}
      />,
    );
    expect(typeFact()).toBe('ZIP archive, 2.3 MB');
    expect(screen.getByTestId('file-download').textContent).not.toContain('application/');
  });

  it('falls back to the extension in capitals when the type is unknown', async () => {
    await renderWithProviders(
      <FileDownload
        url="/f/talk.key"
        fileName="talk.key"
        contentType="application/octet-stream"
        size={1536}
        progress={progress}
      />,
    );
    expect(typeFact()).toBe('KEY file, 1.5 KB');
  });

  it('speaks Chinese in Chinese', async () => {
    await renderWithProviders(
      <FileDownload
        url="/f/a.docx"
        fileName="a.docx"
        contentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        size={2048}
        progress={progress}
      />,
    );
    // renderWithProviders starts English; switching afterwards re-renders with the Chinese bundle.
    await startI18n('cn', async () => allMessages.cn);
    expect(await screen.findByText('Word 文档，2.0 KB')).toBeTruthy();
  });
});
