import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbExecutor } from '@/db/executor';
import { passwordResetTokens } from '@/db/schema/index';

export type ResetRealmName = 'admin' | 'customer';

/** Password-reset tokens (only their hashes). */
export class PasswordResetRepository {
  constructor(private readonly db: DbExecutor) {}

  async insert(token: {
    realm: ResetRealmName;
    userId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(passwordResetTokens).values(token);
  }

  /**
   * Uses a token, in one statement each: the unused, unexpired token with this hash is marked used and its account
   * returned; then every other open token of that account is ended too. Undefined for an unknown, used or expired
   * token (a second use of the same token finds nothing).
   */
  async consume(realm: ResetRealmName, tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.realm, realm),
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) return undefined;
    await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.realm, realm),
          eq(passwordResetTokens.userId, row.userId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    return row.userId;
  }
}
