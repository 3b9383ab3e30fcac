import { z } from 'zod';
import { PREFIX, route } from './define.ts';
import * as R from '../report/schemas.ts';
import * as H from '../health/schemas.ts';

const h = PREFIX.health;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Health indicators, health service (account-health §7 "Indicators"; chat-core §7 "Other"). */
export const indicatorRoutes = {
  searchDetailAll: route({ prefix: h, path: '/v1/toc/health/indicator/searchDetailAll', area: 'indicator', spec: ah, summary: "All of a member's indicators with their latest values", body: H.IndMemberReq, response: H.IndAllRes }),
  searchTypeDetailAllList: route({ prefix: h, path: '/v1/toc/health/indicator/searchTypeDetailAllList', area: 'indicator', spec: ah, summary: 'Indicators grouped by type', body: H.IndMemberReq, response: H.IndGroupedRes }),
  explainSearchDetail: route({ prefix: h, path: '/v1/toc/health/indicator/explain/searchDetail', area: 'indicator', spec: ah, summary: 'Explanation of an indicator', body: H.IndExplainReq, response: H.IndExplainRes }),
  manageSave: route({ prefix: h, path: '/v1/toc/health/indicator/manage/save', area: 'indicator', spec: ah, summary: 'Record an indicator value', body: H.IndSaveReq, response: H.IndValue }),
  listByType: route({ prefix: h, path: '/v1/toc/health/indicator/listByType', area: 'indicator', spec: ah, summary: 'Indicators of one type', body: H.IndTypePageReq, response: H.IndListRes }),
  detailList: route({ prefix: h, path: '/v1/toc/health/indicator/detailList', area: 'indicator', spec: ah, summary: 'Values of one indicator', body: H.IndTypePageReq, response: H.IndListRes }),
  manageDel: route({ prefix: h, path: '/v1/toc/health/indicator/manage/del', area: 'indicator', spec: ah, summary: 'Delete an indicator value', body: H.IndDelReq, response: z.null() }),
  manageEdit: route({ prefix: h, path: '/v1/toc/health/indicator/manage/edit', area: 'indicator', spec: ah, summary: 'Edit an indicator value', body: H.IndEditReq, response: H.IndValue }),
  detailListByTime: route({ prefix: h, path: '/v1/toc/health/indicator/detailListByTime', area: 'indicator', spec: ah, summary: 'Values of one indicator in a time range (for charts)', body: H.IndTimeReq, response: H.IndListRes }),
  manageUpdateBmiById: route({ prefix: h, path: '/v1/toc/health/indicator/manage/updateBmiById', area: 'indicator', spec: ah, summary: 'Recompute and update the BMI of a height/weight entry', body: H.IndBmiReq, response: H.IndBmiRes }),
  attentionTypeList: route({ prefix: h, path: '/v1/toc/health/indicator/attention/type/list', area: 'indicator', spec: ah, summary: 'Indicator types the member follows', body: H.IndMemberReq, response: z.array(H.IndSummary) }),
  getPrivacyStatus: route({ prefix: h, path: '/v1/toc/health/getPrivacyStatus', area: 'indicator', spec: ah, summary: "Whether the account keeps report values out of the health records (privacy mode)", body: H.OptionalMemberReq, response: H.PrivacyStatusRes }),
  extract: route({ prefix: h, path: '/v1/toc/health/indicator/extract', area: 'indicator', spec: cc, summary: 'Extract indicator values from a chat question or OCR text', body: R.ExtractBody, response: R.ExtractRes }),
} as const;
