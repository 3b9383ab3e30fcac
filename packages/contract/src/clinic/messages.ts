// The clinic module's user-facing messages, with no zod schemas: errors.ts (and the web's first
// screen through it) imports these without pulling in schemas.ts.
export const CLINIC_MSG = {
  loginFailed: '手机号或密码错误',
  notDoctor: '请使用医生账号登录',
  noDoctor: '该服务团队暂无可接诊的医生',
  notInService: '订单支付后才能开始问诊',
  consultGone: '问诊不存在或已结束',
  consultClosed: '本次问诊已结束',
  notYourPatient: '只能查看本人接诊且进行中的问诊',
  verifyGone: '审核记录不存在',
  dialogGone: '该回答不存在',
  needConsult: '请先购买服务包并开始问诊，再请医生审核',
  planGone: '康复计划不存在',
  taskGone: '计划中没有该项任务',
  notPlanDay: '该日期不在计划内',
  notExercise: '该任务不是康复训练',
  notMedicine: '该任务不是用药任务',
  articleGone: '推荐阅读不存在',
  emptyMessage: '请输入消息内容',
  imageGone: '图片不存在',
  remindTooSoon: '已提醒医生，请稍后再试',
} as const;
