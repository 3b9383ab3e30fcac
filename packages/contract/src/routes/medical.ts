import { PREFIX, route } from './define.ts';
import * as i from '../insight/schemas.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;

/** Medical lookup (chat-core §7 "Medical lookup"). */
export const medicalRoutes = {
  queryDoctor: route({ prefix: v1, path: '/chatMedical/queryDoctor', area: 'guide', spec: cc, summary: 'Look up doctors for a chat answer', body: i.QueryDoctorBody, response: i.QueryDoctorRes }),
  queryHospital: route({ prefix: v1, path: '/chatMedical/QueryHospital', area: 'guide', spec: cc, summary: 'Look up a hospital for a chat answer', body: i.QueryHospitalBody, response: i.HospitalsRes }),
  query: route({ prefix: v1, path: '/chatMedical/query', area: 'guide', spec: cc, summary: 'General medical lookup (departments, doctors, hospitals) for a chat answer', body: i.MedicalQueryBody, response: i.MedicalQueryRes }),
  getHospitals: route({ prefix: v1, path: '/chatMedical/getHospitals', area: 'guide', spec: cc, summary: 'List of hospitals (e.g. near the given region)', body: i.HospitalsBody, response: i.HospitalsRes }),
} as const;
