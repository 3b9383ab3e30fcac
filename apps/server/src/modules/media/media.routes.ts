import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERR, routes, serverPathOf, type RouteDef } from '@chatdr/contract';
import { MEDIA_ERR, MEDIA_LIMITS, MediaContentParams, MediaUploadQuery, type MediaUploadData } from '@chatdr/contract/media/index';
import { AppError } from '../../http/errors.ts';
import { lingerOnClose } from '../../http/lingering-close.ts';
import { register } from '../../http/route.ts';
import { UploadAdmission } from './admission.ts';
import { MediaError, type IncomingFile, type MediaService, type UploadKind } from './media.service.ts';

/** Bytes of a whole upload request: every file at its limit plus room for the multipart framing. */
export const MAX_REQUEST_BYTES = MEDIA_LIMITS.maxFiles * MEDIA_LIMITS.maxBytes + 64 * 1024;
/** Longest an upload waits, its body unread, for a place among its account's (admission.ts). */
export const UPLOAD_MAX_WAIT_MS = 20_000;
/** How long a refusal by the admission (6012, 6013) waits before it is sent, its body unread. */
export const ADMISSION_REFUSAL_PAUSE_MS = 1000;

export interface MediaRouteOptions {
  /** Whether a client at this version has the skin/body-photo feature (the `pf` gray flag). */
  pfAllowed: (versionCode: number) => boolean;
}

/**
 * A file part into memory, refused the moment it passes the limit (the plugin's toBuffer reads
 * the rest of an oversize part before it throws; leaving the loop stops reading at once).
 */
async function readLimited(file: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of file) {
    n += chunk.length;
    if (file.truncated || n > MEDIA_LIMITS.maxBytes) throw new MediaError('fileTooLarge');
    chunks.push(chunk);
  }
  if (file.truncated) throw new MediaError('fileTooLarge');
  return Buffer.concat(chunks);
}

const refusal = (code: number, msg: string) => ({ code, success: false, msg, data: null });

function sendError(reply: FastifyReply, err: unknown, req: FastifyRequest, bodyUnread = false): FastifyReply {
  if (err instanceof MediaError) {
    // The body may still be arriving: do not read the rest of it.
    if (bodyUnread || err.http === 413 || err.key === 'tooManyFiles') {
      reply.header('connection', 'close');
      lingerOnClose(req.raw);
    }
    return reply.code(err.http).send(refusal(err.code, err.message));
  }
  if (err instanceof AppError) return reply.code(err.httpStatus).send(refusal(err.code, err.message));
  const e = err as { code?: unknown; statusCode?: unknown };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, new MediaError('fileTooLarge'), req);
  if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT') return sendError(reply, new MediaError('tooManyFiles'), req);
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return reply.code(400).send(refusal(ERR.badRequest.code, ERR.badRequest.msg));
  req.log.error({ err }, 'upload failed');
  return reply.code(500).send(refusal(MEDIA_ERR.uploadFailed.code, MEDIA_ERR.uploadFailed.msg));
}

/** Media: uploads (multipart, their own answer shape), media URLs and the signed content route. */
export async function mediaRoutes(app: FastifyInstance, svc: MediaService, opts: MediaRouteOptions): Promise<void> {
  const r = routes.media;
  app.addHook('onClose', async () => svc.close());
  const admission = new UploadAdmission({
    running: MEDIA_LIMITS.maxUploadsPerAccount,
    waiting: MEDIA_LIMITS.maxQueuedPerAccount,
    burstBytes: MAX_REQUEST_BYTES,
    bytesPerMinute: MEDIA_LIMITS.uploadBytesPerMinute,
    maxWaitMs: UPLOAD_MAX_WAIT_MS,
  });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MEDIA_LIMITS.maxBytes, files: MEDIA_LIMITS.maxFiles, fields: 10, fieldSize: 1024, parts: MEDIA_LIMITS.maxFiles + 10, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    const upload = (route: RouteDef, kind: UploadKind) => {
      scope.implementedRoutes.push(route);
      scope.route({
        method: route.method,
        url: serverPathOf(route),
        // Refusals that need no body come first, before a byte of it is read.
        onRequest: async (req, reply) => {
          const declared = Number(req.headers['content-length'] ?? NaN);
          if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) return sendError(reply, new MediaError('fileTooLarge'), req);
          const auth = await app.resolveSession(req);
          req.auth = auth;
          if (!auth) return sendError(reply, new AppError(ERR.notLoggedIn.code, ERR.notLoggedIn.msg), req);
          if (auth.status === 'applicant') return sendError(reply, new AppError(ERR.needApply.code, ERR.needApply.msg), req);
          if (kind === 'pf') {
            const v = Number(req.headers.versioncode ?? NaN);
            if (!Number.isFinite(v) || !opts.pfAllowed(v)) return sendError(reply, new MediaError('skinNotAuthorised'), req);
          }
          // One account's uploads in progress are bounded before their bodies are read (admission.ts).
          // A request that ends while it waits gives its place back as soon as it gets one.
          let done = false;
          let release: (() => void) | null = null;
          const end = () => {
            done = true;
            release?.();
          };
          reply.raw.once('close', end);
          reply.raw.once('finish', end);
          try {
            release = await admission.admit(String(auth.userId), Number.isFinite(declared) ? declared : MAX_REQUEST_BYTES);
          } catch (err) {
            // Answered after a pause (the body still unread): a client that retries at once
            // cannot turn refusals into a stream of bodies to receive.
            if (!done) await new Promise((r) => setTimeout(r, ADMISSION_REFUSAL_PAUSE_MS));
            return sendError(reply, err, req, true);
          }
          if (done) release();
          return undefined;
        },
        handler: async (req, reply) => {
          const auth = req.auth;
          if (!auth) return sendError(reply, new AppError(ERR.notLoggedIn.code, ERR.notLoggedIn.msg), req);
          try {
            const q = MediaUploadQuery.safeParse(req.query ?? {});
            if (!q.success) throw new AppError(ERR.badRequest.code, ERR.badRequest.msg);
            if (!req.isMultipart()) throw new MediaError('noFile');
            await svc.checkBatch(auth, q.data.batchId, 1);
            const files: IncomingFile[] = [];
            for await (const part of req.parts()) {
              if (part.type !== 'file') continue;
              if (part.fieldname !== 'file') {
                part.file.resume();
                continue;
              }
              files.push({ bytes: await readLimited(part.file), filename: part.filename });
            }
            if (files.length === 0) throw new MediaError('noFile');
            await svc.checkBatch(auth, q.data.batchId, files.length);
            const items = [];
            for (const f of files) {
              items.push(await svc.upload(auth, kind, f, { customFileName: q.data.customFileName, batchId: q.data.batchId, reportType: q.data.reportType === '3' ? 3 : q.data.reportType === '2' ? 2 : undefined, scene: q.data.scene, traceId: req.traceId }));
            }
            const [first] = items;
            if (!first) throw new MediaError('noFile');
            const data: MediaUploadData = items.length > 1 ? { ...first, files: items } : first;
            return reply.send({ code: ERR.ok.code, success: true, msg: ERR.ok.msg, data });
          } catch (err) {
            return sendError(reply, err, req);
          }
        },
      });
    };
    upload(r.pfUpload, 'pf');
    upload(r.fileOcr, 'ocr');
    upload(r.fileUpload, 'upload');
    upload(routes.rehab.chatRehabImFileUpload, 'im');
    // Feedback and complaint pictures: images only, not read, kept in the same sealed store.
    upload(routes.feedback.suggestionPictureUpload, 'feedback');
  });

  register(app, r.getMediaUrlPost, ({ auth, body, req }) => svc.mediaUrl(auth, body.inputMediaId, req.traceId));
  register(app, r.getMediaUrlPostPublic, ({ body, req }) => svc.sharedMediaUrl(body.inputMediaId, req.traceId));

  app.implementedRoutes.push(r.mediaContent);
  app.route({
    method: r.mediaContent.method,
    url: serverPathOf(r.mediaContent),
    handler: async (req, reply) => {
      const p = MediaContentParams.safeParse(req.params);
      if (!p.success) throw new AppError(ERR.notFound.code, ERR.notFound.msg);
      const file = await svc.content(p.data.token);
      const disposition = file.fileType === 'pdf' ? 'attachment' : 'inline';
      return reply
        .type(file.mime)
        .header('content-disposition', `${disposition}; filename="${file.fileType === 'pdf' ? 'file.pdf' : 'image'}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.bytes);
    },
  });
}
