package dev.modelsphere.swiss.server.auth;

import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which client a request comes from, as the login throttle tells clients apart. {@code
 * X-Forwarded-For} is anyone's to write: only the entries the server's own proxies appended can be
 * believed, and each proxy appends the address it was reached from at the right. So with {@code n}
 * trusted proxy hops the client is the entry {@code n} places from the right, and with none the
 * header is ignored and the client is the socket's peer.
 *
 * @param trustedProxyHops {@code server.security.trustedProxyHops}
 */
public record ClientAddress(int trustedProxyHops) {
  static final String FORWARDED_FOR = "X-Forwarded-For";

  public ClientAddress {
    if (trustedProxyHops < 0) {
      throw new IllegalArgumentException(
          "server.security.trustedProxyHops is %d; it counts proxies, so write 0 or more"
              .formatted(trustedProxyHops));
    }
  }

  /** The client of {@code ctx}. */
  public String of(Context ctx) {
    return of(ctx.req().getRemoteAddr(), Collections.list(ctx.req().getHeaders(FORWARDED_FOR)));
  }

  /**
   * @param peer the address the connection came from
   * @param forwardedFor every {@code X-Forwarded-For} header of the request, in order (a proxy may
   *     append a header line of its own rather than extend the last)
   */
  public String of(String peer, List<String> forwardedFor) {
    if (trustedProxyHops == 0) {
      return peer;
    }
    List<String> hops = entries(forwardedFor);
    if (hops.isEmpty()) {
      return peer;
    }
    // Fewer entries than trusted proxies: the request passed fewer of them, and every entry there
    // is
    // was written by one; the leftmost names the farthest client they saw.
    return hops.get(Math.max(0, hops.size() - trustedProxyHops));
  }

  private static List<String> entries(List<String> headers) {
    List<String> entries = new ArrayList<>();
    for (String header : headers) {
      for (String entry : header.split(",", -1)) {
        entries.add(entry.strip());
      }
    }
    // An empty entry (",," or a blank header) is no address; one at the right would otherwise be
    // mistaken for the client, and every such request counted as one.
    entries.removeIf(String::isEmpty);
    return entries;
  }
}
