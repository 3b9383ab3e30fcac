import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ERR, routes, serverPathOf } from '@chatdr/contract';
import { MEDIA_LIMITS } from '@chatdr/contract/media/index';
import { IMAGING_MSG, InstanceQuery } from '@chatdr/contract/imaging/schemas';
import { AppError, fail } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import type { DicomFile, ImagingService } from './imaging.service.ts';

export async function imagingRoutes(app: FastifyInstance, svc: ImagingService): Promise<void> {
  const r = routes.imaging;
  register(app, r.currentSendMsgCode, ({ auth, req }) => svc.sendCurrent(auth, req.ip));
  register(app, r.sendMsgCode, ({ auth, body, req }) => svc.sendCode(auth, body.phone, req.ip));
  register(app, r.sendMsgCodeWithGrantId, ({ auth, body, req }) => svc.sendForGrant(auth, body.grantId, req.ip));
  register(app, r.getPatientListWithCode, ({ auth, body }) => svc.patientsWithCode(auth, body));
  register(app, r.reGrantWithCode, ({ auth, body }) => svc.reGrant(auth, body));
  register(app, r.bindMember, ({ auth, body }) => svc.bindMember(auth, body));
  register(app, r.imagingMembersUnBind, ({ auth, body }) => svc.unbind(auth, body));
  register(app, r.getPatientList, ({ auth, body }) => svc.patientList(auth, body?.userInfoId));
  register(app, r.checkNewPatient, ({ auth }) => svc.checkNewPatient(auth));
  register(app, r.memberGrantList, ({ auth }) => svc.grants(auth));
  register(app, r.grantSwitch, ({ auth, body }) => svc.grantSwitch(auth, body));
  register(app, r.getImagingDetailList, ({ auth, body }) => svc.list(auth, { userInfoId: body?.userInfoId, pageNum: body?.pageNum ?? 1, pageSize: body?.pageSize ?? 20 }));
  register(app, r.getImagingTotal, ({ auth, body }) => svc.total(auth, body?.userInfoId));
  register(app, r.getImagingDetailUrl, ({ auth, body }) => svc.detailUrl(auth, body.relationId));
  register(app, r.saveShare, ({ auth, body }) => svc.saveShare(auth, body.relationIds));
  register(app, r.shareView, ({ params }) => svc.shareView(params.shareId));

  // The bytes of one instance: application/dicom, never the JSON envelope.
  app.implementedRoutes.push(r.instance);
  app.route({
    method: r.instance.method,
    url: serverPathOf(r.instance),
    handler: async (req, reply) => {
      const p = InstanceQuery.safeParse(req.query);
      if (!p.success) throw fail('notFound', { msg: IMAGING_MSG.linkExpired });
      const bytes = await svc.instance(p.data.t);
      return reply
        .type('application/dicom')
        .header('content-disposition', 'attachment; filename="image.dcm"')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(bytes);
    },
  });

  // DICOM uploads: multipart, form field `file`, up to MEDIA_LIMITS.maxFiles files of MEDIA_LIMITS.maxBytes.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MEDIA_LIMITS.maxBytes, files: MEDIA_LIMITS.maxFiles, fields: 10, fieldSize: 1024, parts: MEDIA_LIMITS.maxFiles + 10, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    register(scope, r.upload, async ({ auth, req, query }) => {
      if (!auth) throw fail('notLoggedIn');
      // Another account's member is refused before a byte of the body is read.
      await svc.checkMember(auth, query.userInfoId);
      if (!req.isMultipart()) throw fail('imagingBadFile');
      const files: DicomFile[] = [];
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          files.push({ bytes: await part.toBuffer(), filename: part.filename });
        }
      } catch (err) {
        const e = err as { code?: unknown };
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ERR.badRequest.code, '文件过大');
        if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT') throw new AppError(ERR.badRequest.code, `一次最多上传${MEDIA_LIMITS.maxFiles}个文件`);
        throw fail('imagingBadFile');
      }
      return svc.upload(auth, query.userInfoId, files);
    });
  });
}
