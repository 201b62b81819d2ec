// Uploads are judged by their first bytes: real minimal samples of each accepted format, and near misses.
import { describe, expect, it } from 'vitest';
import { sniffAudio, sniffImage } from '../../src/server/media/sniff';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

// ID3v2.4 header (10 bytes, empty tag) followed by an MPEG-1 Layer III frame header.
const ID3_MP3 = bytes('ID3', [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64]);
// A bare MPEG-1 Layer III frame: 128 kbps, 44.1 kHz, no CRC (what LAME writes without tags).
const MPEG1_FRAME = bytes([0xff, 0xfb, 0x90, 0x64], Array(12).fill(0));
// MPEG-2 Layer III, 64 kbps, 22.05 kHz (speech encoders).
const MPEG2_FRAME = bytes([0xff, 0xf3, 0x80, 0xc4], Array(12).fill(0));
// The first box of an iTunes/ffmpeg .m4a: size 0x20, "ftyp", major brand "M4A ", minor version, compatible brands.
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 2, 0], 'M4A mp42isom', [0, 0, 0, 0]);

describe('sniffAudio', () => {
  it.each([
    ['an ID3v2-tagged MP3', ID3_MP3, 'mp3'],
    ['a bare MPEG-1 Layer III frame', MPEG1_FRAME, 'mp3'],
    ['an MPEG-2 Layer III frame', MPEG2_FRAME, 'mp3'],
    ['an M4A (ftyp M4A )', ftyp('M4A '), 'm4a'],
    ['an audiobook (ftyp M4B )', ftyp('M4B '), 'm4a'],
    ['an isom-branded AAC file', ftyp('isom'), 'm4a'],
    ['an mp42-branded AAC file', ftyp('mp42'), 'm4a'],
  ])('proves %s', (_what, sample, kind) => {
    expect(sniffAudio(sample)).toBe(kind);
  });

  it.each([
    ['nothing', bytes()],
    ['a lone "ID3"', bytes('ID3')],
    ['an ID3 tag with an impossible version', bytes('ID3', [0xff, 0, 0, 0, 0, 0, 0])],
    ['AAC in ADTS (layer bits 00, not MP3)', bytes([0xff, 0xf1, 0x50, 0x80, 0, 0x1f, 0xfc])],
    ['a frame with the reserved MPEG version', bytes([0xff, 0xeb, 0x90, 0x64])],
    ['a frame with a bad bitrate index', bytes([0xff, 0xfb, 0xf0, 0x64])],
    ['a frame with the reserved sample rate', bytes([0xff, 0xfb, 0x9c, 0x64])],
    ['a JPEG (also starts with 0xFF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'J'.charCodeAt(0)])],
    ['a QuickTime movie (ftyp qt  )', ftyp('qt  ')],
    ['a 3GP video (ftyp 3gp4)', ftyp('3gp4')],
    ['a WAV file', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['an Ogg file', bytes('OggS', [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])],
    ['HTML', bytes('<!doctype html><html>')],
  ])('refuses %s', (_what, sample) => {
    expect(sniffAudio(sample)).toBeNull();
  });
});

describe('sniffImage', () => {
  it.each([
    [bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'png'],
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    [bytes('GIF89a', [1, 0, 1, 0]), 'gif'],
    [bytes('GIF87a'), 'gif'],
    [bytes('RIFF', [0x1a, 0, 0, 0], 'WEBPVP8 '), 'webp'],
  ])('proves %s as %s', (sample, kind) => {
    expect(sniffImage(sample)).toBe(kind);
  });

  it('refuses audio, other RIFF files and text', () => {
    for (const sample of [ID3_MP3, MPEG1_FRAME, ftyp('M4A '), bytes('RIFF', [0, 0, 0, 0], 'WAVE'), bytes('GIF88a')]) {
      expect(sniffImage(sample)).toBeNull();
    }
  });
});
