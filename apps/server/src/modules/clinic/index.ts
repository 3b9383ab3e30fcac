export { ClinicService } from './clinic.service.ts';
export { ClinicStore } from './clinic.store.ts';
export { clinicRoutes } from './clinic.routes.ts';
export { attachImSocket } from './im.socket.ts';
export { PlanService } from './plan.service.ts';
