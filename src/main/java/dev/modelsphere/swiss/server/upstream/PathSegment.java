package dev.modelsphere.swiss.server.upstream;

import java.nio.charset.StandardCharsets;

/** Escaping for one segment of a URL path. */
final class PathSegment {
  /** Besides letters and digits: unreserved characters and those a segment may hold as is. */
  private static final String SAFE = "-._~$&+,;=:@";

  private PathSegment() {}

  /** {@code s} with every byte a path segment cannot hold percent-encoded, a slash included. */
  static String escape(String s) {
    StringBuilder out = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || SAFE.indexOf(c) >= 0) {
        out.append((char) c);
      } else {
        out.append('%').append(String.format("%02X", c));
      }
    }
    return out.toString();
  }
}
