import { CHAT_EVENT_TYPES, ChatEvent, ERR, FRAME_CODE, type AnswerFrame, type ChatEventType, type FramePayload, type SourceEntry } from '@chatdr/contract';
import type { EngineEvent } from './engine-adapter.ts';

/** What one engine event becomes: the frame's code and payload. */
export interface MappedEvent {
  code: number;
  payload: FramePayload;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const restOf = (ev: EngineEvent): Record<string, unknown> => {
  const { type: _type, ...rest } = ev as { type: string } & Record<string, unknown>;
  return rest;
};
const objects = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.filter(isObj) : []);
const isKnown = (type: string): type is ChatEventType => (CHAT_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Maps an engine event to frame payload fields: the server's edge. An event of a type the contract
 * knows (ChatEvent) is validated against its schema and gets its field (or, without one, is sent
 * as `payload.event`); one with the wrong shape maps to null (no frame). Any other type is passed
 * through as `payload.event` unchanged, so new engine events need no server change.
 * `text`, `refusal` and `done` are handled by the caller.
 */
export function edgeEvent(ev: EngineEvent): MappedEvent | null {
  const progress = (payload: FramePayload): MappedEvent => ({ code: FRAME_CODE.progress, payload });
  if (!isKnown(ev.type)) return progress({ event: { ...restOf(ev), type: ev.type } });
  const parsed = ChatEvent.safeParse(ev);
  if (!parsed.success) return null;
  const e = parsed.data;
  switch (e.type) {
    case 'deepThink':
      return progress({ deepThink: { status: e.status, text: e.text, consumingMs: e.consumingMs } });
    case 'sources':
      return { code: FRAME_CODE.sources, payload: { sources: sourcesOf(e.items) } };
    case 'triage':
      return progress({ triage: e.level });
    case 'scene':
      return progress({ scene: [...e.path] });
    case 'intent':
      return progress({ intent: e.intent });
    case 'recommend': {
      const { type: _t, ...recommend } = e;
      return progress({ recommend });
    }
    case 'hospitals':
      return progress({ recommend: { hospitals: e.items, scene: [...e.scene] } });
    case 'doctors':
      return progress({ recommend: { doctors: e.items, scene: [...e.scene] } });
    case 'followUps':
      return progress({ followUps: e.questions });
    case 'annotations':
      return progress({ annotations: e.items });
    case 'roleQuestion': {
      const { type: _t, ...roleQuestion } = e;
      return progress({ roleQuestion });
    }
    case 'conclusion': {
      const { type: _t, ...conclusion } = e;
      return progress({ conclusion });
    }
    case 'interview':
    case 'emergency':
    case 'medicationVerdict':
    case 'member':
    case 'report':
      return progress({ event: e });
    case 'text':
    case 'refusal':
    case 'done':
      return null;
  }
}

/** edgeEvent for an event known to be valid (a known type with the wrong shape throws). */
export function mapEvent(ev: EngineEvent): MappedEvent {
  const m = edgeEvent(ev);
  if (!m) throw new Error(`chat event ${ev.type}: not a valid frame event`);
  return m;
}

/** Sources as the frame and the history carry them (chat-core §3 source entry). */
export function sourcesOf(v: unknown): SourceEntry[] {
  return objects(v).map((s, i) => ({
    index: typeof s.index === 'number' ? s.index : i + 1,
    name: String(s.name ?? ''),
    title: String(s.title ?? ''),
    ...(typeof s.sourceName === 'string' ? { sourceName: s.sourceName } : {}),
    ...(typeof s.sourceCode === 'string' ? { sourceCode: s.sourceCode } : {}),
    ...(typeof s.url === 'string' ? { url: s.url } : {}),
    ...(typeof s.tag === 'string' ? { tag: s.tag } : {}),
    ...(typeof s.label === 'string' ? { label: s.label } : {}),
    ...(typeof s.fileId === 'string' ? { fileId: s.fileId } : {}),
  }));
}

/** The extras kept with a stored answer: each non-text event's fields by type (the last one wins). */
export function extrasOf(ev: EngineEvent): [string, unknown] | null {
  if (ev.type === 'text' || ev.type === 'done' || ev.type === 'refusal') return null;
  return [ev.type, restOf(ev)];
}

export const frame = (questionId: string, seq: number, status: 0 | 1 | 2, code: number, payload: FramePayload, msg: string = ERR.ok.msg): AnswerFrame => ({
  header: { code, msg, questionId, seq, status },
  payload,
});
