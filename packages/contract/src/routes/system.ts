import { PREFIX, route } from './define.ts';
import * as i from '../insight/schemas.ts';
import { NotifyInAppQuery, NotifyInAppRes } from '../remind/schemas.ts';
import * as m from '../message/schemas.ts';
import { ProtocolParams, ProtocolRes } from '../schemas/system.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Home page, configuration, sharing and notification settings (chat-core §7 "Other"; account-health §7 "Other"). */
export const systemRoutes = {
  taskList: route({ prefix: v1, path: '/task/list', method: 'GET', area: 'system', spec: cc, summary: 'Home-page task list', response: i.TaskListRes }),
  getKnowledgeInfo: route({ prefix: v1, path: '/homePage/getKnowledgeInfo', method: 'GET', area: 'guide', spec: cc, summary: 'Health knowledge cards for the logged-in user', query: i.KnowledgeQuery, response: i.KnowledgeRes }),
  getCommonKnowledgeInfo: route({ prefix: v1, path: '/pb/homePage/getCommonKnowledgeInfo', method: 'GET', area: 'guide', spec: cc, summary: 'Common health knowledge cards (public)', query: i.KnowledgeQuery, response: i.KnowledgeRes }),
  clickTask: route({ prefix: v1, path: '/homePage/clickTask', method: 'GET', area: 'system', spec: cc, summary: 'Record a click on a home-page task (id)', query: i.TaskIdQuery, response: i.ClickTaskRes }),
  clickTaskPublic: route({ prefix: v1, path: '/pb/homePage/clickTask', method: 'GET', area: 'system', spec: cc, summary: 'Record a click on a home-page task when logged out (id)', query: i.TaskIdQuery, response: i.ClickTaskRes }),
  addShareRecord: route({ prefix: v1, path: '/toc/addShareRecord', area: 'system', spec: ah, summary: 'Record that the user shared something' }),
  protocolFindByCode: route({ prefix: v1, path: '/pb/protocol/findByCode/{a}/{b}', method: 'GET', area: 'system', spec: ah, summary: 'A protocol text (user agreement, privacy policy) by its codes' , params: ProtocolParams, response: ProtocolRes }),
  getWeather: route({ prefix: v1, path: '/pb/homePage/getWeather', area: 'system', spec: ah, summary: 'Weather for the home page' }),
  confStateList: route({ prefix: v1, path: '/pb/sys/conf/stateList', method: 'GET', area: 'system', spec: ah, summary: 'Public system switches (feature states)' }),
  getNotifyInApp: route({ prefix: v1, path: '/toc/homePage/getNotifyInApp', method: 'GET', area: 'notify', spec: ah, summary: 'In-app notifications (reminder messages, newest first, unread count; query userInfoId)', query: NotifyInAppQuery, response: NotifyInAppRes }),
  initInfo: route({ prefix: v1, path: '/toc/initInfo', area: 'system', spec: ah, summary: 'Initial info the app loads after login' }),
  smsInfo: route({ prefix: v1, path: '/toc/user/conf/smsInfo', area: 'notify', spec: ah, summary: "The user's notification settings per message kind (in-app banner and SMS)", response: m.SmsInfoRes }),
  smsSave: route({ prefix: v1, path: '/toc/user/conf/smsSave', area: 'notify', spec: ah, summary: "Save the user's notification settings per message kind", body: m.SmsSaveBody, response: m.SmsInfoRes }),
  messageList: route({ prefix: v1, path: '/toc/message/list', area: 'notify', spec: 'extension', summary: 'The message centre (/user/message): reminders, feedback and complaint replies, order, consultation and system messages, newest first, with unread counts per kind', body: m.MessageListBody, response: m.MessageListRes }),
  messageRead: route({ prefix: v1, path: '/toc/message/read', area: 'notify', spec: 'extension', summary: 'Mark messages of the message centre read (ids, or all of a kind)', body: m.MessageReadBody, response: m.MessageReadRes }),
} as const;
