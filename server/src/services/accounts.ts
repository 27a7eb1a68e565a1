import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.js';
import { hashToken, newAccessToken, newCipherSecret, type SealedSession } from '../sealing/check.js';
import { formatKid } from '../../../src/protocol/entity.js';
import type { Role } from '../../../src/resources/types.js';
import { codeMatches, CODE_TTL_MINUTES, generateCode, hashCode } from './one-time-codes.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { recordAudit } from './audit.js';

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
  const { db, usersRepository: users, sessionsRepository: sessions, loginFailures, passwordCodes, mailer, secrets } = fastify;

  return {
    async login(username: string, password: string, ip: string): Promise<LoginResult> {
      const usernameKey = username.toLowerCase();
      const retryAfter = await loginFailures.retryAfterSeconds(usernameKey, ip);
      if (retryAfter > 0) {
        throw new HttpError(429, 'tooManyAttempts', undefined, { headers: { 'retry-after': String(retryAfter) } });
      }

      const user = await users.findByUsername(username);
      // An unknown name costs a full hash too: the answer's timing must not tell which names exist.
      const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await loginFailures.record(usernameKey, ip);
        throw new HttpError(401, 'badCredentials');
      }
      // Only now: a pending or disabled account is no secret from someone who knows its password.
      if (user.status !== 'active') throw new HttpError(403, user.status === 'pending' ? 'accountPending' : 'accountDisabled');

      const accessToken = newAccessToken();
      const secret = newCipherSecret();
      const session = await db.transaction(async (tx) => {
        await loginFailures.clearUsername(usernameKey, tx);
        return sessions.create(user.id, hashToken(accessToken), secret, tx);
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
        const inserted = await users.insertIfAbsent({ ...user, passwordHash }, tx);
        // The system is the actor: nobody is logged in yet.
        if (inserted) await recordAudit(tx, { actor: null, entity: 'user', entityId: inserted, action: 'register', after: { id: inserted, ...user } });
        return inserted;
      });
      if (id) return id;
      const taken = await users.conflicts(input.username, input.email);
      if (taken.username) throw new HttpError(409, 'usernameUnavailable', { username: 'usernameTaken' });
      const owner = await users.findByEmail(input.email);
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
      return users.unusedId();
    },

    /** Answers the same whatever the address: only an active account gets a code. */
    async requestPasswordCode(email: string): Promise<void> {
      if (!(await passwordCodes.allowRequest(email))) {
        fastify.log.info('password code requests over the limit for an address; ignored');
        return;
      }
      const user = await users.findActiveByEmail(email);
      if (!user) return;
      const code = generateCode();
      await passwordCodes.issue(user.id, hashCode(secrets.codeKey, 'reset', user.id, code));
      mailer.queue({
        to: user.email,
        subject: 'Your password reset code',
        text:
          `Hello ${user.name},\n\nYour code to reset the password of "${user.username}" is ${code}.\n` +
          `It works once, for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.\n`,
      });
    },

    async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
      // The code first: it costs one HMAC, so a flood of wrong codes never reaches scrypt.
      // A wrong code still commits: its try must count.
      const outcome = await db.transaction(async (tx) => {
        const user = await users.findActiveByEmail(email, tx);
        const live = user && (await passwordCodes.findLiveForUpdate(user.id, tx));
        if (!user || !live) return { result: 'no-code' as const };
        if (!codeMatches(secrets.codeKey, 'reset', user.id, code, live.code_hash)) {
          await passwordCodes.countWrongTry(live.id, tx);
          return { result: 'wrong-code' as const };
        }
        // Used now, before the slow hash: two requests with one code cannot both pass.
        await passwordCodes.markUsed(live.id, tx);
        return { result: 'accepted' as const, userId: user.id };
      });
      if (outcome.result !== 'accepted') {
        fastify.log.info({ outcome: outcome.result }, 'password reset refused');
        throw new HttpError(422, 'badCode', { otp: 'codeWrong' });
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.setPassword(outcome.userId, passwordHash, tx);
        // Whoever knew the old password is logged out everywhere.
        await sessions.revokeAllOfUser(outcome.userId, tx);
      });
    },

    async changePassword(session: SealedSession, oldPassword: string, newPassword: string): Promise<void> {
      const user = await users.findById(session.id);
      if (!user || !(await verifyPassword(oldPassword, user.password_hash))) {
        throw new HttpError(422, 'badOldPassword', { oldPassword: 'incorrect' });
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.setPassword(user.id, passwordHash, tx);
        // The session asking keeps working; every other one must log in with the new password.
        await sessions.revokeAllOfUser(user.id, tx, session.sessionId);
      });
    },

    async logout(session: SealedSession): Promise<void> {
      await sessions.revoke(session.sessionId);
    },
  };
}
