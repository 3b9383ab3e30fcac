/**
 * Operator commands. On PGlite the server must be stopped first (one process per data dir);
 * on PostgreSQL they run beside live servers.
 *
 *   npm run admin -- approve <phone>          approve an application (application-only registration)
 *   npm run admin -- reject <phone>           reject it
 *   npm run admin -- release --device android --number 1300 --name 1.3.0 --url https://… [--policy 3] [--tip 修复问题] [--md5 …] [--store 1]
 *   npm run admin -- doctor add --name 张医生 --title 主任医师 --department 心血管内科 --hospital 某某医院 [--intro 简介]
 *        [--phone 13800000000 --password Passw0rd1 --team 康复团队 --licence 110… [--role 1|2|3|4] [--photo URL]]   with a clinician-workspace login
 *   npm run admin -- doctor list
 *   npm run admin -- doctor remove <id>
 *   npm run admin -- package add --name 膝关节术后康复包 --price-fen 99900 --days 30 --team 康复团队 --includes 图文问诊,康复计划,阶段评估 [--intro 简介]
 *   npm run admin -- package list
 *   npm run admin -- package remove <id>      take a package off sale (its orders stay)
 *   npm run admin -- feedback list [--kind suggestion|complaint]   suggestions and complaints waiting for a reply
 *   npm run admin -- feedback show <id>
 *   npm run admin -- feedback reply <id> --text 感谢反馈……   the author gets it as a message (and in /user/feedback/log or /user/about/log)
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createRuntime } from './runtime.ts';

const USAGE = 'usage: admin approve|reject <phone> | admin release --device D --number N --name X.Y.Z --url URL [--policy 1-3] [--tip TEXT] [--md5 HEX] [--store 0|1] | admin doctor add --name N --title T --department D --hospital H [--intro TEXT] [--phone P --password W --team T --licence L [--role 1-4] [--photo URL]] | admin doctor list | admin doctor remove <id> | admin package add --name N --price-fen FEN --days D --team T --includes A,B,C [--intro TEXT] | admin package list | admin package remove <id> | admin feedback list [--kind suggestion|complaint] | admin feedback show <id> | admin feedback reply <id> --text TEXT';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { device: { type: 'string' }, number: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' }, policy: { type: 'string' }, tip: { type: 'string' }, md5: { type: 'string' }, store: { type: 'string' }, title: { type: 'string' }, department: { type: 'string' }, hospital: { type: 'string' }, intro: { type: 'string' }, 'price-fen': { type: 'string' }, days: { type: 'string' }, team: { type: 'string' }, includes: { type: 'string' }, phone: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, licence: { type: 'string' }, photo: { type: 'string' }, kind: { type: 'string' }, text: { type: 'string' } },
  });
  const [cmd, arg, arg2] = positionals;
  const config = { ...loadConfig(), logLevel: 'warn' as const };
  const rt = await createRuntime(config);
  try {
    if ((cmd === 'approve' || cmd === 'reject') && arg) {
      await rt.services.auth.decideApplication(arg, cmd === 'approve');
      process.stdout.write(`application of ${arg.slice(0, 3)}****${arg.slice(-4)}: ${cmd === 'approve' ? 'approved' : 'rejected'}\n`);
    } else if (cmd === 'release' && values.device && values.number && values.name && values.url) {
      const versionNumber = Number(values.number);
      const policyLevel = Number(values.policy ?? 1);
      if (!Number.isInteger(versionNumber) || ![1, 2, 3].includes(policyLevel)) throw new Error('--number must be an integer and --policy 1, 2 or 3');
      await rt.services.system.publish({ deviceType: values.device, versionNumber, versionName: values.name, downloadUrl: values.url, policyLevel, upTip: values.tip ?? '', md5: values.md5 ?? '', androidStoreFlag: Number(values.store ?? 0) });
      process.stdout.write(`release ${values.device} ${values.name} (${versionNumber}) published, policy ${policyLevel}\n`);
    } else if (cmd === 'doctor' && arg === 'add' && values.name && values.title && values.department && values.hospital) {
      const d = await rt.services.insight.addDoctor({ name: values.name, title: values.title, department: values.department, hospital: values.hospital, ...(values.intro ? { intro: values.intro } : {}) });
      if (values.phone || values.password) {
        if (!values.phone || !values.password || !values.team || !values.licence) throw new Error('a workspace login needs --phone, --password, --team and --licence');
        await rt.services.clinic.setAccount(Number(d.id), { phone: values.phone, password: values.password, teamId: values.team, licenceNo: values.licence, ...(values.role ? { doctorRole: values.role } : {}), ...(values.photo ? { photo: values.photo } : {}) });
      }
      process.stdout.write(`doctor ${d.id} added: ${d.name} ${d.title} · ${d.department} · ${d.hospital}${values.phone ? ` · login ${values.phone.slice(0, 3)}****${values.phone.slice(-4)} · team ${values.team ?? ''}` : ''}\n`);
    } else if (cmd === 'doctor' && arg === 'list') {
      const list = await rt.services.insight.listDoctors();
      for (const d of list) process.stdout.write(`${d.id}\t${d.name}\t${d.title}\t${d.department}\t${d.hospital}\n`);
      process.stdout.write(`${list.length} doctor(s)\n`);
    } else if (cmd === 'doctor' && arg === 'remove' && arg2 && /^\d+$/.test(arg2)) {
      if (!(await rt.services.insight.removeDoctor(Number(arg2)))) throw new Error(`doctor ${arg2} not found`);
      process.stdout.write(`doctor ${arg2} removed\n`);
    } else if (cmd === 'package' && arg === 'add' && values.name && values['price-fen'] && values.days && values.team && values.includes) {
      const int = (v: string, flag: string) => {
        if (!/^\d+$/.test(v)) throw new Error(`${flag} must be a whole number`);
        return Number(v);
      };
      const p = await rt.services.pkg.service.addPackage({ name: values.name, priceFen: int(values['price-fen'], '--price-fen'), durationDays: int(values.days, '--days'), team: values.team, includes: values.includes.split(/[,，]/), ...(values.intro ? { intro: values.intro } : {}) });
      process.stdout.write(`package ${p.id} added: ${p.name} ${p.priceFen} fen · ${p.durationDays} days · ${p.team} · ${p.includes.join('/')}\n`);
    } else if (cmd === 'package' && arg === 'list') {
      const list = await rt.services.pkg.service.listPackages(true);
      for (const p of list) process.stdout.write(`${p.id}\t${p.name}\t${p.priceFen} fen\t${p.durationDays} days\t${p.team}\t${p.includes.join('/')}\t${p.active ? 'on sale' : 'off sale'}\n`);
      process.stdout.write(`${list.length} package(s)\n`);
    } else if (cmd === 'package' && arg === 'remove' && arg2 && /^\d+$/.test(arg2)) {
      if (!(await rt.services.pkg.service.setPackageActive(Number(arg2), false))) throw new Error(`package ${arg2} not found`);
      process.stdout.write(`package ${arg2} taken off sale\n`);
    } else if (cmd === 'feedback' && arg === 'list') {
      const kind = values.kind === 'suggestion' || values.kind === 'complaint' ? values.kind : undefined;
      const list = await rt.services.feedback.open(kind);
      for (const f of list) process.stdout.write(`${f.id}\t${f.kind}\t${f.type}\t${f.createdAt.toISOString()}\t${f.pictures.length} picture(s)\t${f.content.replace(/\s+/g, ' ').slice(0, 60)}\n`);
      process.stdout.write(`${list.length} waiting for a reply\n`);
    } else if (cmd === 'feedback' && arg === 'show' && arg2 && /^\d+$/.test(arg2)) {
      const f = await rt.services.feedback.byId(Number(arg2));
      if (!f) throw new Error(`feedback ${arg2} not found`);
      process.stdout.write(`${f.id} ${f.kind} · ${f.type} · ${f.createdAt.toISOString()}${f.contact ? ` · contact ${f.contact}` : ''}\n${f.content}\n${f.pictures.length} picture(s)\n${f.replyContent ? `reply (${f.repliedAt?.toISOString() ?? ''}): ${f.replyContent}\n` : 'no reply yet\n'}`);
    } else if (cmd === 'feedback' && arg === 'reply' && arg2 && /^\d+$/.test(arg2) && values.text) {
      const f = await rt.services.feedback.reply(Number(arg2), values.text);
      process.stdout.write(`feedback ${f.id} answered${f.userId === null ? ' (sent logged out: no message to deliver)' : '; the author has a message'}\n`);
    } else {
      process.stderr.write(`${USAGE}\n`);
      process.exitCode = 2;
    }
  } finally {
    await rt.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`admin: ${err instanceof Error && (err instanceof ConfigError || err.name === 'DataDirLockedError' || err.name === 'AppError') ? err.message : String(err)}\n`);
  process.exit(1);
});
