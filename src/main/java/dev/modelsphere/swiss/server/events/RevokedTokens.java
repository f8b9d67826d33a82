package dev.modelsphere.swiss.server.events;

import java.util.Set;

/** Which of the tokens open streams were opened with have been revoked since, on any replica. */
@FunctionalInterface
public interface RevokedTokens {
  /** For a server with no login: nothing is ever revoked. */
  RevokedTokens NONE = ids -> Set.of();

  Set<String> among(Set<String> tokenIds);
}
