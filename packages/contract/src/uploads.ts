import { z } from 'zod';
import { apiPaths } from './paths.js';

/*
 * Uploads are multipart/form-data with one file part named `file`. The server checks the size
 * and that the bytes really are of the declared type, stores them under a name it makes up,
 * and answers where they are served. Served files carry `X-Content-Type-Options: nosniff`.
 *
 * - POST /api/users/avatar: an image (PNG, JPEG, WebP, GIF) of at most 5 MB
 *   (`rule.avatar.tooBig`, `rule.avatar.type`). The `url` goes into POST /api/users/{id}
 *   as `avatar`. Avatars are readable by anyone of the school.
 * - POST /api/files: an image or a PDF of at most 10 MB (`rule.upload.tooBig`,
 *   `rule.upload.type`). Readable by its uploader only.
 */
export const avatarContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const uploadContentTypes = [...avatarContentTypes, 'application/pdf'] as const;
export type UploadContentType = (typeof uploadContentTypes)[number];

export const uploadFileField = 'file';

export const uploadResultSchema = z.object({
  /** Where the file is served, e.g. /api/files/3f…9a.png */
  url: z.string(),
  contentType: z.enum(uploadContentTypes),
  size: z.number().int().nonnegative(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * An image uploaded through POST /api/files, exactly as its `url` was answered: the files path,
 * the name the server made (32 hex digits) and an image type's extension. Where a written answer
 * may point; nothing else passes (no other path, no `..`, no percent-encoding, no query). The
 * server also checks that the file exists and is the caller's own.
 */
export const uploadedImageUrlPattern = new RegExp(`^${apiPaths.files}/[a-f0-9]{32}\\.(?:png|jpg|webp|gif)$`);
