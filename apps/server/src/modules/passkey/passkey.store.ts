import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, users, webauthnChallenges } from '../../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'register' | 'unlock';

/** Queries of biometric unlock: passkeys and their single-use challenges. */
export class PasskeyStore {
  constructor(private readonly db: Db) {}

  async insertChallenge(challenge: string, purpose: ChallengePurpose, userId: number | null, expiresAt: Date, now: Date): Promise<void> {
    // Old challenges go as new ones come: the table holds only the last few minutes.
    await this.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(now.getTime() - 3_600_000)));
    await this.db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt });
  }

  /** Marks a live, unused challenge of this purpose (and account, for a registration) used; false if there is none. */
  async useChallenge(challenge: string, purpose: ChallengePurpose, userId: number | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(webauthnChallenges)
      .set({ usedAt: now })
      .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now), userId === null ? sql`true` : eq(webauthnChallenges.userId, userId)))
      .returning({ id: webauthnChallenges.id });
    return rows.length > 0;
  }

  list(userId: number): Promise<PasskeyRow[]> {
    return this.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  }

  /** A credential with its account, if the account is active. */
  async byCredential(credentialId: string): Promise<{ p: PasskeyRow; status: string } | undefined> {
    const [r] = await this.db.select({ p: passkeys, status: users.status }).from(passkeys).innerJoin(users, eq(users.id, passkeys.userId)).where(eq(passkeys.credentialId, credentialId)).limit(1);
    return r;
  }

  /** Stores a credential; undefined when the credential id is stored already. */
  async insert(v: { userId: number; credentialId: string; publicKey: Buffer; counter: number; transports: string; deviceName: string }): Promise<PasskeyRow | undefined> {
    const [r] = await this.db.insert(passkeys).values(v).onConflictDoNothing().returning();
    return r;
  }

  /** Advances the counter only forwards (a concurrent use cannot move it back). */
  async used(id: number, counter: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(passkeys)
      .set({ counter, lastUsedAt: now })
      .where(and(eq(passkeys.id, id), sql`(${passkeys.counter} < ${counter} or (${passkeys.counter} = 0 and ${counter} = 0))`))
      .returning({ id: passkeys.id });
    return rows.length > 0;
  }

  async remove(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.delete(passkeys).where(and(eq(passkeys.userId, userId), eq(passkeys.id, id))).returning({ id: passkeys.id });
    return rows.length > 0;
  }
}
