package dev.modelsphere.swiss.server.events;

/**
 * Whose stream it is.
 *
 * @param session the session the stream counts against in {@link EventHub#STREAMS_PER_SESSION};
 *     empty for a server with no login, which tells nobody apart
 * @param tokenId the id of the session token it was opened with, whose revocation ends it; empty
 *     without a token
 */
public record StreamOwner(String session, String tokenId) {
  /** Anyone, on a server with no login. */
  public static StreamOwner anyone() {
    return new StreamOwner("", "");
  }

  /** A session of swiss's own login: its token's id (kept by its refreshes) names it. */
  public static StreamOwner token(String tokenId) {
    return new StreamOwner("token " + tokenId, tokenId);
  }

  /** A user a trusted proxy vouches for, who has no token of swiss's: the user names it. */
  public static StreamOwner proxiedUser(String user) {
    return new StreamOwner("user " + user, "");
  }
}
