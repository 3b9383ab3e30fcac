import { z } from 'zod';
import { ERR, urlOf, type RouteDef } from '@chatdr/contract';

const envelopeOf = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer', description: '1 = success; other values are business errors (see the error catalogue)' }, msg: { type: 'string' }, data },
});

const schemaOf = (s: z.ZodType | undefined, io: 'input' | 'output'): Record<string, unknown> => {
  if (!s) return {};
  try {
    const js = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
    delete js.$schema;
    return js;
  } catch {
    return {};
  }
};

/** OpenAPI 3.1 document of every implemented call, generated from the contract's route table. */
export function buildOpenApi(implemented: RouteDef[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of implemented) {
    const url = urlOf(r);
    const params = [...url.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const querySchema = schemaOf(r.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(querySchema.properties ?? {})) params.push({ name, in: 'query', required: querySchema.required?.includes(name) ?? false, schema: schema as { type: string } });
    const op: Record<string, unknown> = {
      operationId: `${r.area}.${r.path.replace(/[^\w]+/g, '_')}`.replace(/_+$/, ''),
      summary: r.summary,
      tags: [r.area],
      ...(params.length ? { parameters: params } : {}),
      ...(r.body ? { requestBody: { required: false, content: { 'application/json': { schema: schemaOf(r.body, 'input') } } } } : {}),
      ...(r.public ? { security: [] } : {}),
      responses: {
        '200': { description: 'Envelope; `code` 1 is success', content: { 'application/json': { schema: envelopeOf(schemaOf(r.response, 'output')) } } },
        ...(r.public ? {} : { '401': { description: 'Not logged in' } }),
        '501': { description: `Overloaded: ${ERR.overloaded.msg}` },
      },
    };
    (paths[url] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'chatdr API', version, description: 'The chatdr HTTP API. Every response is the envelope `{ code, msg, data }`; `code: 1` is success. Calls whose path contains `/pb/` are public; the others need `Authorization: <sessionId>`.' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    security: [{ session: [] }],
    paths,
  };
}

/** A self-contained page that lists the document's operations (no external scripts: the CSP forbids them). */
export const DOCS_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>chatdr API</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1f2937}h1{font-size:22px}details{border:1px solid #e5e7eb;border-radius:8px;margin:8px 0;padding:8px 12px}summary{cursor:pointer}code{font-family:ui-monospace,monospace}.m{display:inline-block;min-width:56px;font-weight:600;color:#fff;border-radius:4px;text-align:center;margin-right:8px}.get{background:#2563eb}.post{background:#059669}.delete{background:#dc2626}pre{background:#f9fafb;padding:8px;overflow:auto;font-size:12px}input{width:100%;padding:8px;margin:8px 0;box-sizing:border-box}</style></head>
<body><h1>chatdr API</h1><p>Generated from the contract. Raw document: <a href="/api/openapi.json">/api/openapi.json</a></p><input id="q" placeholder="Filter by path or summary" aria-label="Filter"><div id="list">Loading…</div>
<script src="/api/docs.js"></script></body></html>`;

export const DOCS_JS = `fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{const list=document.getElementById('list');const q=document.getElementById('q');
const esc=s=>String(s).replace(/[&<>"]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
const items=[];for(const [p,ops] of Object.entries(doc.paths))for(const [m,op] of Object.entries(ops))items.push({p,m,op});
const render=()=>{const f=q.value.toLowerCase();list.innerHTML=items.filter(i=>!f||i.p.toLowerCase().includes(f)||(i.op.summary||'').toLowerCase().includes(f)).map(i=>'<details><summary><span class="m '+i.m+'">'+i.m.toUpperCase()+'</span><code>'+esc(i.p)+'</code> — '+esc(i.op.summary||'')+'</summary><pre>'+esc(JSON.stringify({parameters:i.op.parameters,requestBody:i.op.requestBody,responses:i.op.responses},null,2))+'</pre></details>').join('')||'<p>No match.</p>';};
q.addEventListener('input',render);render();});`;
