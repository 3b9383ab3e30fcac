import { useCallback, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { VERIFY_STATUS, routes, type Consultation, type ImMessage, type Verification } from '@chatdr/contract';
import { toast } from '../../api';
import { Dialog } from '../../ui/antd';
import { cx } from '../../ui/cx';
import { Empty, Loading } from '../../ui/States';
import '../../i18n/im';
import { ImBubbles } from '../im/ImPages';
import { useImThread } from '../im/use-im';
import { clinicApi, doctorToken } from './clinic-api';
import styles from './clinic.module.css';

const C = routes.clinic;

/** /clinic — the clinician workspace (desktop, 1440×900): login, then the queue, chat and file. */
export default function ClinicApp() {
  const token = useSyncExternalStore(doctorToken.subscribe, doctorToken.read);
  return <div className={styles.clinic}>{token ? <Workspace /> : <Login />}</div>;
}

function Login() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: () => clinicApi.call(C.login, { body: { phone, password } }), onSuccess: (r) => doctorToken.write(r.token) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
  return (
    <main className={styles.clinicLogin} data-testid="clinic-login">
      <form className={cx(styles.clinicCard, styles.clinicLoginCard)} onSubmit={submit}>
        <h1>{t('clinic.brand')}</h1>
        <h2>{t('clinic.login')}</h2>
        <label className={styles.clinicField}>
          <span>{t('clinic.phone')}</span>
          <input value={phone} inputMode="numeric" maxLength={11} onChange={(e) => setPhone(e.target.value)} data-testid="clinic-phone" />
        </label>
        <label className={styles.clinicField}>
          <span>{t('clinic.password')}</span>
          <input type="password" value={password} maxLength={64} onChange={(e) => setPassword(e.target.value)} data-testid="clinic-password" />
        </label>
        <button type="submit" className="btn" disabled={login.isPending} data-testid="clinic-submit">
          {t('clinic.submit')}
        </button>
      </form>
    </main>
  );
}

function Workspace() {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: ['clinic', 'me'], queryFn: () => clinicApi.call(C.me, { body: {} }) });
  const consults = useQuery({ queryKey: ['clinic', 'consults'], queryFn: () => clinicApi.call(C.consults, { body: {} }), refetchInterval: 5000 });
  const verifies = useQuery({ queryKey: ['clinic', 'verifies'], queryFn: () => clinicApi.call(C.verifyList, { body: {} }), refetchInterval: 5000 });
  const [tab, setTab] = useState<'consults' | 'verifies'>('consults');
  const [sel, setSel] = useState<number | null>(null);
  const [vsel, setVsel] = useState<number | null>(null);
  const current = consults.data?.find((c) => c.consultId === sel) ?? null;
  const verify = verifies.data?.find((v) => v.chatVerifyId === vsel) ?? null;
  const pendingVerifies = verifies.data?.filter((v) => v.status === VERIFY_STATUS.pending).length ?? 0;
  const logout = async () => {
    await clinicApi.call(C.logout, { body: {} }).catch(() => undefined);
    doctorToken.write(null);
  };
  return (
    <>
      <header className={styles.clinicTop}>
        <span className={styles.clinicTopBrand}>{t('clinic.brand')}</span>
        <span className={styles.clinicTopMe} data-testid="clinic-me">
          {me.data ? `${me.data.name} · ${me.data.title} · ${me.data.hospital} ${me.data.department}` : ''}
        </span>
        <button type="button" className="btn btn--small btn--ghost" onClick={() => void logout()}>
          {t('clinic.logout')}
        </button>
      </header>
      <div className={styles.clinicBody}>
        <aside className={styles.clinicSide}>
          <div className={styles.clinicTabs} role="tablist">
            <button type="button" role="tab" aria-selected={tab === 'consults'} className={cx(styles.clinicTab, tab === 'consults' && styles.isOn)} onClick={() => setTab('consults')} data-testid="tab-consults">
              {t('clinic.consults')}
            </button>
            <button type="button" role="tab" aria-selected={tab === 'verifies'} className={cx(styles.clinicTab, tab === 'verifies' && styles.isOn)} onClick={() => setTab('verifies')} data-testid="tab-verifies">
              {t('clinic.verifies')}
              {pendingVerifies ? <span className={styles.clinicBadge}>{pendingVerifies}</span> : null}
            </button>
          </div>
          {tab === 'consults' ? (
            !consults.data ? (
              <Loading />
            ) : consults.data.length === 0 ? (
              <Empty title={t('clinic.noConsults')} />
            ) : (
              consults.data.map((c) => (
                <button key={c.consultId} type="button" className={cx(styles.clinicItem, sel === c.consultId && styles.isOn, c.status === 2 && styles.isClosed)} onClick={() => setSel(c.consultId)} data-testid="clinic-consult">
                  <span className={styles.clinicItemHead}>
                    <b>{c.patientName}</b>
                    <span className={styles.clinicItemStatus}>{c.statusText}</span>
                    {c.unread ? <span className={styles.clinicBadge}>{c.unread}</span> : null}
                  </span>
                  <span className={styles.clinicItemSub}>{c.packageName}</span>
                  <span className={cx(styles.clinicItemSub, styles.clinicMono)}>{c.orderNo}</span>
                  <span className={styles.clinicItemLast}>{c.lastText}</span>
                </button>
              ))
            )
          ) : !verifies.data ? (
            <Loading />
          ) : verifies.data.length === 0 ? (
            <Empty title={t('clinic.noVerifies')} />
          ) : (
            verifies.data.map((v) => (
              <button key={v.chatVerifyId} type="button" className={cx(styles.clinicItem, vsel === v.chatVerifyId && styles.isOn)} onClick={() => setVsel(v.chatVerifyId)} data-testid="clinic-verify-item">
                <span className={styles.clinicItemHead}>
                  <b>{v.patientName}</b>
                  <span className={styles.clinicItemStatus}>{v.status === VERIFY_STATUS.pending ? v.statusText : t('clinic.verified')}</span>
                </span>
                <span className={styles.clinicItemLast}>{v.question}</span>
              </button>
            ))
          )}
        </aside>
        {tab === 'consults' ? (
          current ? (
            <ConsultView key={current.consultId} c={current} onChanged={() => void consults.refetch()} />
          ) : (
            <section className={cx(styles.clinicMain, styles.clinicEmpty)}>{t('clinic.pick')}</section>
          )
        ) : verify ? (
          <VerifyView key={verify.chatVerifyId} v={verify} onDone={() => void verifies.refetch()} />
        ) : (
          <section className={cx(styles.clinicMain, styles.clinicEmpty)}>{t('clinic.pick')}</section>
        )}
      </div>
    </>
  );
}

const doctorImToken = async () => (await clinicApi.call(C.imToken, { body: {} })).token;

function ConsultView({ c, onChanged }: { c: Consultation; onChanged: () => void }) {
  const { t } = useTranslation();
  const history = useCallback((groupId: string, beforeSeq?: number): Promise<{ list: ImMessage[]; hasMore: boolean; peerReadSeq: number }> => clinicApi.call(C.history, { body: { groupId, pageSize: 30, ...(beforeSeq ? { beforeSeq } : {}) } }), []);
  const open = c.status === 1;
  const thread = useImThread({ groupId: open ? c.groupId : null, me: 'doctor', token: doctorImToken, history, closedInitially: !open });
  const [text, setText] = useState('');
  const send = async (v: string) => {
    if (!v.trim()) return;
    setText('');
    try {
      await thread.send({ kind: 'text', text: v.trim() });
    } catch (e) {
      toast(e instanceof Error ? e.message : String(e));
    }
  };
  const close = async () => {
    if (!(await Dialog.confirm({ content: t('clinic.closeConfirm') }))) return;
    await clinicApi.call(C.close, { body: { consultId: c.consultId } }).catch(() => undefined);
    onChanged();
  };
  const quick = t('clinic.quickList', { returnObjects: true }) as string[];
  return (
    <>
      <section className={styles.clinicMain} data-testid="clinic-chat">
        <header className={styles.clinicMainHead}>
          <div>
            <b>{c.patientName}</b> · {c.packageName} · <span className={styles.clinicMono}>{c.orderNo}</span>
          </div>
          <span className={cx(styles.clinicConn, `is-${thread.status}`)} data-testid="clinic-conn" data-status={open ? thread.status : 'closed'}>
            {open ? t(`im.${thread.status}`) : c.statusText}
          </span>
          {open ? (
            <button type="button" className="btn btn--small btn--ghost" onClick={() => void close()} data-testid="clinic-close">
              {t('clinic.close')}
            </button>
          ) : null}
        </header>
        <div className={styles.clinicThread}>{open ? <ImBubbles messages={thread.messages} me="doctor" peerReadSeq={thread.peerReadSeq} peerName={c.patientName} /> : <Empty title={t('clinic.closeConfirm').split('，')[0] ?? ''} />}</div>
        {open ? (
          <footer className={styles.clinicComposer}>
            <div className={styles.clinicQuick}>
              <span>{t('clinic.quick')}：</span>
              {quick.map((q) => (
                <button key={q} type="button" className={styles.clinicChip} onClick={() => setText(q)}>
                  {q.slice(0, 14)}…
                </button>
              ))}
            </div>
            <div className={styles.clinicComposerRow}>
              <textarea value={text} maxLength={2000} rows={3} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && !e.shiftKey && (e.preventDefault(), void send(text))} data-testid="clinic-input" />
              <button type="button" className="btn" onClick={() => void send(text)} data-testid="clinic-send">
                {t('im.send')}
              </button>
            </div>
          </footer>
        ) : null}
      </section>
      {open ? <MemberPanel consultId={c.consultId} /> : <aside className={styles.clinicFile} />}
    </>
  );
}

function MemberPanel({ consultId }: { consultId: number }) {
  const { t } = useTranslation();
  const file = useQuery({ queryKey: ['clinic', 'file', consultId], queryFn: () => clinicApi.call(C.memberFile, { body: { consultId } }) });
  const f = file.data;
  const age = f?.profile.birthDate ? new Date().getFullYear() - Number(f.profile.birthDate.slice(0, 4)) : null;
  return (
    <aside className={styles.clinicFile} data-testid="clinic-file">
      <h3>{t('clinic.file')}</h3>
      {!f ? (
        <Loading />
      ) : (
        <>
          <section className={styles.clinicCard}>
            <h4>{t('clinic.profile')}</h4>
            <p data-testid="clinic-profile">
              <b>{f.profile.name}</b>（{f.profile.roleName}）{age !== null ? ` · ${t('clinic.age', { n: age })}` : ''}
              {f.profile.height ? ` · ${t('clinic.height', { n: f.profile.height })}` : ''}
              {f.profile.weight ? ` · ${t('clinic.weight', { n: f.profile.weight })}` : ''}
            </p>
            {f.submitInfo ? (
              <p>
                {t('clinic.info')}：{f.submitInfo.description}
              </p>
            ) : null}
          </section>
          <section className={styles.clinicCard}>
            <h4>{t('clinic.records')}</h4>
            <p>{f.records.length ? f.records.map((r) => r.name).join('、') : t('clinic.none')}</p>
            <h4>{t('clinic.reports')}</h4>
            <p>{f.reports.length ? f.reports.map((r) => r.title).join('、') : t('clinic.none')}</p>
          </section>
          <section className={styles.clinicCard}>
            <h4>{t('clinic.ai')}</h4>
            {f.aiDialogs.length === 0 ? <p>{t('clinic.none')}</p> : null}
            {f.aiDialogs.slice(0, 5).map((d) => (
              <p key={d.id} className={styles.clinicAi}>
                <b>问：</b>
                {d.question}
                <br />
                <b>答：</b>
                {d.answer.slice(0, 120)}
                {d.answer.length > 120 ? '…' : ''}
              </p>
            ))}
          </section>
          <PlanForm consultId={consultId} />
        </>
      )}
    </aside>
  );
}

/** Today on the patient's calendar (China Standard Time). */
const todayCst = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const KIND: Record<string, 'exercise' | 'medicine' | 'life'> = { 运动: 'exercise', 用药: 'medicine', 生活: 'life' };

function PlanForm({ consultId }: { consultId: number }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('膝关节术后康复计划');
  const [start, setStart] = useState(todayCst);
  const [stages, setStages] = useState('消肿期,14,控制肿胀与疼痛\n功能恢复期,16,恢复关节活动度');
  const [tasks, setTasks] = useState('运动,直腿抬高 3组×10次\n运动,踝泵练习 每小时20次\n用药,塞来昔布 每日1次 饭后');
  const [food, setFood] = useState('高蛋白饮食，多吃鸡蛋、牛奶、鱼肉；少油少盐。');
  const save = useMutation({
    mutationFn: () =>
      clinicApi.call(C.planCreate, {
        body: {
          consultId,
          title,
          startDate: start,
          stages: stages.split('\n').filter((l) => l.trim()).map((l) => {
            const [name = '', days = '7', goal = ''] = l.split(/[,，]/);
            return { name: name.trim(), days: Number(days) || 7, goal: goal.trim() };
          }),
          tasks: tasks.split('\n').filter((l) => l.trim()).map((l) => {
            const [kind = '', ...rest] = l.split(/[,，]/);
            return { kind: KIND[kind.trim()] ?? 'exercise', name: rest.join('，').trim() || kind.trim(), detail: '' };
          }),
          foodAdvice: food,
        },
      }),
    onSuccess: () => toast(t('clinic.planSaved'), 'success'),
  });
  return (
    <section className={styles.clinicCard} data-testid="clinic-plan">
      <h4>{t('clinic.planNew')}</h4>
      <label className={styles.clinicField}>
        <span>{t('clinic.planTitle')}</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} data-testid="plan-title" />
      </label>
      <label className={styles.clinicField}>
        <span>{t('clinic.planStart')}</span>
        <input type="date" value={start} onChange={(e) => setStart(e.target.value)} />
      </label>
      <label className={styles.clinicField}>
        <span>{t('clinic.planStages')}</span>
        <textarea rows={2} value={stages} onChange={(e) => setStages(e.target.value)} />
      </label>
      <label className={styles.clinicField}>
        <span>{t('clinic.planTasks')}</span>
        <textarea rows={3} value={tasks} onChange={(e) => setTasks(e.target.value)} />
      </label>
      <label className={styles.clinicField}>
        <span>{t('clinic.planFood')}</span>
        <textarea rows={2} value={food} onChange={(e) => setFood(e.target.value)} />
      </label>
      <button type="button" className="btn btn--small" disabled={save.isPending} onClick={() => save.mutate()} data-testid="plan-save">
        {save.isSuccess ? t('clinic.planSaved') : t('clinic.planSave')}
      </button>
    </section>
  );
}

function VerifyView({ v, onDone }: { v: Verification; onDone: () => void }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState(v.verifyRemark);
  const submit = useMutation({ mutationFn: (type: 'agreed' | 'corrected') => clinicApi.call(C.verifySubmit, { body: { chatVerifyId: v.chatVerifyId, verifyAnswerType: type, verifyRemark: remark } }), onSuccess: onDone });
  const done = v.status !== VERIFY_STATUS.pending;
  return (
    <section className={cx(styles.clinicMain, styles.clinicVerify)} data-testid="clinic-verify">
      <header className={styles.clinicMainHead}>
        <div>
          <b>{v.patientName}</b> · {t('verify.title')}
        </div>
        <span className={styles.clinicItemStatus} data-testid="clinic-verify-status">{done ? t('clinic.verified') : v.statusText}</span>
      </header>
      <div className={styles.clinicVerifyBody}>
        <h4>{t('verify.question')}</h4>
        <p>{v.question}</p>
        <h4>{t('verify.answer')}</h4>
        <p className={styles.clinicVerifyAnswer}>{v.answer}</p>
        {Object.keys(v.trace).length ? (
          <>
            <h4>Trace</h4>
            <pre className={styles.clinicTrace}>{JSON.stringify(v.trace, null, 1).slice(0, 1500)}</pre>
          </>
        ) : null}
        <textarea rows={3} placeholder={t('clinic.remarkPh')} value={remark} maxLength={1000} onChange={(e) => setRemark(e.target.value)} data-testid="verify-remark" />
        <div className={styles.clinicVerifyActions}>
          <button type="button" className="btn" disabled={submit.isPending} onClick={() => submit.mutate('agreed')} data-testid="verify-agree">
            {t('clinic.agree')}
          </button>
          <button type="button" className="btn btn--ghost" disabled={submit.isPending || !remark.trim()} onClick={() => submit.mutate('corrected')} data-testid="verify-correct">
            {t('clinic.correct')}
          </button>
        </div>
      </div>
    </section>
  );
}
