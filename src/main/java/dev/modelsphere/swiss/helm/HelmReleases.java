package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
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

  /**
   * @param kubeConfig the kubeconfig document helm connects with; null for helm's defaults
   */
  public HelmReleases(ChartRenderer charts, String kubeConfig) {
    this.charts = charts;
    this.kubeConfig = kubeConfig == null ? "" : kubeConfig;
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
      call.put("kubeConfig", kubeConfig);
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
      throw HelmErrors.translate(doing, request.chart().name(), e);
    }
  }

  /** Removes the release and the objects it created; returns helm's message. */
  public String uninstall(String namespace, String release) {
    try {
      return HelmLibrary.call(releaseCall("uninstall", namespace, release)).path("output").asText();
    } catch (HelmLibraryError e) {
      throw new HelmException(
          "helm uninstall " + namespace + "/" + release + ": " + e.getMessage(), e);
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
      throw new HelmException(
          "helm get values %s/%s --revision %d%s: %s"
              .formatted(namespace, release, revision, all ? " --all" : "", e.getMessage()),
          e);
    }
  }

  private Map<String, Object> releaseCall(String op, String namespace, String release) {
    Map<String, Object> call = new LinkedHashMap<>();
    call.put("op", op);
    call.put("release", release);
    call.put("namespace", namespace);
    call.put("kubeConfig", kubeConfig);
    return call;
  }

  /** The files a call passes, as paths Helm reads. */
  static List<String> paths(List<Path> files) {
    return files.stream().map(Path::toString).toList();
  }
}
