import { HttpError, badRequest } from './errors';

/** Avatar uploads arrive as data URLs. The declared type must be png or jpeg and match the decoded
 *  bytes' signature; at most 512000 bytes decoded (413 beyond). */
export const AVATAR_MAX_BYTES = 512_000;

const SIGNATURES: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Returns the data URL (normalised to image/png or image/jpeg) or throws 400/413. `what` names the
 *  image in the messages (advertisement images are checked the same way). */
export function checkAvatar(dataUrl: string, what = 'The avatar'): string {
  const match = /^data:image\/(png|jpeg|jpg);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw badRequest(`${what} must be a PNG or JPEG data URL`);
  const kind = match[1] === 'png' ? 'png' : 'jpeg';
  const data = match[2];
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) throw badRequest(`${what} is not valid base64`);
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const size = (data.length / 4) * 3 - padding;
  if (size > AVATAR_MAX_BYTES) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'File size exceeds 500 KB. Please upload a smaller file.');
  }
  const bytes = Buffer.from(data, 'base64');
  const signature = SIGNATURES[kind];
  if (bytes.length < signature.length || !signature.every((b, i) => bytes[i] === b)) {
    throw badRequest(`${what} is not a ${kind.toUpperCase()} image`);
  }
  return `data:image/${kind};base64,${data}`;
}
