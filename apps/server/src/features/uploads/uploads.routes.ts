import { accountPaths } from '@school/contract/account-paths';
import fastifyMultipart from '@fastify/multipart';
import { apiPaths } from '@school/contract/paths';
import { uploadFileField, uploadResultSchema } from '@school/contract/uploads';
import { limits } from '@school/contract/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/session.js';
import { storageNamePattern } from './content-sniffing.js';
import { uploadRules, type UploadKind, type UploadsService } from './uploads.service.js';

/** Reads the one file part of a multipart request, refusing it past `maxBytes` with the kind's rule. */
async function readFilePart(request: FastifyRequest, kind: UploadKind): Promise<{ bytes: Buffer; mimetype: string }> {
  const rules = uploadRules[kind];
  if (!request.isMultipart()) throw new AppError('badRequest');
  let part;
  try {
    part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1, fields: 10, parts: 12 } });
  } catch {
    throw new AppError('badRequest');
  }
  if (part === undefined || part.fieldname !== uploadFileField) {
    throw new AppError('validationFailed', { field: uploadFileField });
  }
  try {
    return { bytes: await part.toBuffer(), mimetype: part.mimetype };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('validationFailed', { field: uploadFileField, rule: rules.tooBig });
    }
    throw new AppError('badRequest');
  }
}

export const uploadsRoutes: FastifyPluginAsyncZod<{ service: UploadsService }> = async (app, { service }) => {
  // Multipart parsing (and its per-request hooks) only where uploads are taken. Limits per
  // route in readFilePart; these are the outer bounds.
  await app.register(fastifyMultipart, {
    limits: { fileSize: limits.uploadMaxBytes, files: 1, fields: 10, parts: 12 },
  });

  const upload = (kind: UploadKind) => async (request: FastifyRequest) => {
    const { userId } = await requireUser(request);
    const file = await readFilePart(request, kind);
    return service.store({
      tenantId: request.tenant.id,
      userId,
      kind,
      declaredType: file.mimetype,
      bytes: file.bytes,
    });
  };

  app.post(
    accountPaths.avatarUpload,
    { schema: { response: { 200: uploadResultSchema } }, config: { cache: 'private' } },
    upload('avatar'),
  );
  app.post(
    apiPaths.files,
    { schema: { response: { 200: uploadResultSchema } }, config: { cache: 'private' } },
    upload('file'),
  );

  app.get(
    '/api/files/:name',
    { schema: { params: z.object({ name: z.string().max(64) }) } },
    async (request, reply) => {
      if (!storageNamePattern.test(request.params.name)) throw new AppError('notFound');
      const auth = await request.auth();
      const file = await service.open(
        request.tenant.id,
        request.params.name,
        auth.kind === 'user' ? auth.userId : null,
      );
      // Someone else's private file does not exist for this caller.
      if (file === null) throw new AppError('notFound');
      const image = file.contentType.startsWith('image/');
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          // Even if a browser rendered it as a document, it could run nothing and reach nothing.
          .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
          .header('content-disposition', image ? 'inline' : 'attachment')
          // A stored name never changes content; private files are revalidated (their owner only).
          .header('cache-control', file.kind === 'avatar' ? 'public, max-age=31536000, immutable' : 'private, no-cache')
          .send(file.stream)
      );
    },
  );
};
