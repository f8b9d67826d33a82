package dev.modelsphere.swiss.config;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings of {@code swiss serve}. The CLI reads and checks them but does not use them.
 *
 * @param addr the listen address
 * @param database the SQLite file of the audit log and plan staging, or the PostgreSQL server's URL
 *     ({@code postgres://user@host:5432/swiss}) that several servers share
 * @param allowDeploy whether the server may change releases; read-only otherwise
 * @param helmBin the helm binary of the reference; kept so its configs load, unused here
 * @param helmfileBin the helmfile binary of the reference; kept so its configs load, unused here
 * @param planHistory how many archived plans to keep per release
 * @param cacheTTL how long a fetched catalog index is reused
 * @param cacheDir the on-disk catalog index cache; see {@link #catalogCacheDir()}
 * @param auth the login
 * @param gpuProductLabels GPU resource name to the node label keys naming the GPU product
 * @param applyWith the backend of new installs: {@code helm} or {@code llmsvc}
 * @param insecureListen listen on every interface as {@code addr} says even with the login off and
 *     deploys allowed; without it such a server listens on loopback only (the chart never sets it)
 * @param basePath the path prefix a reverse proxy serves swiss under without stripping it ({@code
 *     /api/deploy}); requests with and without it are served alike. Empty: served at the root
 * @param approvalTTL how long an approval request stays usable on a site that requires approval
 * @param security the hosts, proxies and secret destinations the server trusts
 */
@RecordBuilder
public record Server(
    String addr,
    String database,
    boolean allowDeploy,
    String helmBin,
    String helmfileBin,
    int planHistory,
    @JsonDeserialize(using = GoDurationDeserializer.class) Duration cacheTTL,
    String cacheDir,
    Auth auth,
    @JsonDeserialize(contentUsing = LabelKeysDeserializer.class)
        Map<String, List<String>> gpuProductLabels,
    String applyWith,
    boolean insecureListen,
    String basePath,
    @JsonDeserialize(using = GoDurationDeserializer.class) Duration approvalTTL,
    Security security)
    // Withers (withDatabase, withAuth, ...) copy every other setting: tests and RelativePaths
    // change one or two without listing all fifteen.
    implements ServerBuilder.With {

  public static final String DEFAULT_ADDR = ":8080";

  /**
   * The database of a config that names none: in this user's state directory, never a shared one
   * such as /tmp, where another user could make the directory first and own what swiss keeps.
   */
  public static final String DEFAULT_DATABASE =
      defaultStateDirectory(System.getenv(), System.getProperty("user.home"))
          .resolve("swiss.db")
          .toString();

  public static final String DEFAULT_HELM_BIN = "helm";
  public static final String DEFAULT_HELMFILE_BIN = "helmfile";
  public static final int DEFAULT_PLAN_HISTORY = 5;
  public static final Duration DEFAULT_CACHE_TTL = Duration.ofSeconds(60);
  public static final Duration DEFAULT_APPROVAL_TTL = Duration.ofHours(24);
  public static final String APPLY_WITH_HELM = "helm";
  public static final String APPLY_WITH_LLMSVC = "llmsvc";
  public static final Set<String> APPLY_WITH_BACKENDS = Set.of(APPLY_WITH_HELM, APPLY_WITH_LLMSVC);

  public Server {
    addr = Nulls.or(addr, DEFAULT_ADDR);
    database = Nulls.or(database, DEFAULT_DATABASE);
    helmBin = Nulls.or(helmBin, DEFAULT_HELM_BIN);
    helmfileBin = Nulls.or(helmfileBin, DEFAULT_HELMFILE_BIN);
    planHistory = planHistory == 0 ? DEFAULT_PLAN_HISTORY : planHistory;
    cacheTTL = cacheTTL == null || cacheTTL.isZero() ? DEFAULT_CACHE_TTL : cacheTTL;
    approvalTTL = approvalTTL == null || approvalTTL.isZero() ? DEFAULT_APPROVAL_TTL : approvalTTL;
    cacheDir = Nulls.orEmpty(cacheDir);
    auth = auth == null ? Auth.defaults() : auth;
    security = security == null ? Security.defaults() : security;
    gpuProductLabels = labelKeys(gpuProductLabels);
    applyWith = Nulls.or(applyWith, APPLY_WITH_HELM);
    // "/api/deploy/" and "/api/deploy" are the same mount; "/" is the root.
    basePath = Nulls.orEmpty(basePath).replaceAll("/+$", "");
  }

  /**
   * {@code $XDG_STATE_HOME/swiss}, else {@code ~/.local/state/swiss}, as the XDG base directory
   * specification places state that outlives a run. A relative XDG_STATE_HOME is ignored, as the
   * specification says.
   */
  static Path defaultStateDirectory(Map<String, String> environment, String home) {
    String xdg = Nulls.orEmpty(environment.get("XDG_STATE_HOME"));
    Path base =
        !xdg.isEmpty() && Path.of(xdg).isAbsolute()
            ? Path.of(xdg)
            : Path.of(home, ".local", "state");
    return base.resolve("swiss");
  }

  /** An immutable copy in which a resource with no label keys (null in YAML) has an empty list. */
  private static Map<String, List<String>> labelKeys(Map<String, List<String>> labels) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    if (labels != null) {
      labels.forEach((resource, keys) -> copy.put(resource, Nulls.withoutNullItems(keys)));
    }
    return Collections.unmodifiableMap(copy);
  }

  public static Server defaults() {
    return new Server(
        null, null, false, null, null, 0, null, null, null, null, null, false, null, null, null);
  }

  /**
   * The directory of the on-disk catalog index cache: {@code cacheDir} if set, else {@code
   * catalog-cache} beside the database file; empty (no disk cache) when neither is set or the
   * database is a server.
   */
  public String catalogCacheDir() {
    if (!cacheDir.isEmpty()) {
      return cacheDir;
    }
    // A database on a server (a PostgreSQL URL) has no directory to keep a cache beside.
    if (database.isEmpty() || database.contains("://")) {
      return "";
    }
    Path parent = Path.of(database).getParent();
    return (parent == null ? Path.of("catalog-cache") : parent.resolve("catalog-cache")).toString();
  }
}
