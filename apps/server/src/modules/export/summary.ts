import type { AccountData } from './export.store.ts';
import { archivePath } from './fhir.ts';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const day = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const table = (head: string[], rows: unknown[][]) =>
  rows.length === 0 ? '<p class="none">无</p>' : `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;

const RECORD_LABEL: Record<string, string> = { disease: '疾病', allergy: '过敏', medicine: '用药', surgery: '手术', familyHistory: '家族史', maternity: '孕产史' };

/** The human-readable summary of the export (self-contained HTML, no scripts, no outside resources). */
export function summaryHtml(d: AccountData, now: Date): string {
  const name = (id: number | null) => d.members.find((m) => m.id === id)?.name ?? '';
  const phone = `${d.user.phone.slice(0, 3)}****${d.user.phone.slice(-4)}`;
  const sections: Array<[string, string]> = [
    ['家庭成员', table(['姓名', '关系', '性别', '出生日期', '身高(cm)', '体重(kg)'], d.members.map((m) => [m.name, m.roleName, m.sex === 'M' ? '男' : m.sex === 'F' ? '女' : '', m.birthDate, m.height, m.weight]))],
    ['健康档案', table(['成员', '类别', '名称', '记录时间'], d.records.map((r) => [name(r.memberId), RECORD_LABEL[r.type] ?? r.type, r.name, day(r.createdAt)]))],
    ['健康指标', table(['成员', '指标', '数值', '单位', '测量时间'], d.indicators.map((i) => [name(i.memberId), i.type, i.value2 !== null ? `${i.value}/${i.value2}` : i.value, i.unit, day(i.measuredAt)]))],
    ['报告解读', table(['成员', '报告', '状态', '时间'], d.reports.map((r) => [name(r.memberId), r.name, r.status === 4 ? '已完成' : r.status === 98 ? '失败' : '进行中', day(r.createdAt)]))],
    ['用药提醒', table(['成员', '药品', '剂量', '时间', '开始', '结束'], d.plans.map((p) => [name(p.memberId), p.medicineName, `${p.dose} ${p.doseUnit}`, p.times.join(' '), p.startDate, p.endDate ?? '']))],
    ['复查计划', table(['成员', '项目', '日期'], d.reviewPlans.map((p) => [name(p.memberId), p.item, p.checkDate]))],
    ['提醒记录', table(['成员', '名称', '应服时间', '状态'], d.reminders.map((r) => [name(r.memberId), r.name, day(r.dueAt), ['待服', '已服', '跳过', '漏服'][r.status] ?? r.status]))],
    ['咨询记录', table(['时间', '问题', '回答'], d.chats.map((c) => [day(c.createdAt), c.question, c.answer]))],
    ['订单', table(['订单号', '服务包', '成员', '金额(元)', '状态', '下单时间'], d.orders.map((o) => [o.orderNo, o.packageName, name(o.memberId), (o.amountFen / 100).toFixed(2), o.status, day(o.createdAt)]))],
    ['意见反馈与投诉', table(['类型', '内容', '回复', '时间'], d.feedback.map((f) => [`${f.kind === 'complaint' ? '投诉' : '反馈'} · ${f.type}`, f.content, f.replyContent ?? '待回复', day(f.createdAt)]))],
    ['消息', table(['标题', '内容', '时间'], d.messages.map((m) => [m.title, m.content, day(m.createdAt)]))],
    ['文件', d.media.length === 0 ? '<p class="none">无</p>' : `<ul>${d.media.map((m) => `<li><a href="${esc(archivePath(m))}">${esc(m.fileName)}</a> · ${esc(Math.ceil(m.size / 1024))} KB · ${esc(day(m.createdAt))}</li>`).join('')}</ul>`],
  ];
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>晓医 · 我的数据</title>
<style>body{font-family:-apple-system,'PingFang SC','Noto Sans CJK SC',sans-serif;margin:24px;color:#1c2b29;line-height:1.5}h1{color:#0a7c70}h2{margin-top:28px;border-bottom:1px solid #e1e8e7;padding-bottom:4px}table{border-collapse:collapse;width:100%;font-size:14px}th,td{border:1px solid #e1e8e7;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f0f8f6}.none{color:#5b6a68}.meta{color:#465654}</style>
</head><body>
<h1>我的数据</h1>
<p class="meta">账号 ${esc(phone)} · 注册于 ${esc(day(d.user.createdAt))} · 导出于 ${esc(day(now))}（UTC）</p>
<p class="meta">本压缩包另含 fhir-bundle.json（HL7 FHIR R4 格式，可导入支持 FHIR 的医疗系统）、data.json（全部原始记录）与 files/ 目录（您上传的文件）。</p>
${sections.map(([title, body]) => `<h2>${esc(title)}</h2>\n${body}`).join('\n')}
</body></html>
`;
}
