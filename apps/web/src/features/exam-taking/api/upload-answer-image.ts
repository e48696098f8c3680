import { apiPaths } from '@school/contract/paths';
import { uploadFileField, type UploadResult } from '@school/contract/uploads';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/files (multipart, one `file` part): an image for an ask-and-answer; its `url` goes
 * into the answer's `images`. Not silent: a refused file (too big, not an image) says why.
 */
export function uploadAnswerImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append(uploadFileField, file, file.name);
  return apiClient.post<UploadResult>(apiPaths.files, { multipart: body });
}
