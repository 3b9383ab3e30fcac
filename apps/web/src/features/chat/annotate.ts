import type { Annotation } from './model';

/** A piece of answer text: plain, or an annotation link. */
export interface Segment {
  text: string;
  /** The link form of chat-core §3: text|type|id. */
  link?: string;
  type?: string;
  id?: string;
}

/** The link of an annotation, text|type|id. */
export const linkOf = (text: string, type: string, id: string) => `${text}|${type}|${id}`;

/** Parses text|type|id back (the id may itself contain |). */
export function parseLink(link: string): { text: string; type: string; id: string } | null {
  const [text, type, ...rest] = link.split('|');
  if (!text || !type || rest.length === 0) return null;
  return { text, type, id: rest.join('|') };
}

/**
 * Splits the shown part of an answer into plain text and annotation links. Annotations that
 * overlap an earlier one, or reach past what the typewriter shows, are left as plain text.
 */
export function segments(answer: string, annotations: readonly Annotation[], shown: number = answer.length): Segment[] {
  const visible = answer.slice(0, shown);
  const out: Segment[] = [];
  let at = 0;
  for (const a of [...annotations].sort((x, y) => x.start - y.start)) {
    if (a.start < at || a.end > visible.length || a.start >= a.end) continue;
    if (a.start > at) out.push({ text: visible.slice(at, a.start) });
    const text = visible.slice(a.start, a.end);
    out.push({ text, link: linkOf(text, a.type, a.id), type: a.type, id: a.id });
    at = a.end;
  }
  if (at < visible.length) out.push({ text: visible.slice(at) });
  return out;
}
