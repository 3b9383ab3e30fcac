// The pkg module's user-facing messages, with no zod schemas: errors.ts (and the web's first
// screen through it) imports these without pulling in schemas.ts.
export const PKG_MSG = {
  packageGone: '套餐不存在或已下架',
  orderGone: '订单不存在',
  notPayable: '订单当前状态不能支付',
  notCancellable: '只有待支付的订单可以取消',
  notRefundable: '订单当前状态不能申请退款',
  notSubmittable: '订单支付后才能提交信息',
  keyReused: '该请求编号已用于另一个订单',
  expired: '订单已超时未支付，已自动取消',
  payFailed: '支付未成功，请重试',
  notifyRefused: '通知未通过校验',
  payUnavailable: '暂未开通在线支付',
  providerDown: '支付渠道暂时无法连接，请稍后再试',
} as const;
