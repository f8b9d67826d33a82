package dev.modelsphere.swiss.server.http;

import io.javalin.http.HandlerType;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

/**
 * The methods each route path answers, so that a known path asked with another method is 405 with
 * {@code Allow} (as Go's mux answers the reference), while an unknown path stays 404. The web UI's
 * catch-all is no known path: it would make every path known.
 */
public final class KnownPaths {
  private record Known(Pattern path, HandlerType method) {}

  private final List<Known> known = new CopyOnWriteArrayList<>();

  void add(HandlerType method, String template) {
    known.add(new Known(pattern(template), method));
  }

  /** The methods {@code path} is served with, {@code HEAD} beside {@code GET}; empty if none. */
  public Set<String> allowed(String path) {
    String trimmed = path.length() > 1 ? path.replaceFirst("/+$", "") : path;
    Set<String> methods = new TreeSet<>();
    for (Known k : known) {
      if (k.path().matcher(trimmed).matches()) {
        methods.add(k.method().name());
        if (k.method() == HandlerType.GET) {
          methods.add(HandlerType.HEAD.name());
        }
      }
    }
    return methods;
  }

  /** Javalin's template as a pattern: {@code {name}} is one path segment. */
  private static Pattern pattern(String template) {
    StringBuilder regex = new StringBuilder();
    for (String part : template.split("(?=\\{)|(?<=\\})")) {
      regex.append(part.startsWith("{") ? "[^/]+" : Pattern.quote(part));
    }
    return Pattern.compile(regex.toString());
  }
}
