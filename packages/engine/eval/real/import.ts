/// <reference types="node" />
/**
 * Copies the labelled real questions into the repository (eval/real/real.jsonl): reads the
 * labellers' files (default every /work/labels/part-*.jsonl), validates every line with
 * zod (LabelSchema), drops and reports malformed lines, joins each label with its question text from
 * the Huatuo-26M dev copy (default /work/shared/data/realqa/dev.jsonl; the doctor's reply is not
 * copied) and writes one JSON line per labelled question, sorted by id. The product and CI read only
 * the copy, never /work.
 *
 *   node --import tsx eval/real/import.ts [--labels a.jsonl,b.jsonl] [--source dev.jsonl]
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { LabelSchema, REAL_FILE, parseLines, partOf } from './labels.ts';
import type { RealCase } from './labels.ts';

const SourceSchema = z.object({ id: z.string(), q: z.string(), doctor: z.string() });

function main(): void {
  const { values } = parseArgs({
    options: {
      labels: { type: 'string' },
      source: { type: 'string', default: '/work/shared/data/realqa/dev.jsonl' },
    },
  });
  const source = parseLines(readFileSync(values.source, 'utf8'), SourceSchema);
  const qOf = new Map(source.rows.map((r) => [r.id, r.q]));
  const out: RealCase[] = [];
  const seen = new Set<string>();
  const dir = '/work/labels';
  const files = values.labels?.split(',') ?? readdirSync(dir).filter((f) => /^part-.*\.jsonl$/u.test(f)).sort().map((f) => join(dir, f));
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      process.stderr.write(`${file}: missing, skipped\n`);
      continue;
    }
    const { rows, rejected, duplicates } = parseLines(text, LabelSchema);
    for (const r of rejected) process.stderr.write(`${file}:${r.line} ${r.id ?? '?'} dropped — ${r.reason}\n`);
    if (duplicates.length > 0) process.stderr.write(`${file}: ${duplicates.length} ids labelled twice, last line kept: ${duplicates.join(' ')}\n`);
    let unknown = 0;
    for (const l of rows) {
      const q = qOf.get(l.id);
      if (q === undefined) {
        unknown++;
        process.stderr.write(`${file}: ${l.id} not in the source, dropped\n`);
        continue;
      }
      if (seen.has(l.id)) {
        process.stderr.write(`${file}: ${l.id} also labelled in an earlier file, dropped here\n`);
        continue;
      }
      seen.add(l.id);
      out.push({ ...l, q });
    }
    process.stderr.write(`${file}: ${rows.length} valid, ${rejected.length} malformed, ${unknown} unknown ids\n`);
  }
  out.sort((a, b) => a.id.localeCompare(b.id));
  writeFileSync(REAL_FILE, out.map((c) => JSON.stringify(c)).join('\n') + (out.length > 0 ? '\n' : ''));
  const holdout = out.filter((c) => partOf(c.id) === 'real-holdout').length;
  process.stderr.write(`wrote ${out.length} labelled questions to ${REAL_FILE}: real-dev ${out.length - holdout}, real-holdout ${holdout}\n`);
}

main();
