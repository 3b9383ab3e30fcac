import { z } from 'zod';
import { idParam } from '../schemas/common.ts';
import { PKG_MSG } from './messages.ts';

export { PKG_MSG };

/**
 * Rehab packages, orders and payment (account-health §7 "Rehab service"; issue 21 "Packages,
 * orders and payment"). Served by apps/server/src/modules/pkg. Amounts are integer fen.
 */

/**
 * Order states. A package is "active" from status 2 (account-health §8: has package = first
 * package status 2 or higher): paid, in service, completed.
 */
export const ORDER_STATUS = {
  created: 1,
  paid: 2,
  inService: 3,
  completed: 4,
  refundRequested: 5,
  refunded: 6,
  cancelled: 9,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  1: '待支付',
  2: '已支付',
  3: '服务中',
  4: '已完成',
  5: '退款中',
  6: '已退款',
  9: '已取消',
};


export const PKG_LIMITS = {
  /** An unpaid order is cancelled this long after creation (ms). */
  payTtlMs: 30 * 60_000,
  /** The sandbox provider's notifications: attempts and the pause before each (ms). */
  notifyAttempts: 3,
  notifyDelayMs: 50,
  /** A notification older (or newer) than this is refused (ms). */
  notifySkewMs: 5 * 60_000,
  pageSizeMax: 50,
} as const;

export const PackageItem = z.object({
  id: z.number().int(),
  name: z.string(),
  priceFen: z.number().int(),
  durationDays: z.number().int(),
  team: z.string(),
  includes: z.array(z.string()),
  intro: z.string(),
});
export type PackageItem = z.infer<typeof PackageItem>;

const orderNo = z.string().trim().regex(/^[A-Z0-9]{8,40}$/, '订单号不正确');
/** Client-supplied idempotency key: the same key and body answer the same order. */
const idemKey = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号需为8-64位字母、数字、-或_');

export const Order = z.object({
  orderNo: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  userInfoId: z.number().int(),
  memberName: z.string(),
  amountFen: z.number().int(),
  status: z.number().int(),
  statusText: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  serviceStart: z.string().nullable(),
  serviceEnd: z.string().nullable(),
  infoSubmitted: z.boolean(),
  /** The provider's pay page while a payment is open. */
  payUrl: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const PackageRecordsReq = z.object({ packageId: idParam.optional() }).optional();
export const PackageRecordsRes = z.object({ packages: z.array(PackageItem), records: z.array(Order) });

export const OrderCreateReq = z.object({ packageId: idParam, userInfoId: idParam, idempotencyKey: idemKey });
export const OrderNoReq = z.object({ orderNo });
export const OrderRefundReq = z.object({ orderNo, reason: z.string().trim().max(200, '退款原因最多200个字').optional() });
export const OrderPayRes = z.object({ order: Order, payUrl: z.string().nullable(), tradeNo: z.string().nullable() });
export const OrderListReq = z.object({ status: z.coerce.number().int().min(0).max(9).optional(), pageNum: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(PKG_LIMITS.pageSizeMax).default(20) }).optional();
export const OrderListRes = z.object({ total: z.number().int(), list: z.array(Order) });
export const WaitingCountRes = z.object({ count: z.number().int() });

export const PkgMember = z.object({ id: z.number().int(), name: z.string(), roleName: z.string(), isSelf: z.boolean(), activeOrders: z.number().int() });
export const MembersRes = z.array(PkgMember);

export const UserSubmitInfoReq = z.object({
  orderNo,
  contactPhone: z.string().trim().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号'),
  description: z.string().trim().min(1, '请填写病情描述').max(1000, '病情描述最多1000个字'),
  surgeryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确').optional(),
});

/** The sandbox provider's signed notification (our callback). */
export const PayNotifyReq = z.object({
  notifyId: z.string().min(1).max(64),
  tradeNo: z.string().min(1).max(64),
  orderNo: z.string().min(1).max(64),
  amountFen: z.number().int().min(0).max(2_147_483_647),
  event: z.enum(['pay.succeeded', 'pay.failed', 'refund.succeeded']),
  timestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  signature: z.string().regex(/^[0-9a-f]{64}$/, '签名格式不正确'),
});
export type PayNotify = z.infer<typeof PayNotifyReq>;
export const PayNotifyRes = z.object({ received: z.literal(true) });
