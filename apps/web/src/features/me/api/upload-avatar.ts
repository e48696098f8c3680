import { accountPaths } from '@school/contract/account-paths';
import { uploadFileField, type UploadResult } from '@school/contract/uploads';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface AvatarUpload {
  blob: Blob;
  fileName: string;
}

/** POST /api/users/avatar (multipart, one `file` part): answers where the picture is served. */
export function postAvatar({ blob, fileName }: AvatarUpload): Promise<UploadResult> {
  const body = new FormData();
  body.append(uploadFileField, blob, fileName);
  return apiClient.post<UploadResult>(accountPaths.avatarUpload, { multipart: body });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: postAvatar });
}
