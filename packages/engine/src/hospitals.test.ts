import { describe, it, expect } from 'vitest';
import departmentsJson from '../data/departments.json' with { type: 'json' };
import { HOSPITALS, HOSPITAL_CITIES, findHospitals, hospitalsInCity, resolveCity, hospitalById } from './hospitals.ts';

const DEPT_NAMES = new Set(departmentsJson.map((d) => d.name));
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TOP30 = ['北京市', '上海市', '重庆市', '广州市', '深圳市', '天津市', '成都市', '武汉市', '东莞市', '西安市', '杭州市', '佛山市', '南京市', '沈阳市', '青岛市', '济南市', '长沙市', '哈尔滨市', '郑州市', '昆明市', '大连市', '苏州市', '合肥市', '厦门市', '福州市', '南宁市', '太原市', '石家庄市', '长春市', '无锡市'];

describe('data/hospitals.json', () => {
  it('covers at least the 30 largest cities, each with hospitals', () => {
    expect(HOSPITAL_CITIES.length).toBeGreaterThanOrEqual(30);
    const names = HOSPITAL_CITIES.map((c) => c.city);
    for (const c of TOP30) {
      expect(names, c).toContain(c);
      expect(hospitalsInCity(c).length, c).toBeGreaterThanOrEqual(3);
    }
  });

  it('has unique city names and aliases', () => {
    const words = HOSPITAL_CITIES.flatMap((c) => [c.city, ...c.aliases]);
    expect(words.filter((w, i) => words.indexOf(w) !== i)).toEqual([]);
    for (const c of HOSPITAL_CITIES) expect(c.city, c.city).toMatch(/市$/);
  });

  it('every hospital is in a known city of the right province, with a kebab id and a source', () => {
    const byName = new Map(HOSPITAL_CITIES.map((c) => [c.city, c]));
    for (const h of HOSPITALS) {
      const c = byName.get(h.city);
      expect(c, `${h.id}: ${h.city}`).toBeDefined();
      expect(h.province, h.id).toBe(c?.province);
      expect(h.id, h.id).toMatch(KEBAB);
      expect(h.source.length, h.id).toBeGreaterThan(4);
      expect(h.level, h.id).toMatch(/^(三级|二级)(甲等|乙等)?$/);
      if (h.district !== undefined) expect(h.district, h.id).toMatch(/(区|县|市|街道|镇)$/);
      if (h.address !== undefined && h.district !== undefined) expect(h.address.startsWith(h.district), h.id).toBe(true);
    }
  });

  it('has unique ids, names and aliases', () => {
    const ids = HOSPITALS.map((h) => h.id);
    expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
    const words = HOSPITALS.flatMap((h) => [h.name, ...h.aliases]);
    expect(words.filter((x, i) => words.indexOf(x) !== i)).toEqual([]);
  });

  it('names only departments of departments.json as strong departments', () => {
    for (const h of HOSPITALS) for (const d of h.strongDepartments) expect(DEPT_NAMES.has(d), `${h.id}: ${d}`).toBe(true);
  });

  it('has a children’s hospital in most big cities and the types in the data', () => {
    const withChildren = TOP30.filter((c) => hospitalsInCity(c).some((h) => h.type === '儿童医院'));
    expect(withChildren.length).toBeGreaterThanOrEqual(20);
    expect(hospitalById('pumch')?.name).toBe('北京协和医院');
  });
});

describe('resolveCity', () => {
  it('finds a city by name, alias and in free text', () => {
    expect(resolveCity('杭州')).toBe('杭州市');
    expect(resolveCity('杭州市')).toBe('杭州市');
    expect(resolveCity('我在杭州')).toBe('杭州市');
    expect(resolveCity('我住在上海浦东')).toBe('上海市');
    expect(resolveCity('沪')).toBe('上海市');
    expect(resolveCity('蓉城')).toBe('成都市');
    expect(resolveCity('哈尔滨市南岗区')).toBe('哈尔滨市');
    expect(resolveCity('石家庄')).toBe('石家庄市');
  });

  it('takes the earliest mention and places a city from a hospital name', () => {
    expect(resolveCity('从南京去北京看病')).toBe('南京市');
    expect(resolveCity('想去华西医院')).toBe('成都市');
    expect(resolveCity('廣州')).toBe('广州市');
    // a street named after a city is not the city
    expect(resolveCity('上海南京西路')).toBe('上海市');
    expect(resolveCity('广州北京路步行街')).toBe('广州市');
    expect(resolveCity('北京路')).toBeNull();
  });

  it('does not read one-character aliases inside longer text, nor unknown places', () => {
    expect(resolveCity('京东买的药')).toBeNull();
    expect(resolveCity('我在火星')).toBeNull();
    expect(resolveCity('')).toBeNull();
  });
});

describe('findHospitals', () => {
  it('puts a children’s hospital first for a 5-year-old in 杭州 asking for 儿科', () => {
    const r = findHospitals({ city: '杭州', department: '儿科', ageYears: 5 });
    expect(r.length).toBeGreaterThan(0);
    expect(r[0]?.hospital.type).toBe('儿童医院');
    expect(r[0]?.reasons).toContain('儿童专科医院');
    expect(r.every((m) => m.hospital.city === '杭州市')).toBe(true);
  });

  it('ranks a hospital strong in 心血管内科 above one without in 北京', () => {
    const r = findHospitals({ city: '北京市', department: '心血管内科', limit: 20 });
    const strong = r.findIndex((m) => m.hospital.strongDepartments.includes('心血管内科'));
    const weak = r.findIndex((m) => !m.hospital.strongDepartments.includes('心血管内科'));
    expect(strong).toBeGreaterThanOrEqual(0);
    expect(weak).toBeGreaterThan(strong);
    expect(r[0]?.reasons).toContain('该院优势科室：心血管内科');
    // a hospital best known for it (阜外, 安贞 …) comes before one where it is one strength among others
    expect(r[0]?.hospital.strongDepartments[0]).toBe('心血管内科');
    expect(r.findIndex((m) => m.hospital.id === 'fuwai')).toBeLessThan(r.findIndex((m) => m.hospital.id === 'puth'));
    // specialty hospitals of other fields are left out
    expect(r.some((m) => m.hospital.id === 'cicams' || m.hospital.id === 'pkuss')).toBe(false);
  });

  it('understands a department alias', () => {
    const r = findHospitals({ city: '北京', department: '心内科' });
    expect(r[0]?.hospital.strongDepartments).toContain('心血管内科');
  });

  it('gives a bonus to the same district', () => {
    const without = findHospitals({ city: '杭州', limit: 50 });
    const withD = findHospitals({ city: '杭州', district: '拱墅区', limit: 50 });
    const zjph = withD.find((m) => m.hospital.id === 'zjph');
    const zjphBefore = without.find((m) => m.hospital.id === 'zjph');
    expect(zjph?.reasons).toContain('同区');
    expect((zjph?.score ?? 0) - (zjphBefore?.score ?? 0)).toBeGreaterThan(0);
    expect(withD[0]?.hospital.district).toBe('拱墅区');
    // "拱墅" without the suffix matches too
    expect(findHospitals({ city: '杭州', district: '拱墅', limit: 50 }).find((m) => m.hospital.id === 'zjph')?.reasons).toContain('同区');
  });

  it('returns nothing for an unknown or missing city', () => {
    expect(findHospitals({ city: '火星市', department: '儿科' })).toEqual([]);
    expect(findHospitals({ city: null, department: '儿科' })).toEqual([]);
    expect(findHospitals({})).toEqual([]);
  });

  it('uses a municipality given as province when the city is missing', () => {
    const r = findHospitals({ province: '上海市', city: null });
    expect(r.length).toBeGreaterThan(0);
    expect(r.every((m) => m.hospital.city === '上海市')).toBe(true);
    expect(findHospitals({ province: '浙江省' })).toEqual([]);
  });

  it('sends a pregnant woman to a 妇幼/妇产 hospital', () => {
    const r = findHospitals({ city: '南京', pregnant: true, department: '产科' });
    expect(r[0]?.hospital.type).toBe('妇幼保健院');
    expect(r[0]?.reasons).toContain('妇幼保健院');
    const sh = findHospitals({ city: '上海', pregnant: true, ageYears: 30 });
    expect(sh[0]?.hospital.strongDepartments).toContain('产科');
  });

  it('sends a TCM request to a 中医医院', () => {
    const r = findHospitals({ city: '广州', tcm: true });
    expect(r[0]?.hospital.type).toBe('中医医院');
    expect(r[0]?.reasons).toContain('中医医院');
    expect(findHospitals({ city: '广州', department: '中医科' })[0]?.hospital.type).toBe('中医医院');
  });

  it('leaves children’s hospitals out for adults and ranks them low when age is unknown', () => {
    const adult = findHospitals({ city: '北京', department: '消化内科', ageYears: 40, limit: 50 });
    expect(adult.some((m) => m.hospital.type === '儿童医院')).toBe(false);
    const all = findHospitals({ city: '北京', limit: 50 });
    expect(all[0]?.hospital.type).toBe('综合医院');
  });

  it('for a child with a department that has a child variant, counts 儿科 strengths', () => {
    const r = findHospitals({ city: '沈阳', department: '呼吸内科', ageYears: 3 });
    // 沈阳 has no children's hospital in the data; 盛京医院 is strong in 儿科
    expect(r[0]?.hospital.id).toBe('shengjing');
    expect(r[0]?.reasons.some((x) => x.includes('儿科'))).toBe(true);
  });

  it('respects the limit and sorts by score', () => {
    const r = findHospitals({ city: '成都', limit: 3 });
    expect(r.length).toBe(3);
    for (let i = 1; i < r.length; i++) expect((r[i - 1]?.score ?? 0) >= (r[i]?.score ?? 0)).toBe(true);
    expect(findHospitals({ city: '成都', limit: 0 })).toEqual([]);
  });
});
