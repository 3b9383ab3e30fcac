import { IMAGE_MAX_BYTES, compressPlan, jpegName, needsCompression } from './upload-model';

/**
 * An image made ≤ 2 MB (chat-core §5: maxSize 2, compression on): decoded with its EXIF
 * orientation applied (createImageBitmap `imageOrientation: 'from-image'`), drawn on a canvas and
 * re-encoded as JPEG along `compressPlan` until it fits. A small JPEG/PNG is sent untouched.
 * Returns null when the browser cannot decode it (the caller shows 图片已损坏…).
 */
export async function compressImage(file: File, maxBytes: number = IMAGE_MAX_BYTES): Promise<File | null> {
  if (!needsCompression(file, maxBytes)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    let last: Blob | null = null;
    for (const step of compressPlan(bitmap.width, bitmap.height)) {
      if (canvas.width !== step.width || canvas.height !== step.height) {
        canvas.width = step.width;
        canvas.height = step.height;
        // JPEG has no alpha: a transparent PNG would otherwise turn black.
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, step.width, step.height);
        ctx.drawImage(bitmap, 0, 0, step.width, step.height);
      }
      last = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', step.quality));
      if (last && last.size <= maxBytes) break;
    }
    if (!last || last.size > maxBytes) return null;
    return new File([last], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
