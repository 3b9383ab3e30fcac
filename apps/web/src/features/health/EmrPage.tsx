import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { routes, type MemberDetail } from '@chatdr/contract';
import { REPORT_LIMITS } from '@chatdr/contract/report/schemas';
import { api, toast, type DataOf } from '../../api';
import { queryClient } from '../../app/query-client';
import { Page } from '../../ui/Page';
import { TextAreaField, TextField } from '../../ui/Field';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { fmtDate } from './format';
import { ScopedMemberPage } from './scope';
import styles from './health.module.css';
import { useConfirmedDelete } from './confirm-delete';
import { cx } from '../../ui/cx';

type Record = DataOf<typeof routes.folder.ocrMedicalPage>['list'][number];
export const emrKey = (id: number) => ['health', 'emr', id] as const;
const changed = () => queryClient.invalidateQueries({ queryKey: ['health', 'emr'] });

/** /user/emr?id= — the member's OCR'd medical records: view, correct, delete; 添加病历 opens /user/emr/add. */
export default function EmrPage() {
  const { t } = useTranslation();
  return (
    <ScopedMemberPage title={t('health.emr.title')} testId="emr-page">
      {({ member, switcher }) => <Emr member={member} switcher={switcher} />}
    </ScopedMemberPage>
  );
}

function Emr({ member, switcher }: { member: MemberDetail; switcher: ReactNode }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: emrKey(member.id), queryFn: ({ signal }) => api.call(routes.folder.ocrMedicalPage, { body: { userInfoId: member.id, pageNum: 1, pageSize: REPORT_LIMITS.pageSizeMax } }, { signal }) });
  const del = useMutation({ mutationFn: (id: number) => api.call(routes.folder.ocrMedicalDelete, { body: { ids: [id] } }), onSuccess: changed });
  const [open, setOpen] = useState<Record | null>(null);

  const remove = useConfirmedDelete((id) => del.mutateAsync(id));

  return (
    <Page
      title={t('health.emr.title')}
      testId="emr-page"
      backTo={withId('/user/mine', member.id)}
      footer={
        <Link className="btn" to={withId('/user/emr/add', member.id)} data-testid="emr-add">
          {t('health.emr.add')}
        </Link>
      }
    >
      {switcher}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadFailed onRetry={() => void q.refetch()} />
      ) : q.data.list.length === 0 ? (
        <Empty title={t('health.emr.none')} desc={t('health.emr.noneDesc')} testId="emr-empty" />
      ) : (
        <section className={styles.hxCard}>
          <h2 className={styles.hxCardTitle}>
            {t('health.emr.title')}
            <span className={styles.hxCardHint}>{t('health.emr.total', { count: q.data.total })}</span>
          </h2>
          <ul className={styles.hxList} data-testid="emr-list">
            {q.data.list.map((r) => (
              <li key={r.id} className={styles.hxRow} data-testid="emr-row">
                <button type="button" className={cx(styles.hxRowMain, styles.hxLinkbtn, styles.hxRowBtn, 'hx-row__btn')} onClick={() => setOpen(r)}>
                  <span className={cx(styles.hxRowName, styles.hxBlock)}>{r.ocrBaseEntity?.title ?? r.title ?? t('health.emr.untitled')}</span>
                  <span className={cx(styles.hxRowMeta, styles.hxBlock)}>{[r.ocrBaseEntity?.hospital ?? r.hospital, r.ocrBaseEntity?.department, r.ocrBaseEntity?.reportedAt ?? r.reportedAt ?? fmtDate(r.createTime)].filter(Boolean).join(' · ')}</span>
                </button>
                <button type="button" className={styles.hxRowDel} onClick={() => void remove(r)} data-testid="emr-delete">
                  {t('health.delete')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {open ? <EditSheet r={open} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}

function EditSheet({ r, onClose }: { r: Record; onClose: () => void }) {
  const { t } = useTranslation();
  const e = r.ocrBaseEntity;
  const [title, setTitle] = useState(e?.title ?? r.title ?? '');
  const [hospital, setHospital] = useState(e?.hospital ?? r.hospital ?? '');
  const [department, setDepartment] = useState(e?.department ?? '');
  const [date, setDate] = useState(e?.reportedAt ?? r.reportedAt ?? '');
  const [text, setText] = useState(e?.text ?? '');
  const edit = useMutation({
    mutationFn: () => api.call(routes.folder.ocrMedicalEdit, { body: { id: r.id, title: title.trim(), hospital: hospital.trim(), department: department.trim(), ...(date.trim() ? { reportedAt: date.trim() } : {}), text } }),
    onSuccess: changed,
  });

  async function save() {
    try {
      await edit.mutateAsync();
      toast(t('health.saved'), 'success');
      onClose();
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName={styles.hxSheet} destroyOnClose>
      <div className={styles.hxSheetHead}>
        <button type="button" className={styles.hxSheetCancel} onClick={onClose}>
          {t('health.cancel')}
        </button>
        <h2 className={styles.hxSheetTitle}>{t('health.emr.editTitle')}</h2>
        <span className={styles.hxSheetSide} />
      </div>
      <div className={styles.hxSheetBody} data-testid="emr-form">
        <TextField label={t('health.emr.recordTitle')} value={title} onChange={(v) => setTitle(v.slice(0, REPORT_LIMITS.nameMax))} testId="emr-title" />
        <TextField label={t('health.emr.hospital')} value={hospital} onChange={(v) => setHospital(v.slice(0, REPORT_LIMITS.nameMax))} />
        <TextField label={t('health.emr.department')} value={department} onChange={(v) => setDepartment(v.slice(0, REPORT_LIMITS.nameMax))} />
        <TextField label={t('health.emr.date')} value={date} onChange={(v) => setDate(v.slice(0, 16))} placeholder={t('health.emr.datePlaceholder')} />
        <TextAreaField label={t('health.emr.text')} value={text} onChange={(v) => setText(v.slice(0, 20_000))} rows={6} />
      </div>
      <div className={styles.hxSheetFoot}>
        <button type="button" className="btn" disabled={edit.isPending} onClick={() => void save()} data-testid="emr-save">
          {t('health.save')}
        </button>
      </div>
    </Popup>
  );
}
