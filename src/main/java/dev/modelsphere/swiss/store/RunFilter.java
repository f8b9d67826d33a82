package dev.modelsphere.swiss.store;

/**
 * Which runs to list: each non-empty field must match exactly, newest first, at most {@code limit}.
 *
 * @param limit how many rows at most; {@value #DEFAULT_LIMIT} when zero or negative
 */
public record RunFilter(String namespace, String release, String action, int limit) {
  public static final int DEFAULT_LIMIT = 50;

  public RunFilter {
    namespace = namespace == null ? "" : namespace;
    release = release == null ? "" : release;
    action = action == null ? "" : action;
    limit = limit <= 0 ? DEFAULT_LIMIT : limit;
  }

  public static RunFilter latest(int limit) {
    return new RunFilter("", "", "", limit);
  }
}
