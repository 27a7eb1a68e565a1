export const PBKDF2_ITERATIONS = 10000;
export const AES_KEY_BYTES = 16;
export const SALT_BYTES = 16;
export const TS_WINDOW_MS = 60000;
export const KEY_GRACE_MS = 60000;
export const SALT_MEMORY_MS = 120000;

// Shorter than 16 ASCII characters, so that padding it to 16 yields a valid AES IV.
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,15}$/;

// Lowercase, as Node's IncomingHttpHeaders reports them.
export const SEAL_HEADERS = {
  authorization: 'authorization',
  encryptedKey: 'encrypted-key',
  keyPadding: 'key-padding',
  uniqueReqId: 'unique-req-id',
} as const;

export const RC_KEY_HEADER = 'rc-key';
