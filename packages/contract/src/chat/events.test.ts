import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AnswerFrame, CHAT_EVENT_TYPES, ChatEvent, FRAME_EVENT_TYPES, FramePayload } from '../index.ts';

const doc = readFileSync(new URL('../../../../docs/CHAT-SOCKET.md', import.meta.url), 'utf8');
const eventsTable = doc.slice(doc.indexOf('### Events'));

describe('the chat events (contract ChatEvent)', () => {
  it('every event type is documented in docs/CHAT-SOCKET.md (the Events table)', () => {
    expect(doc).toContain('### Events');
    const missing = CHAT_EVENT_TYPES.filter((t) => !new RegExp(`^\\| \`${t}\``, 'mu').test(eventsTable));
    expect(missing).toEqual([]);
  });

  it('is a discriminated union: a known type with the wrong shape fails, a right one passes', () => {
    expect(ChatEvent.safeParse({ type: 'interview', step: 1, max: 8, symptomId: 'fever', question: '发烧吗？' }).success).toBe(true);
    expect(ChatEvent.safeParse({ type: 'interview', step: '1' }).success).toBe(false);
    expect(ChatEvent.safeParse({ type: 'emergency', call: 'javascript:x', steps: [], signs: [], department: '急诊科' }).success).toBe(false);
    expect(ChatEvent.safeParse({ type: 'brandNew' }).success).toBe(false);
  });

  it('a frame’s event is a FrameEvent, or an unknown type passed through; never a known type misshapen', () => {
    expect(FRAME_EVENT_TYPES).toEqual(['interview', 'emergency', 'medicationVerdict', 'member', 'report']);
    expect(FramePayload.safeParse({ event: { type: 'member', userInfoId: 2, roleName: '妈妈', name: '妈妈', text: '按妈妈的资料回答' } }).success).toBe(true);
    expect(FramePayload.safeParse({ event: { type: 'brandNew', foo: 1 } }).success).toBe(true);
    expect(FramePayload.safeParse({ event: { type: 'report' } }).success).toBe(false);
    expect(FramePayload.safeParse({ conclusion: { command: 'zzzc', level: 'routine', department: '神经内科', conditions: [] } }).success).toBe(true);
    expect(FramePayload.safeParse({ conclusion: { department: '神经内科' } }).success).toBe(false);
    const frame = { header: { code: 3003, msg: 'success', questionId: 'q', seq: 2, status: 1 }, payload: { roleQuestion: { roleStatus: -1, who: 'child', text: '请选择', candidates: [{ userInfoId: 3, roleName: '儿子', name: '小明' }] } } };
    expect(AnswerFrame.safeParse(frame).success).toBe(true);
  });
});
