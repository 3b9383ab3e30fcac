import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { Link } from 'react-router';
import { routes, type MemberDetail } from '@chatdr/contract';
import { REPORT_LIMITS } from '@chatdr/contract/report/schemas';
import { api, toast, type DataOf } from '../../api';
import { queryClient } from '../../app/query-client';
import { Page } from '../../ui/Page';
import { ChoiceGroup } from '../../ui/Choice';
import { TextField } from '../../ui/Field';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { fk } from '../family/queries';
import { saveUploads } from '../folder/queries';
import { UploadPopup, type UploadedFile } from '../upload';
import { fmtDate } from './format';
import { ScopedMemberPage } from './scope';
import styles from './health.module.css';
import { useConfirmedDelete } from './confirm-delete';
import { cx } from '../../ui/cx';

type Medicine = DataOf<typeof routes.medicine.page>['list'][number];
const mk = (id: number) => ['health', 'medicine', id] as const;
const changed = () => {
  void queryClient.invalidateQueries({ queryKey: ['health', 'medicine'] });
  void queryClient.invalidateQueries({ queryKey: fk.all });
};

/** /user/medicine?id= — the member's medicine box (boxes read by OCR): edit, move to another member, delete. */
export default function MedicineBoxPage() {
  const { t } = useTranslation();
  return (
    <ScopedMemberPage title={t('health.med.title')} testId="medicine-page">
      {({ member, members, switcher }) => <Box member={member} members={members} switcher={switcher} />}
    </ScopedMemberPage>
  );
}

function Box({ member, members, switcher }: { member: MemberDetail; members: readonly MemberDetail[]; switcher: ReactNode }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: mk(member.id), queryFn: ({ signal }) => api.call(routes.medicine.page, { body: { userInfoId: member.id, pageNum: 1, pageSize: REPORT_LIMITS.pageSizeMax } }, { signal }) });
  const del = useMutation({ mutationFn: (id: number) => api.call(routes.medicine.delete, { body: { ids: [id] } }), onSuccess: changed });
  const [editing, setEditing] = useState<Medicine | null>(null);
  const [adding, setAdding] = useState(false);

  async function added(files: UploadedFile[]) {
    try {
      await saveUploads(
        member.id,
        files.map((f) => f.inputMediaId),
        'medicine',
      );
      changed();
      setAdding(false);
      toast(t('health.saved'), 'success');
    } catch {
      // Shown by the request layer.
    }
  }

  const remove = useConfirmedDelete((id) => del.mutateAsync(id));

  return (
    <Page
      title={t('health.med.title')}
      testId="medicine-page"
      backTo={withId('/user/mine', member.id)}
      footer={
        <button type="button" className="btn" onClick={() => setAdding(true)} data-testid="medicine-add">
          {t('health.med.add')}
        </button>
      }
    >
      {switcher}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadFailed onRetry={() => void q.refetch()} />
      ) : q.data.list.length === 0 ? (
        <Empty title={t('health.med.none')} desc={t('health.med.noneDesc')} testId="medicine-empty" />
      ) : (
        <section className={styles.hxCard}>
          <h2 className={styles.hxCardTitle}>
            {t('health.med.title')}
            <span className={styles.hxCardHint}>{t('health.med.total', { count: q.data.total })}</span>
          </h2>
          <ul className={styles.hxList} data-testid="medicine-list">
            {q.data.list.map((m) => (
              <li key={m.id} className={styles.hxRow} data-testid="medicine-row">
                <button type="button" className={cx(styles.hxRowMain, styles.hxLinkbtn, styles.hxRowBtn, 'hx-row__btn')} onClick={() => setEditing(m)}>
                  <span className={cx(styles.hxRowName, styles.hxBlock)}>{m.drugName ?? t('health.med.unnamed')}</span>
                  <span className={cx(styles.hxRowMeta, styles.hxBlock)}>{[m.spec, fmtDate(m.createTime)].filter(Boolean).join(' · ')}</span>
                </button>
                <Link className={styles.hxRowAct} to={`/med-remind/list?userId=${member.id}&medicineId=${m.id}&name=${encodeURIComponent(m.drugName ?? '')}`} data-testid="medicine-remind">
                  {t('health.med.remind')}
                </Link>
                <button type="button" className={styles.hxRowDel} onClick={() => void remove(m)} data-testid="medicine-delete">
                  {t('health.delete')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <UploadPopup visible={adding} scene="medicine" userInfoId={member.id} onClose={() => setAdding(false)} onDone={(f) => void added(f)} />
      {editing ? <EditSheet m={editing} member={member} members={members} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function EditSheet({ m, member, members, onClose }: { m: Medicine; member: MemberDetail; members: readonly MemberDetail[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [drugName, setDrugName] = useState(m.drugName ?? '');
  const [spec, setSpec] = useState(m.spec ?? '');
  const [to, setTo] = useState<string>(String(member.id));
  const edit = useMutation({ mutationFn: () => api.call(routes.medicine.edit, { body: { id: m.id, ...(drugName.trim() ? { drugName: drugName.trim() } : {}), spec: spec.trim() } }), onSuccess: changed });
  const move = useMutation({ mutationFn: (userInfoId: number) => api.call(routes.medicine.move, { body: { ids: [m.id], userInfoId } }), onSuccess: changed });
  const others = members.filter((x) => x.id !== member.id);

  async function save() {
    try {
      await edit.mutateAsync();
      if (to !== String(member.id)) {
        await move.mutateAsync(Number(to));
        toast(t('health.med.moved'), 'success');
      } else toast(t('health.saved'), 'success');
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
        <h2 className={styles.hxSheetTitle}>{t('health.med.editTitle')}</h2>
        <span className={styles.hxSheetSide} />
      </div>
      <div className={styles.hxSheetBody} data-testid="medicine-form">
        <TextField label={t('health.med.drugName')} value={drugName} onChange={(v) => setDrugName(v.slice(0, 50))} testId="medicine-name" />
        <TextField label={t('health.med.spec')} value={spec} onChange={(v) => setSpec(v.slice(0, 50))} placeholder={t('health.med.specPlaceholder')} testId="medicine-spec" />
        {others.length ? (
          <ChoiceGroup label={t('health.med.moveTo')} options={[member, ...others].map((x) => ({ value: String(x.id), label: x.name }))} value={to} onChange={setTo} testId="medicine-move" />
        ) : null}
      </div>
      <div className={styles.hxSheetFoot}>
        <button type="button" className="btn" disabled={edit.isPending || move.isPending} onClick={() => void save()} data-testid="medicine-save">
          {t('health.save')}
        </button>
      </div>
    </Popup>
  );
}
