import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { ERR, INSIGHT_LIMITS, TRACE_ID_PATTERN } from '@chatdr/contract';
import { isLoopbackHost, type Config } from './config.ts';
import { Access } from './access/access.ts';
import type { Database } from './db/client.ts';
import { tokenOf } from './http/context.ts';
import { AppError, fail } from './http/errors.ts';
import { safeErr } from './http/log-safe.ts';
import { buildOpenApi, DOCS_HTML, DOCS_JS } from './http/openapi.ts';
import type { ChangeBus } from './providers/change-bus.ts';
import type { RateLimiter } from './providers/rate-limit.ts';
import { DevOutbox, HttpSmsProvider, type SmsProvider } from './providers/sms.ts';
import { AccountService } from './modules/account/account.service.ts';
import { AccountStore } from './modules/account/account.store.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { AuthStore } from './modules/auth/auth.store.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { FamilyService } from './modules/family/family.service.ts';
import { FamilyStore } from './modules/family/family.store.ts';
import { familyRoutes } from './modules/family/family.routes.ts';
import { createMediaService, mediaRoutes, type MediaService } from './modules/media/index.ts';
import type { OcrProvider } from './ocr/types.ts';
import { createOpenAIProvider } from '@chatdr/engine';
import { ChatService } from './modules/chat/chat.service.ts';
import { attachChatSocket } from './modules/chat/chat.socket.ts';
import { ChatStore } from './modules/chat/chat.store.ts';
import { ChatStreams, STALE_MS } from './modules/chat/chat.stream.ts';
import { reportItems, type Engine } from './modules/chat/engine-adapter.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { QuestionLimits } from './modules/chat/question-limits.ts';
import { EnginePool } from './modules/chat/engine-pool.ts';
import { InsightService } from './modules/insight/insight.service.ts';
import { InsightStore } from './modules/insight/insight.store.ts';
import { TaskClickCounter } from './modules/insight/click-counter.ts';
import { insightRoutes } from './modules/insight/insight.routes.ts';
import { ReportService } from './modules/report/report.service.ts';
import { ReportStore } from './modules/report/report.store.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { GuideService } from './modules/health/guide.service.ts';
import { HealthService } from './modules/health/health.service.ts';
import { HealthStore } from './modules/health/health.store.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { RemindService } from './modules/remind/remind.service.ts';
import { RemindStore } from './modules/remind/remind.store.ts';
import { remindRoutes } from './modules/remind/remind.routes.ts';
import { InAppChannel, NoticeHub, RemindScheduler, type RemindChannel } from './modules/remind/scheduler.ts';
import { PushStore, WebPushChannel } from './modules/remind/web-push.ts';
import { SmsChannel } from './modules/remind/sms-channel.ts';
import { createPkg, pkgAllRoutes, type Pkg } from './modules/pkg/index.ts';
import { ClinicService, ClinicStore, PlanService, attachImSocket, clinicRoutes } from './modules/clinic/index.ts';
import { SystemService } from './modules/system/system.service.ts';
import { SystemStore } from './modules/system/system.store.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { FeedbackService } from './modules/feedback/feedback.service.ts';
import { FeedbackStore } from './modules/feedback/feedback.store.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { MessageService } from './modules/message/message.service.ts';
import { MessageStore } from './modules/message/message.store.ts';
import { messageRoutes } from './modules/message/message.routes.ts';
import { ExportService } from './modules/export/export.service.ts';
import { ExportStore } from './modules/export/export.store.ts';
import { exportRoutes } from './modules/export/export.routes.ts';
import { PasskeyService } from './modules/passkey/passkey.service.ts';
import { PasskeyStore } from './modules/passkey/passkey.store.ts';
import { passkeyRoutes } from './modules/passkey/passkey.routes.ts';
import { ImagingService } from './modules/imaging/imaging.service.ts';
import { ImagingStore } from './modules/imaging/imaging.store.ts';
import { imagingRoutes } from './modules/imaging/imaging.routes.ts';
import { DicomWebProvider, type ImagingProvider } from './modules/imaging/dicomweb.ts';
import { RealNameService } from './modules/realname/realname.service.ts';
import { RealNameStore } from './modules/realname/realname.store.ts';
import { realNameRoutes } from './modules/realname/realname.routes.ts';
import { formatOnlyProvider, httpRealNameProvider } from './modules/realname/provider.ts';
import { fieldSealer } from './modules/media/storage.ts';
import { SERVER_ROOT } from './paths.ts';
import { createSpeechProviders } from './modules/speech/index.ts';
import { attachSpeech } from './modules/speech/speech.socket.ts';

export const SERVER_VERSION = '0.1.0';

export interface AppDeps {
  /** The hospital PACS (tests); default: DICOMweb at IMAGING_DICOMWEB_URL, or none. */
  imagingProvider?: ImagingProvider | null;
  config: Config;
  database: Database;
  limiter: RateLimiter;
  bus: ChangeBus;
  secret: string;
  sms?: SmsProvider;
  /** Clock for the services (tests move it). */
  now?: () => number;
  /** Where logs go (default stdout); tests read them to prove nothing sensitive is logged. */
  logStream?: NodeJS.WritableStream;
  /** OCR provider (default from config: PaddleOCR workers, or none). */
  ocr?: OcrProvider;
}

export interface Services {
  auth: AuthService;
  account: AccountService;
  system: SystemService;
  family: FamilyService;
  audit: AuditService;
  media: MediaService;
  chat: ChatService;
  insight: InsightService;
  report: ReportService;
  health: HealthService;
  remind: RemindService;
  /** The durable reminder scheduler (started unless REMIND_SCHEDULER=off). */
  remindScheduler: RemindScheduler;
  pkg: Pkg;
  /** Doctors, consultations, doctor chat, verification of answers and rehab plans. */
  clinic: ClinicService;
  sms: SmsProvider;
  /** The message centre (reminders read where modules/remind writes them, and the other kinds). */
  message: MessageService;
  /** Suggestions and complaints, answered by operators (admin CLI). */
  feedback: FeedbackService;
  imaging: ImagingService;
}

const headerId = (v: unknown): string | undefined => (typeof v === 'string' && TRACE_ID_PATTERN.test(v) ? v : undefined);
// Server-made ids for requests that carry none: a per-process prefix and a counter (no syscall per request).
const ID_PREFIX = `s-${randomBytes(4).toString('hex')}-`;
let idCounter = 0;
const nextId = () => ID_PREFIX + (++idCounter).toString(36);
const webDistDefault = path.resolve(SERVER_ROOT, '../web/dist');

// Content Security Policy for the web app and the docs page. antd-mobile sets inline styles.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob: data:",
  "object-src 'none'",
  // The in-app PDF viewer shows a downloaded report from a blob: URL in a frame.
  "frame-src 'self' blob:",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Builds the HTTP app (not listening). Every module's routes come from the contract's table. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // Bodies, query strings and headers can carry phones, codes, tokens and health data: never logged.
      redact: { paths: ['req.headers', 'headers.authorization', 'body'], remove: true },
      // Errors are logged by kind: a database error never with its query's values (http/log-safe.ts).
      serializers: { err: safeErr },
    },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'traceId' }),
    // Only the configured proxies may name the client through X-Forwarded-For (TRUST_PROXY).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1_048_576,
    genReqId: (req) => headerId(req.headers.traceid) ?? nextId(),
    routerOptions: { ignoreTrailingSlash: true },
  });

  const sms: SmsProvider = deps.sms ?? (config.sms.provider === 'http' ? new HttpSmsProvider(config.sms.url, config.sms.token) : new DevOutbox());
  const now = deps.now ?? Date.now;
  const audit = new AuditService();
  // The one access policy every service checks ownership through (src/access).
  const access = new Access(deps.database.db);
  const family = new FamilyService(new FamilyStore(deps.database.db), access, audit, deps.bus, now);
  const chatStore = new ChatStore(deps.database.db);
  let engine: Engine | undefined;
  if (config.llm) {
    // The OpenAI-compatible provider: the builtin engine's triage still guards every answer, and
    // any failure falls back to the builtin answer with a warning (packages/engine/src/provider).
    const llmLog = app.log.child({ module: 'llm' });
    const provider = createOpenAIProvider({
      baseUrl: config.llm.baseUrl,
      model: config.llm.model,
      ...(config.llm.apiKey ? { apiKey: config.llm.apiKey } : {}),
      timeoutMs: config.llm.timeoutMs,
      warn: (msg, err) => llmLog.warn({ err }, msg),
    });
    engine = (input) => provider.answer(input);
  } else if (config.engineWorkers > 0) {
    // The builtin engine in worker threads: a long question's CPU never holds the sockets or REST.
    const pool = new EnginePool(config.engineWorkers);
    // Loaded at start: the first question does not wait for a worker to load the engine.
    pool.warm();
    engine = pool.engine;
    // After the chat socket's preClose (every answer ended), the workers stop.
    app.addHook('onClose', async () => pool.close());
  }
  const streams = new ChatStreams({
    store: chatStore,
    access,
    memberContext: (auth, id) => family.memberContext(auth, id),
    familyMembers: (auth) => family.memberRefs(auth),
    onUserChanged: (fn) => deps.bus.onUserChanged(fn),
    writeConcurrency: deps.database.kind === 'postgres' ? 2 : 1,
    auditPass: (text) => audit.auditText(text).pass,
    maxConcurrent: config.chatMaxConcurrent,
    limits: new QuestionLimits(config.chatLimits, deps.limiter, (err) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'chat question limiter failed')),
    log: app.log.child({ module: 'chat' }),
    now,
    ...(engine ? { engine } : {}),
    // Collaborators built after the chat (media, report, insight): called only once the app runs.
    // The person an uploaded report names: the chat reads it for the member it fits.
    reportPatient: async (auth, inputMediaId) => {
      const entity = await services.media.ocrOf(auth.userId, inputMediaId);
      return entity ? { name: entity.patientName, sex: entity.sex, age: entity.age } : null;
    },
    // A question about an uploaded report: its lab items for the engine, and the durable reading.
    reportMedia: async (auth, v) => {
      const entity = await services.media.ocrOf(auth.userId, v.inputMediaId);
      if (!entity) return null;
      const items = reportItems(entity.items);
      let started: { reportId: string; status: number } | null = null;
      if (v.userInfoId !== null) {
        started = await services.report.startReport(auth, { inputMediaId: v.inputMediaId, userInfoId: v.userInfoId, questionId: v.questionId, privacy: v.privacy }).catch((err: unknown) => {
          app.log.warn({ err }, 'report reading from the chat did not start');
          return null;
        });
      }
      return { items, reportId: started?.reportId ?? null, status: started?.status ?? 0 };
    },
    // 推荐医生: the chat recommends the operator's doctors of the answer's department.
    doctors: async () => (await services.insight.listDoctors()).map((d) => ({ id: String(d.id), name: d.name, title: d.title, department: d.department, hospital: d.hospital })),
  });
  const insightStore = new InsightStore(deps.database.db);
  const clickLog = app.log.child({ module: 'insight' });
  const taskClicks = new TaskClickCounter((counts) => insightStore.addAnonymousClicks(counts, new Date(now())), INSIGHT_LIMITS.taskClickFlushMs, (err) => clickLog.warn({ err: err instanceof Error ? err.message : String(err) }, 'task click counts not written (kept for the next flush)'));
  app.addHook('onClose', async () => taskClicks.close());
  const remindStore = new RemindStore(deps.database.db);
  // Live reminder notices go out over the chat socket once it is attached (below).
  const noticeHub = new NoticeHub();
  const pushStore = new PushStore(deps.database.db);
  // Delivery channels: in-app (message + live banner) always; Web Push when VAPID keys are set;
  // SMS through the SMS provider, for the accounts that turned it on for 提醒 (docs/REMINDERS.md).
  const remindChannels: RemindChannel[] = [new InAppChannel(noticeHub)];
  if (config.vapid) remindChannels.push(new WebPushChannel(pushStore, config.vapid, app.log.child({ module: 'web-push' })));
  if (sms.notify) remindChannels.push(new SmsChannel(remindStore, sms, now, config.remind.graceMs, app.log.child({ module: 'remind-sms' })));
  // Packages, orders and the sandbox payment provider (modules/pkg/index.ts).
  const pkg = createPkg({ db: deps.database.db, access, secret: deps.secret, now, family, log: app.log.child({ module: 'pkg' }), payProvider: config.payProvider, pay: config.pay });
  const media = createMediaService({ config, db: deps.database.db, access, secret: deps.secret, now, ocr: deps.ocr });
  const messageLog = app.log.child({ module: 'message' });
  const message = new MessageService({ store: new MessageStore(deps.database.db), emit: (userId, notice) => noticeHub.emit(userId, notice), sms, now, warn: (err, msg) => messageLog.warn({ err }, msg) });
  const chat = new ChatService(chatStore, access, streams, audit, (auth, id) => family.memberContext(auth, id), now, config.shareTtlMs);
  const imagingLog = app.log.child({ module: 'imaging' });
  const imaging = new ImagingService({
    store: new ImagingStore(deps.database.db),
    access,
    codes: {
      send: (phone, meta) => services.auth.sendCode(phone, 'imagingGrant', meta),
      check: (phone, code) => services.auth.checkCode(phone, 'imagingGrant', code),
    },
    provider: deps.imagingProvider !== undefined ? deps.imagingProvider : config.dicomweb ? new DicomWebProvider(config.dicomweb.url, config.dicomweb.token) : null,
    media: { store: (userId, bytes, name) => media.storeChecked(userId, 'dicom', bytes, name, 'application/dicom'), bytes: (userId, id) => media.ownedBytes(userId, id) },
    secret: deps.secret,
    now,
    warn: (err, msg) => imagingLog.warn({ err: err instanceof Error ? err.message : String(err) }, msg),
  });
  const services: Services = {
    auth: new AuthService({ store: new AuthStore(deps.database.db), sms, limiter: deps.limiter, secret: deps.secret, registration: config.registration, bus: deps.bus, now, userFiles: { list: (id) => media.filesOfUser(id), remove: (keys) => media.removeFiles(keys) } }),
    account: new AccountService(new AccountStore(deps.database.db), deps.bus, { flags: config.grayFlags, minVersion: config.grayMinVersion }, now),
    system: new SystemService(new SystemStore(deps.database.db)),
    family,
    audit,
    media,
    chat,
    insight: new InsightService({ store: insightStore, access, chat, family, media, limiter: deps.limiter, clicks: taskClicks, now }),
    health: new HealthService(new HealthStore(deps.database.db), access, family, now),
    report: new ReportService({ store: new ReportStore(deps.database.db), access, media, family, chat, stepMs: config.reportStepMs, now, log: app.log.child({ module: 'report' }) }),
    remind: new RemindService({ store: remindStore, access, push: pushStore, vapidPublicKey: config.vapid?.publicKey ?? null, family, now, graceMs: config.remind.graceMs }),
    remindScheduler: new RemindScheduler({ store: remindStore, channels: remindChannels, now, pollMs: config.remind.pollMs, graceMs: config.remind.graceMs, log: app.log.child({ module: 'remind' }) }),
    pkg,
    clinic: new ClinicService({ store: new ClinicStore(deps.database.db), limiter: deps.limiter, secret: deps.secret, now, log: app.log.child({ module: 'clinic' }), mediaUrl: async (userId, id) => (await media.urlOfUserMedia(userId, id))?.url ?? null, access }),
    sms,
    message,
    imaging,
    feedback: new FeedbackService({ store: new FeedbackStore(deps.database.db), messages: message, pictureUrls: (userId, ids) => media.ownedUrls(userId, ids, 'feedback'), now }),
  };
  services.account.packageList = (userId) => pkg.service.packageList(userId);
  family.orderCount = (userId, memberId) => pkg.service.orderCount(userId, memberId);
  // delMediaFlag: a history deletion also deletes the media its questions named.
  services.chat.dropMedia = (userId, ids) => services.media.deleteOwned(userId, ids);
  services.chat.verifyMarks = (userId, ids) => services.clinic.marks(userId, ids);

  app.decorate('implementedRoutes', []);
  app.decorate('resolveSession', (req) => services.auth.resolve(tokenOf(req)));
  app.decorateRequest('auth', null);
  app.decorateRequest('traceId', '');
  app.decorateRequest('spanId', '');

  // Overload: past MAX_IN_FLIGHT concurrent requests answer HTTP 501 at once.
  // The hooks below run on every request: callback style, no per-request allocation beyond need.
  let inFlight = 0;
  const logRequests = ['info', 'debug', 'trace'].includes(config.logLevel);
  const counted = new WeakSet<object>();
  const hsts: Record<string, string> = config.mode === 'production' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
  const apiHeaders: Record<string, string> = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...hsts };
  // The CSP matters for documents: HTML pages (the app, the docs) get it, JSON answers do not need it.
  const pageHeaders: Record<string, string> = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'content-security-policy': CSP, ...hsts };
  app.addHook('onRequest', (req, reply, done) => {
    req.traceId = req.id;
    req.spanId = headerId(req.headers.spanid) ?? '';
    if (inFlight >= config.maxInFlight) {
      reply.code(501).send({ code: ERR.overloaded.code, msg: ERR.overloaded.msg, data: null });
      return;
    }
    inFlight++;
    counted.add(req);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (counted.delete(req)) inFlight--;
    // One line per request: method, route pattern (never the query string), status, time.
    if (logRequests) req.log.info({ spanId: req.spanId || undefined, method: req.method, route: req.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(req.url.startsWith('/api/') && req.url !== '/api/docs' ? apiHeaders : pageHeaders);
    done(null, payload);
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return reply.code(err.httpStatus).send({ code: err.code, msg: err.message, data: err.data });
    const status = err.statusCode ?? 500;
    if (status === 415) return reply.code(415).send({ code: ERR.unsupportedMedia.code, msg: ERR.unsupportedMedia.msg, data: null });
    if (status === 413) return reply.code(413).send({ code: ERR.badRequest.code, msg: '请求内容过大', data: null });
    if (status >= 400 && status < 500) return reply.code(400).send({ code: ERR.badRequest.code, msg: ERR.badRequest.msg, data: null });
    req.log.error({ err, spanId: req.spanId || undefined }, 'unhandled error');
    return reply.code(500).send({ code: ERR.internal.code, msg: ERR.internal.msg, data: { traceId: req.traceId } });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send({ code: ERR.notFound.code, msg: '接口不存在', data: null });
    return reply.redirect('/');
  });

  // The built web client (apps/web/dist). Registered before compression, so its route is left to
  // the build's own compressed copies: the Vite build writes a .br and a .gz next to every text
  // asset over 1 KiB (apps/web/vite.config.ts), sent by Accept-Encoding with Vary: Accept-Encoding.
  const webDist = config.webDist ?? webDistDefault;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: webDist,
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets are immutable; index.html (and the unhashed favicon) must always be revalidated.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // API answers over 1 KiB compressed on the fly (brotli at quality 4, else gzip) for clients that
  // accept it; smaller ones and clients without Accept-Encoding skip it after one header check.
  // Only responses: request bodies are never inflated (no decompression-bomb surface). The chat
  // socket (socket.io on the raw HTTP server) does not pass through it.
  const { default: fastifyCompress } = await import('@fastify/compress');
  await app.register(fastifyCompress, { globalCompression: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });

  authRoutes(app, services.auth);
  accountRoutes(app, services.account);
  systemRoutes(app, services.system);
  familyRoutes(app, services.family, services.audit);
  await mediaRoutes(app, services.media, { pfAllowed: (v) => services.account.grayAuth(v).includes('pf') });
  chatRoutes(app, services.chat);
  insightRoutes(app, services.insight);
  reportRoutes(app, services.report);
  healthRoutes(app, services.health, new GuideService(services.family, services.health, now), async (auth) => (await services.account.settings(auth, undefined)).privacyMode);
  services.family.addHealthFigures((auth, memberId) => services.health.pageFigures(auth, memberId));
  remindRoutes(app, services.remind);
  messageRoutes(app, services.message);
  feedbackRoutes(app, services.feedback);
  const realNameLog = app.log.child({ module: 'realname' });
  realNameRoutes(app, new RealNameService({
    store: new RealNameStore(deps.database.db),
    access,
    provider: config.realName.provider === 'http' ? httpRealNameProvider(config.realName.url, config.realName.token) : formatOnlyProvider,
    sealer: fieldSealer(deps.secret),
    now,
    warn: (err, msg) => realNameLog.warn({ err }, msg),
  }));
  passkeyRoutes(app, new PasskeyService({ store: new PasskeyStore(deps.database.db), auth: services.auth, access, secret: deps.secret, rpName: config.webauthn.rpName, now }), { rpId: config.webauthn.rpId, allowedOrigins: config.allowedOrigins });
  await imagingRoutes(app, services.imaging);
  exportRoutes(app, new ExportService({ store: new ExportStore(deps.database.db), fileBytes: (userId, id) => media.ownedBytes(userId, id), audit: (userId, traceId) => media.audit(userId, 'account.export', String(userId), traceId), now }));
  await pkgAllRoutes(app, pkg);
  clinicRoutes(app, services.clinic, new PlanService({ store: new ClinicStore(deps.database.db), clinic: services.clinic, now }));
  // Report readings left unfinished by a stopped process resume; their timers stop at close.
  await services.report.resume();
  app.addHook('preClose', async () => services.report.stop());

  // The chat socket on the same HTTP server. Questions left answering by a stopped process fail
  // (resendable): on PGlite (one process) all of them at start; on PostgreSQL those whose
  // instance stopped writing (heartbeat), at start and every 15 s.
  await streams.recover(deps.database.kind === 'pglite' ? null : new Date(now() - STALE_MS));
  // This instance's heartbeat (chat_instances), before it takes a question: a resend elsewhere
  // takes its questions over only once it stops.
  await streams.startHeartbeat();
  const chatSocket = await attachChatSocket(app, streams, { redisUrl: config.redisUrl, allowedOrigins: config.allowedOrigins, trustProxy: config.trustProxy, resolve: (token) => services.auth.resolve(token), onUserChanged: (fn) => deps.bus.onUserChanged(fn) });
  noticeHub.bind((userId, notice) => chatSocket.notify(userId, notice));
  // Read-aloud and dictation: the /speech namespace of the same socket server.
  attachSpeech(chatSocket.io, { ...createSpeechProviders(config.speech), resolve: (token) => services.auth.resolve(token), log: app.log.child({ module: 'speech' }) });
  attachImSocket(chatSocket.io, services.clinic, app.log.child({ module: 'im' }));
  if (config.remind.enabled) services.remindScheduler.start();
  app.addHook('preClose', async () => services.remindScheduler.stop());
  const sweep = deps.database.kind === 'postgres' ? setInterval(() => void streams.recover(new Date(now() - STALE_MS)).catch(() => undefined), 15_000) : null;
  sweep?.unref();
  app.addHook('preClose', async () => {
    if (sweep) clearInterval(sweep);
    await chatSocket.close();
  });

  app.get('/healthz', async () => ({ code: 1, msg: 'ok', data: { status: 'ok', db: deps.database.kind } }));
  app.get('/api/openapi.json', async () => buildOpenApi(app.implementedRoutes, SERVER_VERSION));
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(DOCS_HTML));
  app.get('/api/docs.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(DOCS_JS));

  if (config.mode === 'local' && sms.lastCode) {
    const outbox = sms;
    // Local mode only: the last code sent to a phone (the dev outbox). Absent in production.
    // Only this machine may read it: the socket's own peer address decides, never a forwarded
    // header, so the outbox stays private whatever HOST and TRUST_PROXY say; a request relayed by
    // a proxy (it names a forwarded client) is refused even when the proxy runs on this machine.
    app.get('/api/dev/sms', async (req, reply) => {
      const relayed = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
      // From elsewhere it answers like any unknown API path.
      if (relayed || !isLoopbackHost(req.socket.remoteAddress ?? '')) return reply.code(404).send({ code: ERR.notFound.code, msg: '接口不存在', data: null });
      const phone = (req.query as { phone?: unknown }).phone;
      if (typeof phone !== 'string') throw fail('badRequest', { msg: '缺少 phone' });
      const code = outbox.lastCode?.(phone);
      if (!code) throw fail('notFound', { msg: '该手机号没有已发送的验证码' });
      return { code: 1, msg: 'success', data: { phone, code } };
    });
  }

  return { app, services };
}
