import { z } from 'zod';
import { PREFIX, route } from './define.ts';
import * as H from '../health/schemas.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Blood pressure (account-health §7 "Blood pressure"). */
export const bpRoutes = {
  baseInfo: route({ prefix: v1, path: '/toc/userBloodPressure/baseInfo', area: 'bp', spec: ah, summary: "Blood-pressure overview of a member (latest reading, target, categories, home-measurement advice)", body: H.BpMemberReq, response: H.BpBaseInfoRes }),
  save: route({ prefix: v1, path: '/toc/userBloodPressure/save', area: 'bp', spec: ah, summary: 'Save a blood-pressure reading (classified on the way out)', body: H.BpSaveReq, response: H.BpReading }),
  detailList: route({ prefix: v1, path: '/toc/userBloodPressure/detailList', area: 'bp', spec: ah, summary: 'Blood-pressure readings over a period, with averages (all, morning, evening)', body: H.BpListReq, response: H.BpListRes }),
  cancel: route({ prefix: v1, path: '/toc/userBloodPressure/cancel', area: 'bp', spec: ah, summary: 'Cancel (delete) a blood-pressure reading', body: H.BpCancelReq, response: z.null() }),
} as const;
