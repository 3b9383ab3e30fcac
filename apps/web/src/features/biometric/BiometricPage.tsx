import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd-mobile';
import { ScanningFaceOutline } from 'antd-mobile-icons';
import { routes, type PasskeyItem } from '@chatdr/contract';
import { api, toast } from '../../api';
import { ApiError } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Cell, CellGroup } from '../../ui/Cell';
import { CodeField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { Dialog } from '../../ui/antd';
import { LoadFailed, Loading } from '../../ui/States';
import { useCodeSender } from '../auth/code-sender';
import { formatDateTime } from '../user/format';
import { useAccountInfo } from '../user/queries';
import { detectSupport, disable, enable, readFlag, type BiometricFlag, type BiometricMode } from './biometric';
import '../../i18n/account';
import s from './biometric.module.css';

const A = routes.account;
const qkPasskeys = ['passkeys'] as const;

/** /user/account/biometric — 指纹/面容解锁: this device's switch (SMS code, then the device's prompt) and the devices that have it on. */
export default function BiometricPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const account = useAccountInfo();
  const [support, setSupport] = useState<BiometricMode | null | undefined>(undefined);
  const [flag, setFlag] = useState<BiometricFlag | null>(readFlag);
  const [asking, setAsking] = useState(false);
  const list = useQuery({ queryKey: qkPasskeys, queryFn: ({ signal }) => api.call(A.passkeyList, {}, { signal }) });
  useEffect(() => {
    let live = true;
    void detectSupport().then((m) => live && setSupport(m));
    return () => {
      live = false;
    };
  }, []);

  const turnOff = async () => {
    const ok = await Dialog.confirm({ content: t('biometric.disableConfirm'), confirmText: t('common.confirm'), cancelText: t('common.cancel') });
    if (!ok) return;
    await disable();
    setFlag(null);
    void qc.invalidateQueries({ queryKey: qkPasskeys });
    toast(t('biometric.disabled'), 'success');
  };
  const remove = async (p: PasskeyItem) => {
    const ok = await Dialog.confirm({ content: t('biometric.removeConfirm'), confirmText: t('biometric.remove'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      await api.call(A.passkeyDelete, { body: { id: p.id } });
      if (flag?.id === p.id) {
        await disable();
        setFlag(null);
      }
      void qc.invalidateQueries({ queryKey: qkPasskeys });
    } catch {
      // shown by the request layer
    }
  };

  const on = flag !== null;
  return (
    <Page title={t('biometric.title')} testId="biometric-page" backTo="/user/account">
      <div className={s.body}>
        <div className={s.hero} aria-hidden>
          <ScanningFaceOutline />
        </div>
        <p className={s.lead}>{t('biometric.lead')}</p>
        <CellGroup>
          <Cell
            title={<span id="bio-this">{t('biometric.thisDevice')}</span>}
            desc={support === undefined ? t('biometric.checking') : support === null && !on ? t('biometric.unsupported') : on ? t('biometric.on') : t('biometric.off')}
            extra={
              <Switch
                checked={on}
                disabled={support === undefined || (support === null && !on)}
                onChange={(v) => (v ? setAsking(true) : void turnOff())}
                aria-labelledby="bio-this"
                data-testid="biometric-switch"
              />
            }
            testId="biometric-this-device"
          />
        </CellGroup>
        <p className={s.note}>{support === 'native' ? t('biometric.howNative') : t('biometric.how')}</p>

        <CellGroup title={t('biometric.devices')}>
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <LoadFailed onRetry={() => void list.refetch()} />
          ) : list.data.list.length === 0 ? (
            <Cell title={<span className={s.muted}>{t('biometric.noDevices')}</span>} />
          ) : (
            list.data.list.map((p) => (
              <Cell
                key={p.id}
                title={p.id === flag?.id ? `${p.deviceName}（${t('biometric.thisDevice')}）` : p.deviceName}
                desc={p.lastUsedAt ? t('biometric.used', { time: formatDateTime(p.lastUsedAt, i18n.language) }) : t('biometric.added', { time: formatDateTime(p.createdAt, i18n.language) })}
                extra={
                  <Button variant="secondary" small onClick={() => void remove(p)} testId="biometric-remove">
                    {t('biometric.remove')}
                  </Button>
                }
                testId="biometric-device"
              />
            ))
          )}
        </CellGroup>
      </div>
      {asking && support ? (
        <EnableSheet
          phone={account.data?.phone ?? ''}
          mode={support}
          onClose={() => setAsking(false)}
          onDone={(f) => {
            setFlag(f);
            setAsking(false);
            void qc.invalidateQueries({ queryKey: qkPasskeys });
            toast(t('biometric.enabled'), 'success');
          }}
        />
      ) : null}
    </Page>
  );
}

function deviceName(): string {
  const ua = navigator.userAgent;
  if (/iPhone/u.test(ua)) return 'iPhone';
  if (/iPad/u.test(ua)) return 'iPad';
  const android = /;\s*([^;)]+)\sBuild\//u.exec(ua)?.[1];
  if (android) return android.slice(0, 40);
  if (/Android/u.test(ua)) return 'Android';
  if (/Mac OS X/u.test(ua)) return 'Mac';
  if (/Windows/u.test(ua)) return 'Windows';
  return /Linux/u.test(ua) ? 'Linux' : '浏览器';
}

/** The SMS code to the account's phone (fingerprintCodeSend / Check), then the device's own prompt. */
function EnableSheet({ phone, mode, onClose, onDone }: { phone: string; mode: BiometricMode; onClose: () => void; onDone: (f: BiometricFlag) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender();
  const send = () => sender.send(() => api.call(A.fingerprintCodeSend, { body: {} }));
  const submit = async () => {
    setBusy(true);
    try {
      onDone(await enable(code, mode, t('biometric.prompt'), deviceName()));
    } catch (err) {
      // Server answers were shown by the request layer; the device's prompt cancelled or refused is said here.
      if (!(err instanceof ApiError)) toast(t('biometric.cancelled'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet visible onClose={onClose} closeLabel={t('common.close')} title={t('biometric.codeTitle')} testId="biometric-sheet">
      <div className={s.sheet}>
        <p className={s.note}>{t('biometric.codeSub', { phone })}</p>
        <CodeField value={code} onChange={setCode} left={sender.left} sent={sender.sent} sending={sender.sending} onSend={() => void send()} sendTestId="biometric-send" testId="biometric-code" />
        <Button loading={busy} disabled={code.length !== 6} onClick={() => void submit()} testId="biometric-verify">
          {t('biometric.verify')}
        </Button>
      </div>
    </Sheet>
  );
}
