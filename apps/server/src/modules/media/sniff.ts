import { fileTypeFromBuffer } from 'file-type';

export type Accepted = { fileType: 'image'; mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' } | { fileType: 'pdf'; mime: 'application/pdf' };

const IMAGES: Readonly<Record<string, 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic'>> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heic',
};

/** The type of an upload by its magic bytes (never its name or declared type), or null when not accepted. */
export async function sniff(bytes: Uint8Array): Promise<Accepted | null> {
  const t = await fileTypeFromBuffer(bytes);
  if (!t) return null;
  if (t.mime === 'application/pdf') return { fileType: 'pdf', mime: 'application/pdf' };
  const image = IMAGES[t.mime];
  return image ? { fileType: 'image', mime: image } : null;
}
