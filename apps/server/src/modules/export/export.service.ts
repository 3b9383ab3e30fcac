import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import type { ExportStore } from './export.store.ts';
import { archivePath, toFhirBundle } from './fhir.ts';
import { summaryHtml } from './summary.ts';
import { zip, type ZipEntry } from './zip.ts';

export interface ExportDeps {
  store: ExportStore;
  /** The decrypted bytes of one of the account's stored files (modules/media). */
  fileBytes: (userId: number, id: string) => Promise<Buffer | null>;
  /** Records the export in the audit log. */
  audit: (userId: number, traceId: string | null) => Promise<void>;
  now: () => number;
}

/**
 * /user/profileDownload: everything the account holds — profiles, records, chats, reports,
 * indicators, reminders, orders, feedback, messages and files — as a ZIP with a readable
 * summary (index.html), a FHIR R4 Bundle (fhir-bundle.json) and the raw records (data.json).
 */
export class ExportService {
  constructor(private readonly d: ExportDeps) {}

  async archive(auth: AuthContext, traceId: string | null): Promise<{ fileName: string; bytes: Buffer }> {
    const data = await this.d.store.account(auth.userId);
    if (!data) throw fail('notLoggedIn');
    const now = new Date(this.d.now());
    const files: ZipEntry[] = [];
    for (const m of data.media) {
      const bytes = await this.d.fileBytes(auth.userId, m.id);
      if (bytes) files.push({ name: archivePath(m), data: bytes, date: m.createdAt });
    }
    const raw = { exportedAt: now.toISOString(), ...data, user: { id: data.user.id, phone: data.user.phone, createdAt: data.user.createdAt }, media: data.media.map(({ storageKey: _k, ocr, ...m }) => ({ ...m, ocr, path: archivePath(m) })) };
    const entries: ZipEntry[] = [
      { name: 'index.html', data: Buffer.from(summaryHtml(data, now), 'utf8'), date: now },
      { name: 'fhir-bundle.json', data: Buffer.from(JSON.stringify(toFhirBundle(data, now), null, 2), 'utf8'), date: now },
      { name: 'data.json', data: Buffer.from(JSON.stringify(raw, null, 2), 'utf8'), date: now },
      ...files,
    ];
    await this.d.audit(auth.userId, traceId);
    const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
    return { fileName: `chatdr-data-${stamp}.zip`, bytes: zip(entries) };
  }
}
