// Uploads are accepted by content (magic bytes), never by name or declared type; the extension and the
// content type a file is stored and served with come from here.

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';
export type AudioKind = 'mp3' | 'm4a';
export type MediaExtension = ImageKind | AudioKind;

export const CONTENT_TYPES: Record<MediaExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
};

/** Enough leading bytes for every check below. */
export const SNIFF_BYTES = 16;

const startsWith = (b: Uint8Array, sig: number[] | string, at = 0) => {
  const bytes = typeof sig === 'string' ? [...sig].map((ch) => ch.charCodeAt(0)) : sig;
  return b.length >= at + bytes.length && bytes.every((v, i) => b[at + i] === v);
};

/** The image format the bytes prove, or null. */
export function sniffImage(b: Uint8Array): ImageKind | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(b, 'GIF8') && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8)) return 'webp';
  return null;
}

/** ISO base-media brands of audio files (`isom`, `mp42` are what many encoders write for plain AAC too). */
const M4A_BRANDS = ['M4A ', 'M4B ', 'M4P ', 'isom', 'iso2', 'mp41', 'mp42'];

/** An MPEG-1/2/2.5 Layer III frame header: 11 sync bits, a real version, layer III, a real bitrate and rate. */
function mpegFrame(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1] & 0xe0) !== 0xe0) return false;
  const version = (b[1] >> 3) & 3;
  const layer = (b[1] >> 1) & 3;
  const bitrate = b[2] >> 4;
  const sampleRate = (b[2] >> 2) & 3;
  return version !== 1 && layer === 1 && bitrate !== 0 && bitrate !== 15 && sampleRate !== 3;
}

/** The audio format the bytes prove, or null. */
export function sniffAudio(b: Uint8Array): AudioKind | null {
  // ID3v2: "ID3", a major version 2–4, a revision byte, then flags.
  if (startsWith(b, 'ID3') && b.length >= 5 && b[3] >= 2 && b[3] <= 4 && b[4] !== 0xff) return 'mp3';
  if (mpegFrame(b)) return 'mp3';
  if (startsWith(b, 'ftyp', 4) && M4A_BRANDS.some((brand) => startsWith(b, brand, 8))) return 'm4a';
  return null;
}
