import { PREFIX, route } from './define.ts';
import * as i from '../insight/schemas.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;

/** Health profile in chat (chat-core §7 "Health profile in chat"). */
export const chatHealthRoutes = {
  getPersonalPortrayTag: route({ prefix: v1, path: '/getPersonalPortrayTag', method: 'GET', area: 'record', spec: cc, summary: 'Portrait tags of the member for a question (questionId, deviceType, userInfoId; client timeout 3 s)', query: i.PortrayTagQuery, response: i.PortrayTagRes }),
  savePersonalIndicator: route({ prefix: v1, path: '/savePersonalIndicator', area: 'record', spec: cc, summary: 'Save personal indicators the user confirmed in the chat', body: i.SaveIndicatorBody, response: i.SaveIndicatorRes }),
  getRecommend: route({ prefix: v1, path: '/getRecommend', method: 'GET', area: 'chat', spec: cc, summary: 'Top recommendations for a question (questionId, topNum)', query: i.RecommendQuery, response: i.RecommendRes }),
  getRisk: route({ prefix: v1, path: '/getRisk', method: 'GET', area: 'chat', spec: cc, summary: 'Risk hints for a question (questionId)', query: i.QuestionIdQuery, response: i.RiskRes }),
  getSceneRecodesByBody: route({ prefix: v1, path: '/getSceneRecodesByBody', area: 'chat', spec: cc, summary: 'Scene codes for a question (client timeout 10 s; an error yields an empty list)', body: i.SceneBody, response: i.SceneRes }),
  getUserInfoHealthRateAndUseTimes: route({ prefix: v1, path: '/getUserInfoHealthRateAndUseTimes', area: 'record', spec: cc, summary: "A member's health-profile completeness rate and use count (userInfoId)", body: i.UserInfoIdBody, response: i.HealthRateRes }),
  confirmRole: route({ prefix: v1, path: '/confirmRole', area: 'chat', spec: cc, summary: 'Confirm which family member the consultation is about (userInfoId)', body: i.ConfirmRoleBody, response: i.ConfirmRoleRes }),
  addHistoryByImage: route({ prefix: v1, path: '/addHistoryByImage', area: 'record', spec: cc, summary: "Add to a member's health history from uploaded images (inputMediaIds, questionId)", body: i.AddHistoryByImageBody, response: i.AddHistoryByImageRes }),
  getSessionByMediaId: route({ prefix: v1, path: '/common/getSessionByMediaId', area: 'chat', spec: cc, summary: 'The chat session that holds a media item', body: i.MediaIdBody, response: i.SessionByMediaRes }),
  getRoleByKieQuestion: route({ prefix: PREFIX.service, path: '/v4/getRoleByKieQuestion', area: 'chat', spec: cc, summary: 'Which family member a question is about, inferred from its text (v4)', body: i.RoleByQuestionBody, response: i.RoleByQuestionRes }),
} as const;
