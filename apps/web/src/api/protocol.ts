import { PREFIX, allRoutes, route, type RouteDef } from '@chatdr/contract';
import { api } from './index';

/** An agreement document: paragraphs separated by a blank line; lines starting with '## ' are headings. */
export interface Protocol {
  code: string;
  title: string;
  version: string;
  updatedAt: string;
  content: string;
}

export const PROTOCOL_CODES = ['userAgreement', 'privacyPolicy'] as const;
export type ProtocolCode = (typeof PROTOCOL_CODES)[number];

const PROTOCOL_PATH = '/pb/protocol/findByCode/{a}/{b}';

/**
 * GET /pb/protocol/findByCode/{a}/{b} from contract's table. Until the table has it, the same
 * definition is built here — the only place to change once it lands.
 */
function protocolRoute(): RouteDef {
  return (
    allRoutes().find((r) => r.path === PROTOCOL_PATH) ??
    route({ prefix: PREFIX.serviceV1, path: PROTOCOL_PATH, method: 'GET', area: 'system', spec: 'account-health', summary: 'Latest version of an agreement' })
  );
}

export function fetchProtocol(code: string, signal?: AbortSignal): Promise<Protocol> {
  return api.call(protocolRoute(), { params: { a: code, b: 'latest' } }, { hideMsg: true, ...(signal ? { signal } : {}) }) as Promise<Protocol>;
}

export type Block = { kind: 'h'; text: string } | { kind: 'p'; text: string };

/** Splits an agreement's text into headings and paragraphs. */
export function blocksOf(content: string): Block[] {
  const out: Block[] = [];
  for (const chunk of content.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const lines = chunk.split('\n');
    let para: string[] = [];
    const flush = () => {
      const text = para.join('\n').trim();
      if (text) out.push({ kind: 'p', text });
      para = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush();
        out.push({ kind: 'h', text: line.slice(3).trim() });
      } else para.push(line);
    }
    flush();
  }
  return out;
}
