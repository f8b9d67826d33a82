package dev.modelsphere.swiss.helm;

import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a chart comes from: a chart directory (or packaged .tgz) on disk, a classic http(s) chart
 * repository, or an OCI registry. Repository and registry charts are pinned to a version; local
 * charts render whatever is on disk.
 */
public record ChartLocation(Kind kind, String location, String name, String version) {

  public enum Kind {
    LOCAL,
    REPOSITORY,
    OCI
  }

  public ChartLocation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(name, "name");
    version = version == null ? "" : version;
    if (kind != Kind.LOCAL && version.isBlank()) {
      throw new IllegalArgumentException(
          "chart " + name + " from " + location + " needs a version");
    }
  }

  /** A chart directory or packaged chart archive on disk. */
  public static ChartLocation local(Path chart) {
    Path absolute = chart.toAbsolutePath().normalize();
    return new ChartLocation(
        Kind.LOCAL, absolute.toString(), absolute.getFileName().toString(), "");
  }

  /** Chart {@code name} at {@code version} from the http(s) repository at {@code url}. */
  public static ChartLocation repository(String url, String name, String version) {
    return new ChartLocation(Kind.REPOSITORY, trimSlash(url), name, version);
  }

  /** Chart {@code name} at {@code version} under the registry path {@code oci://host/path}. */
  public static ChartLocation oci(String registry, String name, String version) {
    return new ChartLocation(Kind.OCI, trimSlash(registry), name, version);
  }

  /** The chart reference helm resolves for OCI charts: {@code oci://host/path/name}. */
  public String ociReference() {
    return location + "/" + name;
  }

  /**
   * True for an OCI registry on this machine (a test or a local development registry): it is spoken
   * to over plain http, as docker does for localhost. Every other registry needs TLS.
   */
  public boolean plainHttp() {
    if (kind != Kind.OCI) {
      return false;
    }
    String host = URI.create("oci://" + location.substring("oci://".length())).getHost();
    return "localhost".equals(host) || "127.0.0.1".equals(host) || "[::1]".equals(host);
  }

  public String describe() {
    return switch (kind) {
      case LOCAL -> location;
      case REPOSITORY -> name + " " + version + " from " + location;
      case OCI -> ociReference() + " " + version;
    };
  }

  private static String trimSlash(String s) {
    String t = s.strip();
    while (t.endsWith("/")) {
      t = t.substring(0, t.length() - 1);
    }
    return t;
  }
}
