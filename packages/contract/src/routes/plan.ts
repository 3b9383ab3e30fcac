import { PREFIX, route } from './define.ts';
import * as H from '../health/schemas.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Report plans, reminders and life guides (account-health §7 "Reports and plans"). */
export const planRoutes = {
  reportPlanGenerate: route({ prefix: v1, path: '/toc/reportPlan/generate', area: 'plan', spec: ah, summary: 'Generate a follow-up plan (medicine and review reminders) from a report' }),
  reportPlanDelete: route({ prefix: v1, path: '/toc/reportPlan/delete', area: 'plan', spec: ah, summary: 'Delete a report plan' }),
  reportPlanPage: route({ prefix: v1, path: '/toc/reportPlan/page', area: 'plan', spec: ah, summary: "A member's report plans, paged" }),
  reportPlanUpdate: route({ prefix: v1, path: '/toc/reportPlan/update', area: 'plan', spec: ah, summary: 'Update a report plan' }),
  reportPlanCheckDate: route({ prefix: v1, path: '/toc/reportPlan/checkDate', area: 'plan', spec: ah, summary: 'Check the dates of a plan (e.g. a review date) before saving' }),
  remindQueryRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryRecord', area: 'plan', spec: ah, summary: "Today's medicine reminders" }),
  remindQueryHisRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryHisRecord', area: 'plan', spec: ah, summary: 'Past medicine reminders' }),
  remindQueryReviewRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryReviewRecord', area: 'plan', spec: ah, summary: 'Upcoming review (follow-up visit) reminders' }),
  remindQueryReviewHisRecord: route({ prefix: v1, path: '/toc/medicineRemind/queryReviewHisRecord', area: 'plan', spec: ah, summary: 'Past review reminders' }),
  remindTake: route({ prefix: v1, path: '/toc/medicineRemind/take', area: 'plan', spec: ah, summary: 'Mark a medicine reminder as taken' }),
  remindSkip: route({ prefix: v1, path: '/toc/medicineRemind/skip', area: 'plan', spec: ah, summary: 'Mark a medicine reminder as skipped' }),
  remindRecordUpdateReadFlag: route({ prefix: v1, path: '/toc/remindRecord/updateReadFlag', area: 'notify', spec: ah, summary: 'Mark a reminder record as read (query id)' }),
  foodGuide: route({ prefix: v1, path: '/toc/lifeGuide/foodGuide', area: 'guide', spec: ah, summary: 'Diet guide for a member', body: H.GuideReq, response: H.FoodGuideRes }),
  foodGuideRefresh: route({ prefix: v1, path: '/toc/lifeGuide/foodGuide/refresh', area: 'guide', spec: ah, summary: 'Regenerate the diet guide', body: H.GuideReq, response: H.FoodGuideRes }),
  exerciseGuide: route({ prefix: v1, path: '/toc/lifeGuide/exerciseGuide', area: 'guide', spec: ah, summary: 'Exercise guide for a member', body: H.GuideReq, response: H.ExerciseGuideRes }),
  exerciseEvaluation: route({ prefix: v1, path: '/toc/lifeGuide/exerciseEvaluation', area: 'guide', spec: ah, summary: "Evaluate the member's exercise against the guide", body: H.ExerciseEvalReq, response: H.ExerciseEvalRes }),
  foodEvaluation: route({ prefix: v1, path: '/toc/lifeGuide/foodEvaluation', area: 'guide', spec: ah, summary: "Evaluate the member's diet against the guide", body: H.FoodEvalReq, response: H.FoodEvalRes }),
} as const;
