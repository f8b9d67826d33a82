package dev.modelsphere.swiss.catalog;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * The origin of an http(s) URL, {@code scheme://host:port}, in one spelling: lower case, the
 * default port written out. Two URLs go to the same server exactly when their origins are equal.
 */
public final class UrlOrigin {
  private UrlOrigin() {}

  /** The origin; empty when the URL has no scheme or host. */
  public static Optional<String> of(URI url) {
    if (url.getScheme() == null || url.getHost() == null) {
      return Optional.empty();
    }
    String scheme = url.getScheme().toLowerCase(Locale.ROOT);
    int port = url.getPort() != -1 ? url.getPort() : scheme.equals("https") ? 443 : 80;
    return Optional.of(
        "%s://%s:%d".formatted(scheme, url.getHost().toLowerCase(Locale.ROOT), port));
  }

  /** The same for a URL as text; empty when it does not parse. */
  public static Optional<String> of(String url) {
    try {
      return of(new URI(url.strip()));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }
}
