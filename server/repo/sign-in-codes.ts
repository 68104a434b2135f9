import type { Db } from '../db/client';

/**
 * One-time sign-in codes of the embedded provider in production (table sign_in_codes): each answers
 * one provider interaction, holds only a hash of the code, lives until `expires_at`, is used once
 * and dies after `MAX_WRONG_CODES` wrong tries. At most one code of an interaction is live: asking
 * again ends the older one.
 */
export const MAX_WRONG_CODES = 5;

export interface NewSignInCode {
  id: string;
  email: string;
  interactionUid: string;
  codeHash: string;
  expiresAt: Date;
}

/** Ends the interaction's live code, if any, and stores the new one, in one transaction. */
export async function replaceSignInCode(db: Db, code: NewSignInCode): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query(
      `UPDATE sign_in_codes SET expires_at = least(expires_at, now())
        WHERE interaction_uid = $1 AND used_at IS NULL AND expires_at > now()`,
      [code.interactionUid],
    );
    await tx.query(
      `INSERT INTO sign_in_codes (id, email, interaction_uid, code_hash, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [code.id, code.email, code.interactionUid, code.codeHash, code.expiresAt],
    );
  });
}

/**
 * Checks a typed code against the interaction's live code in one statement (concurrent tries queue
 * on the row): the right hash marks it used and answers its e-mail address; a wrong one counts a
 * try. Undefined for a wrong code, or when no live code is left (expired, used, too many tries).
 */
export async function useSignInCode(db: Db, interactionUid: string, codeHash: string): Promise<string | undefined> {
  const [row] = await db.query<{ email: string; ok: boolean }>(
    `UPDATE sign_in_codes
        SET used_at = CASE WHEN code_hash = $2 THEN now() END,
            attempts = attempts + CASE WHEN code_hash = $2 THEN 0 ELSE 1 END
      WHERE interaction_uid = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $3
      RETURNING email, used_at IS NOT NULL AS ok`,
    [interactionUid, codeHash, MAX_WRONG_CODES],
  );
  return row?.ok ? row.email : undefined;
}

/** Forgets codes that ended more than a day ago. */
export async function purgeSignInCodes(db: Db): Promise<void> {
  await db.query(`DELETE FROM sign_in_codes WHERE expires_at < now() - interval '1 day'`);
}
