import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { servedFilePaths } from '@school/contract/paths';
import {
  avatarContentTypes,
  uploadContentTypes,
  type UploadContentType,
  type UploadResult,
} from '@school/contract/uploads';
import { limits, ruleIds } from '@school/contract/validation';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../providers/clock.js';
import type { FileStorage } from '../../providers/storage/uploads-storage.js';
import { extensionOf, normalizeDeclaredType, sniffContentType } from './content-sniffing.js';
import type { UploadsRepository } from './uploads.repository.js';

export type UploadKind = 'avatar' | 'file';

export const uploadRules: Record<
  UploadKind,
  { maxBytes: number; types: readonly UploadContentType[]; tooBig: string; badType: string }
> = {
  avatar: {
    maxBytes: limits.avatarMaxBytes,
    types: avatarContentTypes,
    tooBig: ruleIds.avatarTooBig,
    badType: ruleIds.avatarType,
  },
  file: {
    maxBytes: limits.uploadMaxBytes,
    types: uploadContentTypes,
    tooBig: ruleIds.uploadTooBig,
    badType: ruleIds.uploadType,
  },
};

export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
  kind: UploadKind;
}

export function createUploadsService(deps: { repository: UploadsRepository; storage: FileStorage; clock: Clock }) {
  const { repository, storage, clock } = deps;

  return {
    async store(input: {
      tenantId: number;
      userId: number;
      kind: UploadKind;
      declaredType: string;
      bytes: Buffer;
    }): Promise<UploadResult> {
      const rules = uploadRules[input.kind];
      if (input.bytes.length > rules.maxBytes) {
        throw new AppError('validationFailed', { field: 'file', rule: rules.tooBig });
      }
      const contentType = sniffContentType(input.bytes);
      // The bytes decide; a declaration that disagrees with them is refused, not corrected.
      if (
        contentType === null ||
        !rules.types.includes(contentType) ||
        normalizeDeclaredType(input.declaredType) !== contentType
      ) {
        throw new AppError('validationFailed', { field: 'file', rule: rules.badType });
      }
      const storageName = `${randomBytes(16).toString('hex')}.${extensionOf[contentType]}`;
      await storage.save(storageName, input.bytes);
      try {
        await repository.insert({
          tenantId: input.tenantId,
          userId: input.userId,
          kind: input.kind,
          storageName,
          contentType,
          sizeBytes: input.bytes.length,
          createdAt: clock.now(),
        });
      } catch (error) {
        await storage.remove(storageName);
        throw error;
      }
      return { url: servedFilePaths.file(storageName), contentType, size: input.bytes.length };
    },

    /** A stored file as `viewerId` may see it: avatars are for anyone of the school, files for their uploader. */
    async open(tenantId: number, storageName: string, viewerId: number | null): Promise<StoredFile | null> {
      const row = await repository.findByName(tenantId, storageName);
      if (row === null) return null;
      if (row.kind === 'file' && (viewerId === null || row.userId !== viewerId)) return null;
      const file = await storage.open(storageName);
      if (file === null) return null;
      return { ...file, contentType: row.contentType, kind: row.kind };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
