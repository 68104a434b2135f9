import { describe, expect, it } from 'vitest';
import { UPLOAD_ACCEPT, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE, uploadRefusal } from '../../src/domain/uploads';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('upload rules', () => {
  it('accepts jpg, jpeg and png up to 512000 bytes', () => {
    expect(uploadRefusal(file('a.png', 'image/png', 512_000))).toBeNull();
    expect(uploadRefusal(file('a.JPG', 'image/jpeg'))).toBeNull();
    expect(uploadRefusal(file('photo.jpeg', 'image/jpeg'))).toBeNull();
    expect(UPLOAD_ACCEPT).toBe('.jpg,.jpeg,.png');
  });

  it('refuses anything over 512000 bytes with the exact message', () => {
    expect(uploadRefusal(file('a.png', 'image/png', 512_001))).toBe(
      'File size exceeds 500 KB. Please upload a smaller file.',
    );
    expect(UPLOAD_TOO_LARGE).toBe('File size exceeds 500 KB. Please upload a smaller file.');
  });

  it('refuses other types by extension or by MIME type', () => {
    for (const f of [
      file('a.gif', 'image/gif'),
      file('a.svg', 'image/svg+xml'),
      file('a.png', 'image/svg+xml'),
      file('a.html', 'image/png'),
      file('png', 'image/png'),
      file('a.webp', 'image/webp', 600_000),
    ]) {
      expect(uploadRefusal(f), f.name + ' ' + f.type).toBe(UPLOAD_WRONG_TYPE);
    }
  });
});
