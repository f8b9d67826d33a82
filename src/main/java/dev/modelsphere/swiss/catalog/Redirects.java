package dev.modelsphere.swiss.catalog;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * The redirects swiss follows itself, for catalogs and chart repositories. The JDK's client, left
 * to follow them, resends every header to whatever host a {@code Location} names; swiss instead
 * takes each hop here, checks its address again, and sends credentials only while the hop stays on
 * the first request's origin, as Go's client (the reference's) and curl do.
 */
public final class Redirects {
  /** Enough for a moved repository behind a CDN; a loop stops here. */
  public static final int MAX_HOPS = 5;

  private Redirects() {}

  /** A redirect swiss does not follow; the message says why. */
  public static final class Unfollowed extends RuntimeException {
    Unfollowed(String message) {
      super(message);
    }
  }

  /** Whether {@code status} asks the client to look elsewhere. */
  public static boolean isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }

  /**
   * Where the answer from {@code from} redirects to.
   *
   * @param hop how many redirects were followed before this one
   * @throws Unfollowed when the answer names no usable location, leaves https for http, or is one
   *     hop too many
   */
  public static URI next(URI from, Optional<String> location, int hop) {
    if (hop >= MAX_HOPS) {
      throw new Unfollowed("more than %d redirects from %s".formatted(MAX_HOPS, from));
    }
    URI to;
    try {
      to = from.resolve(location.orElseThrow(() -> new IllegalArgumentException("no Location")));
    } catch (IllegalArgumentException e) {
      throw new Unfollowed(
          "%s redirects without a usable Location (%s)".formatted(from, e.getMessage()));
    }
    String scheme = Optional.ofNullable(to.getScheme()).orElse("").toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new Unfollowed("%s redirects to %s, which is not http(s)".formatted(from, to));
    }
    if (from.getScheme().equalsIgnoreCase("https") && scheme.equals("http")) {
      throw new Unfollowed(
          "%s redirects to %s, from https to plain http; swiss does not follow that"
              .formatted(from, to));
    }
    return to;
  }

  /**
   * Whether two URLs share an origin (scheme, host and port, the default port spelt or not): the
   * condition for a redirect to carry the request's credentials.
   */
  public static boolean sameOrigin(URI a, URI b) {
    Optional<String> origin = UrlOrigin.of(a);
    return origin.isPresent() && origin.equals(UrlOrigin.of(b));
  }
}
