import { PREFIX, route } from './define.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Suggestions and complaints (account-health §7 "Other", "Medicine and files"). */
export const feedbackRoutes = {
  suggestionAdd: route({ prefix: v1, path: '/toc/chatSuggestion/add', area: 'feedback', spec: ah, summary: 'Submit a suggestion (logged in)' }),
  suggestionAddPublic: route({ prefix: v1, path: '/pb/chatSuggestion/add', area: 'feedback', spec: ah, summary: 'Submit a suggestion when logged out (path ours: spec says "/pb/ variant")' }),
  suggestionNotReadCount: route({ prefix: v1, path: '/toc/chatSuggestion/notReadCount', method: 'GET', area: 'feedback', spec: ah, summary: 'Count of suggestion replies not yet read' }),
  suggestionListByUser: route({ prefix: v1, path: '/toc/chatSuggestion/listByUser', method: 'GET', area: 'feedback', spec: ah, summary: "The user's suggestions with replies" }),
  suggestionPictureUpload: route({ prefix: v1, path: '/pb/suggestion/pictureUpload', area: 'feedback', spec: ah, multipart: true, summary: 'Upload a picture for a suggestion (multipart, field file; public)' }),
  saveComplaint: route({ prefix: v1, path: '/toc/complaint/saveComplaint', area: 'feedback', spec: ah, summary: 'Submit a complaint' }),
  complaintNotReadCount: route({ prefix: v1, path: '/toc/complaint/notReadCount', method: 'GET', area: 'feedback', spec: ah, summary: 'Count of complaint replies not yet read' }),
  complaintListByUser: route({ prefix: v1, path: '/toc/complaint/listByUser', method: 'GET', area: 'feedback', spec: ah, summary: "The user's complaints with replies" }),
} as const;
