import { PREFIX, route } from './define.ts';
import * as m from '../message/schemas.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Suggestions and complaints (account-health §7 "Other", "Medicine and files"). */
export const feedbackRoutes = {
  suggestionAdd: route({ prefix: v1, path: '/toc/chatSuggestion/add', area: 'feedback', spec: ah, summary: 'Submit a suggestion (logged in), with up to 4 pictures', body: m.SuggestionAddBody, response: m.FeedbackAddRes }),
  suggestionAddPublic: route({ prefix: v1, path: '/pb/chatSuggestion/add', area: 'feedback', spec: ah, summary: 'Submit a suggestion when logged out (path ours: spec says "/pb/ variant"; no pictures)', body: m.SuggestionAddBody, response: m.FeedbackAddRes }),
  suggestionNotReadCount: route({ prefix: v1, path: '/toc/chatSuggestion/notReadCount', method: 'GET', area: 'feedback', spec: ah, summary: 'Count of suggestion replies not yet read', response: m.NotReadCountRes }),
  suggestionListByUser: route({ prefix: v1, path: '/toc/chatSuggestion/listByUser', method: 'GET', area: 'feedback', spec: ah, summary: "The user's suggestions with replies, newest first (reading marks the replies read)", response: m.FeedbackListRes }),
  suggestionPictureUpload: route({ prefix: v1, path: '/pb/suggestion/pictureUpload', area: 'feedback', spec: ah, multipart: true, summary: 'Upload a picture for a suggestion or complaint (multipart, field file; a session is needed to own the picture, stored in the encrypted media store)' }),
  saveComplaint: route({ prefix: v1, path: '/toc/complaint/saveComplaint', area: 'feedback', spec: ah, summary: 'Submit a complaint, with up to 4 pictures', body: m.ComplaintBody, response: m.FeedbackAddRes }),
  complaintNotReadCount: route({ prefix: v1, path: '/toc/complaint/notReadCount', method: 'GET', area: 'feedback', spec: ah, summary: 'Count of complaint replies not yet read', response: m.NotReadCountRes }),
  complaintListByUser: route({ prefix: v1, path: '/toc/complaint/listByUser', method: 'GET', area: 'feedback', spec: ah, summary: "The user's complaints with replies, newest first (reading marks the replies read)", response: m.FeedbackListRes }),
} as const;
