import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownlandOutline } from 'antd-mobile-icons';
import { routes, urlOf } from '@chatdr/contract';
import { toast, tokenKeeper } from '../../api';
import { buildHeaders, randomHex } from '../../api/headers';
import { webClientInfo } from '../../platform/device';
import { Page } from '../../ui/Page';
import '../../i18n/account';
import s from './account.module.css';

/** Fetches the account's ZIP and saves it through a download link. */
async function downloadArchive(): Promise<{ ok: true } | { ok: false; msg: string | null }> {
  const token = await tokenKeeper.getToken();
  const route = routes.account.dataExport;
  const res = await fetch(urlOf(route), { method: route.method, headers: buildHeaders({ client: webClientInfo(), now: new Date(), spanId: randomHex(8), token, json: false }) });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('application/zip')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    return { ok: false, msg: body?.msg ?? null };
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'chatdr-data.zip';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true };
}

/** /user/profileDownload — export all of the account's data (ZIP: HTML summary, FHIR R4 Bundle, raw data, files). */
export default function ProfileDownloadPage() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const items = t('dataExport.items', { returnObjects: true }) as string[];
  const run = async () => {
    setBusy(true);
    try {
      const r = await downloadArchive();
      toast(r.ok ? t('dataExport.done') : (r.msg ?? t('dataExport.failed')));
    } catch {
      toast(t('dataExport.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page
      title={t('dataExport.title')}
      testId="profile-download-page"
      backTo="/user/account"
      footer={
        <button type="button" className="btn" disabled={busy} onClick={() => void run()} data-testid="profile-download">
          {busy ? <span className="spinner spinner--small" aria-hidden /> : null}
          {busy ? t('dataExport.working') : t('dataExport.button')}
        </button>
      }
    >
      <div className={s.body}>
        <div className={s.hero} aria-hidden>
          <DownlandOutline />
        </div>
        <div className={s.card}>
          <p>{t('dataExport.lead')}</p>
          <p>{t('dataExport.includes')}</p>
          <ul>
            {items.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
          <p className={s.note}>{t('dataExport.formats')}</p>
        </div>
        <p className={s.warn}>{t('dataExport.safety')}</p>
      </div>
    </Page>
  );
}
