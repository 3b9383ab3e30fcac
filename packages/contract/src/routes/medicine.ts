import { PREFIX, route } from './define.ts';
import * as R from '../report/schemas.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** The user's medicines (account-health §7 "Medicine and files"). */
export const medicineRoutes = {
  page: route({ prefix: v1, path: '/toc/user/medicine/page', area: 'medicine', spec: ah, summary: "A member's medicines, paged", body: R.OcrPageBody, response: R.MedicinePageRes }),
  delete: route({ prefix: v1, path: '/toc/user/medicine/delete', area: 'medicine', spec: ah, summary: 'Delete medicines', body: R.IdsBody, response: R.CountRes }),
  edit: route({ prefix: v1, path: '/toc/user/medicine/edit', area: 'medicine', spec: ah, summary: 'Edit a medicine', body: R.MedicineEditBody, response: R.MedicineItem }),
  move: route({ prefix: v1, path: '/toc/user/medicine/move', area: 'medicine', spec: ah, summary: 'Move medicines to another member', body: R.MoveIdsBody, response: R.CountRes }),
} as const;
