/**
 * Avatar and logo uploads (SPEC sections 5 and 9): jpg, jpeg or png, at most
 * 500 KB (512,000 bytes). Checked before anything is read or sent; the server
 * checks the bytes again.
 */
export const UPLOAD_MAX_BYTES = 512_000;

export const UPLOAD_TOO_LARGE = 'File size exceeds 500 KB. Please upload a smaller file.';
export const UPLOAD_WRONG_TYPE = 'Only JPG, JPEG and PNG images can be uploaded.';

/** What the file picker offers (`accept`). */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png';

const EXTENSIONS = ['jpg', 'jpeg', 'png'];
const MIME_TYPES = ['image/jpeg', 'image/png'];

/** The parts of a picked file the rules look at (a browser `File` has them). */
export interface UploadCandidate {
  name: string;
  size: number;
  type: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file may not be uploaded (extension and MIME type must both be accepted), or null when it may. */
export function uploadRefusal(file: UploadCandidate): string | null {
  if (!EXTENSIONS.includes(extensionOf(file.name)) || !MIME_TYPES.includes(file.type.toLowerCase())) {
    return UPLOAD_WRONG_TYPE;
  }
  return file.size > UPLOAD_MAX_BYTES ? UPLOAD_TOO_LARGE : null;
}
