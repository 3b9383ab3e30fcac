import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, ID_CARD_MSG, idCheckChar, routes } from '@chatdr/contract';
import { realNames } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const A = routes.account;
const withCheck = (first17: string) => first17 + idCheckChar(first17);
const ID = withCheck('11010519800101123');
type Res = { code: number; msg: string; data: unknown };
const data = <T>(r: Res): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

/** An identity gateway speaking the http provider's protocol: POST { name, idNumber } → { match }. */
let gateway: http.Server;
let gatewayUrl = '';
const seen: Array<{ auth: string | undefined; body: { name: string; idNumber: string } }> = [];
let t: TestApp;
let g: TestApp;
beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { name: string; idNumber: string };
      seen.push({ auth: req.headers.authorization, body });
      if (body.name === '故障') {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ match: body.name === '王小明' }));
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/verify`;
  [t, g] = await Promise.all([
    startTestApp({ OCR_PROVIDER: 'none', REMIND_SCHEDULER: 'off' }),
    startTestApp({ OCR_PROVIDER: 'none', REMIND_SCHEDULER: 'off', REALNAME_PROVIDER: 'http', REALNAME_HTTP_URL: gatewayUrl, REALNAME_HTTP_TOKEN: 'gw-token' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), g?.close()]);
  gateway?.close();
});

const selfOf = async (app: TestApp, token: string) => (data<{ members: Array<{ id: number; isSelf?: boolean }> }>(await app.call(routes.auth.accountInfo, { token })).members[0]?.id ?? 0);

describe('real-name authentication (/user/auth/:id)', () => {
  it('the embedded provider checks the number’s form, says so, stores both fields sealed and answers them masked', async () => {
    const a = await t.login();
    const id = await selfOf(t, a.token);
    const before = data<{ state: number; providerLevel: string }>(await t.call(A.realNameInfo, { token: a.token, query: { userInfoId: String(id) } }));
    expect(before).toMatchObject({ state: 0, providerLevel: 'format' });
    const r = data<Record<string, unknown>>(await t.call(A.realNameAuth, { token: a.token, body: { userInfoId: id, name: '张三丰', idNumber: ID.toLowerCase() } }));
    expect(r).toMatchObject({ state: 1, name: '张**', idNumber: `${ID.slice(0, 3)}***********${ID.slice(-4)}`, level: 'format', provider: 'format' });
    const [row] = await t.rt.database.db.select().from(realNames);
    expect(row?.idSealed.toString('latin1')).not.toContain(ID.slice(0, 10));
    expect(row?.nameSealed.toString('utf8')).not.toContain('张三丰');
    expect(JSON.stringify(await t.call(A.realNameInfo, { token: a.token, query: { userInfoId: String(id) } }))).not.toContain(ID);
    expect((await t.call(A.realNameAuth, { token: a.token, body: { userInfoId: id, name: '张三丰', idNumber: ID } })).code).toBe(ERR.realNameDone.code);
    // Another account's member: the member's not-found.
    const b = await t.login();
    expect((await t.call(A.realNameInfo, { token: b.token, query: { userInfoId: String(id) } })).code).toBe(ERR.notFound.code);
  });

  it('refuses bad numbers with the part that is wrong, and bad names', async () => {
    const a = await t.login();
    const id = await selfOf(t, a.token);
    const bad = async (name: string, idNumber: string) => t.call(A.realNameAuth, { token: a.token, body: { userInfoId: id, name, idNumber } });
    const wrongCheck = ID.slice(0, 17) + (ID[17] === '0' ? '1' : '0');
    expect(await bad('李四', wrongCheck)).toMatchObject({ code: ERR.idNumberInvalid.code, msg: ID_CARD_MSG.checksum });
    expect(await bad('李四', withCheck('99010519800101123'))).toMatchObject({ code: ERR.idNumberInvalid.code, msg: ID_CARD_MSG.region });
    expect(await bad('李四', withCheck('11010519800231123'))).toMatchObject({ code: ERR.idNumberInvalid.code, msg: ID_CARD_MSG.birth });
    expect(await bad('李四', '1101051980010112')).toMatchObject({ code: ERR.badRequest.code, msg: ID_CARD_MSG.format });
    expect((await bad('李4', ID)).code).toBe(ERR.badRequest.code);
  });

  it('the http provider asks the gateway: a match is stored as identity-level, a mismatch and an outage are refused', async () => {
    const a = await g.login();
    const id = await selfOf(g, a.token);
    expect((await g.call(A.realNameAuth, { token: a.token, body: { userInfoId: id, name: '王小红', idNumber: ID } })).code).toBe(ERR.realNameMismatch.code);
    expect((await g.call(A.realNameAuth, { token: a.token, body: { userInfoId: id, name: '故障', idNumber: ID } })).code).toBe(ERR.realNameUnavailable.code);
    const r = data<Record<string, unknown>>(await g.call(A.realNameAuth, { token: a.token, body: { userInfoId: id, name: '王小明', idNumber: ID } }));
    expect(r).toMatchObject({ state: 1, level: 'identity', provider: 'http', providerLevel: 'identity', name: '王**' });
    expect(seen.at(-1)).toEqual({ auth: 'Bearer gw-token', body: { name: '王小明', idNumber: ID } });
    // Nothing of the name or number reached the log.
    expect(g.logs.join('\n')).not.toContain(ID);
  });
});
