import { PREFIX, route } from './define.ts';
import * as R from '../report/schemas.ts';

const h = PREFIX.health;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Health indicators, health service (account-health §7 "Indicators"; chat-core §7 "Other"). */
export const indicatorRoutes = {
  searchDetailAll: route({ prefix: h, path: '/v1/toc/health/indicator/searchDetailAll', area: 'indicator', spec: ah, summary: "All of a member's indicators with their latest values" }),
  searchTypeDetailAllList: route({ prefix: h, path: '/v1/toc/health/indicator/searchTypeDetailAllList', area: 'indicator', spec: ah, summary: 'Indicators grouped by type' }),
  explainSearchDetail: route({ prefix: h, path: '/v1/toc/health/indicator/explain/searchDetail', area: 'indicator', spec: ah, summary: 'Explanation of an indicator' }),
  manageSave: route({ prefix: h, path: '/v1/toc/health/indicator/manage/save', area: 'indicator', spec: ah, summary: 'Record an indicator value' }),
  listByType: route({ prefix: h, path: '/v1/toc/health/indicator/listByType', area: 'indicator', spec: ah, summary: 'Indicators of one type' }),
  detailList: route({ prefix: h, path: '/v1/toc/health/indicator/detailList', area: 'indicator', spec: ah, summary: 'Values of one indicator' }),
  manageDel: route({ prefix: h, path: '/v1/toc/health/indicator/manage/del', area: 'indicator', spec: ah, summary: 'Delete an indicator value' }),
  manageEdit: route({ prefix: h, path: '/v1/toc/health/indicator/manage/edit', area: 'indicator', spec: ah, summary: 'Edit an indicator value' }),
  detailListByTime: route({ prefix: h, path: '/v1/toc/health/indicator/detailListByTime', area: 'indicator', spec: ah, summary: 'Values of one indicator in a time range (for charts)' }),
  manageUpdateBmiById: route({ prefix: h, path: '/v1/toc/health/indicator/manage/updateBmiById', area: 'indicator', spec: ah, summary: 'Recompute and update the BMI of a height/weight entry' }),
  attentionTypeList: route({ prefix: h, path: '/v1/toc/health/indicator/attention/type/list', area: 'indicator', spec: ah, summary: 'Indicator types the member follows' }),
  getPrivacyStatus: route({ prefix: h, path: '/v1/toc/health/getPrivacyStatus', area: 'indicator', spec: ah, summary: "The member's health-data privacy status" }),
  extract: route({ prefix: h, path: '/v1/toc/health/indicator/extract', area: 'indicator', spec: cc, summary: 'Extract indicator values from a chat question or OCR text', body: R.ExtractBody, response: R.ExtractRes }),
} as const;
