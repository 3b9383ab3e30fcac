import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS as S, type Order } from '@chatdr/contract';
import { toast } from '../../api';
import { Cell, CellGroup } from '../../ui/Cell';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { Dialog } from '../../ui/antd';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/pkg';
import '../../i18n/im';
import { useCancelOrder, useCreateOrder, useOrder, useOrders, usePackages, usePayOrder, usePkgMembers, useRefundOrder, yuan } from './queries';
import styles from './pkg.module.css';

const num = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : 0);
const newKey = () => `w-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

function State({ q }: { q: { isPending: boolean; isError: boolean; refetch: () => unknown } }) {
  if (q.isPending) return <Loading page />;
  return <LoadFailed page onRetry={() => void q.refetch()} />;
}

/** /pkg/service/info?packageId= — a package (or all packages on sale) and 立即购买. */
export function ServiceInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = num(params.get('packageId'));
  const q = usePackages();
  const list = q.data?.packages.filter((p) => !id || p.id === id) ?? [];
  return (
    <Page title={id ? t('pkg.serviceTitle') : t('pkg.packagesTitle')} testId="pkg-info-page" backTo="/">
      {!q.data ? <State q={q} /> : list.length === 0 ? <Empty page title={t('pkg.noPackages')} /> : null}
      {list.map((p) => (
        <section key={p.id} className={styles.pkgCard} data-testid="pkg-card">
          <h2 className={styles.pkgCardName}>{p.name}</h2>
          <p className={styles.pkgCardPrice}>{yuan(p.priceFen)}</p>
          {p.intro ? <p className={styles.pkgCardIntro}>{p.intro}</p> : null}
          <dl className={styles.pkgFacts}>
            <dt>{t('pkg.duration')}</dt>
            <dd>{t('pkg.days', { n: p.durationDays })}</dd>
            <dt>{t('pkg.team')}</dt>
            <dd>{p.team}</dd>
          </dl>
          <p className={styles.pkgCardLabel}>{t('pkg.includes')}</p>
          <ul className={styles.pkgTags}>
            {p.includes.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          <a className="btn" href={`#/pkg/pay/users?packageId=${p.id}`} data-testid="pkg-buy">
            {t('pkg.buy')}
          </a>
        </section>
      ))}
    </Page>
  );
}

/** /pkg/pay/users?packageId= — choose the member the service is for. */
export function PayUsersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const packageId = num(params.get('packageId'));
  const q = usePkgMembers();
  return (
    <Page title={t('pkg.chooseTitle')} testId="pkg-users-page" backTo={`/pkg/service/info?packageId=${packageId}`}>
      {!q.data ? (
        <State q={q} />
      ) : (
        <CellGroup title={t('pkg.chooseHint')}>
          {q.data.map((m) => (
            <Cell key={m.id} title={m.name} desc={m.roleName} extra={m.activeOrders ? t('pkg.holding', { n: m.activeOrders }) : undefined} to={`/pkg/pay/order?packageId=${packageId}&userInfoId=${m.id}`} testId="pkg-member" />
          ))}
        </CellGroup>
      )}
    </Page>
  );
}

/** /pkg/pay/order?packageId=&userInfoId= — the order before it exists; 提交订单 creates it once (idempotency key). */
export function PayOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const packageId = num(params.get('packageId'));
  const userInfoId = num(params.get('userInfoId'));
  const pkgs = usePackages();
  const members = usePkgMembers();
  const create = useCreateOrder();
  // One key for this page: a double tap or a retry after a network error answers the same order.
  const [key] = useState(newKey);
  const p = pkgs.data?.packages.find((x) => x.id === packageId);
  const m = members.data?.find((x) => x.id === userInfoId);
  async function submit() {
    try {
      const o = await create.mutateAsync({ packageId, userInfoId, idempotencyKey: key });
      navigate(`/pkg/pay/confirm?orderNo=${o.orderNo}`, { replace: true });
    } catch {
      // Shown by the request layer.
    }
  }
  const ready = Boolean(p && m);
  return (
    <Page
      title={t('pkg.orderTitle')}
      testId="pkg-order-page"
      footer={
        <button type="button" className="btn" disabled={!ready || create.isPending} onClick={() => void submit()} data-testid="pkg-submit">
          {create.isPending ? <span className="spinner" aria-hidden /> : null}
          {t('pkg.submit')}
          {p ? ` ${yuan(p.priceFen)}` : ''}
        </button>
      }
    >
      {!pkgs.data || !members.data ? (
        <State q={!pkgs.data ? pkgs : members} />
      ) : !ready ? (
        <Empty page title={t('pkg.msg.packageGone')} />
      ) : (
        <CellGroup>
          <Cell title={p?.name} desc={t('pkg.days', { n: p?.durationDays ?? 0 })} />
          <Cell title={t('pkg.member')} extra={m?.name} />
          <Cell title={t('pkg.amount')} extra={<span className={styles.pkgAmount}>{yuan(p?.priceFen ?? 0)}</span>} />
        </CellGroup>
      )}
    </Page>
  );
}

const hm = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });

/** /pkg/pay/confirm?orderNo= — pay (the provider's page) or cancel. */
export function PayConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const q = useOrder(orderNo);
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const o = q.data;
  async function goPay() {
    try {
      const r = await pay.mutateAsync(orderNo);
      if (r.payUrl) window.location.assign(r.payUrl);
      else navigate(`/pkg/pay/success?orderNo=${orderNo}`, { replace: true });
    } catch {
      // Shown by the request layer.
    }
  }
  async function doCancel() {
    if (!(await Dialog.confirm({ content: t('pkg.cancelAsk'), confirmText: t('pkg.cancel'), cancelText: t('pkg.keep') }))) return;
    try {
      await cancel.mutateAsync(orderNo);
      navigate('/user/order', { replace: true });
    } catch {
      // Shown by the request layer.
    }
  }
  const open = o?.status === S.created;
  return (
    <Page
      title={t('pkg.confirmTitle')}
      testId="pkg-confirm-page"
      backTo="/user/order"
      footer={
        open ? (
          <div className={styles.pkgActions}>
            <button type="button" className="btn btn--ghost" disabled={cancel.isPending} onClick={() => void doCancel()} data-testid="pkg-cancel">
              {t('pkg.cancel')}
            </button>
            <button type="button" className="btn" disabled={pay.isPending} onClick={() => void goPay()} data-testid="pkg-pay">
              {pay.isPending ? <span className="spinner" aria-hidden /> : null}
              {t('pkg.pay')} {yuan(o.amountFen)}
            </button>
          </div>
        ) : undefined
      }
    >
      {!o ? (
        <State q={q} />
      ) : (
        <>
          <section className={styles.pkgCard}>
            <p className={styles.pkgCardLabel}>{t(`pkg.status.${o.status}`)}</p>
            <p className={styles.pkgCardPrice}>{yuan(o.amountFen)}</p>
            {o.expiresAt ? <p className={styles.pkgCardIntro}>{t('pkg.payBefore', { time: hm(o.expiresAt) })}</p> : null}
          </section>
          <OrderFacts o={o} />
        </>
      )}
    </Page>
  );
}

function OrderFacts({ o }: { o: Order }) {
  const { t } = useTranslation();
  return (
    <CellGroup>
      <Cell title={o.packageName} />
      <Cell title={t('pkg.member')} extra={o.memberName} />
      <Cell title={t('pkg.orderNo')} extra={<span className={styles.pkgMono}>{o.orderNo}</span>} />
    </CellGroup>
  );
}

/** /pkg/pay/success?orderNo= — where the provider's page returns; waits for the notification. */
export function PaySuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const q = useOrder(orderNo, true);
  // The notification usually lands within a second or two; after 15 s the page stops saying so.
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), 15_000);
    return () => clearTimeout(timer);
  }, []);
  const o = q.data;
  const ok = o && o.status !== S.created && o.status !== S.cancelled;
  const waiting = o?.status === S.created && patient;
  return (
    <Page title={t('pkg.successTitle')} testId="pkg-success-page" backTo="/" footer={<a className="btn" href="#/user/order" data-testid="pkg-orders">{t('pkg.viewOrders')}</a>}>
      {!o ? (
        <State q={q} />
      ) : (
        <>
          <section className={cx(styles.pkgResult, ok && styles.pkgResultOk)} data-testid="pkg-result">
            <span className={styles.pkgResultMark} aria-hidden>{ok ? '✓' : waiting ? '…' : '!'}</span>
            <h2>{ok ? t('pkg.paid') : waiting ? t('pkg.waiting') : t('pkg.notPaid')}</h2>
            <p>{ok ? t('pkg.paidDesc') : waiting ? '' : t('pkg.notPaidDesc')}</p>
          </section>
          <OrderFacts o={o} />
          {ok ? (
            <a className={cx('btn', 'btn--ghost', styles.pkgCertLink)} href={`#/pkg/pay/certificate?orderNo=${o.orderNo}`} data-testid="pkg-certificate">
              {t('cert.title')}
            </a>
          ) : null}
        </>
      )}
    </Page>
  );
}

/** /user/order — the account's orders: pay an unpaid one, request a refund of a paid one. */
export function UserOrderPage() {
  const { t } = useTranslation();
  const q = useOrders();
  const refund = useRefundOrder();
  async function askRefund(orderNo: string) {
    if (!(await Dialog.confirm({ content: t('pkg.refundAsk'), confirmText: t('pkg.refund'), cancelText: t('pkg.keep') }))) return;
    try {
      await refund.mutateAsync(orderNo);
      toast(t('pkg.refundSent'), 'success');
    } catch {
      // Shown by the request layer.
    }
  }
  return (
    <Page title={t('pkg.ordersTitle')} testId="user-order-page" backTo="/user">
      {!q.data ? <State q={q} /> : q.data.list.length === 0 ? <Empty page title={t('pkg.noOrders')} /> : null}
      {q.data?.list.map((o) => (
        <section key={o.orderNo} className={styles.pkgOrder} data-testid="order-item">
          <header className={styles.pkgOrderHead}>
            <span className={styles.pkgOrderName}>{o.packageName}</span>
            <span className={cx(styles.pkgOrderStatus, modifier(styles, 'pkgOrderStatus', String(o.status)))}>{t(`pkg.status.${o.status}`)}</span>
          </header>
          <p className={styles.pkgOrderMeta}>
            {t('pkg.member')}：{o.memberName} · {new Date(o.createdAt).toLocaleDateString('zh-CN')}
          </p>
          <footer className={styles.pkgOrderFoot}>
            <span className={styles.pkgAmount}>{yuan(o.amountFen)}</span>
            {o.status === S.created ? (
              <a className="btn btn--small" href={`#/pkg/pay/confirm?orderNo=${o.orderNo}`}>
                {t('pkg.pay')}
              </a>
            ) : o.status === S.paid || o.status === S.inService ? (
              <span className={styles.pkgOrderActs}>
                <a className="btn btn--small btn--ghost" href="#/user/plan" data-testid="order-plan">
                  {t('im.plan')}
                </a>
                <a className="btn btn--small" href={`#/im/chat?orderNo=${o.orderNo}`} data-testid="order-consult">
                  {t('im.start')}
                </a>
                <button type="button" className="btn btn--small btn--ghost" disabled={refund.isPending} onClick={() => void askRefund(o.orderNo)} data-testid="order-refund">
                  {t('pkg.refund')}
                </button>
              </span>
            ) : null}
          </footer>
        </section>
      ))}
    </Page>
  );
}
