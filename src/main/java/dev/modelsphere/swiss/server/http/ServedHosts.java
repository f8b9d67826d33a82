package dev.modelsphere.swiss.server.http;

import dev.modelsphere.swiss.config.Security;
import io.javalin.http.Context;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The names this server answers to and the origins that count as its own. A request names the
 * server in {@code Host}, or, behind trusted proxies, in {@code X-Forwarded-Host} and {@code
 * X-Forwarded-Proto}. Which names are allowed: loopback names and those in {@code
 * server.security.hosts} when it is set; else, with the login off, only loopback names, because
 * then a page elsewhere could reach the server through a name of its own that resolves to 127.0.0.1
 * (DNS rebinding) and act as nobody; else any (the login is the defence, and the origin rule keeps
 * other sites out).
 *
 * @param names {@code server.security.hosts}; a name without a port allows any port
 * @param loopbackOnly whether only loopback names are allowed when {@code names} is empty
 * @param trustedProxyHops how many proxies in front may be believed about the name the client used
 */
public record ServedHosts(List<Authority> names, boolean loopbackOnly, int trustedProxyHops) {
  static final String FORWARDED_HOST = "X-Forwarded-Host";
  static final String FORWARDED_PROTO = "X-Forwarded-Proto";

  private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1", "[::1]");

  public ServedHosts {
    names = List.copyOf(names);
  }

  /**
   * @throws IllegalArgumentException naming an entry of {@code hosts} that is not a host name
   */
  public static ServedHosts of(Security security, boolean loginDisabled) {
    List<Authority> names =
        security.hosts().stream()
            .map(
                name ->
                    Authority.parse(name)
                        .orElseThrow(
                            () ->
                                new IllegalArgumentException(
                                    "server.security.hosts: \"%s\" is not a host name like"
                                            .formatted(name)
                                        + " swiss.example.com or swiss.example.com:8443")))
            .toList();
    return new ServedHosts(names, loginDisabled, security.trustedProxyHops());
  }

  /** Any name, no proxy trusted: a server with a login and no names configured. */
  public static ServedHosts any() {
    return new ServedHosts(List.of(), false, 0);
  }

  /** The name the client used for this server; empty when the request names none readable. */
  public Optional<Authority> requested(Context ctx) {
    String forwarded = trusted(ctx.header(FORWARDED_HOST));
    return Authority.parse(forwarded != null ? forwarded : ctx.header("Host"));
  }

  /** Whether this server answers to the name the request used. */
  public boolean allows(Context ctx) {
    if (names.isEmpty() && !loopbackOnly) {
      return true;
    }
    Optional<Authority> requested = requested(ctx);
    if (requested.isEmpty()) {
      return false;
    }
    Authority name = requested.get();
    // A loopback name is always the server's own: a rebinding page names its own domain, never
    // localhost, and kubectl port-forward and the machine's own operator use these.
    return LOOPBACK.contains(name.host())
        || names.stream().anyMatch(allowed -> covers(allowed, name, scheme(ctx).orElse("http")));
  }

  /**
   * Whether {@code origin} (an {@code Origin} header) is this server as the client reached it, or
   * one of the configured names. {@code null} (a sandboxed page, a file) is never.
   */
  public boolean isOwn(Context ctx, String origin) {
    Optional<URI> parsed = parseOrigin(origin);
    Optional<Authority> written = parsed.flatMap(uri -> Authority.parse(uri.getRawAuthority()));
    if (written.isEmpty()) {
      return false;
    }
    String scheme = parsed.get().getScheme();
    Authority reached = new Authority(written.get().host(), written.get().portOr(scheme));
    return wasRequested(ctx, reached, scheme)
        || names.stream().anyMatch(name -> covers(name, reached, scheme));
  }

  /**
   * Whether the origin is the name and port the client used for this request, and its scheme when a
   * trusted proxy says which: a page of the server itself.
   */
  private boolean wasRequested(Context ctx, Authority origin, String originScheme) {
    if (!scheme(ctx).map(originScheme::equalsIgnoreCase).orElse(true)) {
      return false;
    }
    return requested(ctx)
        .map(r -> r.sameHost(origin) && r.portOr(originScheme) == origin.port())
        .orElse(false);
  }

  /** What text names the server in this request, for a refusal's message. */
  String describe(Context ctx) {
    String forwarded = trusted(ctx.header(FORWARDED_HOST));
    return forwarded != null
        ? "%s \"%s\"".formatted(FORWARDED_HOST, forwarded)
        : "Host \"%s\"".formatted(ctx.header("Host"));
  }

  /** The scheme the client used, when a trusted proxy says so; empty when unknown. */
  private Optional<String> scheme(Context ctx) {
    return Optional.ofNullable(trusted(ctx.header(FORWARDED_PROTO)));
  }

  /**
   * The entry a trusted proxy wrote: each proxy appends what it received, so with {@code n} hops
   * the outermost one's entry is the {@code n}th from the right; anything further left came from
   * the client and proves nothing. Null when no proxy is trusted or the header is absent.
   */
  private String trusted(String header) {
    if (trustedProxyHops <= 0 || header == null || header.isBlank()) {
      return null;
    }
    List<String> entries = Arrays.stream(header.split(",")).map(String::strip).toList();
    return entries.get(Math.max(0, entries.size() - trustedProxyHops));
  }

  /** {@code allowed} names {@code name}: same host, and the same port unless none was written. */
  private static boolean covers(Authority allowed, Authority name, String scheme) {
    return allowed.sameHost(name)
        && (allowed.port() == Authority.NO_PORT || allowed.port() == name.portOr(scheme));
  }

  private static Optional<URI> parseOrigin(String origin) {
    if (origin == null || origin.isBlank() || origin.strip().equals("null")) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(origin.strip());
      boolean web =
          "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
      return web && uri.getRawAuthority() != null ? Optional.of(uri) : Optional.empty();
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }
}
