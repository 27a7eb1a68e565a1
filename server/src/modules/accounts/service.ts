import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../errors.js';
import { hashToken, newAccessToken, newCipherSecret, type SealedSession } from '../../lib/sealing/check.js';
import { formatKid } from '../../../../common/protocol/entity.js';
import type { Role } from '../../../../common/resources/types.js';
import { codeMatches, CODE_TTL_MINUTES, generateCode, hashCode } from '../../lib/one-time-codes.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { recordAudit } from '../../lib/audit.js';
import { ACCOUNT_LOCK_FAILURES, clearLoginFailures, recordLoginFailure, signInState } from './login-failures-repository.js';
import { allowCodeRequest, hasLiveCode, issueCode, markCodeUsed, takeCodeTry, type CodePurpose, type LiveCode } from './password-codes-repository.js';
import { createSession, revokeSession, revokeUserSessions } from './sessions-repository.js';
import {
  findActiveUserByEmail,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  findUserByUsernameKey,
  insertUserIfAbsent,
  setUserPassword,
  unusedUserId,
  userConflicts,
  type UserRow,
} from './users-repository.js';

export interface LoginResult {
  userId: string;
  username: string;
  role: Role;
  accessToken: string;
  rcKey: string;
  expiresAt: Date;
}

/** One user action each; whatever an action writes, it writes in one transaction. */
export function createAccountsService(fastify: FastifyInstance) {
  const { db, mailer, secrets } = fastify;

  /**
   * Mails the owner of a locked account a code, unless one is still live (a new one would
   * void the code its owner may be typing) or too many were sent lately. Unknown and
   * inactive names get nothing, silently: the answer is the same.
   */
  async function offerUnlockCode(usernameKey: string): Promise<void> {
    const user = await findUserByUsernameKey(db, usernameKey);
    if (!user || user.status !== 'active' || (await hasLiveCode(db, user.id, 'unlock'))) return;
    if (!(await allowCodeRequest(db, `unlock:${user.id}`))) return;
    await mailCode(user, 'unlock', 'Your code to unlock your account', (code) =>
      `After ${ACCOUNT_LOCK_FAILURES} failed sign-ins, the account "${user.username}" is locked.\n` +
      `To unlock it, sign in with your password and this code: ${code}\n` +
      `It works once, for ${CODE_TTL_MINUTES} minutes. If the failed sign-ins were not yours, change your password afterwards.\n`,
    );
  }

  /** Issues a new code for `purpose` (voiding the user's earlier one) and mails it; only its HMAC is kept. */
  async function mailCode(user: UserRow, purpose: CodePurpose, subject: string, body: (code: string) => string): Promise<void> {
    const code = generateCode();
    await issueCode(db, user.id, purpose, hashCode(secrets.codeKey, purpose, user.id, code));
    mailer.queue({ to: user.email, subject, text: `Hello ${user.name},\n\n${body(code)}` });
  }

  /** The user's live code for `purpose` when `code` is it (one try taken either way); not yet used up. */
  async function matchingCode(userId: string, purpose: CodePurpose, code: string): Promise<LiveCode | undefined> {
    const live = await takeCodeTry(db, userId, purpose);
    return live && codeMatches(secrets.codeKey, purpose, userId, code, live.code_hash) ? live : undefined;
  }

  return {
    /**
     * README "Sign-in protection": delays that grow per account and per address, and a
     * lock after many failures that only the right password with the mailed code lifts.
     */
    async login(username: string, password: string, ip: string, otp?: string): Promise<LoginResult> {
      const usernameKey = username.toLowerCase();
      const { retryAfter, locked } = await signInState(db, usernameKey, ip);
      if (retryAfter > 0) {
        throw new HttpError(429, 'tooManyAttempts', undefined, { params: { count: retryAfter }, headers: { 'retry-after': String(retryAfter) } });
      }
      // Locked, without a code: the same answer for any password and any name, checking none.
      if (locked && !otp) {
        await offerUnlockCode(usernameKey);
        throw new HttpError(423, 'accountLocked');
      }

      const user = await findUserByUsername(db, username);
      // An unknown name costs a full hash too: the answer's timing must not tell which names exist.
      const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
      // A code is tried only with the right password, so nobody else can use up its tries.
      const unlockCode = locked && user && valid && otp ? await matchingCode(user.id, 'unlock', otp) : undefined;
      const unlocked = !locked || (unlockCode !== undefined && (await markCodeUsed(db, unlockCode.id)));
      if (!user || !valid || !unlocked) {
        const nowLocked = await recordLoginFailure(db, usernameKey, ip);
        if (nowLocked) await offerUnlockCode(usernameKey);
        // Locked: one answer whether the password or the code was wrong.
        throw new HttpError(401, locked ? 'badCredentialsOrCode' : 'badCredentials');
      }
      // Only now: a pending or disabled account is no secret from someone who knows its password.
      if (user.status !== 'active') throw new HttpError(403, user.status === 'pending' ? 'accountPending' : 'accountDisabled');

      const accessToken = newAccessToken();
      const secret = newCipherSecret();
      const session = await db.transaction(async (tx) => {
        await clearLoginFailures(tx, usernameKey);
        return createSession(tx, user.id, hashToken(accessToken), secret, fastify.env.SESSION_MAX_HOURS);
      });
      return {
        userId: user.id,
        username: user.username,
        role: user.role,
        accessToken,
        rcKey: `${formatKid(1)}.${secret}`,
        expiresAt: session.expiresAt,
      };
    },

    /**
     * Self-registration: a pending User until an admin approves it. A taken e-mail gets the
     * answer a new one gets (its owner is mailed instead), so registering tells nobody who
     * has an account; only a taken username, which everyone sees anyway, answers 409.
     */
    async register(input: { username: string; email: string; password: string; name: string }): Promise<string> {
      const passwordHash = await hashPassword(input.password);
      const user = { username: input.username, email: input.email, name: input.name.trim(), role: 2 as const, status: 'pending' as const };
      const id = await db.transaction(async (tx) => {
        const inserted = await insertUserIfAbsent(tx, { ...user, passwordHash });
        // The system is the actor: nobody is logged in yet.
        if (inserted) await recordAudit(tx, { actor: null, entity: 'user', entityId: inserted, action: 'register', after: { id: inserted, ...user } });
        return inserted;
      });
      if (id) return id;
      const taken = await userConflicts(db, input.username, input.email);
      if (taken.username) throw new HttpError(409, 'usernameUnavailable', { username: 'usernameTaken' });
      const owner = await findUserByEmail(db, input.email);
      if (owner) {
        mailer.queue({
          to: owner.email,
          subject: 'Someone tried to register with your address',
          text:
            `Hello ${owner.name},\n\nSomeone tried to register a new account with this e-mail address, which already ` +
            `belongs to the account "${owner.username}". Nothing was changed.\nIf it was you, sign in with that account ` +
            `(or ask for a password reset code). If not, you can ignore this message.\n`,
        });
      }
      // An id drawn from the same sequence, so it looks like any other new account's.
      return unusedUserId(db);
    },

    /** Answers the same whatever the address: only an active account gets a code. */
    async requestPasswordCode(email: string): Promise<void> {
      if (!(await allowCodeRequest(db, email))) {
        fastify.log.info('password code requests over the limit for an address; ignored');
        return;
      }
      const user = await findActiveUserByEmail(db, email);
      if (!user) return;
      await mailCode(user, 'reset', 'Your password reset code', (code) =>
        `Your code to reset the password of "${user.username}" is ${code}.\n` +
        `It works once, for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.\n`,
      );
    },

    async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
      // The code first: it costs one HMAC, so a flood of wrong codes never reaches scrypt.
      const user = await findActiveUserByEmail(db, email);
      const live = user && (await matchingCode(user.id, 'reset', code));
      const passwordHash = live ? await hashPassword(newPassword) : null;
      const changed =
        user && live && passwordHash
          ? await db.transaction(async (tx) => {
              // Used up only with the password it sets: a failed write leaves it usable.
              if (!(await markCodeUsed(tx, live.id))) return false;
              await setUserPassword(tx, user.id, passwordHash);
              // Whoever knew the old password is logged out everywhere; the mailbox's owner also lifts a lock.
              await revokeUserSessions(tx, user.id);
              await clearLoginFailures(tx, user.username.toLowerCase());
              return true;
            })
          : false;
      if (!changed) {
        fastify.log.info('password reset refused');
        throw new HttpError(422, 'badCode', { otp: 'codeWrong' });
      }
    },

    async changePassword(session: SealedSession, oldPassword: string, newPassword: string): Promise<void> {
      const user = await findUserById(db, session.id);
      if (!user || !(await verifyPassword(oldPassword, user.password_hash))) {
        throw new HttpError(422, 'badOldPassword', { oldPassword: 'incorrect' });
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await setUserPassword(tx, user.id, passwordHash);
        // The session asking keeps working; every other one must log in with the new password.
        await revokeUserSessions(tx, user.id, session.sessionId);
      });
    },

    async logout(session: SealedSession): Promise<void> {
      await revokeSession(db, session.sessionId);
    },
  };
}
