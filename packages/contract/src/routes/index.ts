import type { RouteDef } from './define.ts';
import { authRoutes } from './auth.ts';
import { accountRoutes } from './account.ts';
import { chatRoutes } from './chat.ts';
import { chatHealthRoutes } from './chat-health.ts';
import { medicalRoutes } from './medical.ts';
import { evaluationRoutes } from './evaluation.ts';
import { mediaRoutes } from './media.ts';
import { reportRoutes } from './report.ts';
import { familyRoutes } from './family.ts';
import { medicineRoutes } from './medicine.ts';
import { folderRoutes } from './folder.ts';
import { planRoutes } from './plan.ts';
import { imagingRoutes } from './imaging.ts';
import { bpRoutes } from './bp.ts';
import { indicatorRoutes } from './indicator.ts';
import { feedbackRoutes } from './feedback.ts';
import { systemRoutes } from './system.ts';
import { rehabRoutes, rehabPlanRoutes } from './rehab.ts';
import { clinicRoutes } from './clinic.ts';

export * from './define.ts';

/** The one table of every call, grouped by area. */
export const routes = {
  auth: authRoutes,
  account: accountRoutes,
  chat: chatRoutes,
  chatHealth: chatHealthRoutes,
  medical: medicalRoutes,
  evaluation: evaluationRoutes,
  media: mediaRoutes,
  report: reportRoutes,
  family: familyRoutes,
  medicine: medicineRoutes,
  folder: folderRoutes,
  plan: planRoutes,
  imaging: imagingRoutes,
  bp: bpRoutes,
  indicator: indicatorRoutes,
  feedback: feedbackRoutes,
  system: systemRoutes,
  rehab: rehabRoutes,
  rehabPlan: rehabPlanRoutes,
  clinic: clinicRoutes,
} as const;

/** Every call of the table, flattened. */
export function allRoutes(): RouteDef[] {
  return Object.values(routes).flatMap((group) => Object.values(group) as RouteDef[]);
}
