/**
 * The department that usually sees a disease of an ICD-10 chapter, block or category, for ICD
 * diseases that carry no department of their own. The most specific range wins (category before
 * block before chapter). Department names are those of data/departments.json. The mapping follows
 * the 《医疗机构诊疗科目名录》 division of clinical departments and how Chinese general hospitals
 * usually triage; it is an approximation for routing, not a rule of who may treat what.
 */
export interface IcdDepartmentRange {
  /** First and last three-character code of the range, inclusive (A00, B99). */
  readonly from: string;
  readonly to: string;
  readonly department: string;
}

export const ICD_DEPARTMENT_RANGES: readonly IcdDepartmentRange[] = [
  // Chapters
  { from: 'A00', to: 'B99', department: '感染科' },
  { from: 'C00', to: 'D48', department: '肿瘤科' },
  { from: 'D50', to: 'D89', department: '血液科' },
  { from: 'E00', to: 'E90', department: '内分泌科' },
  { from: 'F00', to: 'F99', department: '精神心理科' },
  { from: 'G00', to: 'G99', department: '神经内科' },
  { from: 'H00', to: 'H59', department: '眼科' },
  { from: 'H60', to: 'H95', department: '耳鼻咽喉科' },
  { from: 'I00', to: 'I99', department: '心血管内科' },
  { from: 'J00', to: 'J99', department: '呼吸内科' },
  { from: 'K00', to: 'K93', department: '消化内科' },
  { from: 'L00', to: 'L99', department: '皮肤科' },
  { from: 'M00', to: 'M99', department: '骨科' },
  { from: 'N00', to: 'N99', department: '肾内科' },
  { from: 'O00', to: 'O99', department: '产科' },
  { from: 'P00', to: 'P96', department: '新生儿科' },
  { from: 'Q00', to: 'Q99', department: '儿科' },
  { from: 'R00', to: 'R99', department: '全科医学科' },
  { from: 'S00', to: 'T98', department: '骨科' },
  // Blocks and categories that another department sees
  { from: 'A50', to: 'A64', department: '皮肤科' }, // sexually transmitted infections: 皮肤性病科
  { from: 'B00', to: 'B09', department: '皮肤科' }, // viral infections of skin and mucosa (疱疹, 水痘, 疣)
  { from: 'B35', to: 'B49', department: '皮肤科' }, // mycoses (癣)
  { from: 'B85', to: 'B89', department: '皮肤科' }, // pediculosis, scabies
  { from: 'D10', to: 'D36', department: '普通外科' }, // benign neoplasms, refined below
  { from: 'D12', to: 'D13', department: '消化内科' },
  { from: 'D22', to: 'D23', department: '皮肤科' },
  { from: 'D24', to: 'D24', department: '乳腺外科' },
  { from: 'D25', to: 'D28', department: '妇科' },
  { from: 'D29', to: 'D30', department: '泌尿外科' },
  { from: 'D32', to: 'D33', department: '神经外科' },
  { from: 'C50', to: 'C50', department: '乳腺外科' },
  { from: 'D80', to: 'D89', department: '风湿免疫科' }, // immune disorders
  { from: 'E40', to: 'E64', department: '营养科' }, // malnutrition and deficiencies
  { from: 'I60', to: 'I69', department: '神经内科' }, // cerebrovascular
  { from: 'I70', to: 'I89', department: '血管外科' }, // arteries, veins, lymph vessels
  { from: 'J30', to: 'J39', department: '耳鼻咽喉科' }, // nose, sinuses, pharynx, larynx
  { from: 'K00', to: 'K14', department: '口腔科' },
  { from: 'K35', to: 'K46', department: '普通外科' }, // appendix, hernia
  { from: 'K60', to: 'K64', department: '肛肠科' },
  { from: 'L55', to: 'L59', department: '皮肤科' },
  { from: 'M05', to: 'M14', department: '风湿免疫科' }, // inflammatory arthropathies
  { from: 'M30', to: 'M36', department: '风湿免疫科' }, // systemic connective-tissue disorders
  { from: 'N20', to: 'N23', department: '泌尿外科' }, // urolithiasis
  { from: 'N30', to: 'N39', department: '泌尿外科' },
  { from: 'N40', to: 'N51', department: '泌尿外科' }, // male genital organs
  { from: 'N46', to: 'N46', department: '男科' },
  { from: 'N60', to: 'N64', department: '乳腺外科' },
  { from: 'N70', to: 'N98', department: '妇科' },
  { from: 'N97', to: 'N97', department: '生殖医学科' },
  { from: 'Q00', to: 'Q07', department: '神经外科' },
  { from: 'Q20', to: 'Q28', department: '心胸外科' },
  { from: 'Q35', to: 'Q37', department: '口腔科' },
  { from: 'Q65', to: 'Q79', department: '骨科' },
  { from: 'S00', to: 'S09', department: '神经外科' }, // head injuries
  { from: 'T15', to: 'T19', department: '急诊科' }, // foreign bodies
  { from: 'T15', to: 'T15', department: '眼科' },
  { from: 'T16', to: 'T16', department: '耳鼻咽喉科' },
  { from: 'T20', to: 'T32', department: '烧伤科' },
  { from: 'T36', to: 'T65', department: '急诊科' }, // poisoning and toxic effects
  { from: 'T78', to: 'T78', department: '变态反应科' },
];

const width = (r: IcdDepartmentRange): number => codeIndex(r.to) - codeIndex(r.from);

/** A three-character code as a number (A00 → 0, B99 → 199 …), for range tests. */
function codeIndex(code3: string): number {
  const letter = code3.charCodeAt(0) - 65;
  const n = Number(code3.slice(1, 3));
  return letter * 100 + (Number.isNaN(n) ? 0 : n);
}

/** The department for an ICD-10 code (any length: J45, J45.900x001), or undefined (V–Z, U). */
export function departmentForIcd(code: string): string | undefined {
  const c3 = code.slice(0, 3).toUpperCase();
  if (!/^[A-Z]\d\d$/u.test(c3)) return undefined;
  const i = codeIndex(c3);
  let best: IcdDepartmentRange | undefined;
  for (const r of ICD_DEPARTMENT_RANGES) {
    if (i < codeIndex(r.from) || i > codeIndex(r.to)) continue;
    if (!best || width(r) <= width(best)) best = r;
  }
  return best?.department;
}
