import { PREFIX, route } from './define.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Blood pressure (account-health §7 "Blood pressure"). */
export const bpRoutes = {
  baseInfo: route({ prefix: v1, path: '/toc/userBloodPressure/baseInfo', area: 'bp', spec: ah, summary: "Blood-pressure overview of a member (latest reading, targets)" }),
  save: route({ prefix: v1, path: '/toc/userBloodPressure/save', area: 'bp', spec: ah, summary: 'Save a blood-pressure reading' }),
  detailList: route({ prefix: v1, path: '/toc/userBloodPressure/detailList', area: 'bp', spec: ah, summary: 'Blood-pressure readings over a period' }),
  cancel: route({ prefix: v1, path: '/toc/userBloodPressure/cancel', area: 'bp', spec: ah, summary: 'Cancel (delete) a blood-pressure reading' }),
} as const;
