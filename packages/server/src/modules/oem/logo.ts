import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@vigil/contracts';
import { AppError } from '../../errors';
import { looksLikeSvg, sanitiseSvg } from './svg-sanitiser';

type RasterType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the file's first bytes (never from its name or declared type). */
export function detectRasterType(bytes: Buffer): RasterType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') {
    return 'image/gif';
  }
  const isRiff = bytes.subarray(0, 4).toString('latin1') === 'RIFF';
  if (bytes.length >= 12 && isRiff && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

function logoError(message: string): AppError {
  return AppError.validation({ logo: [message] });
}

function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The logo as the data URL to store: PNG, JPEG, WEBP or GIF as sent, SVG after sanitising.
 * 400 for an empty file, more than 512 KB, or any other content.
 */
export function logoDataUrl(bytes: Buffer): string {
  if (bytes.length === 0) {
    throw logoError(LOGO_MESSAGES.fileRequired);
  }
  if (bytes.length > LOGO_MAX_BYTES) {
    throw logoError(LOGO_MESSAGES.tooLarge);
  }
  const raster = detectRasterType(bytes);
  if (raster !== undefined) {
    return `data:${raster};base64,${bytes.toString('base64')}`;
  }
  const text = decodeUtf8(bytes);
  if (text === undefined || !looksLikeSvg(text)) {
    throw logoError(LOGO_MESSAGES.invalidType);
  }
  const clean = sanitiseSvg(text);
  if (clean === undefined) {
    throw logoError(LOGO_MESSAGES.svgUnsafe);
  }
  return `data:image/svg+xml;base64,${Buffer.from(clean, 'utf8').toString('base64')}`;
}

const DATA_URL = /^data:([-+.\w]+\/[-+.\w]+)?((?:;[-\w]+=[-\w.]+)*)(;base64)?,([\s\S]*)$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a data URL (base64 or percent-encoded); the declared type is ignored. Undefined if malformed. */
export function decodeDataUrl(value: string): Buffer | undefined {
  const match = DATA_URL.exec(value.trim());
  if (match === null) {
    return undefined;
  }
  const payload = match[4] ?? '';
  if (match[3] !== undefined) {
    const compact = payload.replace(/\s+/g, '');
    return BASE64.test(compact) ? Buffer.from(compact, 'base64') : undefined;
  }
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    return undefined;
  }
}

/** A logo sent as a data URL (PATCH oem/settings/), with the same checks as an upload. */
export function logoFromDataUrl(value: string): string {
  const bytes = decodeDataUrl(value);
  if (bytes === undefined) {
    throw logoError(LOGO_MESSAGES.invalidDataUrl);
  }
  return logoDataUrl(bytes);
}
