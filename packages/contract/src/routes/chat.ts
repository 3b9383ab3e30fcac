import { z } from 'zod';
import { PREFIX, route } from './define.ts';
import * as i from '../insight/schemas.ts';
import * as c from '../chat/schemas.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Chat sessions, history, dialogs and collections (chat-core §7 "Session", "History and dialogs", "Other"; account-health §7). */
export const chatRoutes = {
  getUuid: route({ prefix: v1, path: '/chatSession/getUUID', method: 'GET', area: 'chat', spec: cc, summary: 'A fresh UUID for a new question or session (query _t)', query: c.GetUuidQuery, response: c.GetUuidRes }),
  generateNew: route({ prefix: v1, path: '/chatSession/generateNew', area: 'chat', spec: cc, summary: 'Start a new chat session for the device; returns the time of the last session', body: c.GenerateNewBody, response: c.GenerateNewRes }),
  breakChatDialSave: route({ prefix: v1, path: '/chatDial/breakChatDialSave', area: 'chat', spec: cc, summary: 'Save a dialog whose answer was interrupted (the client ignores errors)', body: c.BreakChatDialSaveBody }),
  getHistoryRecord: route({ prefix: v1, path: '/getHistoryRecord', area: 'chat', spec: cc, summary: 'Chat history: the list of past sessions (first version)', body: c.HistoryBody, response: c.HistoryRes }),
  getHistoryRecordV2: route({ prefix: v1, path: '/getHistoryRecordV2', area: 'chat', spec: cc, summary: 'Chat history: the list of past sessions, paged (v2)', body: c.HistoryBody, response: c.HistoryRes }),
  getSessionDetail: route({ prefix: v1, path: '/getSessionDetail', area: 'chat', spec: cc, summary: 'Dialogs of one session, paged (sessionId, size 30, thumbnailNew Y, desc)', body: c.SessionDetailBody, response: c.SessionDetailRes }),
  getSessionMediaCnt: route({ prefix: v1, path: '/getSessionMediaCnt', area: 'chat', spec: cc, summary: 'Count of media per session for the given sessionIds', body: c.SessionMediaCntBody, response: c.SessionMediaCntRes }),
  delHisBySessionId: route({ prefix: v1, path: '/delHisBySessionId', area: 'chat', spec: cc, summary: 'Delete the history of one session', body: c.DelBySessionBody }),
  delAllHistoryRecord: route({ prefix: v1, path: '/delALLHistoryRecord', area: 'chat', spec: cc, summary: 'Delete all chat history (delMediaFlag, default true, also deletes the media)', body: c.DelAllBody }),
  delHistoryRecord: route({ prefix: v1, path: '/delHistoryRecord', area: 'chat', spec: cc, summary: 'Delete the given dialogs (dialIds, delMediaFlag)', body: c.DelDialogsBody }),
  getItemChat: route({ prefix: v1, path: '/getItemChat', area: 'chat', spec: cc, summary: 'One dialog (question and answer) by dialInId', body: c.DialInIdBody, response: c.ChatDialog }),
  personalSource: route({ prefix: v1, path: '/personal/source', area: 'chat', spec: cc, summary: "The personal sources (the member's records) an answer drew on", body: c.DialInIdBody, response: c.PersonalSourceRes }),
  answerMoment: route({ prefix: v1, path: '/answer/moment', area: 'chat', spec: cc, summary: 'The answer produced so far for a questionId (resume after a dropped socket)', body: c.QuestionIdBody, response: c.AnswerMomentRes }),
  saveShare: route({ prefix: v1, path: '/saveShare', area: 'chat', spec: cc, summary: 'Create a share of the given dialogs (dialInIds)', body: c.DialInIdsBody, response: c.SaveShareRes }),
  getLastTextChatDial: route({ prefix: v1, path: '/getLastTextChatDial', area: 'chat', spec: cc, summary: "The user's last text dialog", response: c.ChatDialog.nullable() }),
  collectSave: route({ prefix: v1, path: '/collect/save', area: 'chat', spec: cc, summary: 'Collect (bookmark) the dialogs of a keyed id list', body: c.DialInIdsBody }),
  collectCancel: route({ prefix: v1, path: '/collect/cancel', area: 'chat', spec: cc, summary: 'Remove dialogs of a keyed id list from the collection', body: c.DialInIdsBody }),
  collectList: route({ prefix: v1, path: '/collect/list', area: 'chat', spec: cc, summary: "The user's collected dialogs", body: c.CollectListBody, response: c.DialogPageRes }),
  recommendQuestionV2: route({ prefix: v1, path: '/recommendQuestionV2', area: 'chat', spec: cc, summary: 'Follow-up questions recommended after an answer (dialIn, dialInId, dialOut; client timeout 600 s)', body: c.RecommendQuestionBody, response: c.RecommendQuestionRes }),
  recommendQuestion: route({ prefix: v1, path: '/toc/chatDial/recommendQuestion', area: 'chat', spec: ah, summary: 'Recommended questions (the client keeps only the latest request)', body: i.RecommendQuestionsBody, response: i.RecommendQuestionsRes }),
  historySearch: route({ prefix: v1, path: '/toc/chatDial/history/search', area: 'chat', spec: ah, summary: 'Search the chat history by keyword', body: c.HistorySearchBody, response: c.DialogPageRes }),
  wsConnectLog: route({ prefix: v1, path: '/userInfo/wsConnectLog', area: 'chat', spec: cc, summary: 'Log a chat-socket connection event', body: i.WsConnectLogBody, response: i.WsConnectLogRes }),
  activeSceneRecodes: route({ prefix: v1, path: '/platform/activeSceneRecodes', area: 'chat', spec: cc, summary: 'Scene codes recognised for a question and its images or OCR data (active guidance)', body: i.ActiveScenesBody, response: i.ActiveScenesRes }),
  activeInquiry: route({ prefix: v1, path: '/platform/activeInquiry', area: 'chat', spec: cc, summary: 'Active follow-up inquiry generated from an answer', body: i.ActiveInquiryBody, response: i.ActiveInquiryRes }),
  shareList: route({ prefix: v1, path: '/chatShare/list', area: 'chat', spec: 'extension', summary: "The caller's share links, newest first, with their expiry (revoked ones are not listed)", body: c.ShareListBody, response: c.ShareListRes }),
  shareRevoke: route({ prefix: v1, path: '/chatShare/revoke', area: 'chat', spec: 'extension', summary: 'Revoke one of the caller\'s share links (shareId): the public page answers 4104 from then on', body: c.ShareRevokeBody, response: z.null() }),
  shareView: route({ prefix: v1, path: '/pb/chatShare/detail', method: 'GET', area: 'chat', spec: 'extension', summary: 'The dialogs of a share link, read-only, for the /share page (query shareId)', query: c.ShareViewQuery, response: c.ShareViewRes }),
  welcomeMessage: route({ prefix: v1, path: '/pb/welcome/message', area: 'chat', spec: ah, summary: 'The welcome message shown on an empty chat', body: i.WelcomeBody, response: i.WelcomeRes }),
} as const;
