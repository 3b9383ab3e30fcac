import { createHmac, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  CLINIC_MSG,
  CONSULT_STATUS,
  CONSULT_STATUS_TEXT,
  DOCTOR_ROLE,
  IM_LIMITS,
  IM_NAMESPACE,
  ORDER_STATUS,
  SECURITY,
  VERIFY_STATUS,
  VERIFY_STATUS_TEXT,
  type CalendarStateRes,
  type Consultation,
  type CurrentStageRes,
  type DailyLifeRes,
  type Doctor,
  type ImHistoryRes,
  type ImMessage,
  type ImSendReq,
  type MemberFile,
  type Plan,
  type PlanCreateReq,
  type Verification,
} from '@chatdr/contract';
import type { Access } from '../../access/access.ts';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { hmac, newToken, sha256 } from '../../providers/crypto.ts';
import type { RateLimiter } from '../../providers/rate-limit.ts';
import { loginBackoffMs } from '../auth/auth.service.ts';
import type { ClinicStore, ConsultRow, DoctorRow, MessageRow, PlanRow, VerifyRow } from './clinic.store.ts';

export type Side = 'user' | 'doctor';
/** Who is on an IM connection: an account (user side) or a doctor. */
export interface ImPeer {
  side: Side;
  id: number;
  /** A doctor's workspace session the IM token belongs to: logging out revokes the token and closes its sockets. */
  sessionId?: number;
}

/** What the IM socket fans out (installed by clinic/im.socket.ts). */
export interface ImFanout {
  message(c: ConsultRow, m: ImMessage): void;
  receipt(c: ConsultRow, reader: Side, seq: number): void;
  closed(c: ConsultRow): void;
  /** A doctor's session ended: its IM sockets close. */
  revoked(sessionId: number): void;
}

interface Deps {
  store: ClinicStore;
  limiter: RateLimiter;
  secret: string;
  now: () => number;
  log: FastifyBaseLogger;
  /** A signed URL of a user's media (the encrypted media store), or null when it is not theirs. */
  mediaUrl: (userId: number, mediaId: string) => Promise<string | null>;
  access: Access;
}

const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
let dummyHash: Promise<string> | null = null;
const DAY = 86_400_000;
/** Dates of the plan are the patient's calendar days (China Standard Time). */
const CST = 8 * 3600_000;
const dayOf = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
export const groupIdOf = (consultId: number) => `G${consultId}`;
export const consultIdOf = (groupId: string) => Number(groupId.slice(1));

/** Doctors, consultations, doctor chat, verification of AI answers and rehab plans. */
export class ClinicService {
  fanout: ImFanout = { message: () => undefined, receipt: () => undefined, closed: () => undefined, revoked: () => undefined };
  private readonly imKey: Buffer;
  constructor(private readonly d: Deps) {
    this.imKey = hmac(d.secret, 'im-socket-token');
  }
  private get store() {
    return this.d.store;
  }
  private at() {
    return new Date(this.d.now());
  }

  // ---- doctor accounts (operator CLI) ---------------------------------------------------------

  /** Gives a listed doctor a workspace login (phone + password, Argon2id) with role and team. */
  async setAccount(doctorId: number, v: { phone: string; password: string; doctorRole?: string; teamId: string; licenceNo: string; photo?: string }): Promise<void> {
    if (!/^1[3-9]\d{9}$/.test(v.phone)) throw new Error('--phone must be a mainland mobile number');
    if (v.password.length < 8 || !/[A-Za-z]/.test(v.password) || !/\d/.test(v.password)) throw new Error('--password needs 8 or more characters with letters and digits');
    const role = v.doctorRole ?? DOCTOR_ROLE.doctor;
    if (!(Object.values(DOCTOR_ROLE) as string[]).includes(role)) throw new Error('--role must be 1 (doctor), 2 (therapist), 3 (nutritionist) or 4 (team lead)');
    if (!v.teamId.trim()) throw new Error('--team must name the package team');
    if (!v.licenceNo.trim()) throw new Error('--licence must not be empty');
    await this.store.setAccount(doctorId, { phone: v.phone, passwordHash: await argonHash(v.password, ARGON), doctorRole: role, teamId: v.teamId.trim(), licenceNo: v.licenceNo.trim(), photo: v.photo ?? '' });
  }

  // ---- doctor login ---------------------------------------------------------------------------

  /** Same throttling as the users' password login: per IP, and per (phone, IP) with back-off. */
  async login(phone: string, password: string, ip: string): Promise<{ token: string; doctor: Doctor }> {
    const ipKey = `doclogin:ip:${ip}`;
    if ((await this.d.limiter.peek(ipKey, SECURITY.loginIpWindowMs)) >= SECURITY.loginFailuresPerIp) throw fail('tooManyRequests');
    const pair = `doclogin:pair:${hmac(this.d.secret, `doclogin:${phone}`).toString('base64url')}:${ip}`;
    const wait = (await this.d.limiter.heldUntil(`${pair}:hold`)) - this.d.now();
    if (wait > 0) throw fail('loginThrottled', { data: { retryAfter: Math.ceil(wait / 1000) } });
    const doc = await this.store.doctorByPhone(phone);
    let good = false;
    if (doc?.passwordHash) good = await argonVerify(doc.passwordHash, password).catch(() => false);
    else {
      dummyHash ??= argonHash('not-a-password-0', ARGON);
      await argonVerify(await dummyHash, password).catch(() => false);
    }
    if (!doc || !good) {
      await this.d.limiter.hit(ipKey, SECURITY.loginIpWindowMs);
      const failures = await this.d.limiter.hit(`${pair}:fails`, SECURITY.loginFailureMemoryMs);
      const backoff = loginBackoffMs(failures);
      if (backoff > 0) await this.d.limiter.holdUntil(`${pair}:hold`, this.d.now() + backoff);
      throw fail('badRequest', { msg: CLINIC_MSG.loginFailed });
    }
    await this.d.limiter.reset(`${pair}:fails`);
    const token = `dr_${newToken()}`;
    await this.store.addSession(doc.id, sha256(token));
    return { token, doctor: doctorOut(doc) };
  }

  async resolve(token: string | undefined): Promise<DoctorRow | null> {
    if (!token?.startsWith('dr_')) return null;
    return (await this.store.sessionDoctor(sha256(token))) ?? null;
  }
  async logout(token: string): Promise<void> {
    const sessionId = await this.store.sessionIdOf(sha256(token));
    await this.store.endSession(sha256(token), this.at());
    if (sessionId !== undefined) this.fanout.revoked(sessionId);
  }
  me(doc: DoctorRow): Doctor {
    return doctorOut(doc);
  }

  // ---- IM tokens ------------------------------------------------------------------------------

  /** rong/getToken: a signed token for our IM socket (provider 'socket'). */
  imToken(peer: ImPeer): { token: string; provider: 'socket'; namespace: string; expiresAt: number } {
    const exp = this.d.now() + IM_LIMITS.tokenTtlMs;
    const body = peer.side === 'user' ? `u.${peer.id}.${exp}` : `d.${peer.id}.${exp}.${peer.sessionId ?? 0}`;
    return { token: `${body}.${this.sign(body)}`, provider: 'socket', namespace: IM_NAMESPACE, expiresAt: exp };
  }
  /** The workspace's IM token: bound to the doctor's session (revoked at logout). */
  async doctorImToken(doc: DoctorRow, sessionToken: string) {
    const sessionId = await this.store.sessionIdOf(sha256(sessionToken));
    if (sessionId === undefined) throw fail('notLoggedIn');
    return this.imToken({ side: 'doctor', id: doc.id, sessionId });
  }
  /** Whether an IM peer may (still) connect: a doctor's session must be open. */
  async imPeerLive(peer: ImPeer): Promise<boolean> {
    if (peer.side === 'user') return true;
    return peer.sessionId !== undefined && (await this.store.sessionOpen(peer.sessionId, peer.id));
  }
  peerOf(token: unknown): ImPeer | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const m = /^([ud])\.(\d{1,10})\.(\d{1,16})(?:\.(\d{1,16}))?\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m?.[1] || !m[2] || !m[3] || !m[5]) return null;
    // Users' tokens carry no session; doctors' always do.
    if ((m[1] === 'u') !== (m[4] === undefined)) return null;
    const want = Buffer.from(this.sign(`${m[1]}.${m[2]}.${m[3]}${m[4] === undefined ? '' : `.${m[4]}`}`));
    const got = Buffer.from(m[5]);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    if (Number(m[3]) <= this.d.now()) return null;
    return m[1] === 'u' ? { side: 'user', id: Number(m[2]) } : { side: 'doctor', id: Number(m[2]), sessionId: Number(m[4]) };
  }
  private sign(s: string): string {
    return createHmac('sha256', this.imKey).update(s).digest('base64url');
  }

  // ---- consultations --------------------------------------------------------------------------

  /** consult/start: the consultation of a paid order, with the least busy doctor of the package's team. */
  async start(auth: AuthContext, orderNo: string): Promise<Consultation> {
    await this.d.access.require(auth, 'order', [orderNo]);
    const r = this.d.access.found('order', await this.store.orderOf(auth.userId, orderNo));
    const have = await this.store.consultByOrder(r.o.id);
    if (have) return this.one({ userId: auth.userId }, have.id);
    if (r.o.status !== ORDER_STATUS.paid && r.o.status !== ORDER_STATUS.inService) throw fail('badRequest', { msg: CLINIC_MSG.notInService });
    const team = await this.store.teamDoctors(r.p.team);
    const pick = team.sort((a, b) => a.open - b.open || a.d.id - b.d.id)[0];
    if (!pick) throw fail('badRequest', { msg: CLINIC_MSG.noDoctor });
    const c = (await this.store.insertConsult({ orderId: r.o.id, userId: auth.userId, memberId: r.o.memberId, doctorId: pick.d.id, openedAt: this.at() })) ?? (await this.store.consultByOrder(r.o.id));
    if (!c) throw fail('notFound', { msg: CLINIC_MSG.consultGone });
    return this.one({ userId: auth.userId }, c.id);
  }

  async list(who: { doctorId: number } | { userId: number }): Promise<Consultation[]> {
    await this.settle();
    const rows = await this.store.consultRows(who);
    const ids = rows.map((r) => r.c.id);
    const [last, unread] = await Promise.all([this.store.lastMessages(ids), this.store.unread(ids, 'doctorId' in who ? 'doctor' : 'user')]);
    return rows.map((r) => {
      const l = last.get(r.c.id);
      return {
        consultId: r.c.id,
        groupId: groupIdOf(r.c.id),
        orderNo: r.orderNo,
        packageName: r.packageName,
        patientId: r.c.memberId,
        patientName: r.memberName,
        status: r.c.status,
        statusText: CONSULT_STATUS_TEXT[r.c.status] ?? '',
        openedAt: r.c.openedAt.toISOString(),
        closedAt: r.c.closedAt?.toISOString() ?? null,
        doctor: doctorOut(r.d),
        unread: unread.get(r.c.id) ?? 0,
        lastText: l ? (l.kind === 'image' ? '[图片]' : l.text) : '',
      };
    });
  }
  private async one(who: { doctorId: number } | { userId: number }, id: number): Promise<Consultation> {
    const c = (await this.list(who)).find((x) => x.consultId === id);
    if (!c) throw fail('notFound', { msg: CLINIC_MSG.consultGone });
    return c;
  }

  /** The doctor's own consultation, open: the only way a doctor reaches a member. */
  private async openOf(doc: DoctorRow, consultId: number): Promise<ConsultRow> {
    await this.settle();
    await this.d.access.require({ doctorId: doc.id }, 'consultation.doctor', [consultId]);
    return this.d.access.found('consultation.doctor', await this.store.consult(consultId));
  }

  async memberFile(doc: DoctorRow, consultId: number): Promise<z.input<typeof MemberFile>> {
    const c = await this.openOf(doc, consultId);
    const [m, records, reports, dialogs, info] = await Promise.all([this.store.member(c.memberId), this.store.records(c.memberId), this.store.reports(c.memberId), this.store.dialogs(c.userId, c.memberId, 20), this.store.orderSubmitInfo(c.orderId)]);
    if (!m) throw fail('notFound', { msg: CLINIC_MSG.notYourPatient });
    return {
      consultId: c.id,
      profile: { name: m.name, roleName: m.roleName, sex: m.sex, birthDate: m.birthDate, height: m.height, weight: m.weight },
      records,
      reports: reports.map((r) => ({ id: r.id, title: r.title, createdAt: r.createdAt.toISOString() })),
      submitInfo: info ? { description: typeof info.description === 'string' ? info.description : '', surgeryDate: typeof info.surgeryDate === 'string' ? info.surgeryDate : null } : null,
      aiDialogs: dialogs.map((x) => ({ id: x.id, question: x.question, answer: x.answer, createdAt: x.createdAt.toISOString() })),
    };
  }

  async close(doc: DoctorRow, consultId: number): Promise<Consultation> {
    const c = await this.openOf(doc, consultId);
    const u = await this.store.setConsultStatus(c.id, CONSULT_STATUS.closed, this.at());
    if (u) this.fanout.closed(u);
    return this.one({ doctorId: doc.id }, c.id);
  }

  // ---- messages -------------------------------------------------------------------------------

  /** A consultation ends with its order's service (refund, cancellation, completion): the doctor's access ends with it. */
  async settle(): Promise<void> {
    for (const c of await this.store.closeEnded(this.at())) this.fanout.closed(c);
  }

  /** The consultation of a group, if the peer is on it. */
  private async mine(peer: ImPeer, groupId: string): Promise<ConsultRow> {
    if (peer.side === 'doctor') await this.settle();
    // A doctor's access ends with the consultation; the patient keeps reading a closed one.
    const permission = peer.side === 'user' ? 'consultation.group' : 'consultation.doctor.group';
    // The row's read goes out with the check (one round trip less a message) and is used only once
    // the check has passed: the check's answer (or failure) comes first, as before.
    const row = this.store.consult(consultIdOf(groupId));
    row.catch(() => undefined);
    await this.d.access.require(peer.side === 'user' ? { userId: peer.id } : { doctorId: peer.id }, permission, [groupId]);
    return this.d.access.found(permission, await row);
  }

  /** Persists a message once (a resend with the same clientMsgId answers it again) and fans it out. */
  async send(peer: ImPeer, v: ImSendReq): Promise<ImMessage> {
    const c = await this.mine(peer, v.groupId);
    if (c.status !== CONSULT_STATUS.open) throw fail('badRequest', { msg: CLINIC_MSG.consultClosed });
    const text = (v.text ?? '').trim();
    if (v.kind === 'text' && !text) throw fail('badRequest', { msg: CLINIC_MSG.emptyMessage });
    let mediaId: string | null = null;
    if (v.kind === 'image') {
      // Images come from the patient's own files in the encrypted media store (chatRehab/imFileUpload).
      if (peer.side !== 'user' || !v.mediaId || !(await this.d.mediaUrl(c.userId, v.mediaId))) throw fail('badRequest', { msg: CLINIC_MSG.imageGone });
      mediaId = v.mediaId;
    }
    const { row, fresh } = await this.store.insertMessage({ consultationId: c.id, sender: peer.side, clientMsgId: v.clientMsgId, kind: v.kind, text: v.kind === 'text' ? text : '', mediaId, createdAt: this.at() });
    const m = await this.out(c, row);
    if (fresh) this.fanout.message(c, m);
    return m;
  }

  async history(peer: ImPeer, v: { groupId: string; beforeSeq?: number | undefined; pageSize: number }): Promise<z.input<typeof ImHistoryRes>> {
    const c = await this.mine(peer, v.groupId);
    const rows = await this.store.messagesBefore(c.id, v.beforeSeq, v.pageSize + 1);
    const page = rows.slice(0, v.pageSize).reverse();
    return { list: await Promise.all(page.map((r) => this.out(c, r))), hasMore: rows.length > v.pageSize, peerReadSeq: peer.side === 'user' ? c.doctorReadSeq : c.userReadSeq };
  }

  async read(peer: ImPeer, groupId: string, seq: number): Promise<{ seq: number }> {
    const c = await this.mine(peer, groupId);
    const before = peer.side === 'user' ? c.userReadSeq : c.doctorReadSeq;
    const now = await this.store.markRead(c.id, peer.side, seq);
    if (now > before) this.fanout.receipt(c, peer.side, now);
    return { seq: now };
  }

  /** After a (re)connect: every message after the last seq the client holds, per group. */
  async resume(peer: ImPeer, groups: Record<string, number>): Promise<ImMessage[]> {
    const out: ImMessage[] = [];
    for (const [g, seq] of Object.entries(groups).slice(0, 200)) {
      const c = await this.mine(peer, g).catch(() => null);
      if (!c) continue;
      for (const r of await this.store.messagesAfter(c.id, seq, IM_LIMITS.resumeMax)) out.push(await this.out(c, r));
    }
    return out;
  }

  async remind(auth: AuthContext, groupId: string): Promise<{ reminded: boolean }> {
    const c = await this.mine({ side: 'user', id: auth.userId }, groupId);
    if (c.status !== CONSULT_STATUS.open) throw fail('badRequest', { msg: CLINIC_MSG.consultClosed });
    const at = this.at();
    if (!(await this.store.setReminded(c.id, new Date(at.getTime() - IM_LIMITS.remindEveryMs), at))) throw fail('badRequest', { msg: CLINIC_MSG.remindTooSoon });
    const { row } = await this.store.insertMessage({ consultationId: c.id, sender: 'system', clientMsgId: `remind-${at.getTime()}`, kind: 'text', text: '患者提醒您回复', createdAt: at });
    this.fanout.message(c, await this.out(c, row));
    return { reminded: true };
  }

  /** Which consultations a peer's socket follows. */
  async groupsOf(peer: ImPeer): Promise<ConsultRow[]> {
    const rows = await this.store.consultRows(peer.side === 'user' ? { userId: peer.id } : { doctorId: peer.id });
    return rows.map((r) => r.c);
  }

  private async out(c: ConsultRow, r: MessageRow): Promise<ImMessage> {
    const otherRead = r.sender === 'user' ? c.doctorReadSeq : c.userReadSeq;
    return {
      seq: r.seq,
      groupId: groupIdOf(c.id),
      clientMsgId: r.clientMsgId,
      sender: r.sender === 'doctor' ? 'doctor' : r.sender === 'user' ? 'user' : 'system',
      kind: r.kind === 'image' ? 'image' : 'text',
      text: r.text,
      mediaId: r.mediaId,
      mediaUrl: r.mediaId ? await this.d.mediaUrl(c.userId, r.mediaId) : null,
      createdAt: r.createdAt.toISOString(),
      read: r.seq <= otherRead,
    };
  }

  // ---- verification of AI answers -------------------------------------------------------------

  async applyVerify(auth: AuthContext, dialogId: number): Promise<Verification> {
    await this.d.access.require(auth, 'answer', [dialogId]);
    const dlg = await this.store.dialog(auth.userId, dialogId);
    if (!dlg || dlg.status !== 2 || !dlg.answer) throw fail('notFound', { msg: CLINIC_MSG.dialogGone });
    const have = await this.store.verifyByDialog(dlg.id);
    if (have) return this.verifyOut(have);
    const c = (dlg.userInfoId ? await this.store.openConsultOf(auth.userId, dlg.userInfoId) : undefined) ?? (await this.store.openConsultOf(auth.userId, null));
    if (!c) throw fail('badRequest', { msg: CLINIC_MSG.needConsult });
    const v = (await this.store.insertVerify({ dialogId: dlg.id, userId: auth.userId, consultationId: c.id, doctorId: c.doctorId, createdAt: this.at() })) ?? (await this.store.verifyByDialog(dlg.id));
    if (!v) throw fail('notFound', { msg: CLINIC_MSG.verifyGone });
    return this.verifyOut(v);
  }

  async verifyDetail(auth: AuthContext, id: number): Promise<Verification> {
    await this.d.access.require(auth, 'verification', [id]);
    return this.verifyOut(this.d.access.found('verification', await this.store.verify(id)));
  }

  /** The doctor's queue: requests of their open consultations. */
  async verifyQueue(doc: DoctorRow): Promise<Verification[]> {
    const out: Verification[] = [];
    for (const v of await this.store.verifiesOfDoctor(doc.id)) {
      const c = await this.store.consult(v.consultationId);
      if (c?.status === CONSULT_STATUS.open) out.push(await this.verifyOut(v, true));
    }
    return out;
  }

  async verdict(doc: DoctorRow, v: { chatVerifyId: number; verifyAnswerType: 'agreed' | 'corrected'; verifyRemark: string }): Promise<Verification> {
    await this.d.access.require({ doctorId: doc.id }, 'verification.doctor', [v.chatVerifyId]);
    const row = this.d.access.found('verification.doctor', await this.store.verify(v.chatVerifyId));
    await this.openOf(doc, row.consultationId);
    const u = await this.store.setVerdict(row.id, doc.id, { status: v.verifyAnswerType === 'agreed' ? VERIFY_STATUS.agreed : VERIFY_STATUS.corrected, answerType: v.verifyAnswerType, remark: v.verifyRemark, verifiedAt: this.at() });
    if (!u) throw fail('notFound', { msg: CLINIC_MSG.verifyGone });
    return this.verifyOut(u, true);
  }

  /** Verification fields of an account's dialogs (verifyStatus, doctorName …), for the chat's mark. */
  async marks(userId: number, dialogIds: number[]): Promise<Map<number, { chatVerifyId: number; verifyStatus: number; verifyRemark: string; doctorName: string }>> {
    const out = new Map<number, { chatVerifyId: number; verifyStatus: number; verifyRemark: string; doctorName: string }>();
    for (const v of await this.store.verifiedDialogs(userId, dialogIds)) {
      const d = await this.store.doctor(v.doctorId);
      out.set(v.dialogId, { chatVerifyId: v.id, verifyStatus: v.status, verifyRemark: v.remark, doctorName: d?.name ?? '' });
    }
    return out;
  }

  private async verifyOut(v: VerifyRow, forDoctor = false): Promise<Verification> {
    const [dlg, doc, c] = await Promise.all([this.store.dialogById(v.dialogId), this.store.doctor(v.doctorId), this.store.consult(v.consultationId)]);
    const m = c ? await this.store.member(c.memberId) : undefined;
    const extras = dlg?.extras ?? {};
    return {
      chatVerifyId: v.id,
      dialogId: v.dialogId,
      question: dlg?.question ?? '',
      answer: dlg?.answer ?? '',
      status: v.status,
      statusText: VERIFY_STATUS_TEXT[v.status] ?? '',
      verifyAnswerType: v.answerType === 'agreed' || v.answerType === 'corrected' ? v.answerType : null,
      verifyRemark: v.remark,
      doctorName: doc?.name ?? '',
      doctorTitle: doc?.title ?? '',
      doctorPhoto: doc?.photo ?? '',
      patientName: m?.name ?? '',
      trace: forDoctor ? Object.fromEntries(Object.entries(extras).filter(([k]) => ['scene', 'sources', 'intent', 'skill'].includes(k))) : {},
      createdAt: v.createdAt.toISOString(),
      verifiedAt: v.verifiedAt?.toISOString() ?? null,
    };
  }

  // ---- rehab plans ----------------------------------------------------------------------------

  async createPlan(doc: DoctorRow, v: z.output<typeof PlanCreateReq>): Promise<Plan> {
    const c = await this.openOf(doc, v.consultId);
    const p = await this.store.insertPlan({
      consultationId: c.id,
      userId: c.userId,
      memberId: c.memberId,
      doctorId: doc.id,
      title: v.title,
      startDate: v.startDate,
      stages: v.stages,
      tasks: v.tasks.map((t, i) => ({ taskId: `t${i + 1}`, kind: t.kind, name: t.name, detail: t.detail })),
      foodAdvice: v.foodAdvice,
      createdAt: this.at(),
    });
    return this.planOut(p);
  }

  /** The caller's plan (`planId`, or the latest): through the access policy. */
  async planOf(auth: AuthContext, planId: number | undefined): Promise<PlanRow> {
    if (planId !== undefined) await this.d.access.require(auth, 'rehabPlan', [planId]);
    const p = await this.store.plan(auth.userId, planId);
    if (!p) throw fail('notFound', { msg: CLINIC_MSG.planGone });
    return p;
  }

  async currentStage(auth: AuthContext, planId: number | undefined): Promise<z.input<typeof CurrentStageRes>> {
    if (planId !== undefined) await this.d.access.require(auth, 'rehabPlan', [planId]);
    const p = await this.store.plan(auth.userId, planId);
    if (!p) {
      if (planId !== undefined) throw fail('notFound', { msg: CLINIC_MSG.planGone });
      return { plan: null, stageIndex: -1, stage: null, dayInPlan: 0 };
    }
    const day = daysBetween(p.startDate, dayOf(this.d.now()));
    let acc = 0;
    let idx = -1;
    p.stages.forEach((s, i) => {
      if (idx === -1 && day >= acc && day < acc + s.days) idx = i;
      acc += s.days;
    });
    if (idx === -1 && day >= acc) idx = p.stages.length - 1;
    return { plan: await this.planOut(p), stageIndex: idx, stage: p.stages[idx] ?? null, dayInPlan: day + 1 };
  }

  async foodAdvice(auth: AuthContext, planId: number | undefined): Promise<{ foodAdvice: string }> {
    return { foodAdvice: (await this.planOf(auth, planId)).foodAdvice };
  }

  async dailyLife(auth: AuthContext, planId: number, date: string): Promise<z.input<typeof DailyLifeRes>> {
    const p = await this.planOf(auth, planId);
    return this.day(p, date);
  }

  async checkIn(auth: AuthContext, v: { planId: number; currentDate: string; taskId: string }): Promise<z.input<typeof DailyLifeRes>> {
    const p = await this.planOf(auth, v.planId);
    if (!p.tasks.some((t) => t.taskId === v.taskId)) throw fail('badRequest', { msg: CLINIC_MSG.taskGone });
    // A day of the plan, not after today: no check-in in advance.
    if (!this.inPlan(p, v.currentDate) || v.currentDate > dayOf(this.d.now())) throw fail('badRequest', { msg: CLINIC_MSG.notPlanDay });
    await this.store.checkIn(p.id, v.currentDate, v.taskId, this.at());
    return this.day(p, v.currentDate);
  }

  async calendar(auth: AuthContext, planId: number, month: string): Promise<z.input<typeof CalendarStateRes>> {
    const p = await this.planOf(auth, planId);
    const first = `${month}-01`;
    if (Number.isNaN(Date.parse(`${first}T00:00:00Z`))) throw fail('badRequest', { msg: CLINIC_MSG.notPlanDay });
    const last = addDays(addDays(first, 32).slice(0, 8) + '01', -1);
    const done = new Map<string, number>();
    for (const c of await this.store.checkIns(p.id, first, last)) done.set(c.day, (done.get(c.day) ?? 0) + 1);
    const out: z.input<typeof CalendarStateRes> = [];
    for (let d = first; d <= last; d = addDays(d, 1)) if (this.inPlan(p, d)) out.push({ date: d, done: done.get(d) ?? 0, total: p.tasks.length });
    return out;
  }

  /** Whether `date` is a day of the plan. */
  inPlan(p: PlanRow, date: string): boolean {
    const total = p.stages.reduce((a, s) => a + s.days, 0);
    const n = daysBetween(p.startDate, date);
    return n >= 0 && n < total;
  }

  /** The day's tasks of a plan with their check-ins. */
  async day(p: PlanRow, date: string): Promise<z.input<typeof DailyLifeRes>> {
    const inPlan = this.inPlan(p, date);
    const done = new Set((await this.store.checkIns(p.id, date, date)).map((c) => c.taskId));
    const tasks = inPlan ? p.tasks.map((t) => ({ ...t, done: done.has(t.taskId) })) : [];
    return { currentDate: date, inPlan, tasks, done: tasks.filter((t) => t.done).length, total: tasks.length };
  }

  private async planOut(p: PlanRow): Promise<Plan> {
    const [m, d] = await Promise.all([this.store.member(p.memberId), this.store.doctor(p.doctorId)]);
    const total = p.stages.reduce((a, s) => a + s.days, 0);
    return { planId: p.id, title: p.title, patientName: m?.name ?? '', doctorName: d?.name ?? '', startDate: p.startDate, endDate: addDays(p.startDate, total - 1), stages: p.stages, tasks: p.tasks, foodAdvice: p.foodAdvice };
  }
}

function doctorOut(d: DoctorRow): Doctor {
  return { id: d.id, name: d.name, title: d.title, hospital: d.hospital, department: d.department, doctorRole: d.doctorRole, teamId: d.teamId, photo: d.photo };
}
