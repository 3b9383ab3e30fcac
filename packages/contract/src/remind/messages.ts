// The remind module's user-facing messages, with no zod schemas: errors.ts (and the web's first
// screen through it) imports these without pulling in schemas.ts.
export const REMIND_MSG = {
  titleMedicine: '用药提醒',
  titleReview: '复查提醒',
  planMissing: '用药提醒不存在',
  recordMissing: '提醒记录不存在',
  noTimes: '请至少设置一个提醒时间',
  badTime: '提醒时间格式应为 HH:mm',
  duplicateTime: '提醒时间不能重复',
  noWeekdays: '请选择每周提醒的日子',
  noInterval: '请设置间隔天数',
  endBeforeStart: '结束日期不能早于开始日期',
  badTimeZone: '时区不正确',
  nameEmpty: '请输入药品名称',
  tooManyPlans: '该成员的用药提醒已达上限',
  planMissingReview: '复查计划不存在',
  reportNotReady: '报告尚未解读完成',
  noFollowUp: '这份报告暂无需要复查的项目',
  checkDatePast: '复查日期不能早于今天',
  checkDateTooFar: '复查日期不能晚于两年后',
  checkDateEarly: '早于建议的复查时间，指标可能还未变化',
} as const;
