import { emptyBody } from '../schemas/common.ts';
import { PREFIX, route } from './define.ts';
import * as k from '../pkg/schemas.ts';
import * as c from '../clinic/schemas.ts';

const core = PREFIX.rehabCore;
const plan = PREFIX.rehabPlan;
const ah = 'account-health' as const;
/** Marks a path we designed: the spec lists the capability but says "Exact paths: not shown". */
const ours = '(path ours: spec says not shown)';

/** Rehab service (account-health §7 "Rehab service", "Other", "Medicine and files"). */
export const rehabRoutes = {
  rongGetToken: route({ prefix: core, path: '/toc/rong/getToken', method: 'GET', area: 'im', spec: ah, summary: 'Token for the instant-messaging connection of rehab consultations (our socket.io channel; a RongCloud provider would answer its own)', response: c.ImTokenRes }),
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
  imHistory: route({ prefix: core, path: '/toc/im/history', area: 'im', spec: ah, summary: `Message history of a rehab IM group (groupId), paged by beforeSeq ${ours}`, body: c.ImHistoryReq, response: c.ImHistoryRes }),
  imRead: route({ prefix: core, path: '/toc/im/read', area: 'im', spec: ah, summary: `Mark a rehab IM group's messages as read up to seq ${ours}`, body: c.ImReadReq, response: c.ImReadRes }),
  consultStart: route({ prefix: core, path: '/toc/consult/start', area: 'im', spec: ah, summary: `Start (or reopen) the consultation of a paid order with a doctor of the package's team ${ours}`, body: c.ConsultStartReq, response: c.Consultation }),
  consultFindExpert: route({ prefix: core, path: '/toc/consult/findExpert', area: 'im', spec: ah, summary: `Find an expert for a rehab consultation ${ours}` }),
  remindDoctor: route({ prefix: core, path: '/toc/remindDoctor', area: 'im', spec: ah, summary: `Remind the doctor to reply ${ours}`, body: c.RemindDoctorReq, response: c.RemindDoctorRes }),
  userSubmitInfo: route({ prefix: core, path: '/toc/userSubmitInfo', area: 'pkg', spec: ah, summary: `Submit the patient's information for a paid order: the service starts ${ours}`, body: k.UserSubmitInfoReq, response: k.Order }),
  chatVerifyApply: route({ prefix: core, path: '/toc/chatVerify/apply', area: 'clinic', spec: 'extension', summary: 'Ask the doctor of an open consultation to verify an AI answer (dialogId)', body: c.VerifyApplyReq, response: c.Verification }),
  chatVerifyDetail: route({ prefix: core, path: '/toc/chatVerify/detail', area: 'clinic', spec: 'extension', summary: 'A verification of an AI answer (/chat/verify/{chatVerifyId})', body: c.VerifyDetailReq, response: c.Verification }),
  consultList: route({ prefix: core, path: '/toc/consult/list', area: 'clinic', spec: 'extension', summary: "The account's consultations with their unread counts", body: emptyBody, response: c.ConsultListRes }),
  payNotifySandbox: route({ prefix: core, path: '/pb/pay/notify/sandbox', area: 'pkg', spec: 'extension', summary: 'Signed payment notification from the sandbox provider (HMAC-SHA256)', body: k.PayNotifyReq, response: k.PayNotifyRes }),
} as const;

/** Rehab plan service (account-health §7 "Plan service"). */
export const rehabPlanRoutes = {
  calendarState: route({ prefix: plan, path: '/toc/plan/calendarState', area: 'plan', spec: ah, summary: `Per-day completion state of the rehab plan for a month (planId, month) ${ours}`, body: c.CalendarStateReq, response: c.CalendarStateRes }),
  dailyLife: route({ prefix: plan, path: '/toc/plan/dailyLife', area: 'plan', spec: ah, summary: `Daily-life data of the plan for a date (planId, currentDate): the day's tasks and their check-ins ${ours}`, body: c.DailyLifeReq, response: c.DailyLifeRes }),
  foodAdvice: route({ prefix: plan, path: '/toc/plan/foodAdvice', area: 'plan', spec: ah, summary: `Food advice for the current stage ${ours}`, body: c.PlanIdReq, response: c.FoodAdviceRes }),
  currentStage: route({ prefix: plan, path: '/toc/plan/currentStage', area: 'plan', spec: ah, summary: `The current stage of the rehab plan (planId; omitted: the account's latest plan) ${ours}`, body: c.PlanIdReq, response: c.CurrentStageRes }),
  stageList: route({ prefix: plan, path: '/toc/plan/stageList', area: 'plan', spec: ah, summary: `All stages of the rehab plan with their dates (planId) ${ours}`, body: c.PlanReq, response: c.StageListRes }),
  noticeByDate: route({ prefix: plan, path: '/toc/plan/noticeByDate', area: 'plan', spec: ah, summary: `Plan notices for a date (planId, currentDate): stage start, self-assessment due, high pain, tasks left, plan end ${ours}`, body: c.PlanDateReq, response: c.NoticeByDateRes }),
  selfAssess: route({ prefix: plan, path: '/toc/plan/selfAssess', area: 'plan', spec: ah, summary: `Submit a pain self-assessment (NRS painScore 0–10, body-map areas); without painScore: the history ${ours}`, body: c.SelfAssessReq, response: c.SelfAssessRes }),
  foodList: route({ prefix: plan, path: '/toc/plan/foodList', area: 'plan', spec: ah, summary: `Recommended food list for the plan's member (the engine's diet rules for the plan and the member's conditions) ${ours}`, body: c.PlanReq, response: c.FoodListRes }),
  foodListRefresh: route({ prefix: plan, path: '/toc/plan/foodList/refresh', area: 'plan', spec: ah, summary: `Refresh the recommended food list (next batch) ${ours}`, body: c.PlanReq, response: c.FoodListRes }),
  questions: route({ prefix: plan, path: '/toc/plan/questions', area: 'plan', spec: ah, summary: `Plan questions and the team's answers (from its stages, tasks and advice), paged (pageNum 1, pageSize 1000) ${ours}`, body: c.QuestionsReq, response: c.QuestionsRes }),
  recommendRefresh: route({ prefix: plan, path: '/toc/plan/recommend/refresh', area: 'plan', spec: ah, summary: `Refresh the plan's recommended reading (next batch) ${ours}`, body: c.PlanReq, response: c.PlanRecommendRes }),
  medicalTakeIn: route({ prefix: plan, path: '/toc/plan/medicalTakeIn', area: 'plan', spec: ah, summary: `Record that a planned medicine was taken (planId, currentDate, taskId of a medicine task) ${ours}`, body: c.PlanTaskReq, response: c.DailyLifeRes }),
  checkIn: route({ prefix: plan, path: '/toc/plan/checkIn', area: 'plan', spec: ah, summary: `Check in a plan task for the day (planId, currentDate, taskId) ${ours}`, body: c.CheckInReq, response: c.DailyLifeRes }),
  exerciseFeedback: route({ prefix: plan, path: '/toc/plan/exercise/feedback', area: 'plan', spec: ah, summary: `Feedback on an exercise (assessResult 1 轻松 / 2 适中 / 3 吃力, assessResultSub, assessDesc); answers the day's feedback ${ours}`, body: c.ExerciseFeedbackReq, response: c.ExerciseFeedbackRes }),
  recommendRead: route({ prefix: plan, path: '/toc/plan/recommendRead', area: 'plan', spec: ah, summary: `Mark a recommended article as read (articleId; omitted: only the current list) ${ours}`, body: c.RecommendReadReq, response: c.PlanRecommendRes }),
  exerciseComplete: route({ prefix: plan, path: '/toc/plan/exercise/complete', area: 'plan', spec: ah, summary: `Mark an exercise as completed (planId, currentDate, taskId of an exercise task) ${ours}`, body: c.PlanTaskReq, response: c.DailyLifeRes }),
} as const;
