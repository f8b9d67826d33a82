package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Changes releases through Helm 4 in process ({@link HelmLibrary}): install and upgrade apply
 * server-side, never wait for workloads (a model can take most of an hour to load) and never roll
 * back on their own; an upgrade keeps the apply method the release was installed with, as Helm 4's
 * CLI does by default.
 */
public final class HelmReleases {

  /** Revisions Helm keeps per release; an upgrade prunes older ones. */
  public static final int HISTORY = 20;

  private final ChartRenderer charts;
  private final String kubeConfig;
  private final Duration silence;

  /**
   * Calls that wait for the API server for as long as it takes.
   *
   * @param kubeConfig the kubeconfig document helm connects with; null for helm's defaults
   */
  public HelmReleases(ChartRenderer charts, String kubeConfig) {
    this(charts, kubeConfig, Duration.ZERO);
  }

  private HelmReleases(ChartRenderer charts, String kubeConfig, Duration silence) {
    this.charts = charts;
    this.kubeConfig = kubeConfig == null ? "" : kubeConfig;
    this.silence = silence;
  }

  /**
   * These releases, each call given up (an error that says so) when one of helm's requests goes
   * {@code limit} without the API server beginning to answer it. Helm's own requests have no
   * deadline, so a paused or partitioned API server would otherwise hold a write, and the lease and
   * record around it, for as long as it stays silent. Only silence counts: a write that takes long
   * against an API server that answers is left to finish. The limit is enforced by helm's HTTP
   * transport (its response-header timeout), so helm's call itself ends.
   */
  public HelmReleases withApiServerSilence(Duration limit) {
    if (limit.isNegative() || limit.isZero()) {
      throw new IllegalArgumentException("a silence limit is longer than zero, not " + limit);
    }
    return new HelmReleases(charts, kubeConfig, limit);
  }

  /**
   * Installs a new release: revision 1. The caller has looked and found no revision of it (under
   * the release's lease), so helm takes that look's word rather than listing the release's history
   * again; were it wrong, helm's write of revision 1 fails on the revision there and applies
   * nothing.
   */
  public HelmOutcome install(
      RenderRequest request, boolean createNamespace, boolean forceConflicts) {
    String doing = "helm install " + request.namespace() + "/" + request.release();
    return write(
        doing,
        "install",
        request,
        Map.of("createNamespace", createNamespace, "newRelease", true),
        forceConflicts);
  }

  /** Upgrades an existing release to exactly the given values (nothing reused from before). */
  public HelmOutcome upgrade(RenderRequest request, boolean forceConflicts) {
    String doing = "helm upgrade " + request.namespace() + "/" + request.release();
    return write(doing, "upgrade", request, Map.of("maxHistory", HISTORY), forceConflicts);
  }

  private HelmOutcome write(
      String doing,
      String op,
      RenderRequest request,
      Map<String, Object> extra,
      boolean forceConflicts) {
    try (ValuesFiles values = ValuesFiles.write(request.values())) {
      Map<String, Object> call = charts.chartRequest(op, request, values.files());
      connect(call);
      call.put("forceConflicts", forceConflicts);
      call.putAll(extra);
      JsonNode result = HelmLibrary.call(call);
      return new HelmOutcome(
          result.path("revision").asInt(0),
          result.path("status").asText(""),
          result.path("applyMethod").asText(""),
          result.path("output").asText(""));
    } catch (HelmLibraryError e) {
      if (e.kind() == HelmLibraryError.Kind.CONFLICT && !e.conflicts().isEmpty()) {
        throw new ApplyConflict(doing, e.conflicts(), e);
      }
      if (e.kind() == HelmLibraryError.Kind.INVALID && !e.refusals().isEmpty()) {
        throw new ObjectsRefused(doing, e.refusals(), e);
      }
      if (e.kind() == HelmLibraryError.Kind.SILENT) {
        throw silent(doing, e);
      }
      throw HelmErrors.translate(doing, request.chart().name(), e);
    }
  }

  /** Removes the release and the objects it created; returns helm's message. */
  public String uninstall(String namespace, String release) {
    try {
      return HelmLibrary.call(releaseCall("uninstall", namespace, release)).path("output").asText();
    } catch (HelmLibraryError e) {
      throw failed("helm uninstall " + namespace + "/" + release, e);
    }
  }

  /**
   * The values of one revision as YAML text, as {@code helm get values} prints them: with {@code
   * all}, the chart's defaults merged with what was supplied; without, only what was supplied.
   */
  public String values(String namespace, String release, int revision, boolean all) {
    Map<String, Object> call = releaseCall("values", namespace, release);
    call.put("revision", revision);
    call.put("allValues", all);
    try {
      return HelmLibrary.call(call).path("yaml").asText();
    } catch (HelmLibraryError e) {
      throw failed(
          "helm get values %s/%s --revision %d%s"
              .formatted(namespace, release, revision, all ? " --all" : ""),
          e);
    }
  }

  private Map<String, Object> releaseCall(String op, String namespace, String release) {
    Map<String, Object> call = new LinkedHashMap<>();
    call.put("op", op);
    call.put("release", release);
    call.put("namespace", namespace);
    connect(call);
    return call;
  }

  /** Which cluster the call reaches, and how long its API server may stay silent. */
  private void connect(Map<String, Object> call) {
    call.put("kubeConfig", kubeConfig);
    call.put("apiServerSilenceMillis", silence.toMillis());
  }

  /** What {@code doing} failed with, named as the API server's silence when it was that. */
  private HelmException failed(String doing, HelmLibraryError e) {
    return e.kind() == HelmLibraryError.Kind.SILENT
        ? silent(doing, e)
        : new HelmException(doing + ": " + e.getMessage(), e);
  }

  /**
   * Helm gave up on a request the API server did not begin to answer within the limit. The API
   * server may still carry out what it was sent once it answers again: the caller says what runs.
   */
  private HelmException silent(String doing, HelmLibraryError e) {
    long millis = silence.toMillis();
    String limit = millis % 1000 == 0 ? millis / 1000 + " seconds" : millis + " ms";
    return new HelmException(
        ("%s gave up: the API server has not answered for %s (%s, the limit of its silence)."
                + " What it was sent may still land once it answers again: `swiss status` shows"
                + " what runs. Helm: %s")
            .formatted(doing, silence, limit, e.getMessage().strip()),
        e);
  }

  /** The files a call passes, as paths Helm reads. */
  static List<String> paths(List<Path> files) {
    return files.stream().map(Path::toString).toList();
  }
}
