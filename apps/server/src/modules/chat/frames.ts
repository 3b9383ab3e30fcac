import { ERR, FRAME_CODE, type AnswerFrame, type FramePayload, type SourceEntry } from '@chatdr/contract';
import type { EngineEvent } from './engine-adapter.ts';

/** What one engine event becomes: the frame's code and payload (null: no frame). */
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
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Maps an engine event to frame payload fields. Known types get their field; any other type is
 * passed through as `payload.event` unchanged, so new engine events need no server change.
 * `text`, `refusal` and `done` are handled by the caller.
 */
export function mapEvent(ev: EngineEvent): MappedEvent {
  const rest = restOf(ev);
  const progress = (payload: FramePayload): MappedEvent => ({ code: FRAME_CODE.progress, payload });
  switch (ev.type) {
    case 'deepThink': {
      const status = rest.status === 0 || rest.status === 1 || rest.status === 2 ? rest.status : 1;
      return progress({ deepThink: { status, text: typeof rest.text === 'string' ? rest.text : '', consumingMs: typeof rest.consumingMs === 'number' ? rest.consumingMs : 0 } });
    }
    case 'sources':
      return { code: FRAME_CODE.sources, payload: { sources: sourcesOf(rest.items) } };
    case 'triage':
      return progress({ triage: String(rest.level ?? '') });
    case 'scene':
      return progress({ scene: strings(rest.path) });
    case 'intent':
      return progress({ intent: String(rest.intent ?? '') });
    case 'recommend':
      return progress({ recommend: rest });
    case 'hospitals':
      return progress({ recommend: { hospitals: objects(rest.items), scene: strings(rest.scene) } });
    case 'doctors':
      return progress({ recommend: { doctors: objects(rest.items), scene: strings(rest.scene) } });
    case 'followUps':
      return progress({ followUps: strings(rest.questions) });
    case 'annotations':
      return progress({ annotations: objects(rest.items) });
    case 'roleQuestion':
      return progress({ roleQuestion: rest });
    case 'conclusion':
      return progress({ conclusion: rest });
    default:
      return progress({ event: { ...rest, type: ev.type } });
  }
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
