import { z } from 'zod';
import { PREFIX, route } from './define.ts';
import * as H from '../health/schemas.ts';
import * as M from '../remind/schemas.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Report plans, reminders and life guides (account-health §7 "Reports and plans"). */
export const planRoutes = {
  reportPlanGenerate: route({ prefix: v1, path: '/toc/reportPlan/generate', area: 'plan', spec: ah, summary: 'Generate a follow-up plan (medicine and review reminders) from a report', body: M.ReportPlanGenerateBody, response: M.ReportPlanListRes }),
  reportPlanDelete: route({ prefix: v1, path: '/toc/reportPlan/delete', area: 'plan', spec: ah, summary: 'Delete a report plan', body: M.IdsBody, response: M.CountRes }),
  reportPlanPage: route({ prefix: v1, path: '/toc/reportPlan/page', area: 'plan', spec: ah, summary: "A member's report plans, paged", body: M.ReportPlanPageBody, response: M.ReportPlanPageRes }),
  reportPlanUpdate: route({ prefix: v1, path: '/toc/reportPlan/update', area: 'plan', spec: ah, summary: 'Update a report plan', body: M.ReportPlanUpdateBody, response: M.ReportPlanItem }),
  reportPlanCheckDate: route({ prefix: v1, path: '/toc/reportPlan/checkDate', area: 'plan', spec: ah, summary: 'Check the dates of a plan (e.g. a review date) before saving', body: M.ReportPlanCheckDateBody, response: M.ReportPlanCheckDateRes }),
  remindQueryRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryRecord', area: 'plan', spec: ah, summary: "Today's medicine reminders", body: M.QueryRecordBody, response: M.QueryRecordRes }),
  remindQueryHisRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryHisRecord', area: 'plan', spec: ah, summary: 'Past medicine reminders', body: M.QueryHisRecordBody, response: M.QueryHisRecordRes }),
  remindQueryReviewRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryReviewRecord', area: 'plan', spec: ah, summary: 'Upcoming review (follow-up visit) reminders', body: M.ReviewRecordBody, response: M.ReportPlanListRes }),
  remindQueryReviewHisRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryReviewHisRecord', area: 'plan', spec: ah, summary: 'Past review reminders', body: M.ReviewHisBody, response: M.ReportPlanPageRes }),
  remindTake: route({ prefix: v1, path: '/toc/medicineRemind/take', area: 'plan', spec: ah, summary: 'Mark a medicine reminder as taken', body: M.IdsBody, response: M.ActRes }),
  remindSkip: route({ prefix: v1, path: '/toc/medicineRemind/skip', area: 'plan', spec: ah, summary: 'Mark a medicine reminder as skipped', body: M.IdsBody, response: M.ActRes }),
  remindRecordUpdateReadFlag: route({ prefix: v1, path: '/toc/remindRecord/updateReadFlag', area: 'notify', spec: ah, summary: 'Mark a reminder record as read (query id)', query: M.ReadFlagQuery, response: z.null() }),
  remindPlanSave: route({ prefix: v1, path: '/toc/medicineRemind/save', area: 'plan', spec: 'extension', summary: 'Create or edit a medication reminder plan (member, medicine, dose, times, weekdays or every N days, start/end, meals)', body: M.RemindPlanSaveBody, response: M.RemindPlan }),
  remindPlanList: route({ prefix: v1, path: '/toc/medicineRemind/planList', area: 'plan', spec: 'extension', summary: "A member's medication reminder plans with their next dose", body: M.MemberBody, response: M.RemindPlanListRes }),
  remindPlanDelete: route({ prefix: v1, path: '/toc/medicineRemind/delete', area: 'plan', spec: 'extension', summary: 'Delete medication reminder plans (their past records stay in the history)', body: M.IdsBody, response: M.CountRes }),
  pushVapidKey: route({ prefix: v1, path: '/toc/push/vapidKey', method: 'GET', area: 'notify', spec: 'extension', summary: "The server's VAPID public key for Web Push (null when Web Push is not configured)", response: M.VapidKeyRes }),
  pushSubscribe: route({ prefix: v1, path: '/toc/push/subscribe', area: 'notify', spec: 'extension', summary: "Register this browser's Web Push subscription (reminders arrive as system notifications)", body: M.PushSubscribeBody, response: z.null() }),
  pushUnsubscribe: route({ prefix: v1, path: '/toc/push/unsubscribe', area: 'notify', spec: 'extension', summary: "Remove this browser's Web Push subscription", body: M.PushUnsubscribeBody, response: z.null() }),
  foodGuide: route({ prefix: v1, path: '/toc/lifeGuide/foodGuide', area: 'guide', spec: ah, summary: 'Diet guide for a member', body: H.GuideReq, response: H.FoodGuideRes }),
  foodGuideRefresh: route({ prefix: v1, path: '/toc/lifeGuide/foodGuide/refresh', area: 'guide', spec: ah, summary: 'Regenerate the diet guide', body: H.GuideReq, response: H.FoodGuideRes }),
  exerciseGuide: route({ prefix: v1, path: '/toc/lifeGuide/exerciseGuide', area: 'guide', spec: ah, summary: 'Exercise guide for a member', body: H.GuideReq, response: H.ExerciseGuideRes }),
  exerciseEvaluation: route({ prefix: v1, path: '/toc/lifeGuide/exerciseEvaluation', area: 'guide', spec: ah, summary: "Evaluate the member's exercise against the guide", body: H.ExerciseEvalReq, response: H.ExerciseEvalRes }),
  foodEvaluation: route({ prefix: v1, path: '/toc/lifeGuide/foodEvaluation', area: 'guide', spec: ah, summary: "Evaluate the member's diet against the guide", body: H.FoodEvalReq, response: H.FoodEvalRes }),
} as const;
