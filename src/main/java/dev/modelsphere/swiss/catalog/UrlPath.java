package dev.modelsphere.swiss.catalog;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * URL paths joined and cleaned as Go's {@code path.Join} does it, which is what the reference's
 * {@code url.JoinPath} uses: empty and {@code .} segments drop out, {@code ..} removes the segment
 * before it and never climbs above the root. {@code java.net.URI.normalize} differs on the last
 * point ({@code /../x} stays as it is), and the recorded catalog location must match the
 * reference's to the byte.
 */
final class UrlPath {
  private UrlPath() {}

  /** {@code base} and {@code element} joined by one slash and cleaned; always rooted. */
  static String join(String base, String element) {
    Deque<String> kept = new ArrayDeque<>();
    for (String segment : (base + "/" + element).split("/")) {
      switch (segment) {
        case "", "." -> {}
        case ".." -> kept.pollLast();
        default -> kept.addLast(segment);
      }
    }
    return "/" + String.join("/", kept);
  }

  /** The path up to and including its last slash: the directory a file's siblings live in. */
  static String directory(String path) {
    return path.substring(0, path.lastIndexOf('/') + 1);
  }
}
