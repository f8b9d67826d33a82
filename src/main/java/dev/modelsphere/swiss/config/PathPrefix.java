package dev.modelsphere.swiss.config;

import java.util.regex.Pattern;

/**
 * A path prefix a reverse proxy mounts swiss under ({@code /api/deploy}): slash-led segments of
 * URL-safe characters, no trailing slash; empty is the root. Narrow on purpose: the prefix is
 * written into the web UI's HTML, so nothing that could end an attribute may pass.
 */
public final class PathPrefix {
  /** Segments of unreserved characters; "." and ".." are not names but moves, so not segments. */
  private static final Pattern PREFIX = Pattern.compile("(/(?!\\.{1,2}(?:/|$))[A-Za-z0-9._~-]+)*");

  private PathPrefix() {}

  public static boolean isValid(String prefix) {
    return PREFIX.matcher(prefix).matches();
  }
}
