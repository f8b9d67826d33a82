package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.store.StoreException;
import dev.modelsphere.swiss.store.StoredRevocations;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions a logout ended, by token id, refused until no token of theirs can still be valid.
 * With a database they are kept there, so a logout on one replica is refused by every replica on
 * it; each replica also remembers the ones it has seen, which spares the database a read for them
 * and keeps a logout on this replica in force while the database cannot be reached. Without a
 * database they live in this server's memory only, and end with it.
 */
public final class TokenRevocations {
  private static final Logger LOG = LoggerFactory.getLogger(TokenRevocations.class);

  private final Optional<StoredRevocations> stored;
  private final SessionTokens tokens;
  private final Clock clock;

  /** Revoked token ids this replica knows of, each until it may be forgotten. */
  private final Map<String, Instant> known = new ConcurrentHashMap<>();

  private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

  public TokenRevocations(Optional<StoredRevocations> stored, SessionTokens tokens, Clock clock) {
    this.stored = stored;
    this.tokens = tokens;
    this.clock = clock;
  }

  /** Revocations kept in this server's memory only: for a server without a database. */
  public static TokenRevocations inMemory(SessionTokens tokens, Clock clock) {
    return new TokenRevocations(Optional.empty(), tokens, clock);
  }

  /** Calls {@code listener} with each token id revoked here (to end its event streams). */
  public void onRevoke(Consumer<String> listener) {
    listeners.add(listener);
  }

  /**
   * Revokes the token {@code session} came with, and every earlier or later token of the same
   * session (a refresh keeps the id); a session without a token has nothing to revoke.
   */
  public void revoke(Session session) {
    if (session.tokenId().isEmpty()) {
      return;
    }
    String id = session.tokenId();
    Instant until = keptUntil(session);
    remember(id, until);
    stored.ifPresent(s -> store(s, id, until));
    listeners.forEach(listener -> listener.accept(id));
  }

  /** Whether {@code tokenId} was revoked, here or on another replica. */
  public boolean isRevoked(String tokenId) {
    return !revokedAmong(Set.of(tokenId)).isEmpty();
  }

  /** Which of {@code tokenIds} were revoked, here or on another replica. */
  public Set<String> revokedAmong(Set<String> tokenIds) {
    Set<String> revoked = new HashSet<>(tokenIds);
    revoked.retainAll(known.keySet());
    Set<String> unknown = new HashSet<>(tokenIds);
    unknown.removeAll(revoked);
    if (unknown.isEmpty() || stored.isEmpty()) {
      return revoked;
    }
    try {
      Set<String> elsewhere = stored.get().revokedAmong(unknown);
      Instant until = clock.instant().plus(tokens.ttl());
      elsewhere.forEach(id -> remember(id, until));
      revoked.addAll(elsewhere);
    } catch (StoreException e) {
      LOG.warn("revoked tokens read from this replica's memory only: {}", e.getMessage());
    }
    return revoked;
  }

  /**
   * A refreshed token of the session may expire later than the one presented, but no later than a
   * token's lifetime from now: after a revocation no token of the session is refreshed again.
   */
  private Instant keptUntil(Session session) {
    Instant longest = clock.instant().plus(tokens.ttl());
    return session.expiresAt().isAfter(longest) ? session.expiresAt() : longest;
  }

  private void remember(String id, Instant until) {
    Instant now = clock.instant();
    known.values().removeIf(expiry -> expiry.isBefore(now));
    known.merge(id, until, (a, b) -> a.isAfter(b) ? a : b);
  }

  private void store(StoredRevocations revocations, String id, Instant until) {
    try {
      revocations.revoke(id, until, clock.instant());
    } catch (StoreException e) {
      LOG.warn(
          "the logout of token {} is in force on this replica only, the database refused it: {}",
          id,
          e.getMessage());
    }
  }
}
