import { createHmac, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { seal, unseal } from '../../lib/secret-box.js';
import { aadhaarDigits, checkAadhaar } from '../../../../common/domains/kyc/rules.js';

// The only place a full Aadhaar number is kept (issue 11): encrypted with AES-256-GCM under a
// key derived from SECRET_KEY ('aadhaar-vault'), found by an HMAC-SHA256 of the number under
// another derived key ('aadhaar-search'), never by decrypting. Everything else stores the
// `ref` and the last 4 digits. No message, log line or error here ever holds the number.

export interface AadhaarVault {
  /**
   * Keeps a number (spaces and hyphens allowed) and answers its reference and last 4 digits.
   * The same number always answers the same ref (one row per number). A number that breaks
   * the rules is a 422 naming `fieldName` with the rule's code, never the number.
   */
  store(tx: Queryable, number: string, fieldName?: string): Promise<StoredAadhaar>;
  /** The ref a number is stored under, or null: through the keyed hash, nothing is decrypted. */
  findRefByNumber(number: string, q?: Queryable): Promise<string | null>;
  /**
   * INTERNAL USE ONLY: the full number of a ref (null when no such ref). Never send it in an
   * answer, a log, an export or an error; callers show `maskAadhaar(last4)`. Throws when the
   * row does not open with this SECRET_KEY (a different key, or an altered row).
   */
  reveal(ref: string, q?: Queryable): Promise<string | null>;
}

export interface StoredAadhaar {
  ref: string;
  last4: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    aadhaarVault: AadhaarVault;
  }
}

/** Bumped when the vault key changes (a re-encryption would move rows to it). */
const KEY_VERSION = 1;

interface VaultRow {
  ciphertext: Uint8Array;
  iv: Uint8Array;
  tag: Uint8Array;
  key_version: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bound into GCM as associated data: a row's ciphertext copied under another ref does not open. */
const aadOf = (ref: string, keyVersion: number) => Buffer.from(`aadhaar_vault:${ref}:${keyVersion}`, 'utf8');

export function createAadhaarVault(db: Queryable, keys: { aadhaarKey: Buffer; aadhaarSearchKey: Buffer }): AadhaarVault {
  const searchHash = (digits: string) => createHmac('sha256', keys.aadhaarSearchKey).update(digits).digest();

  const findRef = async (digits: string, q: Queryable) =>
    (await q.query<{ ref: string }>('SELECT ref FROM aadhaar_vault WHERE search_hash = $1', [searchHash(digits)])).rows[0]?.ref ?? null;

  return {
    async store(tx, number, fieldName = 'aadhaar') {
      const digits = aadhaarDigits(number);
      const [error] = checkAadhaar(digits).errors;
      if (error) throw new HttpError(422, 'validation', { [fieldName]: error });
      const last4 = digits.slice(-4);
      const ref = randomUUID();
      const { iv, tag, ciphertext } = seal(keys.aadhaarKey, Buffer.from(digits, 'utf8'), aadOf(ref, KEY_VERSION));
      const inserted = await tx.query<{ ref: string }>(
        `INSERT INTO aadhaar_vault (ref, ciphertext, iv, tag, key_version, search_hash, last4)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (search_hash) DO NOTHING RETURNING ref`,
        [ref, ciphertext, iv, tag, KEY_VERSION, searchHash(digits), last4],
      );
      // Already stored (perhaps by a transaction that committed meanwhile): its ref.
      const stored = inserted.rows[0]?.ref ?? (await findRef(digits, tx));
      if (!stored) throw new Error('aadhaar_vault: the row of an existing search hash was not found');
      return { ref: stored, last4 };
    },

    findRefByNumber(number, q = db) {
      const digits = aadhaarDigits(number);
      return checkAadhaar(digits).ok ? findRef(digits, q) : Promise.resolve(null);
    },

    async reveal(ref, q = db) {
      // Not a uuid: no such row (rather than the database's cast error).
      if (!UUID.test(ref)) return null;
      const row = (await q.query<VaultRow>('SELECT ciphertext, iv, tag, key_version FROM aadhaar_vault WHERE ref = $1', [ref])).rows[0];
      if (!row) return null;
      const sealed = { iv: Buffer.from(row.iv), tag: Buffer.from(row.tag), ciphertext: Buffer.from(row.ciphertext) };
      const plaintext = unseal(keys.aadhaarKey, sealed, aadOf(ref, row.key_version));
      // The message names nothing of the number; the ref is what an operator needs.
      if (!plaintext) throw new Error(`aadhaar_vault: the row of ref ${ref} does not open with this SECRET_KEY`);
      return plaintext.toString('utf8');
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('aadhaarVault', createAadhaarVault(fastify.db, fastify.secrets));
  },
  { name: 'aadhaar-vault', dependencies: ['db', 'secrets'] },
);
