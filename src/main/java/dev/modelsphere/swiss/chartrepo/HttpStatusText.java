package dev.modelsphere.swiss.chartrepo;

import java.util.Map;

/** "404 Not Found": the JDK's HTTP client reports the status code but not its reason phrase. */
final class HttpStatusText {

  private static final Map<Integer, String> REASONS =
      Map.ofEntries(
          Map.entry(200, "OK"),
          Map.entry(301, "Moved Permanently"),
          Map.entry(302, "Found"),
          Map.entry(304, "Not Modified"),
          Map.entry(307, "Temporary Redirect"),
          Map.entry(308, "Permanent Redirect"),
          Map.entry(400, "Bad Request"),
          Map.entry(401, "Unauthorized"),
          Map.entry(403, "Forbidden"),
          Map.entry(404, "Not Found"),
          Map.entry(405, "Method Not Allowed"),
          Map.entry(406, "Not Acceptable"),
          Map.entry(408, "Request Timeout"),
          Map.entry(409, "Conflict"),
          Map.entry(410, "Gone"),
          Map.entry(413, "Request Entity Too Large"),
          Map.entry(415, "Unsupported Media Type"),
          Map.entry(429, "Too Many Requests"),
          Map.entry(500, "Internal Server Error"),
          Map.entry(501, "Not Implemented"),
          Map.entry(502, "Bad Gateway"),
          Map.entry(503, "Service Unavailable"),
          Map.entry(504, "Gateway Timeout"));

  private HttpStatusText() {}

  /** The code followed by its standard reason phrase, when it has a well-known one. */
  static String of(int status) {
    String reason = REASONS.get(status);
    return reason == null ? Integer.toString(status) : status + " " + reason;
  }
}
