package dev.modelsphere.swiss.store;

import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Session tokens revoked by a logout, by id, in the database every replica shares: a token revoked
 * on one is refused by all. A row is kept until {@code expiresAt}, after which no token of its
 * session can be valid anyway, and expired rows are pruned whenever a new one is written.
 */
public final class StoredRevocations {
  /** Ids asked about in one query at most: well inside every driver's limit on parameters. */
  private static final int BATCH = 500;

  private final Statements statements;

  StoredRevocations(Statements statements) {
    this.statements = statements;
  }

  /** Revokes {@code tokenId} until {@code expiresAt}; revoking it again changes nothing. */
  public void revoke(String tokenId, Instant expiresAt, Instant now) {
    statements.update(
        "prune expired revocations",
        "DELETE FROM revoked_tokens WHERE expires_at < ?",
        now.toEpochMilli());
    statements.update(
        "revoke a session token",
        "INSERT INTO revoked_tokens (token_id, expires_at) VALUES (?, ?)"
            + " ON CONFLICT (token_id) DO NOTHING",
        tokenId,
        expiresAt.toEpochMilli());
  }

  public boolean isRevoked(String tokenId) {
    return !revokedAmong(List.of(tokenId)).isEmpty();
  }

  /** Which of {@code tokenIds} are revoked. */
  public Set<String> revokedAmong(Collection<String> tokenIds) {
    List<String> ids = List.copyOf(tokenIds);
    Set<String> revoked = new HashSet<>();
    for (int from = 0; from < ids.size(); from += BATCH) {
      List<String> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
      String sql =
          "SELECT token_id FROM revoked_tokens WHERE token_id IN (%s)"
              .formatted(String.join(", ", Collections.nCopies(batch.size(), "?")));
      statements.query(
          "read revoked tokens",
          sql,
          rows -> {
            while (rows.next()) {
              revoked.add(rows.getString(1));
            }
            return revoked;
          },
          batch.toArray());
    }
    return revoked;
  }
}
