import type { FastifyInstance } from 'fastify';
import { routes, serverPathOf } from '@chatdr/contract';
import { fail } from '../../http/errors.ts';
import type { ExportService } from './export.service.ts';

/** The account export: a binary answer (application/zip), so wired by hand like the media content route. */
export function exportRoutes(app: FastifyInstance, svc: ExportService): void {
  const r = routes.account.dataExport;
  app.implementedRoutes.push(r);
  app.route({
    method: r.method,
    url: serverPathOf(r),
    handler: async (req, reply) => {
      const auth = await app.resolveSession(req);
      req.auth = auth;
      if (!auth) throw fail('notLoggedIn');
      if (auth.status === 'applicant') throw fail('needApply');
      const file = await svc.archive(auth, req.traceId || null);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  });
}
