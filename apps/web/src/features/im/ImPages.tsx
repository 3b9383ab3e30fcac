import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ORDER_STATUS as S, VERIFY_STATUS, routes, type Consultation, type ImMessage } from '@chatdr/contract';
import { api, toast } from '../../api';
import { Cell, CellGroup } from '../../ui/Cell';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/im';
import { yuan } from '../pkg/queries';
import { uploadImImage, userHistory, userImToken } from './queries';
import { useImThread } from './use-im';
import styles from './im.module.css';
import pkgStyles from '../pkg/pkg.module.css';
import { PlanLinks } from './PlanScreens';

function State({ q }: { q: { isPending: boolean; refetch: () => unknown } }) {
  if (q.isPending) return <Loading className="state--page" />;
  return <LoadFailed className="state--page" onRetry={() => void q.refetch()} />;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' });

/** The bubbles of a conversation, shared by the patient's page and the clinician workspace. */
export function ImBubbles({ messages, me, peerReadSeq, peerName }: { messages: ImMessage[]; me: 'user' | 'doctor'; peerReadSeq: number; peerName: string }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // (Recent Chromium answers scrollIntoView with a promise: never return it as the cleanup.)
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);
  return (
    <div className="im-list" data-testid="im-list">
      {messages.map((m) =>
        m.sender === 'system' ? (
          <p key={m.seq} className={styles.imSystem}>{m.text}</p>
        ) : (
          <div key={m.seq} className={cx(styles.imMsg, m.sender === me && styles.imMsgMine)} data-testid="im-msg" data-sender={m.sender} data-seq={m.seq}>
            {m.sender !== me ? <span className={styles.imMsgWho}>{m.sender === 'doctor' ? `${peerName} · ${t('im.doctorTag')}` : peerName}</span> : null}
            <div className={styles.imMsgBubble}>{m.kind === 'image' && m.mediaUrl ? <img src={m.mediaUrl} alt={t('im.image')} className={styles.imMsgImg} data-testid="im-image" /> : m.text}</div>
            <span className={styles.imMsgMeta}>
              {time(m.createdAt)}
              {m.sender === me ? <span className={cx(styles.imMsgRead, m.seq <= peerReadSeq && styles.isRead)} data-testid="im-read">{m.seq <= peerReadSeq ? t('im.read') : t('im.unread')}</span> : null}
            </span>
          </div>
        ),
      )}
      <div ref={end} />
    </div>
  );
}

/** /im/chat?orderNo= — the patient's conversation with the doctor of a paid order. */
export function ImChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const consult = useQuery({ queryKey: ['im', 'consult', orderNo], queryFn: () => api.call(routes.rehab.consultStart, { body: { orderNo } }), enabled: orderNo !== '', retry: false });
  const c: Consultation | undefined = consult.data;
  const thread = useImThread({ groupId: c?.groupId ?? null, me: 'user', token: userImToken, history: userHistory, closedInitially: c?.status === 2 });
  const [text, setText] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const remind = useMutation({ mutationFn: () => api.call(routes.rehab.remindDoctor, { body: { groupId: c?.groupId ?? '' } }), onSuccess: () => toast(t('im.reminded'), 'success') });
  const send = async () => {
    const v = text.trim();
    if (!v) return;
    setText('');
    try {
      await thread.send({ kind: 'text', text: v });
    } catch (e) {
      toast(e instanceof Error ? e.message : String(e));
    }
  };
  const sendImage = async (f: File | undefined) => {
    if (!f) return;
    try {
      const mediaId = await uploadImImage(f);
      await thread.send({ kind: 'image', mediaId });
    } catch {
      toast(t('im.uploadFailed'));
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  const title = c ? `${c.doctor.name} · ${c.doctor.title}` : t('im.title');
  return (
    <Page title={title} testId="im-chat-page" backTo="/user/order" className={styles.imPage} right={c && !thread.closed ? <button type="button" className={cx('link-btn', styles.imRemind)} onClick={() => remind.mutate()} data-testid="im-remind">{t('im.remind')}</button> : undefined}>
      {!c ? <State q={consult} /> : null}
      {c ? (
        <>
          <p className={cx(styles.imStatus, modifier(styles, 'imStatus', thread.status))} data-testid="im-status" data-status={thread.status}>
            {thread.closed ? t('im.closed') : t(`im.${thread.status}`)}
          </p>
          {thread.hasMore ? <button type="button" className={cx('link-btn', styles.imOlder)} onClick={() => void thread.loadOlder()}>{t('im.older')}</button> : null}
          <ImBubbles messages={thread.messages} me="user" peerReadSeq={thread.peerReadSeq} peerName={c.doctor.name} />
          {thread.closed ? null : (
            <div className={styles.imComposer}>
              <button type="button" className="btn btn--small btn--ghost" onClick={() => file.current?.click()} data-testid="im-image-btn">{t('im.image')}</button>
              <input ref={file} type="file" accept="image/*" hidden onChange={(e) => void sendImage(e.target.files?.[0])} data-testid="im-file" />
              <input className={styles.imInput} value={text} maxLength={2000} placeholder={t('im.placeholder')} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void send()} data-testid="im-input" />
              <button type="button" className="btn btn--small" onClick={() => void send()} data-testid="im-send">{t('im.send')}</button>
            </div>
          )}
        </>
      ) : null}
    </Page>
  );
}

/** /chat/verify/:chatVerifyId — a doctor's review of an AI answer. */
export function ChatVerifyPage() {
  const { t } = useTranslation();
  const id = Number(useParams().chatVerifyId ?? 0);
  const q = useQuery({ queryKey: ['verify', id], queryFn: () => api.call(routes.rehab.chatVerifyDetail, { body: { chatVerifyId: id } }), enabled: id > 0, refetchInterval: (s) => (s.state.data?.status === VERIFY_STATUS.pending ? 5000 : false) });
  const v = q.data;
  return (
    <Page title={t('verify.title')} testId="chat-verify-page" backTo="/">
      {!v ? <State q={q} /> : null}
      {v ? (
        <>
          <section className={cx(styles.verifyCard, v.status !== VERIFY_STATUS.pending && 'verify-card--done')}>
            <span className={cx(styles.verifyBadge, v.status !== VERIFY_STATUS.pending && styles.isDone)} data-testid="verify-status">{v.statusText}</span>
            {v.status !== VERIFY_STATUS.pending ? <p className={styles.verifyVerdict}>{v.verifyAnswerType === 'corrected' ? t('verify.corrected') : t('verify.agreed')}</p> : <p className={styles.verifyVerdict}>{t('verify.pending')}</p>}
            {v.verifyRemark ? (
              <p className={styles.verifyRemark}>
                <b>{t('verify.remark')}：</b>
                {v.verifyRemark}
              </p>
            ) : null}
            {v.status !== VERIFY_STATUS.pending ? <p className={styles.verifyBy}>{t('verify.by')}：{v.doctorName} {v.doctorTitle}</p> : null}
          </section>
          <section className={styles.verifyQa}>
            <h3>{t('verify.question')}</h3>
            <p>{v.question}</p>
            <h3>
              {t('verify.answer')}
              {v.status !== VERIFY_STATUS.pending ? <span className={styles.verifyMark} data-testid="verified-mark">{t('verify.mark')}</span> : null}
            </h3>
            <p className="verify-answer">{v.answer}</p>
          </section>
        </>
      ) : null}
    </Page>
  );
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** /user/plan — the rehab plan the doctor made: stage, today's tasks with check-in, food advice. */
export function UserPlanPage() {
  const { t } = useTranslation();
  const cur = useQuery({ queryKey: ['plan', 'current'], queryFn: () => api.call(routes.rehabPlan.currentStage, { body: {} }) });
  const plan = cur.data?.plan ?? null;
  const date = today();
  const day = useQuery({ queryKey: ['plan', 'day', plan?.planId, date], queryFn: () => api.call(routes.rehabPlan.dailyLife, { body: { planId: plan?.planId ?? 0, currentDate: date } }), enabled: plan !== null });
  const check = useMutation({ mutationFn: (taskId: string) => api.call(routes.rehabPlan.checkIn, { body: { planId: plan?.planId ?? 0, currentDate: date, taskId } }), onSuccess: () => void day.refetch() });
  return (
    <Page title={t('plan.title')} testId="user-plan-page" backTo="/user">
      {!cur.data ? <State q={cur} /> : !plan ? <Empty className="state--page" title={t('plan.none')} /> : null}
      {plan ? (
        <>
          <section className={styles.planHead}>
            <h2>{plan.title}</h2>
            <p>
              {plan.patientName} · {plan.doctorName} · {plan.startDate} ~ {plan.endDate}
            </p>
            <p className={styles.planStage} data-testid="plan-stage">
              {t('plan.stage')}：{cur.data?.stage?.name ?? ''} · {t('plan.day', { n: cur.data?.dayInPlan ?? 1 })}
            </p>
          </section>
          <PlanLinks planId={plan.planId} />
          <CellGroup title={day.data ? t('plan.progress', { done: day.data.done, total: day.data.total }) : t('plan.today')}>
            {day.data?.tasks.map((k) => (
              <Cell
                key={k.taskId}
                title={k.name}
                desc={t(`plan.kind.${k.kind}`)}
                testId="plan-task"
                extra={
                  k.done ? (
                    <span className={styles.planDone} data-testid="plan-done">{t('plan.done')}</span>
                  ) : (
                    <button type="button" className="btn btn--small" disabled={check.isPending} onClick={() => check.mutate(k.taskId)} data-testid="plan-checkin">
                      {t('plan.checkIn')}
                    </button>
                  )
                }
              />
            ))}
          </CellGroup>
          <CellGroup title={t('plan.stages')}>
            {plan.stages.map((s, i) => (
              <Cell key={s.name} title={`${i + 1}. ${s.name}`} desc={s.goal || undefined} extra={t('plan.days', { n: s.days })} />
            ))}
          </CellGroup>
          {plan.foodAdvice ? (
            <CellGroup title={t('plan.food')}>
              <p className={styles.planFood}>{plan.foodAdvice}</p>
            </CellGroup>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}

/** /pkg/pay/certificate?orderNo= — the service certificate of a paid order. */
export function CertificatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const q = useQuery({ queryKey: ['pkg', 'order', orderNo], queryFn: () => api.call(routes.rehab.orderQuery, { body: { orderNo } }), enabled: orderNo !== '' });
  const o = q.data;
  const holding = o && (o.status === S.paid || o.status === S.inService || o.status === S.completed);
  return (
    <Page title={t('cert.title')} testId="pkg-certificate-page" backTo="/user/order" footer={holding ? <button type="button" className="btn" onClick={() => navigate(`/im/chat?orderNo=${orderNo}`)} data-testid="cert-consult">{t('cert.consult')}</button> : undefined}>
      {!o ? <State q={q} /> : null}
      {o ? (
        <section className={styles.cert} data-testid="certificate">
          <h2 className={styles.certHead}>{t('cert.heading')}</h2>
          <dl className={styles.certFacts}>
            <dt>{t('cert.package')}</dt>
            <dd>{o.packageName}</dd>
            <dt>{t('cert.member')}</dt>
            <dd>{o.memberName}</dd>
            <dt>{t('cert.amount')}</dt>
            <dd>{yuan(o.amountFen)}</dd>
            <dt>{t('cert.paidAt')}</dt>
            <dd>{o.paidAt ? new Date(o.paidAt).toLocaleString('zh-CN') : '-'}</dd>
            <dt>{t('cert.orderNo')}</dt>
            <dd className={pkgStyles.pkgMono}>{o.orderNo}</dd>
          </dl>
          <p className={styles.certStatus}>{o.statusText}</p>
        </section>
      ) : null}
    </Page>
  );
}
