import { emptyBody } from '../schemas/common.ts';
import { PREFIX, route } from './define.ts';
import * as k from '../pkg/schemas.ts';

const core = PREFIX.rehabCore;
const plan = PREFIX.rehabPlan;
const ah = 'account-health' as const;
/** Marks a path we designed: the spec lists the capability but says "Exact paths: not shown". */
const ours = '(path ours: spec says not shown)';

/** Rehab service (account-health §7 "Rehab service", "Other", "Medicine and files"). */
export const rehabRoutes = {
  rongGetToken: route({ prefix: core, path: '/toc/rong/getToken', method: 'GET', area: 'im', spec: ah, summary: 'Token for the instant-messaging (Rong) connection of rehab consultations' }),
  chatRehabFileUpload: route({ prefix: core, path: '/toc/chatRehab/fileUpload', area: 'media', spec: ah, multipart: true, summary: 'Upload a file for a rehab package (multipart, field file)' }),
  chatRehabImFileUpload: route({ prefix: core, path: '/toc/chatRehab/imFileUpload', area: 'im', spec: ah, multipart: true, summary: 'Upload a file to send in a rehab IM conversation (multipart, field file)' }),
  packageRecords: route({ prefix: core, path: '/toc/package/records', area: 'pkg', spec: ah, summary: `The operator's rehab packages and the user's package records ${ours}`, body: k.PackageRecordsReq, response: k.PackageRecordsRes }),
  doctorHomepage: route({ prefix: core, path: '/toc/doctor/homepage', area: 'pkg', spec: ah, summary: `A rehab doctor's or team's homepage ${ours}` }),
  orderCreate: route({ prefix: core, path: '/toc/order/create', area: 'pkg', spec: ah, summary: `Create a rehab package order (idempotencyKey: a retry answers the same order) ${ours}`, body: k.OrderCreateReq, response: k.Order }),
  orderPay: route({ prefix: core, path: '/toc/order/pay', area: 'pkg', spec: ah, summary: `Start payment of an order (orderNo): the provider's pay page; a retry reuses the open payment ${ours}`, body: k.OrderNoReq, response: k.OrderPayRes }),
  orderQuery: route({ prefix: core, path: '/toc/order/query', area: 'pkg', spec: ah, summary: `State of an order (orderNo) ${ours}`, body: k.OrderNoReq, response: k.Order }),
  orderCancel: route({ prefix: core, path: '/toc/order/cancel', area: 'pkg', spec: ah, summary: `Cancel an unpaid order ${ours}`, body: k.OrderNoReq, response: k.Order }),
  orderRefund: route({ prefix: core, path: '/toc/order/refund', area: 'pkg', spec: ah, summary: `Request a refund of an order ${ours}`, body: k.OrderRefundReq, response: k.Order }),
  orderList: route({ prefix: core, path: '/toc/order/list', area: 'pkg', spec: ah, summary: `The user's orders ${ours}`, body: k.OrderListReq, response: k.OrderListRes }),
  orderWaitingCount: route({ prefix: core, path: '/toc/order/waitingCount', area: 'pkg', spec: ah, summary: `Number of paid orders of the same package waiting ahead of this one (orderNo) ${ours}`, body: k.OrderNoReq, response: k.WaitingCountRes }),
  members: route({ prefix: core, path: '/toc/members', area: 'pkg', spec: ah, summary: `The account's members with their active package orders (choose the member) ${ours}`, body: emptyBody, response: k.MembersRes }),
  consultEvaluation: route({ prefix: core, path: '/toc/consult/evaluation', area: 'pkg', spec: ah, summary: `Evaluate a rehab consultation or doctor team ${ours}` }),
  imHistory: route({ prefix: core, path: '/toc/im/history', area: 'im', spec: ah, summary: `Message history of a rehab IM group (groupId) ${ours}` }),
  imRead: route({ prefix: core, path: '/toc/im/read', area: 'im', spec: ah, summary: `Mark a rehab IM group's messages as read ${ours}` }),
  consultStart: route({ prefix: core, path: '/toc/consult/start', area: 'im', spec: ah, summary: `Start a rehab consultation (doctorRole, teamId, patientId) ${ours}` }),
  consultFindExpert: route({ prefix: core, path: '/toc/consult/findExpert', area: 'im', spec: ah, summary: `Find an expert for a rehab consultation ${ours}` }),
  remindDoctor: route({ prefix: core, path: '/toc/remindDoctor', area: 'im', spec: ah, summary: `Remind the doctor to reply ${ours}` }),
  userSubmitInfo: route({ prefix: core, path: '/toc/userSubmitInfo', area: 'pkg', spec: ah, summary: `Submit the patient's information for a paid order: the service starts ${ours}`, body: k.UserSubmitInfoReq, response: k.Order }),
  payNotifySandbox: route({ prefix: core, path: '/pb/pay/notify/sandbox', area: 'pkg', spec: 'extension', summary: 'Signed payment notification from the sandbox provider (HMAC-SHA256)', body: k.PayNotifyReq, response: k.PayNotifyRes }),
} as const;

/** Rehab plan service (account-health §7 "Plan service"). */
export const rehabPlanRoutes = {
  calendarState: route({ prefix: plan, path: '/toc/plan/calendarState', area: 'plan', spec: ah, summary: `Per-day completion state of the rehab plan for a month (planId) ${ours}` }),
  dailyLife: route({ prefix: plan, path: '/toc/plan/dailyLife', area: 'plan', spec: ah, summary: `Daily-life data of the plan for a date (planId, currentDate) ${ours}` }),
  foodAdvice: route({ prefix: plan, path: '/toc/plan/foodAdvice', area: 'plan', spec: ah, summary: `Food advice for the current stage ${ours}` }),
  currentStage: route({ prefix: plan, path: '/toc/plan/currentStage', area: 'plan', spec: ah, summary: `The current stage of the rehab plan ${ours}` }),
  stageList: route({ prefix: plan, path: '/toc/plan/stageList', area: 'plan', spec: ah, summary: `All stages of the rehab plan ${ours}` }),
  noticeByDate: route({ prefix: plan, path: '/toc/plan/noticeByDate', area: 'plan', spec: ah, summary: `Plan notices for a date ${ours}` }),
  selfAssess: route({ prefix: plan, path: '/toc/plan/selfAssess', area: 'plan', spec: ah, summary: `Submit a self-assessment (painScore) ${ours}` }),
  foodList: route({ prefix: plan, path: '/toc/plan/foodList', area: 'plan', spec: ah, summary: `Recommended food list ${ours}` }),
  foodListRefresh: route({ prefix: plan, path: '/toc/plan/foodList/refresh', area: 'plan', spec: ah, summary: `Refresh the recommended food list ${ours}` }),
  questions: route({ prefix: plan, path: '/toc/plan/questions', area: 'plan', spec: ah, summary: `Plan questions, paged (pageNum 1, pageSize 1000) ${ours}` }),
  recommendRefresh: route({ prefix: plan, path: '/toc/plan/recommend/refresh', area: 'plan', spec: ah, summary: `Refresh the plan's recommendations ${ours}` }),
  medicalTakeIn: route({ prefix: plan, path: '/toc/plan/medicalTakeIn', area: 'plan', spec: ah, summary: `Record that a planned medicine was taken ${ours}` }),
  checkIn: route({ prefix: plan, path: '/toc/plan/checkIn', area: 'plan', spec: ah, summary: `Check in a plan task for the day ${ours}` }),
  exerciseFeedback: route({ prefix: plan, path: '/toc/plan/exercise/feedback', area: 'plan', spec: ah, summary: `Feedback on an exercise (assessResult, assessResultSub, assessDesc) ${ours}` }),
  recommendRead: route({ prefix: plan, path: '/toc/plan/recommendRead', area: 'plan', spec: ah, summary: `Mark a recommended article as read ${ours}` }),
  exerciseComplete: route({ prefix: plan, path: '/toc/plan/exercise/complete', area: 'plan', spec: ah, summary: `Mark an exercise as completed ${ours}` }),
} as const;
