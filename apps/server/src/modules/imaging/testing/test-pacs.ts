import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One study the test PACS holds (made with DCMTK's dump2dcm at start). */
export interface TestStudy {
  patientId: string;
  patientName: string;
  phone: string;
  sex: 'M' | 'F';
  birthDate: string;
  studyUid: string;
  studyDate: string;
  description: string;
  modality: 'CT' | 'MR';
  series: Array<{ uid: string; description: string; frames: number }>;
}

export interface TestPacs {
  /** DICOMweb root, e.g. http://127.0.0.1:41234/dicom-web */
  url: string;
  studies: TestStudy[];
  stop: () => Promise<void>;
}

/** Whether Orthanc and DCMTK are installed (scripts/ensure-orthanc.sh). */
export async function testPacsAvailable(): Promise<boolean> {
  try {
    await run('Orthanc', ['--version']);
    await run('dump2dcm', ['--version']);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const ROOT = '1.2.826.0.1.3680043.10.1234';
/** The studies: two patients reachable through one phone, one through another. */
export function testStudies(seed = Math.floor(Math.random() * 1e7)): TestStudy[] {
  const uid = (...n: number[]): string => [ROOT, seed, ...n].join('.');
  // Phones of their own per run: tests sharing one database (CI) never meet each other's SMS limits.
  const phoneA = `139${String(seed).padStart(7, '0')}1`;
  const phoneB = `139${String(seed).padStart(7, '0')}2`;
  return [
    { patientId: `HOSP-${seed}-1`, patientName: 'Zhang^Wei', phone: phoneA, sex: 'M', birthDate: '19580312', studyUid: uid(1), studyDate: '20260410', description: '胸部CT平扫', modality: 'CT', series: [{ uid: uid(1, 1), description: '肺窗 5mm', frames: 6 }, { uid: uid(1, 2), description: '纵隔窗 5mm', frames: 4 }] },
    { patientId: `HOSP-${seed}-1`, patientName: 'Zhang^Wei', phone: phoneA, sex: 'M', birthDate: '19580312', studyUid: uid(2), studyDate: '20251103', description: '头颅MR平扫', modality: 'MR', series: [{ uid: uid(2, 1), description: 'T2 轴位', frames: 5 }] },
    { patientId: `HOSP-${seed}-2`, patientName: 'Zhang^Min', phone: phoneA, sex: 'F', birthDate: '19900521', studyUid: uid(3), studyDate: '20260102', description: '腹部CT增强', modality: 'CT', series: [{ uid: uid(3, 1), description: '动脉期', frames: 4 }] },
    { patientId: `HOSP-${seed}-3`, patientName: 'Li^Na', phone: phoneB, sex: 'F', birthDate: '19720815', studyUid: uid(4), studyDate: '20260301', description: '膝关节MR', modality: 'MR', series: [{ uid: uid(4, 1), description: 'PD 矢状位', frames: 3 }] },
  ];
}

const SIZE = 128;

/** A 16-bit phantom slice: a body ellipse (soft tissue), two lungs (air) and a spine (bone) that move with the slice. */
function phantom(slice: number, frames: number, modality: 'CT' | 'MR'): Buffer {
  const px = Buffer.alloc(SIZE * SIZE * 2);
  const t = frames > 1 ? slice / (frames - 1) : 0.5;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const nx = (x - SIZE / 2) / (SIZE * 0.45);
      const ny = (y - SIZE / 2) / (SIZE * 0.35);
      let hu = -1000;
      if (nx * nx + ny * ny < 1) hu = 40;
      const lung = (cx: number): boolean => ((x - cx) / (SIZE * (0.12 + 0.05 * t))) ** 2 + ((y - SIZE * 0.47) / (SIZE * 0.2)) ** 2 < 1;
      if (lung(SIZE * 0.32) || lung(SIZE * 0.68)) hu = -850;
      if ((x - SIZE / 2) ** 2 + (y - SIZE * 0.7) ** 2 < (SIZE * (0.06 + 0.02 * t)) ** 2) hu = 700;
      if (modality === 'MR') hu = hu < -500 ? -1000 : hu > 500 ? -600 : 400 + Math.round(200 * Math.sin((x + y + slice * 8) / 9));
      px.writeUInt16LE(Math.max(0, Math.min(4095, hu + 1024)), (y * SIZE + x) * 2);
    }
  }
  return px;
}

function dump(s: TestStudy, seriesIdx: number, slice: number, pixelFile: string): string {
  const se = s.series[seriesIdx]!;
  const sop = `${se.uid}.${slice + 1}`;
  const cls = s.modality === 'CT' ? '1.2.840.10008.5.1.4.1.1.2' : '1.2.840.10008.5.1.4.1.1.4';
  const wl = s.modality === 'CT' ? ['40', '400'] : ['1424', '1200'];
  return [
    `(0002,0010) UI =LittleEndianExplicit`,
    `(0008,0005) CS [ISO_IR 192]`,
    `(0008,0016) UI ${cls}`,
    `(0008,0018) UI ${sop}`,
    `(0008,0020) DA ${s.studyDate}`,
    `(0008,0030) TM 093000`,
    `(0008,0050) SH ${s.studyUid.slice(-8).replace(/\./g, '')}`,
    `(0008,0060) CS ${s.modality}`,
    `(0008,0080) LO [chatdr test hospital]`,
    `(0008,1030) LO [${s.description}]`,
    `(0008,103e) LO [${se.description}]`,
    `(0010,0010) PN [${s.patientName}]`,
    `(0010,0020) LO ${s.patientId}`,
    `(0010,0030) DA ${s.birthDate}`,
    `(0010,0040) CS ${s.sex}`,
    `(0010,2154) SH ${s.phone}`,
    `(0018,0050) DS 5`,
    `(0020,000d) UI ${s.studyUid}`,
    `(0020,000e) UI ${se.uid}`,
    `(0020,0010) SH 1`,
    `(0020,0011) IS ${seriesIdx + 1}`,
    `(0020,0013) IS ${slice + 1}`,
    `(0020,0032) DS [0\\0\\${slice * 5}]`,
    `(0020,0037) DS [1\\0\\0\\0\\1\\0]`,
    `(0028,0002) US 1`,
    `(0028,0004) CS MONOCHROME2`,
    `(0028,0010) US ${SIZE}`,
    `(0028,0011) US ${SIZE}`,
    `(0028,0030) DS [0.8\\0.8]`,
    `(0028,0100) US 16`,
    `(0028,0101) US 12`,
    `(0028,0102) US 11`,
    `(0028,0103) US 0`,
    `(0028,1050) DS ${wl[0]}`,
    `(0028,1051) DS ${wl[1]}`,
    `(0028,1052) DS -1024`,
    `(0028,1053) DS 1`,
    `(7fe0,0010) OW =${pixelFile}`,
    '',
  ].join('\n');
}

/** Makes Part-10 files of the studies with DCMTK's dump2dcm, in `dir`; returns their paths. */
export async function makeDicomFiles(dir: string, studies: TestStudy[]): Promise<string[]> {
  const out: string[] = [];
  for (const [si, s] of studies.entries()) {
    for (const [ei, se] of s.series.entries()) {
      for (let k = 0; k < se.frames; k++) {
        const base = join(dir, `s${si}-${ei}-${k}`);
        await writeFile(`${base}.raw`, phantom(k, se.frames, s.modality));
        await writeFile(`${base}.txt`, dump(s, ei, k, `${base}.raw`));
        await run('dump2dcm', ['-q', `${base}.txt`, `${base}.dcm`]);
        out.push(`${base}.dcm`);
      }
    }
  }
  return out;
}

async function waitUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`Orthanc exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/system`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('Orthanc did not start in 20 s');
}

/**
 * Starts Debian's Orthanc (scripts/ensure-orthanc.sh installs it) on a free port with its
 * DICOMweb plugin, a config and storage in a temp dir, and loads the test studies.
 */
export async function startTestPacs(studies: TestStudy[] = testStudies()): Promise<TestPacs> {
  const dir = await mkdtemp(join(tmpdir(), 'chatdr-orthanc-'));
  const port = await freePort();
  const config = {
    Name: 'chatdr-test-pacs',
    StorageDirectory: join(dir, 'db'),
    IndexDirectory: join(dir, 'db'),
    HttpPort: port,
    DicomServerEnabled: false,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    HttpDescribeErrors: true,
    DefaultEncoding: 'Utf8',
    Plugins: ['/usr/share/orthanc/plugins/libOrthancDicomWeb.so'],
    DicomWeb: { Enable: true, Root: '/dicom-web/', EnableWado: false, Host: `127.0.0.1:${port}`, Ssl: false },
  };
  await writeFile(join(dir, 'orthanc.json'), JSON.stringify(config));
  const child = spawn('Orthanc', [join(dir, 'orthanc.json')], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUp(base, child);
    const files = await makeDicomFiles(dir, studies);
    for (const f of files) {
      const r = await fetch(`${base}/instances`, { method: 'POST', body: await readFile(f), headers: { 'content-type': 'application/dicom' } });
      if (!r.ok) throw new Error(`Orthanc refused ${f}: ${r.status}`);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `${base}/dicom-web`, studies, stop };
}
