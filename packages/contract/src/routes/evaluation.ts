import { PREFIX, route } from './define.ts';
import * as i from '../insight/schemas.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** User evaluations of answers and of the app (chat-core §7 "Evaluation"; account-health §7 "Other"). */
export const evaluationRoutes = {
  evaluate: route({ prefix: v1, path: '/toc/evaluation', area: 'evaluation', spec: cc, summary: 'Submit an evaluation (rating and comment) of an answer', body: i.EvaluateBody, response: i.EvaluateRes }),
  userEvaluationState: route({ prefix: v1, path: '/userEvaluation/state', method: 'GET', area: 'evaluation', spec: cc, summary: "State of the user's evaluation (whether to ask for one)", response: i.UserEvaluationState }),
  userEvaluationCreateOrUpdate: route({ prefix: v1, path: '/userEvaluation/createOrUpdate', area: 'evaluation', spec: cc, summary: "Create or update the user's evaluation", body: i.UserEvaluationBody, response: i.UserEvaluationState }),
  getEvaCondition: route({ prefix: v1, path: '/toc/userEvaluation/getEvaCondition', method: 'GET', area: 'evaluation', spec: ah, summary: 'Whether the conditions to pop up the evaluation prompt are met', query: i.EvaConditionQuery, response: i.EvaCondition }),
  setEjectFlag: route({ prefix: v1, path: '/toc/userEvaluation/setEjectFlag', method: 'GET', area: 'evaluation', spec: ah, summary: 'Record that the evaluation prompt was shown (ejected)', response: i.EvaCondition }),
  getAppEvaluateRecord: route({ prefix: v1, path: '/toc/user/getAppEvaluateRecord', area: 'evaluation', spec: ah, summary: "The user's app-store rating record", response: i.AppEvaluateRecord }),
  saveAppEvaluateRecord: route({ prefix: v1, path: '/toc/user/saveAppEvaluateRecord', area: 'evaluation', spec: ah, summary: 'Record that the user rated (or declined to rate) the app', body: i.AppEvaluateBody, response: i.AppEvaluateRecord }),
} as const;
